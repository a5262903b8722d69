//! The tuners: the Texel loss's gradient against finite differences, known weights recovered
//! from a synthetic problem, SPSA converging on a noisy quadratic, a killed SPSA run resumed
//! with nothing lost, and the position files (`boardlab tune extract`) read back.

use std::path::{Path, PathBuf};

use crate::common::boardlab;
use boardlab::eval::Evaluate;
use boardlab::game::{Game, MoveList};
use boardlab::games::othello::Othello;
use boardlab::tune::optimizer::Method;
use boardlab::tune::positions::{self, Labelled};
use boardlab::tune::spsa::{self, Param, SpsaConfig, SpsaState};
use boardlab::tune::texel::{self, sigmoid, Dataset};
use rand::{Rng, SeedableRng};

fn temp(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("boardlab-tune-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Othello positions from random games, labelled by a coin.
fn random_othello(n: usize, seed: u64) -> Vec<Labelled<Othello>> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let mut s = Othello::new(&Default::default());
        for _ in 0..rng.gen_range(4..56) {
            let mut m = MoveList::new();
            s.legal_moves(&mut m);
            if m.is_empty() {
                break;
            }
            s.play(m[rng.gen_range(0..m.len())]);
        }
        if !s.is_terminal() {
            out.push(Labelled {
                state: s,
                label: [0.0, 0.5, 1.0][rng.gen_range(0..3)],
            });
        }
    }
    out
}

#[test]
fn texel_gradient_equals_finite_differences() {
    let data = Dataset::from_positions(&random_othello(400, 1)).unwrap();
    let w = Othello::default_weights();
    let k = 0.02;
    let (_, g) = texel::gradient(&data, &w, k);
    for j in 0..w.len() {
        let h = 1e-4;
        let (mut up, mut down) = (w.clone(), w.clone());
        up[j] += h;
        down[j] -= h;
        let numeric = (texel::loss(&data, &up, k) - texel::loss(&data, &down, k)) / (2.0 * h);
        let scale = numeric.abs().max(g[j].abs()).max(1e-9);
        assert!(
            (numeric - g[j]).abs() / scale < 1e-4,
            "weight {} ({}): analytic {} numeric {numeric}",
            j,
            Othello::feature_names()[j],
            g[j]
        );
    }
}

/// Features drawn at random, labels the exact expected score of known weights at a known K:
/// fitting K on the true weights finds K, and tuning from another start finds the weights.
#[test]
fn texel_recovers_known_weights() {
    let truth = [1.5, -0.8, 0.3, 2.0, 0.0];
    let k_true = 0.7;
    let mut rng = rand::rngs::StdRng::seed_from_u64(5);
    let mut data = Dataset::new(truth.len());
    for _ in 0..6000 {
        let x: Vec<f32> = (0..truth.len())
            .map(|_| rng.gen_range(-2.0f32..2.0))
            .collect();
        let e: f64 = x.iter().zip(&truth).map(|(a, b)| *a as f64 * b).sum();
        data.push(
            x.iter().enumerate().map(|(i, v)| (i as u32, *v)),
            sigmoid(k_true * e),
        );
    }
    let k = texel::fit_k(&data, &truth);
    assert!((k - k_true).abs() < 1e-3, "K {k}");
    let (train, valid) = data.split(0.2, 3);
    let opts = texel::TexelOptions {
        method: Method::adam(0.05),
        max_epochs: 4000,
        patience: 200,
        min_delta: 0.0,
        fixed: vec![false; truth.len()],
        l2: Vec::new(),
    };
    let r = texel::tune(&train, &valid, &[0.5; 5], &opts, Some(k_true), |_| {});
    for (i, (w, t)) in r.weights.iter().zip(&truth).enumerate() {
        assert!(
            (w - t).abs() < 0.02,
            "weight {i}: {w} vs {t} ({:?})",
            r.weights
        );
    }
    assert!(r.best.valid < 1e-5, "validation loss {}", r.best.valid);
    // A fixed weight stays where it started.
    let mut fixed = opts.clone();
    fixed.fixed[0] = true;
    let r = texel::tune(&train, &valid, &[0.5; 5], &fixed, Some(k_true), |_| {});
    assert_eq!(r.weights[0], 0.5);
}

/// A fit is the same, bit for bit, on one thread and on three: the committed fits rerun exactly.
#[test]
fn texel_fits_are_the_same_on_any_number_of_threads() {
    let data = Dataset::from_positions(&random_othello(20_000, 21)).unwrap();
    let (train, valid) = data.split(0.1, 4);
    let opts = texel::TexelOptions {
        method: Method::adam(0.5),
        max_epochs: 30,
        patience: 30,
        min_delta: 0.0,
        fixed: vec![false; Othello::default_weights().len()],
        l2: vec![1e-4; Othello::default_weights().len()],
    };
    let fit = |threads: usize| {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(|| {
                texel::tune(
                    &train,
                    &valid,
                    &Othello::default_weights(),
                    &opts,
                    None,
                    |_| {},
                )
            })
    };
    let (one, three) = (fit(1), fit(3));
    assert_eq!(one.k, three.k);
    assert_eq!(one.weights, three.weights);
    assert_eq!(one.history, three.history);
    assert_ne!(
        one.weights,
        Othello::default_weights(),
        "the fit moved nothing"
    );
}

/// SPSA's own update rule (Fishtest's schedule) on a noisy quadratic: the "games" are won by
/// the side with the lower loss with a logistic probability, so only W - L is seen.
#[test]
fn spsa_converges_on_a_noisy_quadratic() {
    let optimum = [30.0, -12.0, 5.0];
    let params: Vec<Param> = spsa::parse_params(
        "a, float, 0, -100, 100, 4, 0.002\n\
         b, int, 20, -100, 100, 4, 0.002\n\
         c, float, -20, -100, 100, 4, 0.002\n",
    )
    .unwrap();
    let config = SpsaConfig {
        game: "none".into(),
        rules: String::new(),
        base: boardlab::engine_file::EngineSpec::from_toml(
            "name = \"q\"\ngame = \"none\"\nbackend = \"random\"",
        )
        .unwrap(),
        params,
        iterations: 3000,
        pairs: 8,
        random_openings: 0,
        max_plies: 1,
        seed: 11,
    };
    let loss = |t: &[f64]| -> f64 {
        t.iter()
            .zip(&optimum)
            .map(|(a, b)| (a - b) * (a - b))
            .sum::<f64>()
            / 100.0
    };
    let mut state = SpsaState::new(config);
    let start = loss(&state.theta);
    let mut rng = rand::rngs::StdRng::seed_from_u64(2);
    for k in 1..=state.config.iterations {
        let d = spsa::delta(state.config.seed, k, 3);
        let plus = spsa::perturbed(&state, k, &d, 1.0);
        let minus = spsa::perturbed(&state, k, &d, -1.0);
        let p_plus = sigmoid(loss(&minus) - loss(&plus));
        let mut result = 0.0;
        for _ in 0..2 * state.config.pairs {
            result += if rng.gen_bool(p_plus) { 1.0 } else { -1.0 };
        }
        spsa::update(&mut state, k, &d, result);
    }
    let end = loss(&state.theta);
    assert!(
        end < start / 20.0,
        "loss {start} -> {end}, theta {:?}",
        state.theta
    );
    for (t, o) in state.theta.iter().zip(&optimum) {
        assert!(
            (t - o).abs() < 6.0,
            "theta {:?} vs {optimum:?}",
            state.theta
        );
    }
}

#[test]
fn spsa_schedule_is_openbench_s() {
    let p = &spsa::parse_params("x, int, 50, 0, 100, 5, 0.002").unwrap()[0];
    let n = 1000;
    let (c, a) = p.constants(n);
    assert!((c - 5.0 * 1000f64.powf(0.101)).abs() < 1e-9);
    assert!((a - 0.002 * 25.0 * 1100f64.powf(0.602)).abs() < 1e-9);
    // At the last iteration c_k and a_k / c_k^2 are the c_end and r_end asked for.
    let (c_n, a_n) = p.at(n, n);
    assert!((c_n - 5.0).abs() < 1e-9);
    assert!((a_n / (c_n * c_n) - 0.002).abs() < 1e-9);
    for bad in [
        "x, int, 50, 0, 100, 5",
        "x, long, 50, 0, 100, 5, 0.002",
        "x, int, 500, 0, 100, 5, 0.002",
        "x, int, 50, 0, 100, 0, 0.002",
        "x, int, fifty, 0, 100, 5, 0.002",
        "x, int, 1, 0, 2, 1, 1\nx, int, 1, 0, 2, 1, 1",
        "",
    ] {
        assert!(spsa::parse_params(bad).is_err(), "{bad:?}");
    }
}

const SPSA_PARAMS: &str = "# detuned Othello weights\n\
    mobility, float, 2, -20, 40, 2, 0.005\n\
    corners, float, 10, 0, 150, 5, 0.005\n";

fn spsa_args<'a>(params: &'a str, out: &'a str, extra: &[&'a str]) -> Vec<&'a str> {
    let mut v = vec![
        "tune",
        "spsa",
        "--engine",
        "engines/othello/ab-d4.toml",
        "--params",
        params,
        "--iterations",
        "6",
        "--pairs",
        "2",
        "--depth",
        "2",
        "--seed",
        "3",
        "--out",
        out,
    ];
    v.extend_from_slice(extra);
    v
}

fn state_of(dir: &Path) -> SpsaState {
    SpsaState::load(dir).unwrap().expect("a state file")
}

/// An unbroken run, a run stopped after 2 iterations and resumed, and a run whose process is
/// killed in the middle of an iteration and resumed end in the same state.
#[test]
fn killed_spsa_run_resumes_with_nothing_lost() {
    let dir = temp("spsa");
    let params = dir.join("params.txt");
    std::fs::write(&params, SPSA_PARAMS).unwrap();
    let p = params.to_str().unwrap();
    let (whole, stopped, killed) = (dir.join("whole"), dir.join("stopped"), dir.join("killed"));
    let (w, s, k) = (
        whole.to_str().unwrap(),
        stopped.to_str().unwrap(),
        killed.to_str().unwrap(),
    );
    let (code, _, err) = boardlab(&spsa_args(p, w, &[]));
    assert_eq!(code, 0, "{err}");
    let (code, _, err) = boardlab(&spsa_args(p, s, &["--stop-after", "2"]));
    assert_eq!(code, 0, "{err}");
    assert_eq!(state_of(&stopped).done, 2);
    let (code, _, err) = boardlab(&spsa_args(p, s, &[]));
    assert_eq!(code, 0, "{err}");
    // Killed while iteration 2's games are being played: its recorded games are kept.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(spsa_args(p, k, &["--keep-games"]))
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let games = killed.join("iter-00003").join("games.jsonl");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while std::fs::read_to_string(&games).map_or(true, |t| t.lines().count() < 1) {
        assert!(
            std::time::Instant::now() < deadline,
            "no game of iteration 3"
        );
        if child.try_wait().unwrap().is_some() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    let _ = child.kill();
    let _ = child.wait();
    let at_kill = state_of(&killed).done;
    if at_kill == 6 {
        eprintln!("note: the run ended before the kill landed; the resume below is a no-op");
    }
    let (code, _, err) = boardlab(&spsa_args(p, k, &["--keep-games"]));
    assert_eq!(code, 0, "{err}");
    let (a, b, c) = (state_of(&whole), state_of(&stopped), state_of(&killed));
    assert_eq!(a.done, 6);
    assert_eq!(a, b, "stopped and resumed");
    assert_eq!(a, c, "killed and resumed");
    assert!(a.log.iter().all(|l| l.wins + l.draws + l.losses == 4));
    for f in ["trace.csv", "trace.svg", "final.toml", "state.json"] {
        assert!(whole.join(f).exists(), "{f}");
    }
    // Another run's settings in the same directory are refused.
    let params2 = dir.join("params2.txt");
    std::fs::write(
        &params2,
        SPSA_PARAMS.replace("corners, float, 10", "corners, float, 11"),
    )
    .unwrap();
    let (code, _, err) = boardlab(&spsa_args(params2.to_str().unwrap(), w, &[]));
    assert_ne!(code, 0);
    assert!(err.contains("other settings"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small Othello tournament, extracted, read back, labelled exactly near the end, and tuned.
/// `games` games of `a` against `b` at `depth` from 6-ply random openings, into `dir/games`.
fn play(dir: &Path, a: &str, b: &str, games: usize, depth: u32) -> PathBuf {
    let out = dir.join("games");
    let (games, depth) = (games.to_string(), depth.to_string());
    let (code, _, err) = boardlab(&[
        "match",
        a,
        b,
        "--games",
        &games,
        "--depth",
        &depth,
        "--random-openings",
        "6",
        "--out",
        out.to_str().unwrap(),
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    out
}

/// `tune extract` of the games in `games` into `file`, with `extra` options; its output.
fn extract(games: &Path, file: &Path, extra: &[&str]) -> String {
    let mut args = vec![
        "tune",
        "extract",
        "--games",
        games.to_str().unwrap(),
        "--out",
        file.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let (code, out, err) = boardlab(&args);
    assert_eq!(code, 0, "{err}");
    out
}

#[test]
fn extract_and_texel_from_the_command_line() {
    let dir = temp("extract");
    let t = play(
        &dir,
        "engines/othello/ab-d4.toml",
        "engines/othello/greedy.toml",
        12,
        1,
    );
    let file = dir.join("pos.txt");
    let out = extract(&t, &file, &["--skip", "4"]);
    assert!(out.contains("positions from 12 games"), "{out}");
    let text = std::fs::read_to_string(&file).unwrap();
    let (_, pos) = positions::read::<Othello>(&text).unwrap();
    assert!(pos.len() > 300, "{}", pos.len());
    // Every label is the game's result for the side to move; dedupe left no repeat.
    let mut hashes = std::collections::HashSet::new();
    for p in &pos {
        assert!([0.0, 0.5, 1.0].contains(&p.label) || (0.0..=1.0).contains(&p.label));
        assert!(hashes.insert(p.state.hash()));
    }
    // Exact labels at 8 empties or fewer: the solver's result of perfect play.
    let exact = dir.join("exact.toml");
    std::fs::write(
        &exact,
        "name = \"x\"\ngame = \"othello\"\nbackend = \"exact\"\n[params]\nmax_empties = 8\n",
    )
    .unwrap();
    let file2 = dir.join("pos-exact.txt");
    let (code, out, err) = boardlab(&[
        "tune",
        "extract",
        "--games",
        t.to_str().unwrap(),
        "--exact",
        exact.to_str().unwrap(),
        "--out",
        file2.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.contains(" 0 labelled exactly"), "{out}");
    let (_, pos2) = positions::read::<Othello>(&std::fs::read_to_string(&file2).unwrap()).unwrap();
    let agent_spec = boardlab::engine_file::EngineSpec::load(&exact).unwrap();
    let mut agent = boardlab::arena::referee::make_agent::<Othello>(&agent_spec, 0).unwrap();
    let mut checked = 0;
    for p in pos2
        .iter()
        .filter(|p| p.state.empties().count_ones() <= 6)
        .take(20)
    {
        let r = agent.choose(&p.state, &Default::default()).unwrap();
        let want = if r.score > 0.0 {
            1.0
        } else if r.score < 0.0 {
            0.0
        } else {
            0.5
        };
        assert_eq!(p.label, want, "{}", p.state.format_position());
        checked += 1;
    }
    assert!(checked > 0);
    // Texel on them writes its engine file, log and chart; the engine file plays.
    let run = dir.join("run");
    let engine = dir.join("tuned.toml");
    let (code, out, err) = boardlab(&[
        "tune",
        "texel",
        "--positions",
        file.to_str().unwrap(),
        "--engine",
        "engines/othello/ab-d4.toml",
        "--epochs",
        "50",
        "--out",
        run.to_str().unwrap(),
        "--engine-out",
        engine.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("| corners |"), "{out}");
    for f in ["weights.toml", "log.csv", "loss.svg", "summary.md"] {
        assert!(run.join(f).exists(), "{f}");
    }
    let (code, _, err) = boardlab(&[
        "search",
        "--game",
        "othello",
        "--engine",
        engine.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn bad_position_files_are_errors_naming_the_line() {
    assert!(positions::read::<Othello>("hello\n").is_err());
    let start = Othello::new(&Default::default()).format_position();
    let good = format!(
        "{}\n# game othello\n# rules\n1\t{start}\n",
        positions::MAGIC
    );
    assert_eq!(positions::read::<Othello>(&good).unwrap().1.len(), 1);
    for (bad, line) in [
        (format!("{good}2\t{start}\n"), "line 5"),
        (format!("{good}0.5 {start}\n"), "line 5"),
        (format!("{good}0.5\tnot a board\n"), "line 5"),
        (format!("{good}nan\t{start}\n"), "line 5"),
    ] {
        let e = positions::read::<Othello>(&bad).unwrap_err();
        assert!(e.contains(line), "{e}");
    }
    let other = good.replace("# game othello", "# game draughts");
    assert!(positions::read::<Othello>(&other)
        .unwrap_err()
        .contains("draughts"));
}

/// `tune draughts-patterns` from a position file: the evaluator file reads back, an engine
/// names it and plays; a position file of another game and bad options are errors that say so.
#[test]
fn draughts_patterns_from_the_command_line() {
    let dir = temp("draughts-patterns");
    let games = play(
        &dir,
        "engines/draughts/ab.toml",
        "engines/draughts/greedy.toml",
        20,
        2,
    );
    let file = dir.join("pos.txt");
    extract(&games, &file, &[]);
    let run = dir.join("run");
    let model = dir.join("model.dpat");
    let fit = |extra: &[&str]| {
        let mut args = vec![
            "tune",
            "draughts-patterns",
            "--positions",
            file.to_str().unwrap(),
            "--engine",
            "engines/draughts/ab-plain.toml",
            "--out",
            run.to_str().unwrap(),
            "--epochs",
            "40",
            "--min-count",
            "3",
        ];
        args.extend_from_slice(extra);
        boardlab(&args)
    };
    let (code, out, err) = fit(&[
        "--fix",
        "men,kings,mobility",
        "--evaluator-out",
        model.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("| men | 100 | 100.000 |"),
        "fixed weights stay: {out}"
    );
    for f in ["log.csv", "loss.svg", "summary.md"] {
        assert!(run.join(f).exists(), "{f}");
    }
    let bytes = std::fs::read(&model).unwrap();
    let names = <boardlab::games::draughts::Draughts as Evaluate>::feature_names();
    let m =
        boardlab::games::draughts::patterns::PatternModel::from_bytes(&bytes, 10, names).unwrap();
    assert!(
        m.table.iter().any(|w| *w != 0.0),
        "no table weight was fitted"
    );
    let engine = dir.join("pat.toml");
    std::fs::write(
        &engine,
        format!(
            "name = \"pat\"\ngame = \"draughts\"\nbackend = \"alphabeta\"\nevaluator = {:?}\n",
            model.to_str().unwrap()
        ),
    )
    .unwrap();
    let (code, out, err) = boardlab(&[
        "search",
        "--game",
        "draughts",
        "--engine",
        engine.to_str().unwrap(),
        "--depth",
        "4",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.trim().is_empty());
    // Wrong inputs: an Othello position file, a validation share out of range.
    let oth = dir.join("othello.txt");
    std::fs::write(
        &oth,
        "# boardlab positions v1\n# game othello\n# rules \n# label result\n",
    )
    .unwrap();
    let (code, _, err) = boardlab(&[
        "tune",
        "draughts-patterns",
        "--positions",
        oth.to_str().unwrap(),
        "--engine",
        "engines/othello/ab-d4.toml",
        "--out",
        run.to_str().unwrap(),
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("othello"), "{err}");
    let (code, _, err) = fit(&["--valid", "1.5"]);
    assert_ne!(code, 0);
    assert!(err.contains("--valid 1.5"), "{err}");
    // An engine file naming a broken model is refused before any search, naming the file.
    std::fs::write(&model, b"# boardlab draughts patterns v1\nboard 8\n").unwrap();
    let (code, _, err) = boardlab(&[
        "search",
        "--game",
        "draughts",
        "--engine",
        engine.to_str().unwrap(),
        "--depth",
        "2",
    ]);
    assert_ne!(code, 0);
    assert!(err.contains("model.dpat") && err.contains("8x8"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
