//! TD(lambda) training of the backgammon network (`boardlab tune td`, src/tune/td.rs) and the
//! network evaluator it trains (src/eval/network.rs): the gradient against finite differences
//! on backgammon's own inputs, a killed run resumed ending with the same bits as a run never
//! stopped, and bad weights files refused with an error naming the file.

use std::path::{Path, PathBuf};

use boardlab::engine_file::EngineSpec;
use boardlab::eval::network::{Network, Shape};
use boardlab::games::backgammon::board::START;
use boardlab::games::backgammon::network::{self as bgnet, INPUTS, OUTPUTS};
use boardlab::games::backgammon::Backgammon;
use boardlab::tune::td::{self, Rng, TdConfig, TdRun};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("boardlab-td-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn small_net(hidden: usize, seed: u64) -> Network {
    let mut rng = Rng(seed);
    let shape = Shape {
        inputs: INPUTS,
        hidden,
        outputs: OUTPUTS,
    };
    Network::random(shape, bgnet::ENCODING, 0.5, || rng.unit())
}

#[test]
fn the_network_gradient_equals_finite_differences_on_backgammon_inputs() {
    let net = small_net(5, 3);
    let mut me = START;
    me[6] -= 2;
    me[5] += 1;
    me[25] += 1; // one on the bar
    let mut x = [0.0; INPUTS];
    bgnet::encode(&me, &START, 1, &mut x);
    let mut grads = vec![Vec::new(); OUTPUTS];
    net.view().gradients(&x, &mut grads);
    let h = 1e-6;
    let mut worst = 0.0f64;
    let mut nonzero = 0;
    for p in 0..net.params.len() {
        let (mut up, mut down) = (net.clone(), net.clone());
        up.params[p] += h;
        down.params[p] -= h;
        let (mut yu, mut yd) = ([0.0; OUTPUTS], [0.0; OUTPUTS]);
        up.view().forward(&x, &mut yu);
        down.view().forward(&x, &mut yd);
        for k in 0..OUTPUTS {
            let numeric = (yu[k] - yd[k]) / (2.0 * h);
            worst = worst.max((numeric - grads[k][p]).abs());
            nonzero += (grads[k][p].abs() > 1e-6) as usize;
        }
    }
    assert!(worst < 1e-8, "largest difference {worst}");
    assert!(nonzero > 100, "{nonzero} non-zero gradient entries");
}

fn config(games: u64) -> TdConfig {
    TdConfig {
        games,
        lambda: 0.7,
        alpha: 0.1,
        hidden: 6,
        seed: 9,
        init: 0.1,
        checkpoint_every: 2,
        check_every: 4,
        check_games: 4,
    }
}

fn run(cfg: &TdConfig, out: &Path, resume: bool, stop_after: Option<u64>) -> td::TdState {
    td::run(
        cfg,
        TdRun {
            out,
            resume,
            stop_after,
            comments: vec!["test".into()],
            progress: None,
            progress_secs: 1.0,
        },
    )
    .unwrap()
}

fn read(p: PathBuf) -> String {
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

#[test]
fn a_killed_run_resumed_ends_with_the_bits_of_an_unbroken_one() {
    let cfg = config(8);
    let whole = scratch("whole");
    let end = run(&cfg, &whole, false, None);
    assert_eq!(end.games, 8);

    let broken = scratch("broken");
    // Stopped after the first checkpoint (2 games), as a kill just after it would leave it.
    let mid = run(&cfg, &broken, false, Some(1));
    assert_eq!(mid.games, 2);
    assert!(!td::network_path(&broken).exists());
    // What a kill during the next games or a checkpoint can leave besides: a log row past the
    // state and a half-written temporary file. Both must be ignored.
    let mut log = read(td::log_path(&broken));
    log.push_str("3,50.00,0.10000,,\n");
    std::fs::write(td::log_path(&broken), log).unwrap();
    std::fs::write(
        broken.join("state.txt.tmp"),
        "boardlab-td-state 1\nconfig half",
    )
    .unwrap();
    // Without --resume the run is refused, not overwritten.
    let refused = td::run(
        &cfg,
        TdRun {
            out: &broken,
            resume: false,
            stop_after: None,
            comments: vec![],
            progress: None,
            progress_secs: 1.0,
        },
    );
    assert!(refused.unwrap_err().contains("--resume"));
    // A resume with other options is refused.
    let mut other = cfg.clone();
    other.alpha = 0.2;
    let e = td::run(
        &other,
        TdRun {
            out: &broken,
            resume: true,
            stop_after: None,
            comments: vec![],
            progress: None,
            progress_secs: 1.0,
        },
    )
    .unwrap_err();
    assert!(e.contains("another run"), "{e}");
    // Resumed twice more (a second kill after the next checkpoint), then to the end.
    assert_eq!(run(&cfg, &broken, true, Some(1)).games, 4);
    let resumed = run(&cfg, &broken, true, None);
    assert_eq!(resumed, end, "the resumed run's state differs");
    for f in [td::state_path, td::log_path, td::network_path] {
        assert_eq!(read(f(&broken)), read(f(&whole)));
    }
    // The log has one row a checkpoint, with the check against the handcrafted evaluator at 4
    // and 8 games.
    let log = read(td::log_path(&whole));
    let rows: Vec<&str> = log.lines().skip(1).collect();
    assert_eq!(rows.len(), 4, "{log}");
    assert!(
        rows[1].starts_with("4,") && !rows[1].ends_with(",,"),
        "{log}"
    );
    // A finished run can be extended: more games go on from where it stopped.
    let longer = run(&config(10), &whole, true, None);
    assert_eq!(longer.games, 10);
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&broken);
}

fn engine_with(dir: &Path, net_file: &Path) -> Result<Vec<f64>, String> {
    let text = format!(
        "name = \"td\"\ngame = \"backgammon\"\nbackend = \"expectimax\"\nevaluator = {:?}\n\
         [limits]\ndepth = 1\n",
        net_file.display().to_string()
    );
    let _ = dir;
    let spec = EngineSpec::from_toml(&text)?;
    spec.weights_for::<Backgammon>()
}

#[test]
fn bad_weights_files_are_refused_naming_the_file() {
    let dir = scratch("bad");
    let good = small_net(4, 1);
    let text = good.to_text();
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            "header.net",
            b"boardlab-network 2\n".to_vec(),
            "not a boardlab network file",
        ),
        (
            "truncated.net",
            text.as_bytes()[..text.len() / 2].to_vec(),
            "truncated",
        ),
        ("binary.net", vec![0xff, 0xfe, 0x00, 0x81], "not text"),
        ("empty.net", Vec::new(), "not a boardlab network file"),
        (
            "othergame.net",
            text.replace(bgnet::ENCODING, "othello-patterns")
                .into_bytes(),
            "backgammon reads",
        ),
    ];
    for (name, bytes, why) in cases {
        let path = dir.join(name);
        std::fs::write(&path, bytes).unwrap();
        let e = engine_with(&dir, &path).unwrap_err();
        assert!(e.contains(why), "{name}: {e}");
        assert!(e.contains(&path.display().to_string()), "{name}: {e}");
        // And the back end refuses the engine rather than playing without its network.
        let spec = EngineSpec::from_toml(&format!(
            "name = \"td\"\ngame = \"backgammon\"\nbackend = \"expectimax\"\nevaluator = {:?}\n",
            path.display().to_string()
        ))
        .unwrap();
        assert!(boardlab::search::build_agent::<Backgammon>(&spec, 0).is_err());
    }
    let missing = dir.join("missing.net");
    let e = engine_with(&dir, &missing).unwrap_err();
    assert!(
        e.contains("cannot read") && e.contains("missing.net"),
        "{e}"
    );
    // A good file loads and plays.
    let path = dir.join("good.net");
    good.save(&path).unwrap();
    let w = engine_with(&dir, &path).unwrap();
    assert_eq!(w, good.to_vector());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The committed network loads through its engine file, plays, and has learnt something: a
/// race far ahead is nearly won, the start is near even.
#[test]
fn the_committed_network_plays_and_knows_a_won_race() {
    use boardlab::game::Game;
    let spec = EngineSpec::load(Path::new("engines/backgammon/td.toml")).unwrap();
    let mut agent = boardlab::search::build_agent::<Backgammon>(&spec, 0).unwrap();
    let rules = boardlab::games::backgammon::BgRules::cubeless();
    let s = Backgammon::parse_position(
        &rules,
        "O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:31 cube=1 money",
    )
    .unwrap();
    let mv = agent.choose(&s, &spec.limits).unwrap().best;
    assert!(s.is_legal(mv));
    // The opening 3-1 is made as every strong player makes it: the 5 point (8/5 6/5).
    assert_eq!(s.format_move(mv), "8/5,6/5");
    let net = bgnet::load(Path::new("engines/backgammon/td-h80.net")).unwrap();
    let mut me = [0u8; 26];
    me[1] = 5;
    me[2] = 5;
    me[0] = 5;
    let mut opp = [0u8; 26];
    opp[6] = 15;
    let p = bgnet::network_probs(&net.view(), &me, &opp, 0);
    assert!(p.win > 0.9, "{p:?}");
    let q = bgnet::network_probs(&net.view(), &START, &START, 0);
    assert!((0.4..0.7).contains(&q.win), "{q:?}");
}
