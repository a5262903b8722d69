//! Engine files (`engines/<game>/<name>.toml`): what an engine is (back end, rules, limits,
//! evaluator weights, back-end params, draw and resignation offers), the `base` chain that builds
//! one engine on another, and the checks that turn a bad file into an error naming it.

use std::collections::BTreeMap;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::agent::Limits;
use crate::game::Game;

/// An engine file: `engines/<game>/<name>.toml`.
///
/// ```toml
/// name = "ab-d4"
/// game = "othello"
/// backend = "alphabeta"        # alphabeta | expectimax | mcts | random | greedy | external | ...
/// rules = ""                   # k=v,k=v on top of the defaults
/// # evaluator = "file"         # an evaluator file the game reads (a trained network), instead of [weights]
/// [limits]
/// depth = 4
/// [weights]                    # evaluator weights by feature name; missing ones keep defaults
/// mobility = 10.0
/// [params]                     # back-end options (tt_mb, threads, exploration, ...)
/// tt_mb = 16
/// [offers]                     # optional: draw offers, acceptance, resignation by score
/// resign_score = 600
/// ```
///
/// Or an engine built on another (`EngineSpec::load` says what it merges):
///
/// ```toml
/// base = "ab-d4.toml"
/// name = "ab-d6"
/// [limits]
/// depth = 6
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EngineSpec {
    pub name: String,
    pub game: String,
    pub backend: String,
    #[serde(default)]
    pub rules: String,
    #[serde(default)]
    pub limits: Limits,
    #[serde(default)]
    pub weights: BTreeMap<String, f64>,
    /// An evaluator that is not named weights: a file the game reads (backgammon's trained
    /// network, `evaluator = "engines/backgammon/td-h80.net"`), its parameters handed to the
    /// back ends as the weight vector (`Evaluate::evaluator_weights`). Relative paths are read
    /// from the working directory, as `[params] database` is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub evaluator: Option<String>,
    #[serde(default)]
    pub params: toml::Table,
    /// For `backend = "external"`: the program and its arguments.
    #[serde(default)]
    pub command: Vec<String>,
    /// For `backend = "external"`: the protocol it speaks (`line`, `gtp`, `gomocup`, `hub`, ...).
    #[serde(default)]
    pub protocol: Option<String>,
    /// Random seed for back ends that draw random numbers.
    #[serde(default)]
    pub seed: Option<u64>,
    /// When the arena offers a draw or resigns for this engine, and when it accepts an offer,
    /// by score thresholds (`[offers]`, `search::offers`). Absent: the engine's own say only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offers: Option<OfferPolicy>,
}

/// How many files a chain of `base` keys may pass through: deeper is a loop (a file that is
/// its own base, directly or not) or a mistake.
const MAX_BASE_CHAIN: usize = 8;

impl EngineSpec {
    /// Reads an engine file. A file with `base = "other.toml"` (a path relative to the file's
    /// folder) is that engine with changes: its `[params]` and `[weights]` are merged into the
    /// base's key by key, and every other key it gives (`name`, `[limits]` and `[offers]` as a
    /// whole, `command`, ...) replaces the base's. It must name itself. The result is an
    /// ordinary spec: a tournament records it resolved, so a copy and a file built on a base
    /// that say the same are the same engine to `--resume`.
    pub fn load(path: &Path) -> Result<EngineSpec, String> {
        let text = read_engine_file(path)?;
        let table: toml::Table = text
            .parse()
            .map_err(|e: toml::de::Error| in_file(path, e.to_string()))?;
        if !table.contains_key("base") {
            // Parsed from the text, so an error points at its line.
            return Self::from_toml(&text).map_err(|e| in_file(path, e));
        }
        let resolved = resolve_base(path, table, 0)?;
        let spec: EngineSpec = toml::Value::Table(resolved)
            .try_into()
            .map_err(|e: toml::de::Error| in_file(path, e.to_string()))?;
        spec.check().map_err(|e| in_file(path, e))?;
        Ok(spec)
    }
    /// The engine file at `path`, or without one the engine file text `default` (a protocol
    /// server's own engine, as `serve --protocol hub` and `nboard` have).
    pub fn load_or(path: Option<&Path>, default: &str) -> Result<EngineSpec, String> {
        match path {
            Some(path) => Self::load(path),
            None => Self::from_toml(default),
        }
    }
    pub fn from_toml(text: &str) -> Result<EngineSpec, String> {
        let spec: EngineSpec = toml::from_str(text).map_err(|e| {
            // `base` is refused as an unknown field; say why instead.
            match text
                .parse::<toml::Table>()
                .ok()
                .and_then(|t| t.get("base").cloned())
            {
                Some(base) => format!(
                    "base = {base} names a file relative to an engine file's folder: load the \
                     engine from its file"
                ),
                None => e.to_string(),
            }
        })?;
        spec.check()?;
        Ok(spec)
    }
    /// The checks serde's types do not make.
    fn check(&self) -> Result<(), String> {
        self.limits
            .check()
            .map_err(|e| format!("engine {:?}: [limits] {e}", self.name))?;
        if let Some(o) = &self.offers {
            o.check()
                .map_err(|e| format!("engine {:?}: {e}", self.name))?;
        }
        Ok(())
    }
    /// Refuses an engine file whose `rules` do not read as rules of `G` (`start=bogus`).
    pub fn check_rules<G: Game>(&self) -> Result<G::Rules, String> {
        <G::Rules as crate::game::RuleSet>::parse(&self.rules)
            .map_err(|e| format!("engine {:?}: rules: {e}", self.name))
    }
    /// Refuses an engine file written for another game than `game_id`.
    pub fn check_game(&self, game_id: &str) -> Result<(), String> {
        if self.game == game_id {
            Ok(())
        } else {
            Err(format!(
                "engine {:?} is for game {:?}, not {:?}",
                self.name, self.game, game_id
            ))
        }
    }
}

/// `error`, said of the engine file at `path`.
fn in_file(path: &Path, error: String) -> String {
    format!("engine file {}: {error}", path.display())
}

fn read_engine_file(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path)
        .map_err(|e| format!("cannot read engine file {}: {e}", path.display()))
}

/// `table` (the file at `path`, already parsed) with its `base` chain merged in, `chain` files
/// below the first.
fn resolve_base(path: &Path, mut table: toml::Table, chain: usize) -> Result<toml::Table, String> {
    let within = |e: String| in_file(path, e);
    let Some(base) = table.remove("base") else {
        return Ok(table);
    };
    let base = match base {
        toml::Value::String(s) => s,
        other => {
            return Err(within(format!(
                "base = {other} must be a file name in quotes"
            )))
        }
    };
    if chain >= MAX_BASE_CHAIN {
        return Err(within(format!(
            "base = {base:?}: more than {MAX_BASE_CHAIN} files in a chain of bases (does a \
             file name itself as its base?)"
        )));
    }
    if !table.contains_key("name") {
        return Err(within(format!(
            "base = {base:?}: an engine built on another needs a name of its own"
        )));
    }
    let base_path = path.parent().unwrap_or(Path::new(".")).join(&base);
    let base_text = read_engine_file(&base_path).map_err(|e| within(format!("base: {e}")))?;
    let base_table: toml::Table = base_text
        .parse()
        .map_err(|e: toml::de::Error| within(format!("base {}: {e}", base_path.display())))?;
    let mut merged = resolve_base(&base_path, base_table, chain + 1)?;
    for (key, value) in table {
        match (key.as_str(), merged.get_mut(&key), value) {
            ("params" | "weights", Some(toml::Value::Table(into)), toml::Value::Table(from)) => {
                into.extend(from)
            }
            (_, _, value) => {
                merged.insert(key, value);
            }
        }
    }
    Ok(merged)
}

/// An engine file's `[offers]`: when the arena resigns, offers or accepts a draw for the engine
/// from the scores it reports (applied by `search::offers::WithOffers`, documented there).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OfferPolicy {
    pub resign_score: Option<f64>,
    #[serde(default = "one")]
    pub resign_moves: u32,
    pub draw_score: Option<f64>,
    #[serde(default = "one")]
    pub draw_moves: u32,
    #[serde(default)]
    pub draw_from_move: u32,
    pub accept_score: Option<f64>,
}

fn one() -> u32 {
    1
}

impl Default for OfferPolicy {
    fn default() -> Self {
        OfferPolicy {
            resign_score: None,
            resign_moves: 1,
            draw_score: None,
            draw_moves: 1,
            draw_from_move: 0,
            accept_score: None,
        }
    }
}

impl OfferPolicy {
    /// Refuses thresholds that cannot be meant (negative or non-finite scores, zero runs).
    pub fn check(&self) -> Result<(), String> {
        for (k, v) in [
            ("resign_score", self.resign_score),
            ("draw_score", self.draw_score),
        ] {
            if let Some(x) = v {
                if !(x.is_finite() && x >= 0.0) {
                    return Err(format!("[offers] {k} = {x} must be a score >= 0"));
                }
            }
        }
        if let Some(x) = self.accept_score {
            if !x.is_finite() {
                return Err(format!("[offers] accept_score = {x} must be finite"));
            }
        }
        if self.resign_moves == 0 || self.draw_moves == 0 {
            return Err("[offers] resign_moves and draw_moves must be at least 1".into());
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fresh folder of engine files for one test.
    fn folder(test: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("boardlab-engine-{test}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        for (name, text) in files {
            std::fs::write(dir.join(name), text).unwrap();
        }
        dir
    }

    const BASE: &str = "name = \"ab\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n\
        [limits]\ndepth = 6\n[weights]\ncorners = 40.0\nmobility = 6.0\n\
        [params]\ntt_mb = 16\nlmr = true\n[offers]\nresign_score = 600\n";

    #[test]
    fn a_file_on_a_base_merges_params_and_weights_and_replaces_the_rest() {
        let dir = folder(
            "merge",
            &[
                ("ab.toml", BASE),
                (
                    "child.toml",
                    "base = \"ab.toml\"\nname = \"child\"\n[limits]\ntime_ms = 175\n\
                     [weights]\nmobility = 7.5\n[params]\nlmr = false\nprobcut = true\n",
                ),
                (
                    "grandchild.toml",
                    "base = \"child.toml\"\nname = \"gc\"\n[params]\ntt_mb = 64\n",
                ),
            ],
        );
        let base = EngineSpec::load(&dir.join("ab.toml")).unwrap();
        let child = EngineSpec::load(&dir.join("child.toml")).unwrap();
        assert_eq!(child.name, "child");
        assert_eq!(child.backend, "alphabeta");
        // [limits] as a whole: the base's depth does not cap the child's move time.
        assert_eq!(child.limits, Limits::time_ms(175));
        assert_eq!(child.weights["corners"], 40.0);
        assert_eq!(child.weights["mobility"], 7.5);
        assert_eq!(child.params["tt_mb"].as_integer(), Some(16));
        assert_eq!(child.params["lmr"].as_bool(), Some(false));
        assert_eq!(child.params["probcut"].as_bool(), Some(true));
        assert_eq!(child.offers, base.offers);
        let gc = EngineSpec::load(&dir.join("grandchild.toml")).unwrap();
        assert_eq!(gc.params["tt_mb"].as_integer(), Some(64));
        assert_eq!(gc.params["probcut"].as_bool(), Some(true));
        assert_eq!(gc.limits, child.limits);
        // Resolved, it is the same spec as the copy it replaces.
        let copy = EngineSpec::from_toml(
            "name = \"child\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n\
             [limits]\ntime_ms = 175\n[weights]\ncorners = 40.0\nmobility = 7.5\n\
             [params]\ntt_mb = 16\nlmr = false\nprobcut = true\n[offers]\nresign_score = 600\n",
        )
        .unwrap();
        assert_eq!(child, copy);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn bad_bases_are_errors_that_name_the_file() {
        let dir = folder(
            "bad",
            &[
                ("ab.toml", BASE),
                ("loop.toml", "base = \"loop.toml\"\nname = \"loop\"\n"),
                ("missing.toml", "base = \"nowhere.toml\"\nname = \"m\"\n"),
                ("unnamed.toml", "base = \"ab.toml\"\n[limits]\ndepth = 2\n"),
                ("number.toml", "base = 3\nname = \"n\"\n"),
                ("typo.toml", "base = \"ab.toml\"\nname = \"t\"\nparms = 1\n"),
                (
                    "zero.toml",
                    "base = \"ab.toml\"\nname = \"z\"\n[limits]\ndepth = 0\n",
                ),
            ],
        );
        let err = |f: &str| EngineSpec::load(&dir.join(f)).unwrap_err();
        assert!(
            err("loop.toml").contains("chain of bases"),
            "{}",
            err("loop.toml")
        );
        let e = err("missing.toml");
        assert!(
            e.contains("missing.toml") && e.contains("nowhere.toml"),
            "{e}"
        );
        assert!(err("unnamed.toml").contains("a name of its own"));
        assert!(err("number.toml").contains("base = 3"));
        assert!(err("typo.toml").contains("parms"), "{}", err("typo.toml"));
        assert!(
            err("zero.toml").contains("depth = 0"),
            "{}",
            err("zero.toml")
        );
        let e = EngineSpec::from_toml("base = \"ab.toml\"\nname = \"x\"\n").unwrap_err();
        assert!(e.contains("load the engine from its file"), "{e}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_engine_file_in_the_repository_loads() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("engines");
        let mut stack = vec![root];
        let mut loaded = 0;
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
            } else if p.extension().is_some_and(|e| e == "toml") {
                EngineSpec::load(&p).unwrap_or_else(|e| panic!("{e}"));
                loaded += 1;
            }
        }
        assert!(loaded > 50, "only {loaded} engine files found");
    }
}
