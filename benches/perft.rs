//! Perft throughput (leaves per second) from the start position.
//!
//! `cargo bench --bench perft`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::board::Position;
use pdnkit::rules::{Variant, perft};

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    for (variant, depth) in [(Variant::International, 6), (Variant::English, 8)] {
        let start = Position::start(variant);
        let leaves = perft(&start, depth);
        group.throughput(Throughput::Elements(leaves));
        group.bench_function(format!("{variant}-{depth}"), |b| {
            b.iter(|| perft(black_box(&start), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
