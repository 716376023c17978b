//! `check` throughput, single-threaded: decode, read and replay, on a large English file
//! (Tinsley's games, no GameType, so the variant is inferred) and a large International file
//! (lidraughts exports with GameType 20), each repeated in memory to about 4 MB.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::check::{CheckOptions, check_stream};

fn repeated(rel: &str) -> Vec<u8> {
    let path = format!("{}/corpus/{rel}", env!("CARGO_MANIFEST_DIR"));
    let mut one = std::fs::read(path).expect("corpus file");
    one.extend_from_slice(b"\n\n");
    let mut all = Vec::with_capacity(4 << 20);
    while all.len() < 4 << 20 {
        all.extend_from_slice(&one);
    }
    all
}

fn check(c: &mut Criterion) {
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for (name, rel) in [
        ("english", "checkerboard/tinsley.pdn"),
        ("international", "py-draughts/standard.pdn"),
    ] {
        let data = repeated(rel);
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut n = 0usize;
                let totals = check_stream(data.as_slice(), &CheckOptions::default(), |g| {
                    n += g.diagnostics.len();
                })
                .expect("in-memory input");
                black_box((totals.games, n))
            })
        });
    }
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
