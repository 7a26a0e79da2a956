//! Turning the ```` ```c ```` blocks of a Markdown page into C programs
//! (shared by the README tests).

/// The ```` ```c ```` blocks of a Markdown text, with the line each starts on.
pub fn c_blocks(markdown: &str) -> Vec<(usize, String)> {
    let mut blocks = Vec::new();
    let mut current: Option<(usize, String)> = None;
    for (index, line) in markdown.lines().enumerate() {
        match current.as_mut() {
            None if line.trim_end() == "```c" => current = Some((index + 1, String::new())),
            None => {}
            Some(_) if line.starts_with("```") => blocks.extend(current.take()),
            Some((_, body)) => {
                body.push_str(line);
                body.push('\n');
            }
        }
    }
    assert!(current.is_none(), "a ```c block is never closed");
    blocks
}

/// A translation unit that holds `block` in `main`.
pub fn program(block: &str) -> String {
    let (includes, body): (Vec<&str>, Vec<&str>) =
        block.lines().partition(|line| line.starts_with("#include"));
    let mut text = String::from("#include \"games.h\"\n");
    for include in includes.iter().filter(|l| !l.contains("\"games.h\"")) {
        text.push_str(include);
        text.push('\n');
    }
    text.push_str("int main(void) {\n");
    for line in body {
        text.push_str(line);
        text.push('\n');
    }
    text.push_str("return 0;\n}\n");
    text
}
