//! Issue 41's regressions: bad input gets a clear error naming the bad text, from every server
//! and parser, never a panic. One test an item; the item numbers are the issue's. The fuzz test
//! (tests/fuzz.rs) covers the same ground by brute force; these pin the exact answers.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};

use boardlab::agent::Limits;
use boardlab::game::{Game, RuleSet};
use boardlab::games::backgammon::BgRules;
use boardlab::search::baselines::RandomAgent;
use boardlab::with_game;

/// Runs `boardlab serve args..` with `input` on stdin; returns (exit code, stdout).
fn serve(args: &[&str], input: &str) -> (i32, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("serve")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run boardlab serve");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8(out.stdout).expect("servers write UTF-8"),
    )
}

/// The line: a multi-byte character at byte 64 of the squares of `BO[...]`.
const BOARD_WITH_E_ACUTE: &str =
    "set game (;GM[Othello]BO[8 ---------------------------O*------*O--------------------------é *];)";

#[test]
fn item_1_nboard_answers_a_multi_byte_board_with_a_status_error_and_goes_on() {
    // The squares before the é are 64 bytes but 63 characters: `split_at(64)` cut inside it.
    let squares = BOARD_WITH_E_ACUTE
        .split("BO[8 ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap();
    assert_eq!(squares.find('é'), Some(63));
    assert_eq!(squares.chars().count(), 64);
    let (rc, out) = serve(
        &["--protocol", "nboard", "--game", "othello"],
        &format!("{BOARD_WITH_E_ACUTE}\nping 1\n"),
    );
    assert_eq!(rc, 0, "{out}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    assert!(
        lines[0].starts_with("status ") && lines[0].contains("bad square 'é'"),
        "{out}"
    );
    assert_eq!(lines[1], "pong 1");
}

#[test]
fn item_2_the_gnubg_banner_names_the_port_actually_bound() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardlab"))
        .args([
            "serve",
            "--protocol",
            "gnubg",
            "--game",
            "backgammon",
            "--listen",
            "127.0.0.1:0",
            "--connections",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run boardlab serve");
    let mut banner = String::new();
    // Kept open to the end: the server writes to stderr again when the connection closes.
    let mut stderr = BufReader::new(child.stderr.take().unwrap());
    stderr.read_line(&mut banner).unwrap();
    // "boardlab: listening for gnubg on 127.0.0.1:P (in gnubg: set player N external 127.0.0.1:P)"
    let bound = banner
        .split("listening for gnubg on ")
        .nth(1)
        .and_then(|r| r.split(' ').next())
        .unwrap_or_else(|| panic!("banner {banner:?}"));
    let port: u16 = bound.rsplit(':').next().unwrap().parse().unwrap();
    assert_ne!(port, 0, "{banner}");
    assert!(
        banner.contains(&format!("set player N external {bound})")),
        "{banner}"
    );
    // The instruction works: connecting to it is the one connection the server takes.
    drop(std::net::TcpStream::connect(bound).expect("connect to the address the banner names"));
    let mut rest = String::new();
    stderr.read_to_string(&mut rest).unwrap();
    assert!(child.wait().unwrap().success(), "{rest}");
}

/// Every game's start position with its first (top) row made one square too long.
fn top_row_too_long<G: Game>() -> Option<(String, String)> {
    let text = G::new(&G::Rules::default()).format_position();
    let (top, rest) = text.split_once('/')?;
    Some((
        format!("{top}1/{rest}"),
        G::parse_position(&G::Rules::default(), &format!("{top}1/{rest}"))
            .err()?
            .to_string(),
    ))
}

#[test]
fn item_3_position_errors_name_rows_as_moves_do() {
    // The command: the text's first row is row 15 (a15 is top left), not row 1.
    let (rc, _, err) = crate::common::boardlab(&[
        "show",
        "--game",
        "gomoku",
        "--rules",
        "rule=freestyle,opening=free",
        "--position=16/15/15/15/15/15/15/15/15/15/15/15/15/15/15 x",
    ]);
    assert_ne!(rc, 0);
    assert!(err.contains("row 15 is longer than 15 squares"), "{err}");
    // Every game whose positions are rows: the top row carries the number the game's squares
    // give it (nogo 9, Wa shogi 11, Jungle 9) in the game's word for a row.
    let want = [
        ("gomoku", "row 15 is longer"),
        ("nogo", "rank 9 is longer"),
        ("washogi", "rank 11 is longer"),
        ("jungle", "rank 9 is longer"),
    ];
    for (game, needle) in want {
        let (text, err) = with_game!(game, |G| top_row_too_long::<G>())
            .unwrap()
            .unwrap_or_else(|| panic!("{game}: no row error"));
        assert!(err.contains(needle), "{game}: {text}: {err}");
    }
    // Junqi starts from its setup phase; a given board is rows from row 12 down.
    let e = with_game!("junqi", |G| G::parse_position(
        &Default::default(),
        "6/5/5/5/5/5/5/5/5/5/5/5 r 0"
    )
    .map(|_| ())
    .unwrap_err()
    .to_string())
    .unwrap();
    assert!(e.contains("row 12 is longer than 5 squares"), "{e}");
    // Games with their own row forms: EWN counts rows from the top as its squares do (a1 is
    // top left), Oware names a row by its houses.
    let (_, err) = with_game!("ewn", |G| top_row_too_long::<G>())
        .unwrap()
        .unwrap();
    assert!(err.contains("row 1 has more than 5 squares"), "{err}");
    let e = with_game!("oware", |G| G::parse_position(
        &Default::default(),
        "4,4,4,4,4,4/4,4,4,4,4 0 0 S"
    )
    .map(|_| ())
    .unwrap_err()
    .to_string())
    .unwrap();
    assert!(e.contains("North's row (a..f) has 5 houses"), "{e}");
}

fn gtp(input: &str) -> String {
    use boardlab::games::nogo::{NoGo, NoGoRules};
    use boardlab::protocol::gtp::{serve, GtpServer};
    let agent = Box::new(RandomAgent::new("random", 1));
    let server = GtpServer::<NoGo>::new(NoGoRules::default(), agent, Limits::default());
    let mut out = Vec::new();
    serve(server, input.as_bytes(), &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn gomocup(input: &str) -> String {
    use boardlab::protocol::gomocup::{serve, GomocupServer};
    let agent = Box::new(RandomAgent::new("random", 1));
    let mut out = Vec::new();
    serve(
        GomocupServer::new(agent, Limits::default()),
        input.as_bytes(),
        &mut out,
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

#[test]
fn item_4_numbers_that_are_only_too_large_are_out_of_range() {
    let out = gtp("boardsize 99999999999999999999\nkomi 1e400\nkomi lots\nboardsize 7\n");
    let answers: Vec<&str> = out.lines().filter(|l| !l.is_empty()).collect();
    assert_eq!(
        answers,
        [
            "? unacceptable size: boardsize: \"99999999999999999999\" is out of range (at most 19)",
            "? komi: \"1e400\" is out of range (at most 1000)",
            "? syntax error: komi: \"lots\" is not a number",
            "=",
        ],
        "{out}"
    );

    let out =
        gomocup("START 99999999999999999999\nINFO timeout_turn 99999999999999999999\nSTART 15\n");
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(
        answers,
        [
            "ERROR unsupported size: START size: \"99999999999999999999\" is out of range (at most 19)",
            "ERROR INFO timeout_turn: \"99999999999999999999\" is out of range (at most 9223372036854775807)",
            "OK",
        ],
        "{out}"
    );

    // A gnubg board line with a field past its range.
    let line = "board:gnubg:root:4294967296:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    let e = boardlab::games::backgammon::fibs::FibsBoard::parse(line)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("field 3: \"4294967296\" is out of range (at most 9999)"),
        "{e}"
    );

    // Hub: a depth past the CLI's u32 is refused, not capped to a search with no end.
    let e = boardlab::protocol::hub::limits_of_level(
        &boardlab::protocol::hub::parse_args("depth=4294967296"),
        Limits::default(),
    )
    .unwrap_err();
    assert!(e.contains("out of range (at most 4294967295)"), "{e}");

    // The typo: "the Jacoby rule belong".
    let e = BgRules::parse("jacoby=true,match=7")
        .unwrap_err()
        .to_string();
    assert!(e.contains("the Jacoby rule belongs to money play"), "{e}");
}
