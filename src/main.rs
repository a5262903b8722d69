//! The `boardlab` command. Each subcommand lives in its own file under `src/cli/`.

fn main() {
    std::process::exit(boardlab::cli::run());
}
