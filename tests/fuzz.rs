//! Fuzzing every parser and protocol server with nasty input: the committed corpus
//! (`tests/data/fuzz/`: NULs, control characters, huge numbers, deep nesting, bytes that are not
//! UTF-8), inputs too big to commit (a 1.2 MB line, a 5 MB position, 100,000 nested brackets),
//! and proptest's random strings. Over every game in `games::GAME_IDS` (through `with_game!`, so a
//! game registered later is fuzzed with no edit here): `parse_position`, `parse_move` on several
//! positions, and `RuleSet::parse`; and over every protocol server's line handler through
//! `protocol::session::serve` (the `SERVERS` list below). Every call must return without a panic,
//! within a time bound, with error text of bounded length.

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use boardlab::agent::{Agent, Limits};
use boardlab::eval::Evaluate;
use boardlab::game::playout::random_walk;
use boardlab::game::{Game, RuleSet};
use boardlab::games::GAME_IDS;
use boardlab::search::baselines::RandomAgent;
use boardlab::with_game;
use proptest::prelude::*;
use rand::SeedableRng;

/// The longest an error message may be (`game::error::quote` cuts quoted input to 60 chars).
const MAX_ERROR_BYTES: usize = 1000;
/// The longest one parser call may take, even on a 5 MB input (release mode takes well under
/// a tenth of this; the bound catches hangs and quadratic blow-ups, not speed).
const MAX_CALL: Duration = Duration::from_secs(3);

fn corpus_lines() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let text = std::fs::read(dir.join("lines.txt")).expect("tests/data/fuzz/lines.txt");
    let bytes = std::fs::read(dir.join("bytes.bin")).expect("tests/data/fuzz/bytes.bin");
    let mut lines: Vec<String> = String::from_utf8(text)
        .expect("lines.txt is UTF-8")
        .lines()
        .map(str::to_string)
        .collect();
    // Parsers take text: bytes that are not UTF-8 reach them as replacement characters.
    lines.extend(
        bytes
            .split(|&b| b == b'\n')
            .map(|l| String::from_utf8_lossy(l).into_owned()),
    );
    lines.push("-".repeat(1_200_000) + " X");
    lines.push("W:W".to_string() + &"1,".repeat(2_500_000) + ":B2");
    lines.push("(".repeat(100_000));
    lines.push("9".repeat(100_000));
    lines
}

/// Runs `f`, failing the test (with `what` and the input) on a panic, a slow return, or an error
/// message longer than `MAX_ERROR_BYTES`.
fn guarded<T, E: std::fmt::Display>(what: &str, input: &str, f: impl FnOnce() -> Result<T, E>) {
    let started = Instant::now();
    let result = catch_unwind(AssertUnwindSafe(f));
    let took = started.elapsed();
    let shown: String = input.chars().take(80).collect();
    match result {
        Err(_) => panic!("{what} panicked on {shown:?} ({} bytes)", input.len()),
        Ok(Err(e)) => {
            let msg = e.to_string();
            assert!(
                msg.len() <= MAX_ERROR_BYTES,
                "{what}: a {}-byte error on {shown:?}: {}",
                msg.len(),
                msg.chars().take(200).collect::<String>()
            );
        }
        Ok(Ok(_)) => {}
    }
    assert!(
        took <= MAX_CALL,
        "{what} took {took:?} on {shown:?} ({} bytes)",
        input.len()
    );
}

/// Positions to parse moves in: the start, and random games stopped after a few plies and
/// after many (chance nodes and game ends included where the game has them).
fn positions<G: Game>() -> Vec<G> {
    let start = G::new(&G::Rules::default());
    let mut out = vec![start.clone()];
    for (seed, plies) in [(1u64, 3usize), (2, 12), (3, 40), (4, 400)] {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let mut n = 0;
        out.push(random_walk(start.clone(), &mut rng, |_| {
            n += 1;
            n > plies
        }));
    }
    out
}

fn fuzz_parsers<G: Game>(inputs: &[String]) {
    let positions = positions::<G>();
    let rules = G::Rules::default();
    for text in inputs {
        guarded(&format!("{} parse_position", G::ID), text, || {
            G::parse_position(&rules, text)
        });
        guarded(&format!("{} RuleSet::parse", G::ID), text, || {
            G::Rules::parse(text)
        });
        // Moves are short: the big inputs go to one position only (they are refused at once).
        let at = if text.len() > 10_000 {
            &positions[..1]
        } else {
            &positions[..]
        };
        for p in at {
            guarded(&format!("{} parse_move", G::ID), text, || {
                p.parse_move(text)
            });
            guarded(&format!("{} play_text", G::ID), text, || {
                p.clone().play_text(text)
            });
        }
    }
}

#[test]
fn every_game_parser_survives_the_corpus() {
    let inputs = corpus_lines();
    for id in GAME_IDS {
        with_game!(*id, |G| fuzz_parsers::<G>(&inputs)).expect("a registered game");
    }
}

/// A protocol server as a function of (game id, input bytes) to its output bytes, through
/// `protocol::session::serve`; `None` when the protocol does not speak that game.
type Server = fn(&str, &[u8]) -> Option<Vec<u8>>;

/// Every protocol server. A new protocol adds ONE line here (its name and a function that
/// builds its `Session` for a game id, with a random agent, and runs `session::serve`).
const SERVERS: &[(&str, Server)] = &[
    ("line", line_server),
    ("hub", hub_server),
    ("xboard", xboard_server),
    ("gnubg", gnubg_server),
    ("referee", referee_server),
    ("gtp", gtp_server),
    ("nboard", nboard_server),
];

fn random_agent<G: Evaluate>() -> Box<dyn Agent<G>> {
    Box::new(RandomAgent::new("random", 7))
}

fn line_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    fn run<G: Evaluate>(input: &[u8]) -> Vec<u8> {
        use boardlab::protocol::line::{serve, LineServer};
        let mut out = Vec::new();
        serve(
            LineServer::<G>::new(random_agent(), Limits::default()),
            input,
            &mut out,
        )
        .expect("writing to memory");
        out
    }
    with_game!(game, |G| run::<G>(input)).ok()
}

fn hub_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::draughts::Draughts;
    use boardlab::protocol::hub::{serve, HubServer};
    if game != "draughts" {
        return None;
    }
    let mut server = HubServer::<Draughts>::new(random_agent(), Limits::default());
    let mut out = Vec::new();
    serve(&mut server, input, &mut out).expect("writing to memory");
    Some(out)
}

fn xboard_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::washogi::WaShogi;
    use boardlab::protocol::xboard::{serve, XBoardServer};
    if game != "washogi" {
        return None;
    }
    let mut out = Vec::new();
    serve(
        XBoardServer::<WaShogi>::new(random_agent(), Limits::default()),
        input,
        &mut out,
    )
    .expect("writing to memory");
    Some(out)
}

/// The line protocol's referee mode (hidden-information games: `observation <text>`).
fn referee_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::junqi::Junqi;
    use boardlab::protocol::referee::{serve, ObserverServer};
    if game != "junqi" {
        return None;
    }
    let agent = Box::new(RandomAgent::new("random", 7));
    let mut out = Vec::new();
    serve(
        ObserverServer::<Junqi>::new(agent, Limits::default()),
        input,
        &mut out,
    )
    .expect("writing to memory");
    Some(out)
}

/// GNU Backgammon's external-player protocol (boardlab as the player); backgammon only.
fn gnubg_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::backgammon::BgRules;
    use boardlab::protocol::gnubg::GnubgSession;
    use boardlab::protocol::session::serve;
    if game != "backgammon" {
        return None;
    }
    let mut session = GnubgSession::new(BgRules::default(), random_agent(), Limits::default());
    let mut out = Vec::new();
    serve(&mut session, input, &mut out).expect("writing to memory");
    Some(out)
}

fn gtp_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::nogo::{NoGo, NoGoRules};
    use boardlab::protocol::gtp::{serve, GtpServer};
    if game != "nogo" {
        return None;
    }
    let server = GtpServer::<NoGo>::new(NoGoRules::default(), random_agent(), Limits::default());
    let mut out = Vec::new();
    serve(server, input, &mut out).expect("writing to memory");
    Some(out)
}

/// The NBoard protocol (Othello GUIs); othello only.
fn nboard_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::games::othello::OthelloRules;
    use boardlab::protocol::nboard::NBoardServer;
    use boardlab::protocol::session::serve;
    if game != "othello" {
        return None;
    }
    let mut server = NBoardServer::new(OthelloRules::default(), random_agent(), Limits::default());
    let mut out = Vec::new();
    serve(&mut server, input, &mut out).expect("writing to memory");
    Some(out)
}

/// The session input: every corpus line, each also after the protocols' own verbs, and the
/// raw non-UTF-8 lines, then an over-long line; `quit` never comes (the input just ends).
fn session_input(lines: &[String]) -> Vec<u8> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut input = Vec::new();
    for l in lines
        .iter()
        .filter(|l| l.len() < 10_000 && !l.contains("quit"))
    {
        for verb in [
            "",
            "position ",
            "moves ",
            "rules ",
            "go ",
            "pos pos=",
            "level ",
            "go think ",
            "usermove ",
            "setboard ",
            "variant ",
            "board:a:b:7:0:0:",
            "observation ",
            "play b ",
            "set game ",
            "move ",
        ] {
            input.extend_from_slice(verb.as_bytes());
            input.extend_from_slice(l.as_bytes());
            input.push(b'\n');
        }
    }
    input.extend(std::fs::read(dir.join("bytes.bin")).expect("bytes.bin"));
    input.extend(std::iter::repeat(b'x').take(1_200_000));
    input.extend_from_slice(b"\nisready\nping\n");
    input
}

#[test]
fn every_protocol_server_survives_the_corpus() {
    let input = session_input(&corpus_lines());
    let mut ran = 0;
    for (protocol, server) in SERVERS {
        for id in GAME_IDS {
            let started = Instant::now();
            let out = catch_unwind(AssertUnwindSafe(|| server(id, &input)))
                .unwrap_or_else(|_| panic!("{protocol} server for {id} panicked"));
            let Some(out) = out else { continue };
            ran += 1;
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{protocol} for {id}: {:?}",
                started.elapsed()
            );
            let text = String::from_utf8(out).expect("servers write UTF-8");
            for line in text.lines() {
                assert!(
                    line.len() <= MAX_ERROR_BYTES.max(4096),
                    "{protocol} for {id}: a {}-byte reply {:?}",
                    line.len(),
                    line.chars().take(200).collect::<String>()
                );
            }
            // The session went on to the end: the last lines answer `isready` / `ping` (GTP
            // ends every answer with a blank line and refuses both with `? unknown command`).
            let last = text.lines().filter(|l| !l.is_empty()).last().unwrap_or("");
            assert!(
                last == "readyok"
                    || last == "pong"
                    || last.starts_with("error")
                    || last.starts_with("Error: ")
                    || last.starts_with("? unknown command"),
                "{protocol} for {id} ended with {last:?}"
            );
        }
    }
    assert!(
        ran > GAME_IDS.len(),
        "every game's line server and the hub server ran"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    /// Random text, biased to the characters positions, moves and rules are made of.
    #[test]
    fn random_text_never_panics_any_parser(
        text in prop::collection::vec(
            prop_oneof![
                4 => prop::sample::select(
                    "-XO.xo wbWBeKk0123456789:,/=;abcdefghijrsp+x\"\u{0}".chars().collect::<Vec<_>>()
                ),
                1 => any::<char>(),
            ],
            0..120,
        ).prop_map(|cs| cs.into_iter().collect::<String>())
    ) {
        let inputs = vec![text];
        for id in GAME_IDS {
            with_game!(*id, |G| fuzz_parsers::<G>(&inputs)).expect("a registered game");
        }
    }
}
