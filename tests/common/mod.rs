//! What the integration tests share: running the `boardlab` binary as a script would.

use std::process::Command;

/// Runs `boardlab args..` from the repository root; returns (exit code, stdout, stderr).
pub fn boardlab(args: &[&str]) -> (i32, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .expect("run boardlab");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into(),
        String::from_utf8_lossy(&out.stderr).into(),
    )
}
