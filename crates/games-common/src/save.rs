//! The envelope every saved game starts with, and the one version probe.
//!
//! A save is a JSON object whose first two fields are `"format"` (which
//! game, and which kind of save of it, e.g. `"games.nim"` or
//! `"games.nim.match"`) and `"version"` (the format's version). The rest is
//! the game's own. [`probe_version`] reads only those two fields, so that a
//! save of another game, or of a later version, is reported as such rather
//! than as malformed data.
//!
//! Saves of version 1 were written before format names existed: they have
//! a `"version": 1` and no `"format"`. The probe accepts them as version 1
//! when the format still reads version 1; the game's own parser then tells
//! whether they are really saves of that game.
//!
//! ```
//! use games_common::{probe_version, SaveFormat, VersionError};
//!
//! const NIM: SaveFormat = SaveFormat::new("games.nim", 2, 1);
//! assert_eq!(probe_version(br#"{"format":"games.nim","version":2,"rows":[]}"#, &NIM), Ok(2));
//! assert_eq!(probe_version(br#"{"version":1,"rows":[]}"#, &NIM), Ok(1));
//! assert!(matches!(
//!     probe_version(br#"{"format":"games.backgammon","version":2}"#, &NIM),
//!     Err(VersionError::WrongFormat { .. })
//! ));
//! assert!(matches!(
//!     probe_version(br#"{"format":"games.nim","version":3}"#, &NIM),
//!     Err(VersionError::Unsupported { version: 3, .. })
//! ));
//! ```

use serde::Deserialize;

/// A save format: the name written in its `"format"` field, the version
/// written now, and the oldest version still read.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SaveFormat {
    /// The `"format"` field, e.g. `"games.nim"`.
    pub name: &'static str,
    /// The version [`SaveFormat::header`] writes.
    pub version: u32,
    /// The oldest version still read (1 reads the unnamed saves of version 1).
    pub oldest: u32,
}

impl SaveFormat {
    /// A format named `name`, written at `version`, read back to `oldest`.
    #[must_use]
    pub const fn new(name: &'static str, version: u32, oldest: u32) -> SaveFormat {
        SaveFormat {
            name,
            version,
            oldest,
        }
    }

    /// The envelope a save of this format starts with now.
    #[must_use]
    pub fn header(&self) -> SaveEnvelope {
        SaveEnvelope {
            format: self.name.to_owned(),
            version: self.version,
        }
    }

    /// Check an envelope already read (for example that of a save nested in
    /// another): `found` is its `"format"` field, if any. The rules are
    /// those of [`probe_version`].
    ///
    /// # Errors
    /// As [`probe_version`], except that the bytes are already parsed.
    pub fn check(&self, found: Option<&str>, version: u32) -> Result<u32, VersionError> {
        if let Some(name) = found.filter(|&name| name != self.name) {
            return Err(VersionError::WrongFormat {
                expected: self.name,
                found: name.to_owned(),
            });
        }
        if !self.reads(version) {
            return Err(VersionError::Unsupported {
                format: self.name,
                version,
                oldest: self.oldest,
                newest: self.version,
            });
        }
        if found.is_none() && version > 1 {
            return Err(VersionError::Malformed(format!(
                "a save of version {version} must name its format"
            )));
        }
        Ok(version)
    }

    /// Whether `version` is one this format reads.
    #[must_use]
    pub fn reads(&self, version: u32) -> bool {
        (self.oldest..=self.version).contains(&version)
    }
}

/// The two fields every save starts with. Game crates put them, in this
/// order, first in their saved structs; [`SaveFormat::header`] fills them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SaveEnvelope {
    /// The format's name.
    pub format: String,
    /// The format's version.
    pub version: u32,
}

/// Why saved bytes are not a save this build reads. Nothing is loaded then.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum VersionError {
    /// Not a JSON object with a numeric `"version"` (and, from version 2
    /// on, a `"format"`).
    Malformed(String),
    /// A save of another format: another game, or another kind of save.
    WrongFormat {
        /// The format the caller reads.
        expected: &'static str,
        /// The format the save names.
        found: String,
    },
    /// A version of the right format that this build does not read.
    Unsupported {
        /// The format.
        format: &'static str,
        /// The save's version.
        version: u32,
        /// The oldest version this build reads.
        oldest: u32,
        /// The newest version this build reads.
        newest: u32,
    },
}

impl std::fmt::Display for VersionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            VersionError::Malformed(why) => write!(f, "not a saved game: {why}"),
            VersionError::WrongFormat { expected, found } => {
                write!(f, "this is a {found} save, not a {expected} save")
            }
            VersionError::Unsupported {
                format,
                version,
                oldest,
                newest,
            } => write!(
                f,
                "{format} save version {version} is not supported (this build reads versions {oldest} to {newest})"
            ),
        }
    }
}

impl std::error::Error for VersionError {}

/// Read only the envelope of `bytes` and check it against `format`: the
/// save's version when `format` reads it.
///
/// A save without a `"format"` field is a save of version 1 (written before
/// format names existed); it is accepted as version 1 when `format` still
/// reads version 1. Without a name, a version `format` does not read is
/// [`VersionError::Unsupported`] (a save from a later release), and a later
/// version that it reads is malformed (saves of version 2 on are named).
///
/// # Errors
/// [`VersionError::Malformed`] for bytes that are not a JSON object with a
/// numeric version, [`VersionError::WrongFormat`] for a save of another
/// format, [`VersionError::Unsupported`] for a version `format` does not read.
pub fn probe_version(bytes: &[u8], format: &SaveFormat) -> Result<u32, VersionError> {
    #[derive(Deserialize)]
    struct Probe {
        #[serde(default)]
        format: Option<String>,
        version: u32,
    }
    let probe: Probe =
        serde_json::from_slice(bytes).map_err(|e| VersionError::Malformed(e.to_string()))?;
    format.check(probe.format.as_deref(), probe.version)
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: SaveFormat = SaveFormat::new("games.test", 2, 1);

    #[test]
    fn the_probe_reads_the_envelope_only() {
        assert_eq!(
            probe_version(br#"{"format":"games.test","version":2,"x":[1]}"#, &F),
            Ok(2)
        );
        assert_eq!(
            probe_version(br#"{"version":1,"anything":true}"#, &F),
            Ok(1)
        );
        assert_eq!(
            probe_version(br#"{"format":"games.other","version":2}"#, &F),
            Err(VersionError::WrongFormat {
                expected: "games.test",
                found: "games.other".into()
            })
        );
        assert_eq!(
            probe_version(br#"{"format":"games.test","version":9}"#, &F),
            Err(VersionError::Unsupported {
                format: "games.test",
                version: 9,
                oldest: 1,
                newest: 2
            })
        );
        // A version 0, and an unnamed save claiming a later version.
        assert!(matches!(
            probe_version(br#"{"format":"games.test","version":0}"#, &F),
            Err(VersionError::Unsupported { version: 0, .. })
        ));
        assert!(matches!(
            probe_version(br#"{"version":2}"#, &F),
            Err(VersionError::Malformed(_))
        ));
        assert!(matches!(
            probe_version(br#"{"version":99}"#, &F),
            Err(VersionError::Unsupported { version: 99, .. })
        ));
        for bad in [
            &b"not json"[..],
            b"[1]",
            b"{}",
            br#"{"version":"1"}"#,
            br#"{"version":-1}"#,
        ] {
            assert!(
                matches!(probe_version(bad, &F), Err(VersionError::Malformed(_))),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
        // A format that no longer reads version 1 refuses unnamed saves.
        let newer = SaveFormat::new("games.test", 3, 2);
        assert!(matches!(
            probe_version(br#"{"version":1}"#, &newer),
            Err(VersionError::Unsupported { version: 1, .. })
        ));
    }

    #[test]
    fn errors_say_which_format_and_which_versions() {
        let e = probe_version(br#"{"format":"games.backgammon","version":2}"#, &F).unwrap_err();
        assert_eq!(
            e.to_string(),
            "this is a games.backgammon save, not a games.test save"
        );
        let e = probe_version(br#"{"format":"games.test","version":7}"#, &F).unwrap_err();
        assert_eq!(
            e.to_string(),
            "games.test save version 7 is not supported (this build reads versions 1 to 2)"
        );
        assert_eq!(
            F.header(),
            SaveEnvelope {
                format: "games.test".into(),
                version: 2
            }
        );
    }
}
