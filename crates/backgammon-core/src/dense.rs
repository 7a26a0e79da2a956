//! The arithmetic of the one-hidden-layer networks ([`crate::nn`] and
//! [`crate::neural`]): sparse inputs, "soft sign" sigmoid units, and the
//! gradient step of their training. Only additions, multiplications and
//! divisions in a fixed order: the same bits on every platform.

use games_common::GameRng;

/// The "soft sign" sigmoid `0.5 + 0.5·x/(1+|x|)`.
#[inline]
pub(crate) fn act(x: f32) -> f32 {
    0.5 + 0.5 * x / (1.0 + x.abs())
}

/// Derivative of [`act`] at pre-activation `x`.
#[inline]
pub(crate) fn act_d(x: f32) -> f32 {
    let d = 1.0 + x.abs();
    0.5 / (d * d)
}

/// `n` weights uniform in [-0.1, 0.1), each from 24 random bits exactly.
pub(crate) fn random_weights(n: usize, rng: &mut GameRng) -> Vec<f32> {
    (0..n)
        .map(|_| {
            let u = (rng.next_u64() >> 40) as f32 / 16_777_216.0;
            (u - 0.5) * 0.2
        })
        .collect()
}

/// Append `magic`, the hidden count and every value of `parts` in order
/// (little-endian f32).
pub(crate) fn write(v: &mut Vec<u8>, magic: &[u8; 4], hidden: usize, parts: &[&[f32]]) {
    v.extend_from_slice(magic);
    v.extend_from_slice(&(hidden as u32).to_le_bytes());
    for x in parts.iter().flat_map(|p| p.iter()) {
        v.extend_from_slice(&x.to_le_bytes());
    }
}

/// The most hidden units a network has: what [`read`] takes, and what
/// [`Weights::random`] makes of a larger count.
pub(crate) const MAX_HIDDEN: usize = 1024;

/// Read what [`write`] wrote at the start of `bytes`: the hidden count
/// (1 to [`MAX_HIDDEN`]), `count(hidden)` finite values, and the bytes used.
pub(crate) fn read(
    bytes: &[u8],
    magic: &[u8; 4],
    count: impl Fn(usize) -> usize,
) -> Option<(usize, Vec<f32>, usize)> {
    if bytes.get(0..4)? != magic {
        return None;
    }
    let hidden = u32::from_le_bytes(bytes.get(4..8)?.try_into().ok()?) as usize;
    if hidden == 0 || hidden > MAX_HIDDEN {
        return None;
    }
    let used = 8 + 4 * count(hidden);
    let vals: Vec<f32> = bytes
        .get(8..used)?
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
        .collect();
    if vals.iter().any(|x| !x.is_finite()) {
        return None;
    }
    Some((hidden, vals, used))
}

/// The weights of a network with `O` outputs: `w1` input-major
/// (`w1[i * hidden + k]`), `w2` output-major (`w2[o * hidden + k]`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Weights<const O: usize> {
    pub(crate) inputs: usize,
    pub(crate) hidden: usize,
    pub(crate) w1: Vec<f32>,
    pub(crate) b1: Vec<f32>,
    pub(crate) w2: Vec<f32>,
    pub(crate) b2: [f32; O],
}

/// Reused buffers of [`Weights`]' evaluations and steps.
#[derive(Clone, Debug, Default)]
pub(crate) struct Buffers {
    pub(crate) x: Vec<(usize, f32)>,
    pre: Vec<f32>,
    hid: Vec<f32>,
    dh: Vec<f32>,
}

impl<const O: usize> Weights<O> {
    /// Random weights (first layer, then second), zero biases, with
    /// `hidden` clamped to 1..=[`MAX_HIDDEN`] so that [`Weights::read`]
    /// reads them back (and the sizes cannot overflow).
    pub(crate) fn random(inputs: usize, hidden: usize, rng: &mut GameRng) -> Self {
        let hidden = hidden.clamp(1, MAX_HIDDEN);
        let w1 = random_weights(inputs * hidden, rng);
        let w2 = random_weights(O * hidden, rng);
        Weights {
            inputs,
            hidden,
            w1,
            b1: vec![0.0; hidden],
            w2,
            b2: [0.0; O],
        }
    }

    /// The output pre-activations for the sparse inputs in `b.x` (the
    /// hidden layer's left in `b` for [`Weights::learn`]).
    pub(crate) fn sums(&self, b: &mut Buffers) -> [f32; O] {
        let h = self.hidden;
        b.pre.clear();
        b.pre.extend_from_slice(&self.b1);
        for &(i, v) in &b.x {
            if let Some(row) = self.w1.get(i * h..(i + 1) * h) {
                if v == 1.0 {
                    for (p, w) in b.pre.iter_mut().zip(row) {
                        *p += *w;
                    }
                } else {
                    for (p, w) in b.pre.iter_mut().zip(row) {
                        *p += *w * v;
                    }
                }
            }
        }
        b.hid.clear();
        b.hid.extend(b.pre.iter().map(|&x| act(x)));
        // The outputs' sums advance together, hidden unit by hidden unit:
        // each output still adds its terms in the order of the hidden units
        // (the same bits as one output after the other), but the O chains
        // of additions no longer wait on each other.
        let mut z = self.b2;
        if self.w2.len() == O * h && b.hid.len() == h {
            for (k, a) in b.hid.iter().enumerate() {
                for (o, slot) in z.iter_mut().enumerate() {
                    *slot += a * self.w2[o * h + k];
                }
            }
        }
        z
    }

    /// One gradient step of the outputs for the inputs in `b.x` towards
    /// `target` (squared error through the sigmoid).
    pub(crate) fn learn(&mut self, target: &[f32; O], alpha: f32, b: &mut Buffers) {
        let h = self.hidden;
        let z = self.sums(b);
        let mut delta = [0f32; O];
        for o in 0..O {
            delta[o] = (target[o] - act(z[o])) * act_d(z[o]);
        }
        b.dh.clear();
        b.dh.resize(h, 0.0);
        for (o, dl) in delta.iter().enumerate() {
            if let Some(row) = self.w2.get(o * h..(o + 1) * h) {
                for (d, w) in b.dh.iter_mut().zip(row) {
                    *d += dl * w;
                }
            }
        }
        for (d, &p) in b.dh.iter_mut().zip(&b.pre) {
            *d *= act_d(p);
        }
        for (o, dl) in delta.iter().enumerate() {
            self.b2[o] += alpha * dl;
            if let Some(row) = self.w2.get_mut(o * h..(o + 1) * h) {
                for (w, a) in row.iter_mut().zip(&b.hid) {
                    *w += alpha * dl * a;
                }
            }
        }
        for (bias, d) in self.b1.iter_mut().zip(&b.dh) {
            *bias += alpha * d;
        }
        for &(i, v) in &b.x {
            if let Some(row) = self.w1.get_mut(i * h..(i + 1) * h) {
                for (w, d) in row.iter_mut().zip(&b.dh) {
                    *w += alpha * d * v;
                }
            }
        }
    }

    /// The length in bytes of what [`Weights::write`] writes.
    pub(crate) fn byte_len(inputs: usize, hidden: usize) -> usize {
        8 + 4 * (inputs * hidden + hidden + O * hidden + O)
    }

    /// Append `magic`, the hidden count and the weights.
    pub(crate) fn write(&self, v: &mut Vec<u8>, magic: &[u8; 4]) {
        let parts: [&[f32]; 4] = [&self.w1, &self.b1, &self.w2, &self.b2];
        write(v, magic, self.hidden, &parts);
    }

    /// Weights written by [`Weights::write`] at the start of `bytes`, and
    /// the bytes used.
    pub(crate) fn read(bytes: &[u8], magic: &[u8; 4], inputs: usize) -> Option<(Self, usize)> {
        let (hidden, vals, used) = read(bytes, magic, |h| (Self::byte_len(inputs, h) - 8) / 4)?;
        let (w1, rest) = vals.split_at(inputs * hidden);
        let (b1, rest) = rest.split_at(hidden);
        let (w2, b2) = rest.split_at(O * hidden);
        let w = Weights {
            inputs,
            hidden,
            w1: w1.to_vec(),
            b1: b1.to_vec(),
            w2: w2.to_vec(),
            b2: b2.try_into().ok()?,
        };
        Some((w, used))
    }
}
