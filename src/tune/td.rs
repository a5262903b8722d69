//! TD(lambda) by self-play, as TD-Gammon learned (Tesauro 1992, 1995): a network (`eval::network`)
//! plays both sides of cubeless money games of backgammon at 0 ply (each play chosen greedily by
//! the network's equity of the position it leaves), and after every play its prediction for the
//! position before the roll moves toward its prediction for the next one (the game's result at
//! the end), through eligibility traces that carry each error back to earlier positions with
//! weight lambda per play.
//!
//! The network sees the position from the side on roll (`games::backgammon::network`), so
//! consecutive predictions are from opposite sides: the next prediction is flipped (win ->
//! 1 - win, gammons won <-> lost) before it is a target, and the traces are flipped the same way
//! at every play (the trace of "win" changes sign, the traces of won and lost gammons swap), so
//! an error seen at a later position reaches an earlier one on that position's own output.
//!
//! A run is resumable: `state.txt` (the games played, the random generator's state and the
//! network, written through a temporary file and a rename) is rewritten every
//! `checkpoint_every` games, traces are empty between games, and the log keeps the rows up to
//! the checkpoint, so a killed run given the same command with `resume` ends with the same bits
//! as a run never stopped (tested: `tests/tune_td.rs`).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::time::Instant;

use crate::eval::network::{write_atomic, Backprop, Network, Shape};
use crate::game::zobrist::splitmix64;
use crate::games::backgammon::board::{self, Side, OFF, START};
use crate::games::backgammon::eval::{self, Probs, DEFAULT_WEIGHTS};
use crate::games::backgammon::movegen::{self, Generated};
use crate::games::backgammon::network::{self as bgnet, INPUTS, OUTPUTS};

/// The first line of a run's state file.
pub const STATE_MAGIC: &str = "boardlab-td-state 1";

/// What a run is: everything that decides its result (a resumed run must be given the same).
#[derive(Clone, Debug, PartialEq)]
pub struct TdConfig {
    /// Self-play games in all.
    pub games: u64,
    pub lambda: f64,
    /// The step size (TD-Gammon: 0.1).
    pub alpha: f64,
    pub hidden: usize,
    pub seed: u64,
    /// Starting weights uniform in [-init, init].
    pub init: f64,
    /// Games between checkpoints (and log rows).
    pub checkpoint_every: u64,
    /// Every this many games (a multiple of `checkpoint_every`; 0: never), play `check_games`
    /// games against the handcrafted evaluator at 0 ply on fixed dice, for the log.
    pub check_every: u64,
    pub check_games: u64,
}

impl TdConfig {
    /// The line the state file keeps to refuse resuming with another configuration. The games
    /// in all are not in it: a run resumed with more games goes on as one run (the first n
    /// games do not depend on how many follow).
    fn key(&self) -> String {
        format!(
            "lambda={:?} alpha={:?} hidden={} seed={} init={:?} checkpoint_every={} \
             check_every={} check_games={}",
            self.lambda,
            self.alpha,
            self.hidden,
            self.seed,
            self.init,
            self.checkpoint_every,
            self.check_every,
            self.check_games
        )
    }
    pub fn check(&self) -> Result<(), String> {
        if !(0.0..=1.0).contains(&self.lambda) {
            return Err(format!("lambda {} must be in [0, 1]", self.lambda));
        }
        if !(self.alpha.is_finite() && self.alpha > 0.0 && self.alpha <= 10.0) {
            return Err(format!("alpha {} must be in (0, 10]", self.alpha));
        }
        if !(1..=crate::eval::network::MAX_HIDDEN).contains(&self.hidden) {
            return Err(format!("hidden {} must be 1 to 1024", self.hidden));
        }
        if self.checkpoint_every == 0 {
            return Err("checkpoint-every must be at least 1".into());
        }
        if self.check_every % self.checkpoint_every != 0 {
            return Err(format!(
                "check-every {} must be a multiple of checkpoint-every {}",
                self.check_every, self.checkpoint_every
            ));
        }
        if !(self.init.is_finite() && self.init >= 0.0) {
            return Err(format!("init {} must be a number >= 0", self.init));
        }
        Ok(())
    }
}

/// SplitMix64: a generator whose whole state is one number, so a checkpoint holds it exactly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(pub u64);

impl Rng {
    pub fn next_u64(&mut self) -> u64 {
        let z = splitmix64(self.0);
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z
    }
    /// Uniform in [0, 1).
    pub fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A die, 1 to 6.
    pub fn die(&mut self) -> u8 {
        // Rejection keeps the six faces exactly equally likely.
        loop {
            let v = self.next_u64();
            if v < u64::MAX - u64::MAX % 6 {
                return (v % 6) as u8 + 1;
            }
        }
    }
}

/// A run's state at a checkpoint.
#[derive(Clone, Debug, PartialEq)]
pub struct TdState {
    pub games: u64,
    pub rng: Rng,
    pub net: Network,
}

impl TdState {
    pub fn new(cfg: &TdConfig) -> TdState {
        let mut rng = Rng(cfg.seed);
        let shape = Shape {
            inputs: INPUTS,
            hidden: cfg.hidden,
            outputs: OUTPUTS,
        };
        let net = Network::random(shape, bgnet::ENCODING, cfg.init, || rng.unit());
        TdState { games: 0, rng, net }
    }

    fn to_text(&self, cfg: &TdConfig) -> String {
        format!(
            "{STATE_MAGIC}\nconfig {}\ngames {}\nrng {}\nnetwork\n{}",
            cfg.key(),
            self.games,
            self.rng.0,
            self.net.to_text()
        )
    }

    /// Reads a state file written for `cfg`; a state of another configuration is refused.
    pub fn load(path: &Path, cfg: &TdConfig) -> Result<TdState, String> {
        let bad = |why: String| format!("TD state {}: {why}", path.display());
        let bytes = std::fs::read(path).map_err(|e| bad(format!("cannot read: {e}")))?;
        let text = std::str::from_utf8(&bytes).map_err(|_| bad("not text".into()))?;
        let (head, net) = text
            .split_once("\nnetwork\n")
            .ok_or_else(|| bad("no network section (truncated?)".into()))?;
        let mut lines = head.lines();
        if lines.next() != Some(STATE_MAGIC) {
            return Err(bad(format!("the first line is not {STATE_MAGIC:?}")));
        }
        let mut field = |name: &str| {
            lines
                .next()
                .and_then(|l| l.strip_prefix(name))
                .and_then(|l| l.strip_prefix(' '))
                .map(str::to_string)
                .ok_or_else(|| bad(format!("no {name} line")))
        };
        let config = field("config")?;
        // (Runs of the first version wrote the games in all there too.)
        let config: Vec<&str> = config
            .split(' ')
            .filter(|f| !f.starts_with("games="))
            .collect();
        let config = config.join(" ");
        if config != cfg.key() {
            return Err(bad(format!(
                "written by another run ({config}); this command is ({}): give the same \
                 options or another --out",
                cfg.key()
            )));
        }
        let games = field("games")?
            .parse()
            .map_err(|_| bad("games is not a number".into()))?;
        let rng = field("rng")?
            .parse()
            .map_err(|_| bad("rng is not a number".into()))?;
        let net = Network::parse(net).map_err(|e| bad(e))?;
        Ok(TdState {
            games,
            rng: Rng(rng),
            net,
        })
    }
}

/// The result of a finished game seen from the side that made the last play, as targets.
fn result_target(loser: &Side) -> ([f64; OUTPUTS], f64) {
    let kind = board::win_kind(loser);
    let t = [
        1.0,
        (kind >= 2) as u8 as f64,
        0.0,
        (kind >= 3) as u8 as f64,
        0.0,
    ];
    (t, kind as f64)
}

fn cubeless(p: &Probs) -> f64 {
    p.cubeless_equity(true)
}

/// Scratch buffers of one training game: the eligibility traces, five a parameter side by side
/// (`traces[p * OUTPUTS + k]`: output k's trace of parameter p), and the plays of a roll.
struct Trainer {
    traces: Vec<f64>,
    plays: Vec<Generated>,
}

/// One parameter's step: its traces seen from the side now on roll (the previous side's "win"
/// is 1 - ours, its gammons won are ours lost), plus this position's gradient `g`, then the
/// parameter moved by alpha times the errors `delta` through the traces.
#[inline]
fn step(e: &mut [f64], g: [f64; OUTPUTS], lambda: f64, ad: &[f64; OUTPUTS], w: &mut f64) {
    let v = [e[0], e[1], e[2], e[3], e[4]];
    e[0] = -lambda * v[0] + g[0];
    e[1] = lambda * v[2] + g[1];
    e[2] = lambda * v[1] + g[2];
    e[3] = lambda * v[4] + g[3];
    e[4] = lambda * v[3] + g[4];
    *w += ad[0] * e[0] + ad[1] * e[1] + ad[2] * e[2] + ad[3] * e[3] + ad[4] * e[4];
}

/// The TD(lambda) update of every parameter after one play: gradients from the factors `b` at
/// inputs `x` (`NetRef::backprop`), `ad` = alpha times the errors.
fn td_update(
    net: &mut Network,
    t: &mut Trainer,
    b: &Backprop,
    x: &[f64],
    lambda: f64,
    ad: &[f64; OUTPUTS],
) {
    let s = net.shape;
    let (hn, inn) = (s.hidden, s.inputs);
    let params = &mut net.params;
    let e = &mut t.traces;
    // Parameter p's traces are its OUTPUTS entries of `e`, one an output.
    let mut update = |p: usize, g: [f64; OUTPUTS]| {
        step(
            &mut e[p * OUTPUTS..(p + 1) * OUTPUTS],
            g,
            lambda,
            ad,
            &mut params[p],
        )
    };
    for j in 0..hn {
        let back = [
            b.back[j],
            b.back[hn + j],
            b.back[2 * hn + j],
            b.back[3 * hn + j],
            b.back[4 * hn + j],
        ];
        for i in 0..inn {
            let p = j * inn + i;
            let xi = x[i];
            let g = [
                back[0] * xi,
                back[1] * xi,
                back[2] * xi,
                back[3] * xi,
                back[4] * xi,
            ];
            update(p, g);
        }
        let p = s.b1_at() + j;
        update(p, back);
    }
    for k in 0..OUTPUTS {
        for j in 0..hn {
            let p = s.w2_at() + k * hn + j;
            let mut g = [0.0; OUTPUTS];
            g[k] = b.d[k] * b.act.hidden[j];
            update(p, g);
        }
        let p = s.b2_at() + k;
        let mut g = [0.0; OUTPUTS];
        g[k] = b.d[k];
        update(p, g);
    }
}

/// Sums over the games since the last log row.
#[derive(Clone, Copy, Debug, Default)]
struct Window {
    steps: u64,
    abs_error: f64,
    games: u64,
    plies: u64,
}

/// The play the network chooses for `me` on roll against `opp` with `dice`: (index in `plays`,
/// the mover's targets after it, whether it ends the game).
fn choose(
    net: &Network,
    me: &Side,
    opp: &Side,
    colour: usize,
    dice: (u8, u8),
    plays: &mut Vec<Generated>,
) -> (usize, [f64; OUTPUTS], bool) {
    movegen::generate(me, opp, dice.0, dice.1, plays);
    let view = net.view();
    let mut best = (0, [0.0; OUTPUTS], false);
    let mut best_eq = f64::NEG_INFINITY;
    let mut x = [0.0; INPUTS];
    let mut y = [0.0; OUTPUTS];
    for (i, g) in plays.iter().enumerate() {
        let (target, eq, over) = if g.me[OFF] == board::CHECKERS {
            let (t, points) = result_target(&g.opp);
            (t, points, true)
        } else {
            bgnet::encode(&g.opp, &g.me, colour ^ 1, &mut x);
            view.forward(&x, &mut y);
            let mine = bgnet::flip(&y);
            (mine, cubeless(&bgnet::probs(&mine)), false)
        };
        if eq > best_eq {
            best_eq = eq;
            best = (i, target, over);
        }
    }
    best
}

/// The opening roll: one die each, a tie rolled again; the higher die's side plays the two.
fn opening(rng: &mut Rng) -> (usize, (u8, u8)) {
    loop {
        let (a, b) = (rng.die(), rng.die());
        if a != b {
            return (if a > b { 0 } else { 1 }, (a, b));
        }
    }
}

/// One self-play game with TD(lambda) updates after every play.
fn train_game(net: &mut Network, cfg: &TdConfig, rng: &mut Rng, t: &mut Trainer, w: &mut Window) {
    let mut sides = [START, START];
    let (mut r, mut dice) = opening(rng);
    let mut first = true;
    let mut x = [0.0; INPUTS];
    t.traces.clear();
    t.traces.resize(net.shape.params() * OUTPUTS, 0.0);
    loop {
        bgnet::encode(&sides[r], &sides[r ^ 1], r, &mut x);
        let b = net.view().backprop(&x);
        if !first {
            dice = (rng.die(), rng.die());
        }
        first = false;
        let (i, target, over) = choose(net, &sides[r], &sides[r ^ 1], r, dice, &mut t.plays);
        let mut ad = [0.0; OUTPUTS];
        for k in 0..OUTPUTS {
            ad[k] = cfg.alpha * (target[k] - b.act.outputs[k]);
        }
        w.steps += 1;
        w.abs_error += (target[0] - b.act.outputs[0]).abs();
        td_update(net, t, &b, &x, cfg.lambda, &ad);
        let g = t.plays[i];
        sides[r] = g.me;
        sides[r ^ 1] = g.opp;
        w.plies += 1;
        if over {
            break;
        }
        r ^= 1;
    }
    w.games += 1;
}

/// The score of the network against the handcrafted evaluator (`games::backgammon::eval` with
/// its default weights), both at 0 ply, cubeless money games with gammons: `pairs` pairs of
/// games on the same dice with the colours swapped. Returns (network's points per game, its
/// share of games won).
pub fn check_vs_handcrafted(net: &Network, pairs: u64, seed: u64) -> (f64, f64) {
    let mut plays = Vec::new();
    let (mut points, mut wins) = (0.0, 0u64);
    for pair in 0..pairs {
        for net_side in 0..2usize {
            let mut rng = Rng(splitmix64(seed ^ splitmix64(pair)));
            let mut sides = [START, START];
            let (mut r, mut dice) = opening(&mut rng);
            let mut first = true;
            loop {
                if !first {
                    dice = (rng.die(), rng.die());
                }
                first = false;
                let (me, opp) = (sides[r], sides[r ^ 1]);
                let i = if r == net_side {
                    choose(net, &me, &opp, r, dice, &mut plays).0
                } else {
                    movegen::generate(&me, &opp, dice.0, dice.1, &mut plays);
                    let value = |g: &Generated| {
                        if g.me[OFF] == board::CHECKERS {
                            board::win_kind(&g.opp) as f64
                        } else {
                            -cubeless(&eval::probabilities(&g.opp, &g.me, DEFAULT_WEIGHTS))
                        }
                    };
                    let mut best = (0, f64::NEG_INFINITY);
                    for (i, g) in plays.iter().enumerate() {
                        let v = value(g);
                        if v > best.1 {
                            best = (i, v);
                        }
                    }
                    best.0
                };
                let g = plays[i];
                sides[r] = g.me;
                sides[r ^ 1] = g.opp;
                if g.me[OFF] == board::CHECKERS {
                    let kind = board::win_kind(&g.opp) as f64;
                    if r == net_side {
                        points += kind;
                        wins += 1;
                    } else {
                        points -= kind;
                    }
                    break;
                }
                r ^= 1;
            }
        }
    }
    let n = (2 * pairs).max(1) as f64;
    (points / n, wins as f64 / n)
}

/// Where a run writes, in its folder.
pub fn state_path(dir: &Path) -> PathBuf {
    dir.join("state.txt")
}
pub fn log_path(dir: &Path) -> PathBuf {
    dir.join("log.csv")
}
pub fn network_path(dir: &Path) -> PathBuf {
    dir.join("network.txt")
}

const LOG_HEADER: &str =
    "games,plies_per_game,mean_abs_error_win,check_points_per_game,check_win_share\n";

/// The log rows kept from a previous run: those up to the checkpoint's game count.
fn kept_log(dir: &Path, games: u64) -> String {
    let mut out = String::from(LOG_HEADER);
    if let Ok(text) = std::fs::read_to_string(log_path(dir)) {
        for line in text.lines().skip(1) {
            let n = line.split(',').next().and_then(|g| g.parse::<u64>().ok());
            if n.is_some_and(|n| n <= games) {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// How a run is driven: where it writes, whether it resumes, where it stops on purpose.
pub struct TdRun<'a> {
    pub out: &'a Path,
    pub resume: bool,
    /// Stop after this many checkpoints of this invocation (to test resuming).
    pub stop_after: Option<u64>,
    /// Comment lines for the final network file (the command).
    pub comments: Vec<String>,
    /// Progress lines go here (stderr from the command line), every `progress_secs`.
    pub progress: Option<Box<dyn FnMut(&str) + 'a>>,
    pub progress_secs: f64,
}

/// Runs (or resumes) a training run; returns the state it ends with.
pub fn run(cfg: &TdConfig, how: TdRun) -> Result<TdState, String> {
    cfg.check()?;
    let TdRun {
        out,
        resume,
        stop_after,
        comments,
        mut progress,
        progress_secs,
    } = how;
    std::fs::create_dir_all(out).map_err(|e| format!("cannot create {}: {e}", out.display()))?;
    let sp = state_path(out);
    let mut state = if sp.exists() {
        if !resume {
            return Err(format!(
                "{} holds a run already: give --resume to go on with it, or another --out",
                out.display()
            ));
        }
        TdState::load(&sp, cfg)?
    } else {
        TdState::new(cfg)
    };
    let mut log = kept_log(out, state.games);
    write_atomic(&log_path(out), &log)?;
    let mut t = Trainer {
        traces: Vec::new(),
        plays: Vec::with_capacity(64),
    };
    let mut w = Window::default();
    let start = Instant::now();
    let start_games = state.games;
    let mut last_progress = Instant::now();
    let mut checkpoints = 0u64;
    while state.games < cfg.games {
        train_game(&mut state.net, cfg, &mut state.rng, &mut t, &mut w);
        state.games += 1;
        let at_checkpoint = state.games % cfg.checkpoint_every == 0 || state.games == cfg.games;
        if at_checkpoint {
            let (cp, cw) = if cfg.check_every > 0 && state.games % cfg.check_every == 0 {
                let (p, s) = check_vs_handcrafted(&state.net, cfg.check_games.div_ceil(2), 1);
                (format!("{p:.4}"), format!("{s:.4}"))
            } else {
                (String::new(), String::new())
            };
            let _ = writeln!(
                log,
                "{},{:.2},{:.5},{cp},{cw}",
                state.games,
                w.plies as f64 / w.games.max(1) as f64,
                w.abs_error / w.steps.max(1) as f64
            );
            w = Window::default();
            // The log first: a kill between the two leaves rows past the state, which the
            // resumed run drops (`kept_log`).
            write_atomic(&log_path(out), &log)?;
            write_atomic(&sp, &state.to_text(cfg))?;
            checkpoints += 1;
            if stop_after.is_some_and(|k| checkpoints >= k) && state.games < cfg.games {
                return Ok(state);
            }
        }
        if let Some(p) = progress.as_mut() {
            let secs = last_progress.elapsed().as_secs_f64();
            if secs >= progress_secs || state.games == cfg.games {
                last_progress = Instant::now();
                let done = state.games - start_games;
                let rate = done as f64 / start.elapsed().as_secs_f64().max(1e-9);
                let left = (cfg.games - state.games) as f64 / rate.max(1e-9);
                let last = log.lines().last().unwrap_or("");
                p(&format!(
                    "td: {}/{} games, {rate:.1} games/s, {:.0} min left; last log row: {last}",
                    state.games,
                    cfg.games,
                    left / 60.0
                ));
            }
        }
    }
    let mut net = state.net.clone();
    net.comments = comments;
    net.comments.push(format!(
        "TD(lambda) self-play, {} games: {}",
        state.games,
        cfg.key()
    ));
    net.save(&network_path(out))?;
    let _ = std::io::stderr().flush();
    Ok(state)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dice_are_uniform_and_the_generator_replays() {
        let mut r = Rng(5);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[r.die() as usize - 1] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_500..10_500).contains(&c)),
            "{counts:?}"
        );
        let (mut a, mut b) = (Rng(9), Rng(9));
        assert_eq!(a.next_u64(), b.next_u64());
    }

    /// The fused update equals TD(lambda) written out with the full gradients of
    /// `NetRef::gradients` (checked against finite differences in `eval::network`) and
    /// traces flipped between the sides, over three plays.
    #[test]
    fn the_fused_update_is_td_lambda_with_flipped_traces() {
        let cfg = TdConfig {
            games: 1,
            lambda: 0.7,
            alpha: 0.3,
            hidden: 3,
            seed: 11,
            init: 0.5,
            checkpoint_every: 1,
            check_every: 0,
            check_games: 0,
        };
        let mut fused = TdState::new(&cfg).net;
        let mut plain = fused.clone();
        let mut t = Trainer {
            traces: vec![0.0; fused.shape.params() * OUTPUTS],
            plays: Vec::new(),
        };
        let n = plain.shape.params();
        let mut e = vec![vec![0.0; n]; OUTPUTS];
        let mut rng = Rng(4);
        for _ in 0..3 {
            let x: Vec<f64> = (0..INPUTS)
                .map(|i| if i % 7 == 0 { rng.unit() } else { 0.0 })
                .collect();
            let delta: [f64; OUTPUTS] = std::array::from_fn(|_| rng.unit() - 0.5);
            let ad = delta.map(|d| cfg.alpha * d);
            let b = fused.view().backprop(&x);
            td_update(&mut fused, &mut t, &b, &x, cfg.lambda, &ad);
            let mut g = vec![Vec::new(); OUTPUTS];
            plain.view().gradients(&x, &mut g);
            let old = e.clone();
            for p in 0..n {
                e[0][p] = -cfg.lambda * old[0][p] + g[0][p];
                e[1][p] = cfg.lambda * old[2][p] + g[1][p];
                e[2][p] = cfg.lambda * old[1][p] + g[2][p];
                e[3][p] = cfg.lambda * old[4][p] + g[3][p];
                e[4][p] = cfg.lambda * old[3][p] + g[4][p];
                plain.params[p] += (0..OUTPUTS).map(|k| ad[k] * e[k][p]).sum::<f64>();
            }
        }
        let worst = fused
            .params
            .iter()
            .zip(&plain.params)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(worst < 1e-12, "{worst}");
        assert_ne!(fused, TdState::new(&cfg).net);
    }

    #[test]
    fn traces_flip_sides_so_one_game_trains_without_nan() {
        let cfg = TdConfig {
            games: 2,
            lambda: 0.7,
            alpha: 0.1,
            hidden: 8,
            seed: 3,
            init: 0.1,
            checkpoint_every: 1,
            check_every: 0,
            check_games: 0,
        };
        let mut s = TdState::new(&cfg);
        let before = s.net.clone();
        let mut t = Trainer {
            traces: Vec::new(),
            plays: Vec::new(),
        };
        let mut w = Window::default();
        train_game(&mut s.net, &cfg, &mut s.rng, &mut t, &mut w);
        assert!(s.net.params.iter().all(|p| p.is_finite()));
        assert_ne!(s.net, before);
        assert!(w.plies > 10, "{w:?}");
    }
}
