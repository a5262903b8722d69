//! Tuned weights go back into an engine file: the base engine's back end, limits and params,
//! with the weights replaced by name and a new name, so the arena can play it at once.

use std::path::Path;

use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;

/// `base` with `weights` (in `G::feature_names` order) and `name`. Weights are rounded to
/// `digits` decimals so the file reads well and replays exactly.
pub fn with_weights<G: GameKnowledge>(
    base: &EngineSpec,
    name: &str,
    weights: &[f64],
    digits: i32,
) -> EngineSpec {
    let mut spec = base.clone();
    spec.name = name.to_string();
    let scale = 10f64.powi(digits);
    spec.weights = G::feature_names()
        .iter()
        .zip(weights)
        .map(|(n, w)| (n.to_string(), (w * scale).round() / scale))
        .collect();
    spec
}

/// Writes `spec` as TOML under a header of `#` comment lines (how it was made).
pub fn write(path: &Path, spec: &EngineSpec, comments: &[String]) -> Result<(), String> {
    let body = toml::to_string(spec).map_err(|e| format!("engine {:?}: {e}", spec.name))?;
    let mut text = String::new();
    for c in comments {
        for line in c.lines() {
            text.push_str("# ");
            text.push_str(line);
            text.push('\n');
        }
    }
    text.push_str(&body);
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    std::fs::write(path, text).map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    // What was written must load as it would in a tournament.
    EngineSpec::load(path).map(|_| ())
}
