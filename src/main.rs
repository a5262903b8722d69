//! The `boardlab` command. Each subcommand lives in its own file under `src/cli/`.

fn main() {
    // Rust ignores SIGPIPE, so printing into a closed pipe (`boardlab merge ... | head`) would
    // panic in println!. Like other Unix tools, end quietly instead.
    #[cfg(unix)]
    // SAFETY: called first thing, before any other thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    std::process::exit(boardlab::cli::run());
}
