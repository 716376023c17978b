//! FEN per variant: the first byte picks the variant; any text the FEN reader accepts gives a
//! position whose moves can be generated and played.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::notation::{Layout, fen};
use pdnkit::rules::Variant;

fuzz_target!(|data: &[u8]| {
    let Some((&first, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let variant = Variant::ALL[usize::from(first) % Variant::ALL.len()];
    let layout = Layout::standard(variant);
    if let Ok(mut pos) = fen::position(text, variant, &layout) {
        for _ in 0..8 {
            let moves = pos.legal_moves();
            let _ = (pos.all_captures(), pos.quiet_moves(), pos.has_capture());
            let Some(m) = moves.first().cloned() else {
                break;
            };
            pos.play(&m);
        }
    }
});
