//! Deals: what arrives, and where.
//!
//! A deal is a 64-bit number. Every marble that enters the board comes from
//! it, the starting marbles included: the marbles of a game are numbered
//! `k = 0, 1, 2, …` in the order they are due. The `start` starting marbles
//! are `k = 0 .. start` (5 in the standard game), and the marbles due after
//! moves follow in order; the "next" bar shows the colours of the next
//! `arrivals` marbles due. A marble that is due but cannot land (the board
//! is full) still uses up its number.
//!
//! # The derivation (frozen)
//!
//! For marble `k` of deal `d`:
//!
//! 1. A `rand_chacha` `ChaCha8Rng` is created with `ChaCha8Rng::from_seed(seed)`,
//!    where the 32-byte `seed` is the 15 ASCII bytes `canicas-deal-v1` and
//!    one zero byte, then `d` as 8 little-endian bytes, then `k` as 8
//!    little-endian bytes.
//! 2. Numbers are drawn with `next_u32`. A number below `n` is drawn by
//!    Lemire's method: draw `x` and let `m = x × n` (a 64-bit product); while
//!    the low 32 bits of `m` are below `2^32 mod n`, draw again; the answer is
//!    `m >> 32` (no bias, no floating point, the same on every platform).
//! 3. The colour is `1 + below(colours)`.
//! 4. The order of preferred cells is a Fisher–Yates shuffle of the cell
//!    indices, made with the draws that follow: start with `a = [0, 1, …,
//!    N−1]` (`N` cells, index `row × size + col`, row 0 at the top); for
//!    `i = 0, 1, …, N−2`: `j = i + below(N − i)`, swap `a[i]` and `a[j]`; the
//!    order is `a[0], a[1], …, a[N−1]`.
//! 5. The marble lands on the first cell of its order that is free when it
//!    arrives.
//!
//! The shuffle is computed only as far as the first free cell, so landing a
//! marble costs a few draws; the order is the same as the full shuffle.
//! The crate computes the keystream itself, one 16-word ChaCha8 block at a
//! time (`ChaCha8Rng` computes four at once), and a test checks it word
//! for word against `ChaCha8Rng`.
//! Test vectors in this module freeze the derivation: a change to any of
//! them changes every deal. Two of them (9×9 board, 7 colours):
//!
//! ```
//! use canicas_core::{deal, cell_name};
//! let names = |d: u64, k: u64| -> Vec<String> {
//!     deal::arrival_order(d, k, 7, 81)[..4].iter().map(|c| cell_name(*c, 9)).collect()
//! };
//! assert_eq!(deal::arrival_colour(0, 0, 7), 3);
//! assert_eq!(names(0, 0), ["g3", "b8", "h6", "e6"]);
//! assert_eq!(deal::arrival_colour(1, 7, 7), 1);
//! assert_eq!(names(1, 7), ["g5", "e3", "b1", "b2"]);
//! // The starting board of deal 1 (its five first marbles):
//! let state = canicas_core::State::new(canicas_core::Rules::FIVE, 1).unwrap();
//! assert_eq!(
//!     state.board().to_text(),
//!     ".6.........................................6............6...3.2.................."
//! );
//! ```

use crate::board::{Board, Cell, MAX_CELLS};

/// The 16 bytes that start every arrival seed.
const DOMAIN: &[u8; 16] = b"canicas-deal-v1\0";

/// The 32-byte ChaCha seed of marble `k` of deal `deal`.
#[must_use]
pub fn arrival_seed(deal: u64, k: u64) -> [u8; 32] {
    let mut seed = [0u8; 32];
    seed[..16].copy_from_slice(DOMAIN);
    seed[16..24].copy_from_slice(&deal.to_le_bytes());
    seed[24..32].copy_from_slice(&k.to_le_bytes());
    seed
}

/// How many words of each marble's stream are kept ahead (for the marbles
/// of the "next" bar), so that a marble's stream is computed once: the
/// whole first block, which is all a marble needs unless the board is
/// nearly full.
pub(crate) const HEAD: usize = 16;
// The head is block 0 of the stream (`Words` starts from it).
const _: () = assert!(HEAD == 16);

/// The first words of one marble's stream.
pub(crate) type Head = [u32; HEAD];

/// The ChaCha key words of marble `k` of `deal` (the seed, little-endian).
fn key_of(deal: u64, k: u64) -> [u32; 8] {
    let seed = arrival_seed(deal, k);
    let mut key = [0u32; 8];
    for (w, b) in key.iter_mut().zip(seed.chunks_exact(4)) {
        *w = u32::from_le_bytes([b[0], b[1], b[2], b[3]]);
    }
    key
}

/// Block `counter` of the ChaCha keystream with 8 rounds, a 64-bit block
/// counter and stream 0: exactly the words `rand_chacha`'s `ChaCha8Rng`
/// returns from `next_u32`, 16 per block (a test compares the two). It
/// computes one block where `ChaCha8Rng` computes four, which is most of
/// the cost of an arrival.
fn chacha8_block(key: &[u32; 8], counter: u64) -> [u32; 16] {
    let mut x = [
        0x6170_7865,
        0x3320_646e,
        0x7962_2d32,
        0x6b20_6574,
        key[0],
        key[1],
        key[2],
        key[3],
        key[4],
        key[5],
        key[6],
        key[7],
        counter as u32,
        (counter >> 32) as u32,
        0,
        0,
    ];
    let input = x;
    #[inline(always)]
    fn quarter(x: &mut [u32; 16], a: usize, b: usize, c: usize, d: usize) {
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(16);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(12);
        x[a] = x[a].wrapping_add(x[b]);
        x[d] = (x[d] ^ x[a]).rotate_left(8);
        x[c] = x[c].wrapping_add(x[d]);
        x[b] = (x[b] ^ x[c]).rotate_left(7);
    }
    for _ in 0..4 {
        quarter(&mut x, 0, 4, 8, 12);
        quarter(&mut x, 1, 5, 9, 13);
        quarter(&mut x, 2, 6, 10, 14);
        quarter(&mut x, 3, 7, 11, 15);
        quarter(&mut x, 0, 5, 10, 15);
        quarter(&mut x, 1, 6, 11, 12);
        quarter(&mut x, 2, 7, 8, 13);
        quarter(&mut x, 3, 4, 9, 14);
    }
    for (o, i) in x.iter_mut().zip(input) {
        *o = o.wrapping_add(i);
    }
    x
}

/// The 32-bit words of the stream of one marble, one 16-word block at a
/// time: block 0 (the head, usually all a marble needs) is given, later
/// blocks are computed when a draw reaches them.
#[derive(Clone, Debug)]
struct Words {
    /// Block `block_no` of the stream: the block of the last word drawn
    /// (block 0 before the first draw).
    block: [u32; 16],
    block_no: u64,
    pos: usize,
    deal: u64,
    k: u64,
}

impl Words {
    fn new(deal: u64, k: u64) -> Words {
        Words::with_head(head_of(deal, k), deal, k)
    }

    fn with_head(head: Head, deal: u64, k: u64) -> Words {
        Words {
            block: head,
            block_no: 0,
            pos: 0,
            deal,
            k,
        }
    }

    #[inline(always)]
    fn next(&mut self) -> u32 {
        let pos = self.pos;
        self.pos += 1;
        let no = (pos / 16) as u64;
        if no != self.block_no {
            self.block = chacha8_block(&key_of(self.deal, self.k), no);
            self.block_no = no;
        }
        self.block[pos % 16]
    }

    /// A number in `0..n` from the next words (see [`lemire`]).
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        lemire(n, || self.next())
    }
}

/// A number in `0..n` from the words `next` draws, unbiased (Lemire's
/// multiply-and-reject); 0 when `n` is 0 or 1 (no word drawn).
#[inline(always)]
fn lemire(n: u32, mut next: impl FnMut() -> u32) -> u32 {
    if n <= 1 {
        return 0;
    }
    let mut m = u64::from(next()) * u64::from(n);
    if (m as u32) < n {
        let t = n.wrapping_neg() % n;
        while (m as u32) < t {
            m = u64::from(next()) * u64::from(n);
        }
    }
    (m >> 32) as u32
}

/// The colour of a marble from the first words of its stream (as
/// [`ArrivalDraw::colour`], without setting up its cell order).
pub(crate) fn head_colour(head: &Head, deal: u64, k: u64, colours: u8) -> u8 {
    let mut pos = 0;
    let mut rest: Option<Words> = None;
    draw_colour(colours, || {
        let word = match head.get(pos) {
            Some(&w) => w,
            // Sixteen rejected draws in a row: never seen, but exact.
            None => rest
                .get_or_insert_with(|| {
                    let mut words = Words::with_head(*head, deal, k);
                    words.pos = HEAD;
                    words
                })
                .next(),
        };
        pos += 1;
        word
    })
}

/// A colour in `1..=colours` (at least 1) from the words `next` draws: the
/// first draw of every marble.
#[inline(always)]
fn draw_colour(colours: u8, next: impl FnMut() -> u32) -> u8 {
    1 + lemire(u32::from(colours.max(1)), next) as u8
}

/// The first [`HEAD`] words of the stream of marble `k` of `deal`.
pub(crate) fn head_of(deal: u64, k: u64) -> Head {
    chacha8_block(&key_of(deal, k), 0)
}

/// The draws of one marble of a deal: its colour, then its cell order on
/// demand.
#[derive(Clone, Debug)]
pub struct ArrivalDraw {
    words: Words,
    colour: u8,
}

impl ArrivalDraw {
    /// Start the draws of marble `k` of `deal` with `colours` colours
    /// (clamped to at least 1).
    #[must_use]
    pub fn new(deal: u64, k: u64, colours: u8) -> ArrivalDraw {
        ArrivalDraw::from_words(Words::new(deal, k), colours)
    }

    /// As [`ArrivalDraw::new`] from the kept first words of the stream.
    pub(crate) fn from_head(head: Head, deal: u64, k: u64, colours: u8) -> ArrivalDraw {
        ArrivalDraw::from_words(Words::with_head(head, deal, k), colours)
    }

    fn from_words(mut words: Words, colours: u8) -> ArrivalDraw {
        let colour = draw_colour(colours, || words.next());
        ArrivalDraw { words, colour }
    }

    /// The colour of the marble (1..=colours).
    #[must_use]
    pub fn colour(&self) -> u8 {
        self.colour
    }

    /// The whole order of preferred cells on a board of `cells` cells
    /// (at most 121).
    #[must_use]
    pub fn order(mut self, cells: usize) -> Vec<Cell> {
        let n = cells.min(MAX_CELLS);
        let mut a: Vec<u8> = (0..n as u8).collect();
        for i in 0..n.saturating_sub(1) {
            let j = i + self.words.below((n - i) as u32) as usize;
            a.swap(i, j);
        }
        a.into_iter().map(Cell).collect()
    }

    /// The first free cell of the order on `board`; `None` when the board
    /// is full.
    #[must_use]
    pub fn landing(mut self, board: &Board) -> Option<Cell> {
        let n = board.cell_count();
        let free = board.free_mask();
        if free == 0 {
            return None;
        }
        // The shuffle, step by step, only as far as the first free cell.
        let mut a = IDENTITY;
        for i in 0..n {
            if i + 1 < n {
                let j = i + self.words.below((n - i) as u32) as usize;
                a.swap(i, j);
            }
            let cell = a[i];
            if free & (1u128 << cell) != 0 {
                return Some(Cell(cell));
            }
        }
        None
    }
}

/// The cell indices in order: where every shuffle starts.
const IDENTITY: [u8; MAX_CELLS] = {
    let mut a = [0u8; MAX_CELLS];
    let mut i = 0;
    while i < MAX_CELLS {
        a[i] = i as u8;
        i += 1;
    }
    a
};

/// The colour of marble `k` of `deal` with `colours` colours.
#[must_use]
pub fn arrival_colour(deal: u64, k: u64, colours: u8) -> u8 {
    ArrivalDraw::new(deal, k, colours).colour()
}

/// The whole order of preferred cells of marble `k` of `deal` on a board of
/// `cells` cells.
#[must_use]
pub fn arrival_order(deal: u64, k: u64, colours: u8, cells: usize) -> Vec<Cell> {
    ArrivalDraw::new(deal, k, colours).order(cells)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::notation::cell_name;

    fn names(cells: &[Cell]) -> Vec<String> {
        cells.iter().map(|c| cell_name(*c, 9)).collect()
    }

    #[test]
    fn a_colour_from_the_head_is_the_draws_colour() {
        for deal in 0..40u64 {
            for k in 0..40u64 {
                for colours in 1..=9u8 {
                    assert_eq!(
                        head_colour(&head_of(deal, k), deal, k, colours),
                        ArrivalDraw::new(deal, k, colours).colour(),
                        "deal {deal} marble {k} colours {colours}"
                    );
                }
            }
        }
        // A head whose sixteen words are all rejected (0 × 7 has low bits
        // 0, below 2^32 mod 7): the draw goes on into the stream's next block.
        let zeros = [0u32; HEAD];
        let mut words = Words::with_head(zeros, 5, 6);
        assert_eq!(head_colour(&zeros, 5, 6, 7), 1 + words.below(7) as u8);
        assert_eq!(words.pos, HEAD + 1);
    }

    #[test]
    fn the_stream_is_rand_chachas_chacha8() {
        use rand_chacha::ChaCha8Rng;
        use rand_core::{RngCore, SeedableRng};
        for (deal, k) in [(0u64, 0u64), (1, 7), (42, 1 << 40), (u64::MAX, u64::MAX)] {
            let mut rng = ChaCha8Rng::from_seed(arrival_seed(deal, k));
            let mut words = Words::new(deal, k);
            for i in 0..200 {
                assert_eq!(
                    words.next(),
                    rng.next_u32(),
                    "deal {deal} marble {k} word {i}"
                );
            }
        }
    }

    #[test]
    fn seed_layout_is_frozen() {
        let s = arrival_seed(0x0102_0304_0506_0708, 9);
        assert_eq!(&s[..16], b"canicas-deal-v1\0");
        assert_eq!(&s[16..24], &[8, 7, 6, 5, 4, 3, 2, 1]);
        assert_eq!(&s[24..32], &[9, 0, 0, 0, 0, 0, 0, 0]);
    }

    #[test]
    fn order_is_a_permutation_and_landing_is_its_first_free_cell() {
        for deal in [0u64, 1, 42, u64::MAX] {
            for k in 0..20 {
                let order = arrival_order(deal, k, 7, 81);
                let mut sorted = order.clone();
                sorted.sort();
                assert_eq!(sorted, (0..81).map(Cell).collect::<Vec<_>>());
                let mut board = Board::empty(9);
                for (i, cell) in order.iter().enumerate().take(30) {
                    if i % 3 != 1 {
                        board.set(*cell, 1);
                    }
                }
                let first_free = order.iter().copied().find(|c| board.is_free(*c));
                assert_eq!(ArrivalDraw::new(deal, k, 7).landing(&board), first_free);
            }
        }
        let mut full = Board::empty(9);
        for i in 0..81 {
            full.set(Cell(i), 1);
        }
        assert_eq!(ArrivalDraw::new(3, 3, 7).landing(&full), None);
    }

    #[test]
    fn colours_are_in_range_and_roughly_even() {
        let mut counts = [0u32; 8];
        for k in 0..7000 {
            counts[usize::from(arrival_colour(5, k, 7))] += 1;
        }
        assert_eq!(counts[0], 0);
        for &c in &counts[1..] {
            assert!((800..1200).contains(&c), "{counts:?}");
        }
    }

    /// Frozen test vectors: colour and first eight cells of the order of the
    /// first marbles of a few deals on the 9×9 board with 7 colours.
    #[test]
    fn frozen_test_vectors() {
        let got: Vec<(u64, u64, u8, Vec<String>)> = [
            (0u64, 0u64),
            (0, 1),
            (0, 5),
            (1, 0),
            (1, 7),
            (0xDEAD_BEEF, 3),
            (u64::MAX, 1000),
        ]
        .into_iter()
        .map(|(d, k)| {
            let order = arrival_order(d, k, 7, 81);
            (d, k, arrival_colour(d, k, 7), names(&order[..8]))
        })
        .collect();
        let expected = VECTORS;
        assert_eq!(got.len(), expected.len());
        for ((d, k, colour, cells), (ed, ek, ecolour, ecells)) in got.iter().zip(expected) {
            assert_eq!((*d, *k), (*ed, *ek));
            assert_eq!(*colour, *ecolour, "colour of deal {d} marble {k}");
            assert_eq!(cells, ecells, "order of deal {d} marble {k}");
        }
    }

    #[rustfmt::skip]
    const VECTORS: &[(u64, u64, u8, &[&str])] = &[
    (0x0, 0, 3, &["g3", "b8", "h6", "e6", "c9", "e2", "h4", "b7"]),
    (0x0, 1, 6, &["h5", "e5", "e4", "i6", "a7", "c2", "b9", "b6"]),
    (0x0, 5, 5, &["g6", "i9", "a9", "g7", "h9", "g1", "b4", "d8"]),
    (0x1, 0, 3, &["g7", "d5", "g1", "f9", "f8", "b8", "d4", "h9"]),
    (0x1, 7, 1, &["g5", "e3", "b1", "b2", "d5", "a3", "b6", "d4"]),
    (0xdeadbeef, 3, 3, &["g7", "e4", "b9", "i6", "i4", "i9", "h1", "b7"]),
    (0xffffffffffffffff, 1000, 4, &["f5", "e2", "i5", "h3", "d5", "c2", "d7", "f4"]),
    ];
}
