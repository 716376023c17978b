//! The integration tests, one module per area, in a single test binary: one link instead of one
//! per file keeps a cold `cargo test` short. `common` holds what several modules share.
//! `tests/linear_time.rs` stays a binary of its own: its timings must not share the process
//! with other tests running in parallel threads.

mod common;

mod annotate;
mod browser;
mod canonical_form;
mod check_big_game;
mod check_keep;
mod check_props;
mod check_streaming;
mod cli;
mod cli_batch;
mod cli_dedup;
mod cli_filter;
mod cli_fix;
mod cli_flags;
mod cli_held;
mod cli_hostile;
mod cli_json_schema;
mod cli_levels;
mod cli_messages;
mod cli_output;
mod cli_parallel;
mod cli_parse_parted;
mod cli_parted;
mod cli_progress;
mod cli_report;
mod cli_safe_writes;
mod cli_stats;
mod convert;
mod corpus_check;
mod corpus_games;
mod diagram;
mod dialects;
mod export_records;
mod fuzz_findings;
mod lint_examples;
mod long_tokens;
mod memory_shapes;
mod parted_games;
mod perft;
mod random_games;
mod replay_inference;
mod replay_moves;
mod replay_mutations;
mod replay_rules;
mod rules_positions;
mod rules_reference;
mod search;
mod syntax_corpus;
mod syntax_fixtures;
mod syntax_props;
mod syntax_recovery;
mod syntax_tag_values;
mod syntax_tokens;
mod syntax_visitor;
mod syntax_write;
mod tally_props;
mod write_roundtrip;
