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

/// A `games.jsonl` line without the wall-clock times of its moves (`stats[].ms`), the one part
/// of a record two runs of the same game do not share: what runs are compared on.
pub fn without_times(mut g: serde_json::Value) -> serde_json::Value {
    if let Some(stats) = g.get_mut("stats").and_then(serde_json::Value::as_array_mut) {
        for s in stats {
            if let Some(o) = s.as_object_mut() {
                o.remove("ms");
            }
        }
    }
    g
}

/// The lines of a `games.jsonl` text, each without its move times (`without_times`).
pub fn games_without_times(text: &str) -> Vec<serde_json::Value> {
    text.lines()
        .map(|l| without_times(serde_json::from_str(l).expect("a games.jsonl line")))
        .collect()
}
