//! Arbitrary text into the GNU Backgammon Position ID reader: never a
//! panic, and every ID that parses prints back to an ID of the same
//! position (and its XGID reads back to it too).
#![no_main]

use backgammon_core::Position;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_gnubg_id(text) {
        let id = pos.to_gnubg_id();
        assert_eq!(id.len(), 14);
        assert_eq!(Position::from_gnubg_id(&id).ok(), Some(pos), "{id}");
        assert_eq!(Position::from_gnubg_key(&pos.gnubg_key()).ok(), Some(pos));
        let xgid = pos.to_xgid(None);
        assert_eq!(Position::from_xgid(&xgid).ok(), Some((pos, None)), "{xgid}");
        for side in [
            backgammon_core::Side::OnRoll,
            backgammon_core::Side::Opponent,
        ] {
            let total: u32 = pos.side_counts(side).iter().map(|&c| u32::from(c)).sum();
            assert_eq!(total, 15);
        }
    }
});
