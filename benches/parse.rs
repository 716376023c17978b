//! Parse-only throughput over the corpus, concatenated and repeated in memory: the syntax
//! trees (`pdn parse`, `check_stream` without streaming), and the streaming reader with a
//! visitor that keeps nothing, the path `pdn check --syntax-only` reads by.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use pdnkit::lint::Diagnostic;
use pdnkit::source::TextDecoder;
use pdnkit::syntax::{GameReader, ReadOptions, Visitor};

/// Counts the findings and keeps nothing else.
struct Count(usize);

impl Visitor for Count {
    fn diagnostic(&mut self, _diagnostic: Diagnostic) {
        self.0 += 1;
    }
}

/// The PDN files of the corpus, each ending with a line break, repeated to about 8 MB.
fn corpus() -> Vec<u8> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/corpus");
    let mut files: Vec<_> = walkdir::WalkDir::new(root)
        .into_iter()
        .filter_map(Result::ok)
        .filter(|e| {
            e.file_type().is_file()
                && e.path()
                    .extension()
                    .is_some_and(|x| x.eq_ignore_ascii_case("pdn"))
        })
        .map(|e| e.into_path())
        .collect();
    files.sort();
    let mut one = Vec::new();
    for f in files {
        if let Ok(bytes) = std::fs::read(f) {
            one.extend_from_slice(&bytes);
            one.extend_from_slice(b"\n");
        }
    }
    let mut all = Vec::with_capacity(8 << 20);
    while all.len() < 8 << 20 && !one.is_empty() {
        all.extend_from_slice(&one);
    }
    all
}

fn parse(c: &mut Criterion) {
    let data = corpus();
    let mut group = c.benchmark_group("parse");
    group.throughput(Throughput::Bytes(data.len() as u64));
    group.sample_size(10);
    group.bench_function("corpus", |b| {
        b.iter(|| {
            let reader = GameReader::new(TextDecoder::new(&data[..]), ReadOptions::default());
            let mut games = 0usize;
            for chunk in reader.flatten() {
                games += usize::from(chunk.game.is_some());
            }
            black_box(games)
        })
    });
    group.bench_function("corpus-visitor", |b| {
        b.iter(|| {
            let mut reader = GameReader::new(TextDecoder::new(&data[..]), ReadOptions::default());
            let mut visitor = Count(0);
            let mut games = 0usize;
            while let Ok(Some(chunk)) = reader.next_chunk_with(&mut visitor) {
                games += usize::from(chunk.index.is_some());
            }
            black_box((games, visitor.0))
        })
    });
    group.finish();
}

criterion_group!(benches, parse);
criterion_main!(benches);
