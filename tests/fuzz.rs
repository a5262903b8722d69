//! Fuzzing every parser and protocol server with nasty input: the committed corpus
//! (`tests/data/fuzz/`: NULs, control characters, huge numbers, deep nesting, bytes that are not
//! UTF-8), inputs too big to commit (a 1.2 MB line, a 5 MB position, 100,000 nested brackets),
//! and proptest's random strings. Over every game in `games::GAME_IDS` (through `with_game!`, so a
//! game registered later is fuzzed with no edit here): `parse_position`, `parse_move` on several
//! positions, and `RuleSet::parse`; and over every protocol server's line handler through
//! `protocol::session::serve` (the `SERVERS` list below). Every call must return without a panic,
//! within a time bound, with error text of bounded length.
//!
//! Multi-byte text at every byte offset (issue 41: the NBoard server panicked on a character
//! that put byte 64 of a board inside it): every valid position, move and rule text of every
//! game, and every line of a valid session of every server, with a multi-byte character put in
//! at each byte offset and put in place of the character there. CI uses three characters (2, 3
//! and 4 bytes in UTF-8); `BOARDLAB_FUZZ_FULL=1` uses twelve and more positions and moves
//! (results/fuzz.md gives the counts of both).

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

use boardlab::agent::{Agent, Limits};
use boardlab::eval::GameKnowledge;
use boardlab::game::playout::random_walk;
use boardlab::game::{Game, ImperfectInformation, MoveList, RuleSet, Turn};
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
    ("gomocup", gomocup_server),
];

fn random_agent<G: GameKnowledge>() -> Box<dyn Agent<G>> {
    Box::new(RandomAgent::new("random", 7))
}

fn line_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    fn run<G: GameKnowledge>(input: &[u8]) -> Vec<u8> {
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

/// The Gomocup (piskvork) protocol; gomoku only.
fn gomocup_server(game: &str, input: &[u8]) -> Option<Vec<u8>> {
    use boardlab::protocol::gomocup::{serve, GomocupServer};
    if game != "gomoku" {
        return None;
    }
    let mut out = Vec::new();
    serve(
        GomocupServer::new(random_agent(), Limits::default()),
        input,
        &mut out,
    )
    .expect("writing to memory");
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

/// The session went on to the end: the last lines answer `isready` / `ping` (GTP ends every
/// answer with a blank line and refuses both with `? unknown command`, Gomocup with `UNKNOWN
/// command`, gnubg with `Error: `).
fn assert_ran_to_the_end(protocol: &str, id: &str, text: &str) {
    let last = text.lines().filter(|l| !l.is_empty()).last().unwrap_or("");
    assert!(
        last == "readyok"
            || last == "pong"
            || last.starts_with("error")
            || last.starts_with("Error: ")
            || last.starts_with("? unknown command")
            || last.starts_with("UNKNOWN command"),
        "{protocol} for {id} ended with {last:?}"
    );
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
            assert_ran_to_the_end(protocol, id, &text);
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

// ---------------------------------------------------------------------------------------------
// Multi-byte text at every byte offset of valid text (issue 41)
// ---------------------------------------------------------------------------------------------

/// The larger run (`BOARDLAB_FUZZ_FULL=1`): more characters, positions and moves.
fn full_run() -> bool {
    std::env::var("BOARDLAB_FUZZ_FULL").is_ok_and(|v| v == "1")
}

/// The characters put into valid text: UTF-8's 2-, 3- and 4-byte forms; the larger run adds a
/// combining accent, the replacement character, a zero-width space, a byte-order mark, a
/// full-width letter and digit, an Arabic-Indic digit, a dotless i and a sharp s (characters a
/// parser might take for a letter or digit, or whose case changes their length), and a
/// right-to-left mark.
fn multi_byte_chars() -> Vec<char> {
    let mut chars = vec!['é', '€', '😀'];
    if full_run() {
        chars.extend([
            '\u{301}', '\u{FFFD}', '\u{200B}', '\u{FEFF}', 'Ｘ', '１', '٣', 'ı', 'ß', '\u{200F}',
        ]);
    }
    chars
}

/// Every text one of `chars` makes of `valid`: put in at each byte offset, and put in place of
/// the character that starts there (which keeps the count of characters, as the NBoard panic
/// needed). Offsets inside a character of `valid` are skipped (no text has a character there).
fn multi_byte_variants(valid: &str, chars: &[char]) -> Vec<String> {
    let mut out = Vec::new();
    for at in 0..=valid.len() {
        if !valid.is_char_boundary(at) {
            continue;
        }
        let (head, tail) = valid.split_at(at);
        for &c in chars {
            out.push(format!("{head}{c}{tail}"));
            if let Some(replaced) = tail.chars().next() {
                out.push(format!("{head}{c}{}", &tail[replaced.len_utf8()..]));
            }
        }
    }
    out
}

/// The generator reaches the issue's input: the NBoard line with é at byte 64 of the board.
#[test]
fn multi_byte_variants_reach_the_nboard_panic_of_issue_41() {
    let start = "---------------------------O*------*O---------------------------";
    let valid = format!("set game (;GM[Othello]BO[8 {start} *];)");
    let bad = format!("set game (;GM[Othello]BO[8 {}é *];)", &start[..63]);
    assert!(multi_byte_variants(&valid, &['é']).contains(&bad));
    // Each offset gives an insertion and a replacement (none at the end).
    assert_eq!(multi_byte_variants("ab", &['é', '€']).len(), 2 * (3 + 2));
}

/// Valid texts of game `G` to mutate: its positions, moves in them, and its rules (the
/// default and each option at its default value).
fn valid_texts<G: Game>(full: bool) -> (Vec<G>, Vec<(usize, String)>, Vec<String>) {
    let mut at = positions::<G>();
    if full {
        let start = G::new(&G::Rules::default());
        for seed in 10..30u64 {
            let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
            let plies = (seed as usize * 7) % 120;
            let mut n = 0;
            at.push(random_walk(start.clone(), &mut rng, |_| {
                n += 1;
                n > plies
            }));
        }
    }
    let per_position = if full { usize::MAX } else { 6 };
    let mut moves = Vec::new();
    for (i, p) in at.iter().enumerate() {
        let mut list = MoveList::new();
        if matches!(p.turn(), Turn::Player(_)) {
            p.legal_moves(&mut list);
        }
        for &m in list.iter().take(per_position) {
            moves.push((i, p.format_move(m)));
        }
    }
    let mut rules = vec![G::Rules::default().to_text()];
    for o in G::Rules::options() {
        rules.push(format!("{}={}", o.key, o.default));
    }
    (at, moves, rules)
}

/// Every game's position, move and rule parsers on multi-byte variants of valid text; returns
/// the number of parser calls.
fn fuzz_multi_byte_parsers<G: Game>(chars: &[char], full: bool) -> usize {
    let (at, moves, rules) = valid_texts::<G>(full);
    let default_rules = G::Rules::default();
    let mut calls = 0;
    for p in &at {
        for text in multi_byte_variants(&p.format_position(), chars) {
            guarded(&format!("{} parse_position", G::ID), &text, || {
                G::parse_position(&default_rules, &text)
            });
            calls += 1;
        }
    }
    for (i, mv) in &moves {
        for text in multi_byte_variants(mv, chars) {
            guarded(&format!("{} parse_move", G::ID), &text, || {
                at[*i].parse_move(&text)
            });
            guarded(&format!("{} play_text", G::ID), &text, || {
                at[*i].clone().play_text(&text)
            });
            calls += 2;
        }
    }
    for r in &rules {
        for text in multi_byte_variants(r, chars) {
            guarded(&format!("{} RuleSet::parse", G::ID), &text, || {
                G::Rules::parse(&text)
            });
            calls += 1;
        }
    }
    calls
}

#[test]
fn every_game_parser_survives_multi_byte_text_at_every_offset() {
    let (chars, full) = (multi_byte_chars(), full_run());
    let mut total = 0;
    for id in GAME_IDS {
        let calls = with_game!(*id, |G| fuzz_multi_byte_parsers::<G>(&chars, full))
            .expect("a registered game");
        assert!(calls > 100, "{id}: only {calls} parser calls");
        eprintln!("multi-byte parsers: {id}: {calls} calls");
        total += calls;
    }
    eprintln!(
        "multi-byte parsers: {total} calls over {} games, {} characters",
        GAME_IDS.len(),
        chars.len()
    );
}

/// A valid session of `protocol` for game `id`, one line a command; None when the protocol does
/// not speak that game. Each line is mutated in its context: the lines before it come first.
fn valid_session(protocol: &str, id: &str) -> Option<Vec<String>> {
    fn line_session<G: Game>() -> Vec<String> {
        let rules = G::Rules::default();
        let mut lines = vec!["isready".to_string(), format!("rules {}", rules.to_text())];
        for p in positions::<G>().into_iter().take(3) {
            lines.push(format!("position {}", p.format_position()));
            let mut list = MoveList::new();
            if matches!(p.turn(), Turn::Player(_)) {
                p.legal_moves(&mut list);
            }
            if let Some(&m) = list.first() {
                lines.push(format!("moves {}", p.format_move(m)));
            }
            lines.push("go depth 1".into());
        }
        lines.extend(["position startpos".into(), "legal".into(), "print".into()]);
        lines
    }
    fn referee_session<G: ImperfectInformation>() -> Vec<String> {
        let start = G::new(&G::Rules::default());
        vec![
            "isready".to_string(),
            format!("rules {}", G::Rules::default().to_text()),
            format!("observation {}", G::format_observation(&start.observe(0))),
            "legal".into(),
            "go depth 1".into(),
        ]
    }
    let lines: Vec<String> = match protocol {
        "line" => with_game!(id, |G| line_session::<G>()).ok()?,
        "referee" if id == "junqi" => referee_session::<boardlab::games::junqi::Junqi>(),
        "hub" if id == "draughts" => {
            use boardlab::games::draughts::{hub::hub_position, Draughts};
            let start = hub_position(&Draughts::new(&Default::default()));
            vec![
                "hub".into(),
                "init".into(),
                format!("pos pos={start} moves=\"32-28 19-23\""),
                "level depth=1".into(),
                "level time=60 inc=1 moves=30".into(),
                "go think".into(),
                "ping".into(),
            ]
        }
        "xboard" if id == "washogi" => {
            use boardlab::games::washogi::WaShogi;
            let start = WaShogi::new(&Default::default());
            let mut list = MoveList::new();
            start.legal_moves(&mut list);
            vec![
                "xboard".into(),
                "protover 2".into(),
                "variant wa-shogi".into(),
                "new".into(),
                format!("setboard {}", start.format_position()),
                format!("usermove {}", start.format_move(list[0])),
                "sd 1".into(),
                "st 1".into(),
                "time 1000".into(),
                "level 40 5 0".into(),
                "go".into(),
                "ping 1".into(),
            ]
        }
        "gtp" if id == "nogo" => [
            "boardsize 9",
            "clear_board",
            "komi 6.5",
            "play b c3",
            "genmove w",
            "time_settings 10 5 1",
            "time_left b 10 1",
            "showboard",
        ]
        .map(String::from)
        .to_vec(),
        "gomocup" if id == "gomoku" => [
            "START 15",
            "INFO timeout_turn 1000",
            "INFO rule 1",
            "BEGIN",
            "TURN 7,8",
            "TAKEBACK 7,8",
            "BOARD",
            "7,7,1",
            "8,8,2",
            "DONE",
            "RESTART",
            "ABOUT",
        ]
        .map(String::from)
        .to_vec(),
        "nboard" if id == "othello" => {
            let board = "---------------------------O*------*O---------------------------";
            vec![
                "nboard 2".into(),
                "set depth 2".into(),
                format!(
                    "set game (;GM[Othello]PC[NBoard]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[8 {board} *]B[F5//1.00]W[D6];)"
                ),
                "move C3/0.50/0.2".into(),
                "hint 2".into(),
                "go".into(),
                "set contempt 0".into(),
                "ping 1".into(),
            ]
        }
        // Lines as gnubg 1.07 writes them to an external player (a roll, a move, a double).
        "gnubg" if id == "backgammon" => [
            "board:gnubg:root:7:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
            "board:gnubg:root:7:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:2:1:2:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
            "board:root:gnubg:7:0:0:0:-2:2:0:2:0:3:0:2:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1",
        ]
        .map(String::from)
        .to_vec(),
        _ => return None,
    };
    Some(lines)
}

#[test]
fn every_protocol_server_survives_multi_byte_text_at_every_offset() {
    let chars = multi_byte_chars();
    let mut total = 0;
    let mut spoken = std::collections::BTreeSet::new();
    for (protocol, server) in SERVERS {
        for id in GAME_IDS {
            let Some(lines) = valid_session(protocol, id) else {
                continue;
            };
            // Each variant of line k comes after lines 0..k, so it meets the state it expects.
            let mut input = Vec::new();
            let mut variants = 0;
            for (k, line) in lines.iter().enumerate() {
                for v in multi_byte_variants(line, &chars) {
                    for before in &lines[..k] {
                        input.extend_from_slice(before.as_bytes());
                        input.push(b'\n');
                    }
                    input.extend_from_slice(v.as_bytes());
                    input.push(b'\n');
                    variants += 1;
                }
            }
            input.extend_from_slice(b"isready\nping\n");
            let started = Instant::now();
            let out = catch_unwind(AssertUnwindSafe(|| server(id, &input)))
                .unwrap_or_else(|_| panic!("{protocol} server for {id} panicked"))
                .unwrap_or_else(|| panic!("{protocol} has a session for {id} but no server"));
            let took = started.elapsed();
            assert!(
                took < Duration::from_secs(20),
                "{protocol} for {id}: {took:?}"
            );
            let text = String::from_utf8(out).expect("servers write UTF-8");
            // Replies to the mutated lines are bounded; a `legal` list is as long as the game's
            // moves (EWN's 720 setups), whatever the input.
            for line in text.lines().filter(|l| !l.starts_with("legal ")) {
                assert!(
                    line.len() <= MAX_ERROR_BYTES.max(4096),
                    "{protocol} for {id}: a {}-byte reply {:?}",
                    line.len(),
                    line.chars().take(200).collect::<String>()
                );
            }
            assert_ran_to_the_end(protocol, id, &text);
            spoken.insert(*protocol);
            eprintln!("multi-byte sessions: {protocol} {id}: {variants} lines in {took:.1?}");
            total += variants;
        }
    }
    // Every server in SERVERS has a session here (a server added without one fails).
    let all: std::collections::BTreeSet<&str> = SERVERS.iter().map(|(p, _)| *p).collect();
    assert_eq!(spoken, all, "servers without a valid session to mutate");
    eprintln!(
        "multi-byte sessions: {total} mutated lines over {} servers, {} characters",
        all.len(),
        chars.len()
    );
}
