//! The reader over any bytes: decoding, game splitting and parsing never panic, and every byte
//! of the decoded text belongs to exactly one chunk, in order.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pdnkit::source::TextDecoder;
use pdnkit::{GameReader, ReadOptions};

fuzz_target!(|data: &[u8]| {
    let reader = GameReader::new(TextDecoder::new(data), ReadOptions::default());
    let mut next = 0usize;
    for chunk in reader {
        let chunk = chunk.expect("reading from memory cannot fail");
        assert_eq!(chunk.offset, next, "chunks cover the text in order");
        next = chunk.offset + chunk.text.len();
    }
});
