//! The `pdn` command-line tool.

fn main() {
    std::process::exit(0);
}
