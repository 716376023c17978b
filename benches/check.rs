//! `check` throughput, single-threaded, as `pdn check` reads a file (the streaming check: decode,
//! read and replay each game as it is read):
//! - `check/english` and `check/international`: real games, a large English file (Tinsley's
//!   games, no GameType, so the variant is inferred) and a large International file
//!   (lidraughts exports with GameType 20), each repeated in memory to about 4 MB;
//! - `check-variant/V`: about 1 MB of games of each variant made by random legal play
//!   (`pdn gen`), in the variant's standard notation, so every variant's move look-up and
//!   capture rules are measured.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::check::{CheckOptions, Retain, check_stream};
use pdnkit::random::{GenOptions, generate};
use pdnkit::rules::Variant;

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

/// Generated games of `variant`, about 1 MB.
fn generated(variant: Variant) -> Vec<u8> {
    let mut out = Vec::new();
    let mut seed = 1;
    while out.len() < 1 << 20 {
        generate(&GenOptions::new(variant, 100, seed), &mut out).expect("in-memory output");
        seed += 1;
    }
    out
}

/// What `pdn check` sets: each game checked as it is read, no syntax tree kept.
fn streaming() -> CheckOptions {
    CheckOptions {
        retain: Retain::Findings,
        ..CheckOptions::default()
    }
}

fn run(data: &[u8], options: &CheckOptions) -> (usize, usize) {
    let mut n = 0usize;
    let totals = check_stream(data, options, |g| {
        n += g.diagnostics.len();
    })
    .expect("in-memory input");
    (totals.games, n)
}

fn check(c: &mut Criterion) {
    let options = streaming();
    let mut group = c.benchmark_group("check");
    group.sample_size(10);
    for (name, rel) in [
        ("english", "checkerboard/tinsley.pdn"),
        ("international", "py-draughts/standard.pdn"),
    ] {
        let data = repeated(rel);
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(name, |b| b.iter(|| black_box(run(&data, &options))));
    }
    group.finish();

    let mut group = c.benchmark_group("check-variant");
    group.sample_size(10);
    for variant in Variant::ALL {
        let data = generated(variant);
        group.throughput(Throughput::Bytes(data.len() as u64));
        group.bench_function(variant.name(), |b| {
            b.iter(|| black_box(run(&data, &options)))
        });
    }
    group.finish();
}

criterion_group!(benches, check);
criterion_main!(benches);
