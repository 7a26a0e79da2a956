//! Board symmetries as permutations of the line indices: both flips and the
//! half turn, plus the diagonals and quarter turns on square boards. Only
//! symmetries that keep every box value in place are used.

use crate::board::{BoardSize, Dot, Line};

/// One symmetry: where each line index goes, and byte lookup tables that
/// map a drawn-line bit set at once.
#[derive(Clone, Debug)]
pub(crate) struct Symmetry {
    /// `perm[i]` is the image of line `i`.
    pub(crate) perm: Vec<usize>,
    /// `inv[j]` is the line whose image is `j`.
    pub(crate) inv: Vec<usize>,
    /// `tables[chunk][byte]`: the image of the bits `byte << (8 * chunk)`.
    tables: Vec<[u128; 256]>,
}

impl Symmetry {
    /// The image of a bit set of lines.
    #[inline]
    pub(crate) fn apply(&self, bits: u128) -> u128 {
        let mut out = 0u128;
        for (chunk, table) in self.tables.iter().enumerate() {
            let byte = (bits >> (8 * chunk)) as u8;
            if byte != 0 {
                out |= table[usize::from(byte)];
            }
        }
        out
    }
}

/// The dot maps of the board's symmetry group (identity first).
fn dot_maps(size: BoardSize) -> Vec<Box<dyn Fn(Dot) -> Dot>> {
    let (r, c) = (size.rows(), size.cols());
    let mut maps: Vec<Box<dyn Fn(Dot) -> Dot>> = vec![
        Box::new(|d| d),
        Box::new(move |d: Dot| Dot::new(d.row, c - d.col)),
        Box::new(move |d: Dot| Dot::new(r - d.row, d.col)),
        Box::new(move |d: Dot| Dot::new(r - d.row, c - d.col)),
    ];
    if r == c {
        maps.push(Box::new(|d: Dot| Dot::new(d.col, d.row)));
        maps.push(Box::new(move |d: Dot| Dot::new(c - d.col, d.row)));
        maps.push(Box::new(move |d: Dot| Dot::new(d.col, r - d.row)));
        maps.push(Box::new(move |d: Dot| Dot::new(c - d.col, r - d.row)));
    }
    maps
}

/// The symmetries of `size` that keep `values` (one per box) in place;
/// the identity is always first.
pub(crate) fn symmetries(size: BoardSize, values: &[i32]) -> Vec<Symmetry> {
    let mut out = Vec::new();
    for map in dot_maps(size) {
        let mut perm = Vec::with_capacity(size.num_lines());
        let mut ok = true;
        for i in 0..size.num_lines() {
            let image = size.line_at(i).and_then(|l| {
                let (a, b) = l.dots();
                Line::between(map(a), map(b))
                    .ok()
                    .and_then(|m| size.line_index(m))
            });
            match image {
                Some(j) => perm.push(j),
                None => ok = false,
            }
        }
        // Box values must be invariant: box b's image has the same value.
        for b in size.boxes() {
            let a = map(Dot::new(b.row, b.col));
            let z = map(Dot::new(b.row + 1, b.col + 1));
            let img = crate::board::BoxCoord::new(a.row.min(z.row), a.col.min(z.col));
            let (Some(i), Some(j)) = (size.box_index(b), size.box_index(img)) else {
                ok = false;
                continue;
            };
            if values.get(i) != values.get(j) {
                ok = false;
            }
        }
        if !ok {
            continue;
        }
        let chunks = size.num_lines().div_ceil(8);
        let mut tables = vec![[0u128; 256]; chunks];
        for (chunk, table) in tables.iter_mut().enumerate() {
            for (byte, slot) in table.iter_mut().enumerate() {
                let mut img = 0u128;
                for bit in 0..8 {
                    let i = chunk * 8 + bit;
                    if byte >> bit & 1 == 1 {
                        if let Some(&j) = perm.get(i) {
                            img |= 1u128 << j;
                        }
                    }
                }
                *slot = img;
            }
        }
        let mut inv = vec![0; perm.len()];
        for (i, &j) in perm.iter().enumerate() {
            if let Some(slot) = inv.get_mut(j) {
                *slot = i;
            }
        }
        out.push(Symmetry { perm, inv, tables });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn square_boards_have_eight_rectangles_four() {
        let s = BoardSize::SMALL;
        assert_eq!(symmetries(s, &[1; 9]).len(), 8);
        let r = BoardSize::new(2, 3).unwrap();
        assert_eq!(symmetries(r, &[1; 6]).len(), 4);
        // A valued corner keeps only the symmetries fixing it.
        let mut v = vec![1; 9];
        v[0] = 3;
        assert_eq!(symmetries(s, &v).len(), 2);
    }

    #[test]
    fn symmetries_are_permutations_and_tables_agree() {
        let s = BoardSize::new(4, 4).unwrap();
        for sym in symmetries(s, &[1; 16]) {
            let mut seen = sym.perm.clone();
            seen.sort_unstable();
            assert_eq!(seen, (0..s.num_lines()).collect::<Vec<_>>());
            let bits: u128 = 0b1011_0110_1110_0101_1010_0011;
            let by_perm = (0..s.num_lines())
                .filter(|&i| bits >> i & 1 == 1)
                .fold(0u128, |m, i| m | 1u128 << sym.perm[i]);
            assert_eq!(sym.apply(bits), by_perm);
        }
    }
}
