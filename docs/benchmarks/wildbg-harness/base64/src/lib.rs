//! A stand-in for the `base64` crate: only what wildbg's Position ID code
//! calls (`Engine::encode`, `Engine::decode_slice`, `general_purpose::STANDARD_NO_PAD`).

const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// Not base64, or too long for the output.
#[derive(Debug)]
pub struct DecodeError;

impl std::fmt::Display for DecodeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "not base64, or too long")
    }
}

/// Encoding and decoding without padding.
pub trait Engine {
    /// The base64 text of `input`, without padding.
    fn encode<T: AsRef<[u8]>>(&self, input: T) -> String {
        let mut out = String::new();
        let (mut acc, mut bits) = (0u32, 0);
        for &b in input.as_ref() {
            acc = (acc << 8) | u32::from(b);
            bits += 8;
            while bits >= 6 {
                bits -= 6;
                out.push(char::from(ALPHABET[((acc >> bits) & 63) as usize]));
            }
        }
        if bits > 0 {
            out.push(char::from(ALPHABET[((acc << (6 - bits)) & 63) as usize]));
        }
        out
    }

    /// Decodes `input` into `output`; the number of bytes written.
    fn decode_slice<T: AsRef<[u8]>>(
        &self,
        input: T,
        output: &mut [u8],
    ) -> Result<usize, DecodeError> {
        let (mut acc, mut bits, mut n) = (0u32, 0, 0);
        for &c in input.as_ref() {
            let v = ALPHABET.iter().position(|&a| a == c).ok_or(DecodeError)?;
            acc = (acc << 6) | v as u32;
            bits += 6;
            if bits >= 8 {
                bits -= 8;
                *output.get_mut(n).ok_or(DecodeError)? = (acc >> bits) as u8;
                n += 1;
            }
        }
        Ok(n)
    }
}

/// The engines.
pub mod engine {
    /// The one engine.
    pub struct GeneralPurpose;
    impl super::Engine for GeneralPurpose {}

    /// The standard alphabet.
    pub mod general_purpose {
        /// With padding (not used on encoding here).
        pub const STANDARD: super::GeneralPurpose = super::GeneralPurpose;
        /// Without padding.
        pub const STANDARD_NO_PAD: super::GeneralPurpose = super::GeneralPurpose;
    }
}
