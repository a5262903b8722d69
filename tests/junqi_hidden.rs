//! No engine can read hidden ranks.
//!
//! - By type: Junqi engines are `ObservingAgent`s, handed a `JunqiObservation`, which has no
//!   enemy kinds; states that differ only in what a seat cannot see give that seat the same
//!   observation, so any engine (a function of it) plays the same there.
//! - The arena hands engines observations only: a spy engine played through the referee
//!   records what it is given, which is exactly its seat's observation every time.
//! - The line protocol's referee mode: two external programs play a match through
//!   `boardlab match`, each sent only `observation` lines for its own seat.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use boardlab::agent::{Agent, AgentError, Limits, ObservationOnly, ObservingAgent, SearchReport};
use boardlab::arena::manifest::Manifest;
use boardlab::arena::openings::random_openings;
use boardlab::arena::referee::play_game_with;
use boardlab::engine_file::EngineSpec;
use boardlab::eval::hidden::HiddenGame;
use boardlab::game::{Game, ImperfectInformation, MoveList, PlayerId};
use boardlab::games::junqi::{Junqi, JunqiMove, JunqiObservation, JunqiRules};

fn spec(text: &str) -> EngineSpec {
    EngineSpec::from_toml(text).unwrap()
}

/// A position some way into a random game, with both sides set up by the library.
fn midgame(seed: u64, plies: usize) -> Junqi {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut s = Junqi::new(&JunqiRules::default());
    while !s.is_terminal() && s.history().len() < 50 + plies {
        let mut moves = MoveList::new();
        s.legal_moves(&mut moves);
        s.play(moves[rng.gen_range(0..moves.len())]);
    }
    s
}

#[test]
fn states_that_differ_only_in_hidden_kinds_look_the_same_and_get_the_same_move() {
    let ismcts = "name = \"i\"\ngame = \"junqi\"\nbackend = \"ismcts\"\n[limits]\nplayouts = 200\n";
    let greedy = "name = \"g\"\ngame = \"junqi\"\nbackend = \"greedy\"\n";
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut checked = 0;
    for seed in 0..12 {
        let truth = midgame(seed, 40 + 7 * seed as usize);
        let Some(me) = truth.current_player() else {
            continue;
        };
        // Another world: the enemy's kinds re-dealt consistently with what `me` saw.
        let other = truth.resample_for(me, &mut rng);
        let enemy = 1 - me;
        let kinds = |s: &Junqi| -> Vec<_> { s.pieces(enemy).iter().map(|p| p.kind).collect() };
        if kinds(&other) == kinds(&truth) {
            continue;
        }
        assert_eq!(truth.observe(me), other.observe(me));
        for text in [ismcts, greedy] {
            let play = |s: &Junqi| {
                let mut a: Box<dyn Agent<Junqi>> = Box::new(ObservationOnly(
                    Junqi::observing_agent(&spec(text), 3).unwrap(),
                ));
                a.choose(s, &Limits::default()).unwrap()
            };
            let (a, b) = (play(&truth), play(&other));
            assert_eq!((a.best, a.nodes), (b.best, b.nodes), "seed {seed}");
        }
        checked += 1;
    }
    assert!(checked >= 8, "{checked} positions checked");
}

/// Records every observation it is handed, plays randomly.
struct Spy {
    seen: Arc<Mutex<Vec<JunqiObservation>>>,
    rng: ChaCha8Rng,
}

impl ObservingAgent<Junqi> for Spy {
    fn name(&self) -> String {
        "spy".into()
    }
    fn choose(
        &mut self,
        obs: &JunqiObservation,
        _limits: &Limits,
    ) -> Result<SearchReport<JunqiMove>, AgentError> {
        self.seen.lock().unwrap().push(obs.clone());
        let mut moves = MoveList::new();
        Junqi::observed_legal_moves(obs, &mut moves);
        let best = moves[self.rng.gen_range(0..moves.len())];
        Ok(SearchReport {
            best,
            score: 0.0,
            depth: 0,
            nodes: 0,
            ms: 0,
            pv: vec![best],
        })
    }
}

#[test]
fn the_referee_hands_engines_only_their_observation() {
    let engines = vec![
        spec("name = \"spy0\"\ngame = \"junqi\"\nbackend = \"random\""),
        spec("name = \"spy1\"\ngame = \"junqi\"\nbackend = \"random\""),
    ];
    let m = Manifest {
        game: "junqi".into(),
        rules: String::new(),
        engines,
        format: boardlab::arena::schedule::Format::RoundRobin,
        games_per_encounter: 2,
        opening_source: "none".into(),
        openings: random_openings::<Junqi>(&JunqiRules::default(), 0, 1, 1),
        seed: 4,
        max_plies: 1000,
        time_control: None,
        time_margin_ms: 50,
        sprt: None,
        shard: None,
        players: 2,
        match_format: None,
        move_ceiling_ms: boardlab::arena::manifest::DEFAULT_MOVE_CEILING_MS,
        adjudication: Default::default(),
    };
    let seen: [Arc<Mutex<Vec<JunqiObservation>>>; 2] = Default::default();
    let factory = |e: &EngineSpec, seed: u64| -> Result<Box<dyn Agent<Junqi>>, String> {
        let seat = if e.name == "spy0" { 0 } else { 1 };
        Ok(Box::new(ObservationOnly(Box::new(Spy {
            seen: seen[seat].clone(),
            rng: ChaCha8Rng::seed_from_u64(seed),
        }))))
    };
    for g in m.schedule().games.iter().take(2) {
        for s in &seen {
            s.lock().unwrap().clear();
        }
        let rec = play_game_with::<Junqi>(&m, g, &factory);
        assert!(rec.fault.is_none(), "{}", rec.game.reason);
        // Replay the record: before each move, the engine that made it was handed exactly its
        // seat's observation.
        let mut state = Junqi::parse_position(&JunqiRules::default(), &rec.game.start).unwrap();
        let mut asked = [0usize; 2];
        for mv in &rec.game.moves {
            let seat = state.current_player().unwrap();
            let engine = rec.seats[seat];
            let got = &seen[engine].lock().unwrap()[asked[engine]];
            asked[engine] += 1;
            assert_eq!(*got, state.observe(seat));
            let text = Junqi::format_observation(got);
            // Its text holds no enemy kind: enemy placements are `?`.
            let enemy_letters = text
                .split_whitespace()
                .filter(|t| t.contains('='))
                .filter(|t| {
                    let point =
                        boardlab::games::junqi::board::parse_point(t.split('=').next().unwrap());
                    point.is_ok_and(|p| boardlab::games::junqi::board::half_of(p) != seat)
                })
                .any(|t| !t.ends_with("=?"));
            assert!(!enemy_letters, "{text}");
            state.play_text(mv).unwrap();
        }
        assert_eq!(asked.iter().sum::<usize>(), rec.game.moves.len());
    }
}

#[test]
fn back_ends_that_would_read_the_state_are_refused() {
    for backend in ["mcts", "alphabeta", "expectimax"] {
        let e = spec(&format!(
            "name = \"x\"\ngame = \"junqi\"\nbackend = \"{backend}\""
        ));
        let err = boardlab::arena::referee::make_agent::<Junqi>(&e, 1)
            .err()
            .unwrap_or_default();
        assert!(err.contains("hides information"), "{backend}: {err}");
    }
}

fn write_external(dir: &Path, name: &str, inner: &str) -> std::path::PathBuf {
    let bin = env!("CARGO_BIN_EXE_boardlab");
    let root = env!("CARGO_MANIFEST_DIR");
    let path = dir.join(format!("{name}.toml"));
    std::fs::write(
        &path,
        format!(
            "name = \"{name}\"\ngame = \"junqi\"\nbackend = \"external\"\nprotocol = \"line\"\n\
             command = [{bin:?}, \"serve\", \"--protocol\", \"line\", \"--game\", \"junqi\", \
             \"--engine\", {:?}]\n",
            format!("{root}/engines/junqi/{inner}.toml")
        ),
    )
    .unwrap();
    path
}

#[test]
fn two_programs_play_through_the_referee_each_seeing_its_own_view() {
    let dir = std::env::temp_dir().join(format!("junqi-referee-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let a = write_external(&dir, "ext-greedy", "greedy");
    let b = write_external(&dir, "ext-random", "random");
    let out = dir.join("out");
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["match"])
        .args([&a, &b])
        .args([
            "--games",
            "2",
            "--random-openings",
            "0",
            "--seed",
            "3",
            "--quiet",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        status.status.success(),
        "{}",
        String::from_utf8_lossy(&status.stderr)
    );
    let games = std::fs::read_to_string(out.join("games.jsonl")).unwrap();
    assert_eq!(games.lines().count(), 2);
    for line in games.lines() {
        let g: serde_json::Value = serde_json::from_str(line).unwrap();
        assert!(g["fault"].is_null(), "{line}");
        assert_eq!(g["reason"], "terminal", "{line}");
        // The record replays (every move was legal for the referee).
        let rec: boardlab::game::GameRecord =
            serde_json::from_value(g.clone()).unwrap_or_else(|_| boardlab::game::GameRecord {
                game: g["game"].as_str().unwrap().into(),
                rules: g["rules"].as_str().unwrap().into(),
                start: g["start"].as_str().unwrap().into(),
                moves: g["moves"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|m| m.as_str().unwrap().to_string())
                    .collect(),
                returns: vec![],
                reason: String::new(),
            });
        rec.replay::<Junqi>().unwrap();
    }
    std::fs::remove_dir_all(&dir).unwrap();
    let _: Option<PlayerId> = None;
}
