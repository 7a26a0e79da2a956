//! Progress of long runs (`arena`, `solve`) on standard error: one line
//! rewritten in place with `\r`, at most ten times a second, when standard
//! error is a terminal; nothing when it is piped or redirected (a log or a
//! script gets only the answer). `GAMES_PROGRESS=1` shows it anyway and
//! `GAMES_PROGRESS=0` hides it.

use std::io::{IsTerminal, Write};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// How often the line is rewritten at most.
const EVERY: Duration = Duration::from_millis(100);

/// Whether progress is shown: `GAMES_PROGRESS` (`1` or `0`) when set,
/// otherwise whether standard error is a terminal.
#[must_use]
pub fn enabled() -> bool {
    match std::env::var("GAMES_PROGRESS").as_deref() {
        Ok("1") => true,
        Ok("0") => false,
        _ => std::io::stderr().is_terminal(),
    }
}

/// A count of finished items out of a total, shown as
/// `<label>: <done>/<total> <unit> (<percent>%), <seconds> s`.
/// Shared between worker threads (`&Progress` is `Sync`).
pub struct Progress {
    shown: bool,
    label: String,
    unit: &'static str,
    total: u64,
    done: AtomicU64,
    started: Instant,
    /// When the line was last written, and its width (to blank it out).
    last: Mutex<(Option<Instant>, usize)>,
}

impl Progress {
    /// Progress over `total` `unit`s (e.g. "games"), shown when [`enabled`].
    #[must_use]
    pub fn new(label: &str, total: u64, unit: &'static str) -> Progress {
        let p = Progress {
            shown: enabled(),
            label: label.to_string(),
            unit,
            total,
            done: AtomicU64::new(0),
            started: Instant::now(),
            last: Mutex::new((None, 0)),
        };
        p.draw(0, true);
        p
    }

    /// Count `n` more finished items.
    pub fn add(&self, n: u64) {
        let done = self.done.fetch_add(n, Ordering::Relaxed) + n;
        self.draw(done, done >= self.total);
    }

    fn draw(&self, done: u64, force: bool) {
        if !self.shown {
            return;
        }
        let Ok(mut last) = self.last.lock() else {
            return;
        };
        let now = Instant::now();
        if !force && last.0.is_some_and(|t| now.duration_since(t) < EVERY) {
            return;
        }
        let percent = u128::from(done.min(self.total)) * 100;
        let percent = percent.checked_div(u128::from(self.total)).unwrap_or(100);
        let line = format!(
            "{}: {done}/{} {} ({percent}%), {} s",
            self.label,
            self.total,
            self.unit,
            self.started.elapsed().as_secs()
        );
        write_over(&line, &mut last.1);
        last.0 = Some(now);
    }

    /// Blank the line out (the answer follows on standard output).
    pub fn finish(&self) {
        if let Ok(mut last) = self.last.lock() {
            if self.shown {
                clear(&mut last.1);
            }
        }
    }
}

impl Drop for Progress {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Write `line` over the previous one (of width `width`), with `\r`.
fn write_over(line: &str, width: &mut usize) {
    let pad = width.saturating_sub(line.chars().count());
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r{line}{}", " ".repeat(pad));
    let _ = err.flush();
    *width = line.chars().count();
}

/// Blank out a line of `width` characters and go back to its start.
fn clear(width: &mut usize) {
    if *width == 0 {
        return;
    }
    let mut err = std::io::stderr().lock();
    let _ = write!(err, "\r{}\r", " ".repeat(*width));
    let _ = err.flush();
    *width = 0;
}

/// A line on stderr that the caller rewrites itself (for work that reports
/// its own progress, such as the solver's nodes and bounds), shown only
/// where [`enabled`] says so, and blanked out by [`StatusLine::finish`] or
/// when dropped.
#[derive(Debug)]
pub struct StatusLine {
    width: usize,
    shown: bool,
}

impl StatusLine {
    /// A line not written yet; it is shown only on a terminal (or with
    /// `GAMES_PROGRESS=1`).
    #[must_use]
    pub fn new() -> StatusLine {
        StatusLine {
            width: 0,
            shown: enabled(),
        }
    }

    /// Whether the line is shown at all.
    #[must_use]
    pub fn is_shown(&self) -> bool {
        self.shown
    }

    /// Write `line` over the previous one.
    pub fn show(&mut self, line: &str) {
        if self.shown {
            write_over(line, &mut self.width);
        }
    }

    /// Blank the line out (the answer follows on standard output).
    pub fn finish(&mut self) {
        clear(&mut self.width);
    }
}

impl Default for StatusLine {
    fn default() -> StatusLine {
        StatusLine::new()
    }
}

impl Drop for StatusLine {
    fn drop(&mut self) {
        self.finish();
    }
}

/// Run [`games_common::arena::arena`] from one start position with the
/// progress line labelled `label`: what `games arena` does for every game
/// on the generic arena.
///
/// # Errors
/// The arena's error, in words.
pub fn arena_with_progress<G, A, B>(
    label: &str,
    start: &G,
    agents: (&A, &B),
    options: games_common::arena::ArenaOptions,
) -> Result<games_common::arena::ArenaReport, String>
where
    G: games_common::Playable + Sync,
    A: games_common::arena::Agent<G>,
    B: games_common::arena::Agent<G>,
{
    let progress = Progress::new(label, u64::from(options.games), "games");
    let report = games_common::arena::arena(
        &|_| start.clone(),
        agents.0,
        agents.1,
        options,
        &games_common::CancelFlag::new(),
        &|_, _| progress.add(1),
    )
    .map_err(|e| e.to_string());
    progress.finish();
    report
}
