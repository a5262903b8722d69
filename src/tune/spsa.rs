//! SPSA (simultaneous perturbation stochastic approximation, Spall 1992) as Fishtest and
//! OpenBench run it for engine parameters. Each iteration k draws a random sign vector delta,
//! plays game pairs between theta + c_k delta and theta - c_k delta, and moves
//!
//! ```text
//! theta_i += a_k / c_k * (wins - losses of the + side) * delta_i,   then clipped to [min, max]
//! c_k = c / k^0.101,    a_k = a / (A + k)^0.602,    A = 0.1 N   (N iterations in all)
//! ```
//!
//! Parameters come as OpenBench's lines `name, int|float, default, min, max, c_end, r_end`:
//! `c_end` is the perturbation at the last iteration and `r_end` the learning rate there
//! (a_end = r_end c_end^2), from which `c = c_end N^0.101` and `a = a_end (A + N)^0.602`.
//! An `int` parameter is rounded when it goes into an engine file (theta itself stays real, as
//! in Fishtest). The names are the evaluation's weights (`[weights]` of the base engine file).
//!
//! Every iteration is an arena tournament directory of two engines (`iter-<k>/`), played by the
//! arena's runner with its fault handling (a crashed or hung engine loses the game), or sharded
//! and merged on Ray (`scripts/tools/ray_tournament.py`) exactly as tournaments are. After each
//! iteration `state.json` is rewritten (atomically: a temporary file renamed), so a killed run
//! resumes at the iteration it was in, whose recorded games the runner keeps: nothing is lost
//! and, the engines being deterministic at fixed depth or nodes, a resumed run ends exactly as an
//! unbroken one.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use crate::arena::manifest::{Manifest, DEFAULT_MOVE_CEILING_MS};
use crate::arena::plan::{OpeningSource, TournamentPlan};
use crate::arena::record::ArenaRecord;
use crate::arena::schedule::Format;
use crate::engine_file::EngineSpec;
use crate::eval::GameKnowledge;
use crate::game::error::quote;
use crate::game::RuleSet;

/// Fishtest's exponents.
pub const ALPHA: f64 = 0.602;
pub const GAMMA: f64 = 0.101;

/// One tuned parameter (an OpenBench line).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Param {
    pub name: String,
    pub int: bool,
    pub default: f64,
    pub min: f64,
    pub max: f64,
    pub c_end: f64,
    pub r_end: f64,
}

/// Reads OpenBench's parameter lines; `#` starts a comment, blank lines are skipped.
pub fn parse_params(text: &str) -> Result<Vec<Param>, String> {
    let mut out: Vec<Param> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let bad = |why: String| format!("parameter line {}: {why}", i + 1);
        let f: Vec<&str> = line.split(',').map(str::trim).collect();
        if f.len() != 7 {
            return Err(bad(format!(
                "expected `name, int|float, default, min, max, c_end, r_end`, got {}",
                quote(line)
            )));
        }
        let int = match f[1] {
            "int" => true,
            "float" => false,
            t => return Err(bad(format!("type {} is not int or float", quote(t)))),
        };
        let num = |j: usize, what: &str| -> Result<f64, String> {
            f[j].parse::<f64>()
                .ok()
                .filter(|x| x.is_finite())
                .ok_or_else(|| bad(format!("{what} {} is not a number", quote(f[j]))))
        };
        let p = Param {
            name: f[0].to_string(),
            int,
            default: num(2, "default")?,
            min: num(3, "min")?,
            max: num(4, "max")?,
            c_end: num(5, "c_end")?,
            r_end: num(6, "r_end")?,
        };
        if p.name.is_empty() {
            return Err(bad("empty name".into()));
        }
        if !(p.min <= p.default && p.default <= p.max) {
            return Err(bad(format!(
                "{}: default {} is not within [{}, {}]",
                p.name, p.default, p.min, p.max
            )));
        }
        if !(p.c_end > 0.0 && p.r_end > 0.0) {
            return Err(bad(format!("{}: c_end and r_end must be positive", p.name)));
        }
        if out.iter().any(|q| q.name == p.name) {
            return Err(bad(format!("{} is given twice", p.name)));
        }
        out.push(p);
    }
    if out.is_empty() {
        return Err("no parameters to tune".into());
    }
    Ok(out)
}

impl Param {
    /// c and a of the schedule over `n` iterations.
    pub fn constants(&self, n: u64) -> (f64, f64) {
        let n = n as f64;
        let big_a = 0.1 * n;
        let c = self.c_end * n.powf(GAMMA);
        let a_end = self.r_end * self.c_end * self.c_end;
        let a = a_end * (big_a + n).powf(ALPHA);
        (c, a)
    }
    /// (c_k, a_k) at iteration k (1-based) of `n`.
    pub fn at(&self, k: u64, n: u64) -> (f64, f64) {
        let (c, a) = self.constants(n);
        let big_a = 0.1 * n as f64;
        (
            c / (k as f64).powf(GAMMA),
            a / (big_a + k as f64).powf(ALPHA),
        )
    }
    pub fn clip(&self, x: f64) -> f64 {
        x.clamp(self.min, self.max)
    }
    /// The value an engine plays with.
    pub fn playing(&self, x: f64) -> f64 {
        if self.int {
            x.round()
        } else {
            x
        }
    }
}

/// Everything a run depends on; a resumed run must have the same.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaConfig {
    pub game: String,
    pub rules: String,
    /// The engine whose weights are tuned (limits as the games use them).
    pub base: EngineSpec,
    pub params: Vec<Param>,
    pub iterations: u64,
    /// Game pairs per iteration (each pair: both colours, one opening).
    pub pairs: usize,
    pub random_openings: usize,
    pub max_plies: usize,
    pub seed: u64,
}

/// One iteration's outcome.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct IterationLog {
    pub k: u64,
    /// +1 / -1 per parameter.
    pub delta: Vec<i8>,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// theta after the update.
    pub theta: Vec<f64>,
}

/// What `state.json` holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SpsaState {
    pub config: SpsaConfig,
    /// Iterations finished.
    pub done: u64,
    pub theta: Vec<f64>,
    pub log: Vec<IterationLog>,
}

impl SpsaState {
    pub fn new(config: SpsaConfig) -> Self {
        let theta = config.params.iter().map(|p| p.default).collect();
        SpsaState {
            config,
            done: 0,
            theta,
            log: Vec::new(),
        }
    }
    pub fn path(dir: &Path) -> PathBuf {
        dir.join("state.json")
    }
    pub fn load(dir: &Path) -> Result<Option<SpsaState>, String> {
        let path = Self::path(dir);
        match std::fs::read_to_string(&path) {
            Ok(text) => serde_json::from_str(&text)
                .map(Some)
                .map_err(|e| format!("{}: {e}", path.display())),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", path.display())),
        }
    }
    /// Written to a temporary file and renamed over the old one: a kill leaves one or the other.
    pub fn save(&self, dir: &Path) -> Result<(), String> {
        let path = Self::path(dir);
        let tmp = dir.join("state.json.tmp");
        let text = serde_json::to_string_pretty(self).map_err(|e| e.to_string())?;
        std::fs::write(&tmp, text).map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &path).map_err(|e| format!("cannot write {}: {e}", path.display()))
    }
}

/// The sign vector of iteration k: drawn from the run's seed and k alone, so a resumed run
/// draws the same.
pub fn delta(seed: u64, k: u64, n: usize) -> Vec<i8> {
    (0..n)
        .map(|i| {
            let h = crate::game::zobrist::splitmix64(
                seed ^ k.wrapping_mul(0x9E37_79B9_7F4A_7C15)
                    ^ (i as u64).wrapping_mul(0xD1B5_4A32_D192_ED03),
            );
            if h >> 63 == 0 {
                1
            } else {
                -1
            }
        })
        .collect()
}

/// theta + sign * c_k * delta, clipped, as the values the engine plays with.
pub fn perturbed(state: &SpsaState, k: u64, delta: &[i8], sign: f64) -> Vec<f64> {
    let n = state.config.iterations;
    state
        .config
        .params
        .iter()
        .zip(&state.theta)
        .zip(delta)
        .map(|((p, &t), &d)| p.playing(p.clip(t + sign * p.at(k, n).0 * d as f64)))
        .collect()
}

/// The update of iteration k after the + side scored `wins - losses`.
pub fn update(state: &mut SpsaState, k: u64, delta: &[i8], result: f64) {
    let n = state.config.iterations;
    for ((p, t), &d) in state.config.params.iter().zip(&mut state.theta).zip(delta) {
        let (c_k, a_k) = p.at(k, n);
        *t = p.clip(*t + a_k / c_k * result * d as f64);
    }
}

/// The engine playing `values` (one a parameter) on top of the base engine's weights.
pub fn engine_with<G: GameKnowledge>(
    base: &EngineSpec,
    params: &[Param],
    values: &[f64],
    name: &str,
) -> Result<EngineSpec, String> {
    let mut spec = base.clone();
    spec.name = name.to_string();
    for (p, v) in params.iter().zip(values) {
        if !G::feature_names().contains(&p.name.as_str()) {
            return Err(format!(
                "parameter {:?} is no weight of {} (known: {})",
                p.name,
                G::ID,
                G::feature_names().join(", ")
            ));
        }
        spec.weights.insert(p.name.clone(), *v);
    }
    spec.weights_for::<G>()?;
    Ok(spec)
}

/// The tournament of iteration k: + against -, `pairs` colour-swapped pairs on random openings
/// drawn from the run's seed and k.
pub fn iteration_manifest<G: GameKnowledge>(
    state: &SpsaState,
    k: u64,
    delta: &[i8],
) -> Result<Manifest, String> {
    let cfg = &state.config;
    // The rules are read first: their error comes before an engine's.
    G::Rules::parse(&cfg.rules).map_err(|e| e.to_string())?;
    let plus = engine_with::<G>(
        &cfg.base,
        &cfg.params,
        &perturbed(state, k, delta, 1.0),
        "plus",
    )?;
    let minus = engine_with::<G>(
        &cfg.base,
        &cfg.params,
        &perturbed(state, k, delta, -1.0),
        "minus",
    )?;
    let seed = crate::game::zobrist::splitmix64(cfg.seed.wrapping_add(k));
    let plan = TournamentPlan {
        rules: cfg.rules.clone(),
        engines: vec![plus, minus],
        format: Format::RoundRobin,
        games_per_encounter: 2 * cfg.pairs,
        openings: OpeningSource::Random {
            plies: cfg.random_openings,
        },
        seed,
        max_plies: cfg.max_plies,
        time_control: None,
        time_margin_ms: 500,
        move_ceiling_ms: DEFAULT_MOVE_CEILING_MS,
        sprt: None,
        shard: None,
        match_format: None,
        adjudication: Default::default(),
    };
    Manifest::build::<G>(plan).map_err(|e| e.to_string())
}

/// Who plays an iteration's games: the arena's runner here, or shards on Ray.
pub trait GameBatch {
    /// Plays every game of `m` not yet in `dir` (resuming what is there); returns all games.
    fn play(&self, m: &Manifest, dir: &Path) -> Result<Vec<ArenaRecord>, String>;
}

/// The arena's runner in this process.
pub struct LocalBatch<G> {
    pub concurrency: usize,
    pub _game: std::marker::PhantomData<G>,
}

impl<G: GameKnowledge> GameBatch for LocalBatch<G> {
    fn play(&self, m: &Manifest, dir: &Path) -> Result<Vec<ArenaRecord>, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        match Manifest::load(dir) {
            Ok(old) if old.differences(m).is_empty() => {}
            Ok(_) => return Err(format!("{} holds another iteration's games", dir.display())),
            Err(_) => m.save(dir).map_err(|e| e.to_string())?,
        }
        let opts = crate::arena::runner::RunOptions {
            concurrency: self.concurrency,
            progress: false,
            progress_every: std::time::Duration::from_secs(3600),
        };
        crate::arena::runner::run::<G>(m, dir, &opts).map_err(|e| e.to_string())
    }
}

/// The shard-and-merge path of tournaments on Ray: the iteration's engines are written to
/// files and `scripts/tools/ray_tournament.py` plays `shards` shards of it and merges them.
pub struct RayBatch<G> {
    pub _game: std::marker::PhantomData<G>,
    pub python: String,
    pub script: PathBuf,
    pub boardlab: PathBuf,
    pub shards: usize,
    pub address: Option<String>,
}

impl<G: GameKnowledge> GameBatch for RayBatch<G> {
    fn play(&self, m: &Manifest, dir: &Path) -> Result<Vec<ArenaRecord>, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let mut files = Vec::new();
        for e in &m.engines {
            let path = dir.join(format!("{}.toml", e.name));
            super::engine_file::write(&path, e, &[])?;
            files.push(path);
        }
        // The openings go by file, so the shards play exactly this iteration's.
        let openings = dir.join("openings.txt");
        let mut text = String::new();
        for o in &m.openings {
            text.push_str(
                &crate::arena::openings::opening_state::<G>(&m.rules, o)?.format_position(),
            );
            text.push('\n');
        }
        std::fs::write(&openings, text)
            .map_err(|e| format!("cannot write {}: {e}", openings.display()))?;
        let mut cmd = std::process::Command::new(&self.python);
        cmd.arg(&self.script)
            .arg("--shards")
            .arg(self.shards.to_string())
            .arg("--boardlab")
            .arg(&self.boardlab)
            .arg("--out")
            .arg(dir.join("ray"));
        if let Some(a) = &self.address {
            cmd.arg("--address").arg(a);
        }
        cmd.arg("--")
            .arg("--engines")
            .args(&files)
            .arg("--games")
            .arg(m.games_per_encounter.to_string())
            .arg("--rules")
            .arg(&m.rules)
            .arg("--openings")
            .arg(&openings)
            .arg("--seed")
            .arg(m.seed.to_string())
            .arg("--max-plies")
            .arg(m.max_plies.to_string())
            .arg("--no-check");
        let out = cmd
            .output()
            .map_err(|e| format!("cannot run {}: {e}", self.script.display()))?;
        if !out.status.success() {
            return Err(format!(
                "ray batch failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        crate::arena::record::load_games(&dir.join("ray").join("merged").join("games.jsonl"), false)
    }
}

/// The + side's W, D, L in an iteration's games.
pub fn score_plus(games: &[ArenaRecord]) -> (u32, u32, u32) {
    let (mut w, mut d, mut l) = (0, 0, 0);
    for g in games {
        let Some(seat) = g.seats.iter().position(|&e| e == 0) else {
            continue;
        };
        match g.score_between(seat, 1 - seat) {
            s if s == 1.0 => w += 1,
            s if s == 0.0 => l += 1,
            _ => d += 1,
        }
    }
    (w, d, l)
}

/// Runs (or resumes) the iterations in `dir` up to `stop_after` (the run's end when None);
/// `progress` is told of every finished iteration. Returns the state.
pub fn run<G: GameKnowledge>(
    config: SpsaConfig,
    dir: &Path,
    batch: &dyn GameBatch,
    stop_after: Option<u64>,
    keep_games: bool,
    mut progress: impl FnMut(&SpsaState),
) -> Result<SpsaState, String> {
    if config.game != G::ID {
        return Err(format!("spsa config is for {}, not {}", config.game, G::ID));
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let mut state = match SpsaState::load(dir)? {
        Some(s) => {
            if s.config != config {
                return Err(format!(
                    "{} holds an SPSA run with other settings; give another --out",
                    dir.display()
                ));
            }
            s
        }
        None => {
            let s = SpsaState::new(config);
            // Refuse a parameter the game does not have before any game is played.
            engine_with::<G>(&s.config.base, &s.config.params, &s.theta, "check")?;
            s.save(dir)?;
            s
        }
    };
    let end = stop_after
        .unwrap_or(state.config.iterations)
        .min(state.config.iterations);
    while state.done < end {
        let k = state.done + 1;
        let d = delta(state.config.seed, k, state.config.params.len());
        let m = iteration_manifest::<G>(&state, k, &d)?;
        let idir = dir.join(format!("iter-{k:05}"));
        let games = batch.play(&m, &idir)?;
        if games.len() != 2 * state.config.pairs {
            return Err(format!(
                "iteration {k}: {} games of {} were played",
                games.len(),
                2 * state.config.pairs
            ));
        }
        let (w, dr, l) = score_plus(&games);
        update(&mut state, k, &d, w as f64 - l as f64);
        state.done = k;
        state.log.push(IterationLog {
            k,
            delta: d,
            wins: w,
            draws: dr,
            losses: l,
            theta: state.theta.clone(),
        });
        state.save(dir)?;
        if !keep_games {
            let _ = std::fs::remove_dir_all(&idir);
        }
        progress(&state);
    }
    Ok(state)
}

/// `trace.svg`: every parameter's theta by iteration, as a fraction of its [min, max] range so
/// parameters of different scales share one chart; `targets` (a reference set, e.g. the Texel
/// weights) are drawn as dashed lines.
pub fn trace_svg(state: &SpsaState, targets: Option<&[f64]>) -> Result<String, String> {
    use crate::arena::chart::{failed, svg_chart, Frame};
    use plotters::prelude::*;
    let params = &state.config.params;
    let frac = |p: &Param, x: f64| {
        if p.max > p.min {
            (x - p.min) / (p.max - p.min)
        } else {
            0.5
        }
    };
    let n = state.config.iterations.max(1) as f64;
    let frame = Frame {
        size: (820, 460),
        caption: format!(
            "SPSA {}: theta by iteration ((x - min) / (max - min))",
            state.config.game
        ),
        caption_size: 18,
        y_label_area: 50,
        x: 0f64..n,
        y: 0f64..1f64,
        legend: true,
    };
    svg_chart(frame, |chart| {
        chart
            .configure_mesh()
            .x_desc("iteration")
            .draw()
            .map_err(failed)?;
        for (i, p) in params.iter().enumerate() {
            let colour = Palette99::pick(i).to_rgba();
            let mut pts = vec![(0.0, frac(p, p.default))];
            pts.extend(state.log.iter().map(|l| (l.k as f64, frac(p, l.theta[i]))));
            chart
                .draw_series(std::iter::once(PathElement::new(
                    pts,
                    colour.stroke_width(2),
                )))
                .map_err(failed)?
                .label(p.name.clone())
                .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], colour));
            if let Some(t) = targets.and_then(|t| t.get(i)) {
                let y = frac(p, *t);
                chart
                    // Dashed: short segments (plotters' line-series features are not built).
                    .draw_series((0..40).map(|j| {
                        let x = n * j as f64 / 40.0;
                        PathElement::new(vec![(x, y), (x + n / 80.0, y)], colour.stroke_width(1))
                    }))
                    .map_err(failed)?;
            }
        }
        Ok(())
    })
}

/// `trace.csv`: iteration, W, D, L, then every parameter's theta.
pub fn trace_csv(state: &SpsaState) -> String {
    let mut s = String::from("iteration,wins,draws,losses");
    for p in &state.config.params {
        s.push(',');
        s.push_str(&p.name);
    }
    s.push('\n');
    for l in &state.log {
        s.push_str(&format!("{},{},{},{}", l.k, l.wins, l.draws, l.losses));
        for t in &l.theta {
            s.push_str(&format!(",{t:.4}"));
        }
        s.push('\n');
    }
    s
}
