//! The arena with peer-like external engines, without the real peers (CI has none): a peer killed
//! mid-game loses that game and the tournament goes on with nothing lost; draw offers, acceptance
//! and resignation over the line protocol and over XBoard; the Hub client against boardlab's own Hub server;
//! engine files naming the peer's folder through an environment variable.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

fn bin() -> &'static str {
    env!("CARGO_BIN_EXE_boardlab")
}

fn tempdir(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("arena-peers-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}

fn games(out: &Path) -> Vec<Value> {
    std::fs::read_to_string(out.join("games.jsonl"))
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn tournament(engines: &[&PathBuf], out: &Path, extra: &[&str]) -> std::process::Output {
    Command::new(bin())
        .args(["tournament", "--engines"])
        .args(engines)
        .args(["--quiet", "--seed", "5", "--concurrency", "1"])
        .args(extra)
        .arg("--out")
        .arg(out)
        .output()
        .unwrap()
}

fn seat_of(g: &Value, name: &str) -> usize {
    g["engines"]
        .as_array()
        .unwrap()
        .iter()
        .position(|e| e == name)
        .unwrap()
}

#[test]
fn a_peer_killed_mid_game_loses_that_game_and_the_tournament_goes_on() {
    let dir = tempdir("killed");
    let script =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/fake_peer/killed_mid_game.sh");
    // The peer's own engine: alpha-beta by time; the fake kills it when asked for its third move.
    let inner = write(
        &dir,
        "inner.toml",
        "name = \"inner\"\ngame = \"othello\"\nbackend = \"alphabeta\"\n[params]\ntt_mb = 1\n",
    );
    // The engine file names the peer's folder through a variable, as peer-*.toml files do.
    let peer = write(
        &dir,
        "peer.toml",
        &format!(
            "name = \"peer\"\ngame = \"othello\"\nbackend = \"external\"\nprotocol = \"line\"\n\
             command = [\"bash\", \"${{FAKE_PEERS}}/killed_mid_game.sh\", {:?}, {:?}, \"3\", {:?}]\n\
             [limits]\ntime_ms = 40\n",
            bin(),
            inner.to_string_lossy(),
            dir.join("marks").to_string_lossy()
        ),
    );
    let random = write(
        &dir,
        "random.toml",
        "name = \"random\"\ngame = \"othello\"\nbackend = \"random\"\n",
    );
    let out = dir.join("out");
    let run = Command::new(bin())
        .env("FAKE_PEERS", script.parent().unwrap())
        .args(["tournament", "--engines"])
        .args([&peer, &random])
        .args([
            "--games",
            "4",
            "--quiet",
            "--seed",
            "5",
            "--concurrency",
            "1",
            "--tc",
            "60+0.1",
        ])
        .arg("--out")
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let gs = games(&out);
    assert_eq!(gs.len(), 4, "every game recorded");
    let killed: Vec<&Value> = gs.iter().filter(|g| g["fault"].is_u64()).collect();
    assert_eq!(killed.len(), 1, "one game lost to the kill: {gs:?}");
    let g = killed[0];
    let seat = seat_of(g, "peer");
    assert_eq!(g["fault"].as_u64(), Some(seat as u64));
    assert_eq!(g["returns"][seat].as_f64(), Some(-1.0));
    assert_eq!(g["ending"], "fault");
    assert!(g["reason"].as_str().unwrap().contains("peer"), "{g}");
    // Killed mid-game: the peer had moved, and its moves are recorded with their times.
    let peer_moves: Vec<&Value> = g["stats"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|s| s["seat"] == seat)
        .collect();
    assert!(!peer_moves.is_empty(), "{g}");
    assert!(peer_moves
        .iter()
        .all(|s| s["clock_ms"].is_i64() && s["ms"].is_u64()));
    // The other games were played to their end by the rules, the peer restarted for each.
    for g in gs.iter().filter(|g| !g["fault"].is_u64()) {
        assert_eq!(g["ending"], "rules", "{g}");
    }
    let summary = std::fs::read_to_string(out.join("summary.json")).unwrap();
    assert!(summary.contains("\"peer\""), "{summary}");
    // Without the variable, the engine file is refused with its name.
    let bad = tournament(&[&peer, &random], &dir.join("out2"), &["--games", "2"]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("FAKE_PEERS"));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn offers_acceptance_and_resignation_over_the_line_protocol() {
    let dir = tempdir("offers");
    // A line engine (boardlab serve) whose engine file's [offers] speak for it.
    let served = |name: &str, offers: &str| {
        let inner = write(
            &dir,
            &format!("{name}-inner.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"othello\"\nbackend = \"random\"\n[offers]\n{offers}\n"
            ),
        );
        write(
            &dir,
            &format!("{name}.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"othello\"\nbackend = \"external\"\n\
                 command = [{:?}, \"serve\", \"--protocol\", \"line\", \"--game\", \"othello\", \"--engine\", {:?}]\n",
                bin(),
                inner.to_string_lossy()
            ),
        )
    };
    let local = |name: &str, offers: &str| {
        write(
            &dir,
            &format!("{name}.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"othello\"\nbackend = \"random\"\n[offers]\n{offers}\n"
            ),
        )
    };
    // Random agents score 0: draw_score = 1 offers with every move, accept_score = 1 accepts
    // (once it has a score of its own), resign_score = 0 resigns at once.
    let offers_out = served("offers-out", "draw_score = 1");
    let accepts_in = local("accepts-in", "accept_score = 1");
    let offers_in = local("offers-in", "draw_score = 1");
    let accepts_out = served("accepts-out", "accept_score = 1");
    let resigns_out = served("resigns-out", "resign_score = 0");
    let plays = local("plays", "");
    for (a, b, ending) in [
        (&offers_out, &accepts_in, "draw_agreed"),
        (&offers_in, &accepts_out, "draw_agreed"),
        (&resigns_out, &plays, "resigned"),
    ] {
        let out = dir.join(format!("out-{}", a.file_stem().unwrap().to_string_lossy()));
        let run = tournament(&[a, b], &out, &["--games", "2"]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let gs = games(&out);
        assert_eq!(gs.len(), 2);
        for g in &gs {
            assert_eq!(g["ending"], ending, "{g}");
            let moves = g["moves"].as_array().unwrap().len();
            assert!(moves <= 12, "ended early: {g}");
            if ending == "resigned" {
                let seat = seat_of(g, "resigns-out");
                assert_eq!(g["returns"][seat].as_f64(), Some(-1.0));
                let last = g["stats"].as_array().unwrap().last().unwrap();
                assert_eq!(
                    (last["seat"].as_u64(), last["intent"].as_str()),
                    (Some(seat as u64), Some("resign"))
                );
            } else {
                assert_eq!(g["returns"][0].as_f64(), Some(0.0));
                let last = g["stats"].as_array().unwrap().last().unwrap();
                assert_eq!(
                    (last["intent"].as_str(), last["accepted"].as_bool()),
                    (Some("offer_draw"), Some(true)),
                    "{g}"
                );
            }
        }
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(
            summary.contains(ending),
            "the summary counts the endings: {summary}"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same over XBoard (Wa shogi, the game boardlab serves over XBoard): `offer draw` with a
/// move, the opponent's offer sent as `draw` and accepted by `offer draw`, and `resign`.
#[test]
fn offers_acceptance_and_resignation_over_xboard() {
    let dir = tempdir("xboard-offers");
    let served = |name: &str, offers: &str| {
        let inner = write(
            &dir,
            &format!("{name}-inner.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"washogi\"\nbackend = \"random\"\n[offers]\n{offers}\n"
            ),
        );
        write(
            &dir,
            &format!("{name}.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"washogi\"\nbackend = \"external\"\nprotocol = \"xboard\"\n\
                 command = [{:?}, \"serve\", \"--protocol\", \"xboard\", \"--game\", \"washogi\", \"--engine\", {:?}]\n\
                 [params]\nvariant = \"wa-shogi\"\n",
                bin(),
                inner.to_string_lossy()
            ),
        )
    };
    let local = |name: &str, offers: &str| {
        write(
            &dir,
            &format!("{name}.toml"),
            &format!(
                "name = \"{name}\"\ngame = \"washogi\"\nbackend = \"random\"\n[offers]\n{offers}\n"
            ),
        )
    };
    let offers_out = served("offers-out", "draw_score = 1");
    let accepts_in = local("accepts-in", "accept_score = 1");
    let offers_in = local("offers-in", "draw_score = 1");
    let accepts_out = served("accepts-out", "accept_score = 1");
    let declines_out = served("declines-out", "");
    let resigns_out = served("resigns-out", "resign_score = 0");
    let plays = local("plays", "");
    for (a, b, ending) in [
        (&offers_out, &accepts_in, "draw_agreed"),
        (&offers_in, &accepts_out, "draw_agreed"),
        (&resigns_out, &plays, "resigned"),
        // An engine without [offers] declines: the game is played on.
        (&offers_in, &declines_out, "rules"),
    ] {
        let out = dir.join(format!(
            "out-{}-{}",
            a.file_stem().unwrap().to_string_lossy(),
            b.file_stem().unwrap().to_string_lossy()
        ));
        let run = tournament(&[a, b], &out, &["--games", "2", "--max-plies", "60"]);
        assert!(
            run.status.success(),
            "{}",
            String::from_utf8_lossy(&run.stderr)
        );
        let gs = games(&out);
        assert_eq!(gs.len(), 2);
        for g in &gs {
            let moves = g["moves"].as_array().unwrap().len();
            if ending == "rules" {
                // Declined offers: the game goes on past the first moves.
                assert_ne!(g["ending"], "draw_agreed", "{g}");
                assert!(moves > 12, "played on: {g}");
                continue;
            }
            assert_eq!(g["ending"], ending, "{g}");
            assert!(moves <= 12, "ended early: {g}");
            if ending == "resigned" {
                let seat = seat_of(g, "resigns-out");
                assert_eq!(g["returns"][seat].as_f64(), Some(-1.0));
                let last = g["stats"].as_array().unwrap().last().unwrap();
                assert_eq!(
                    (last["seat"].as_u64(), last["intent"].as_str()),
                    (Some(seat as u64), Some("resign"))
                );
            } else {
                assert_eq!(g["returns"][0].as_f64(), Some(0.0));
                let last = g["stats"].as_array().unwrap().last().unwrap();
                assert_eq!(
                    (last["intent"].as_str(), last["accepted"].as_bool()),
                    (Some("offer_draw"), Some(true)),
                    "{g}"
                );
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn the_hub_client_plays_boardlabs_hub_server() {
    let dir = tempdir("hub");
    let hub = write(
        &dir,
        "hub.toml",
        &format!(
            "name = \"hub\"\ngame = \"draughts\"\nbackend = \"external\"\nprotocol = \"hub\"\n\
             command = [{:?}, \"serve\", \"--protocol\", \"hub\", \"--game\", \"draughts\"]\n[limits]\ndepth = 2\n",
            bin()
        ),
    );
    let random = write(
        &dir,
        "random.toml",
        "name = \"random\"\ngame = \"draughts\"\nbackend = \"random\"\n",
    );
    let out = dir.join("out");
    let run = tournament(
        &[&hub, &random],
        &out,
        &["--games", "2", "--max-plies", "60"],
    );
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    for g in games(&out) {
        assert!(g["fault"].is_null(), "every Hub move accepted: {g}");
        let seat = seat_of(&g, "hub");
        let hub_moves: Vec<&Value> = g["stats"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|s| s["seat"] == seat)
            .collect();
        assert!(!hub_moves.is_empty());
        // The server's `info` depth and nodes reach the record.
        let depths: Vec<u64> = hub_moves
            .iter()
            .map(|s| s["depth"].as_u64().unwrap_or(0))
            .collect();
        assert!(depths.iter().all(|&d| d <= 2) && depths.contains(&2), "{g}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
