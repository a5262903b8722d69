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

/// Engine files for the offer tests: `served` ones are boardlab serving an in-process engine over
/// `protocol` (the arena drives it as an external program), `local` ones play in-process; each
/// has the given `[offers]` lines. Random agents score 0: `draw_score = 1` offers with every
/// move, `accept_score = 1` accepts (once it has a score of its own), `resign_score = 0` resigns
/// at once.
struct OfferEngines<'a> {
    dir: &'a Path,
    game: &'a str,
    protocol: &'a str,
    /// The external engine file's `[params]` lines.
    params: &'a str,
}

impl OfferEngines<'_> {
    fn local(&self, name: &str, offers: &str) -> PathBuf {
        let text = format!(
            "name = \"{name}\"\ngame = \"{}\"\nbackend = \"random\"\n[offers]\n{offers}\n",
            self.game
        );
        write(self.dir, &format!("{name}.toml"), &text)
    }

    fn served(&self, name: &str, offers: &str) -> PathBuf {
        let inner = self.local(&format!("{name}-inner"), offers);
        let text = format!(
            "name = \"{name}\"\ngame = \"{g}\"\nbackend = \"external\"\nprotocol = \"{p}\"\n\
             command = [{:?}, \"serve\", \"--protocol\", \"{p}\", \"--game\", \"{g}\", \"--engine\", {:?}]\n\
             [params]\n{}\n",
            bin(),
            inner.to_string_lossy(),
            self.params,
            g = self.game,
            p = self.protocol,
        );
        write(self.dir, &format!("{name}.toml"), &text)
    }

    /// Two games of `a` against `b`, each ending as `ending` says ("rules": an offer was declined
    /// and the game went on).
    fn play(&self, a: &Path, b: &Path, ending: &str) {
        let tag = |p: &Path| p.file_stem().unwrap().to_string_lossy().to_string();
        let out = self.dir.join(format!("out-{}-{}", tag(a), tag(b)));
        let run = tournament(
            &[&a.to_path_buf(), &b.to_path_buf()],
            &out,
            &["--games", "2", "--max-plies", "60"],
        );
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
                assert_ne!(g["ending"], "draw_agreed", "{g}");
                assert!(moves > 12, "played on: {g}");
                continue;
            }
            assert_eq!(g["ending"], ending, "{g}");
            assert!(moves <= 12, "ended early: {g}");
            let last = g["stats"].as_array().unwrap().last().unwrap();
            if ending == "resigned" {
                let seat = seat_of(g, &tag(a));
                assert_eq!(g["returns"][seat].as_f64(), Some(-1.0));
                assert_eq!(
                    (last["seat"].as_u64(), last["intent"].as_str()),
                    (Some(seat as u64), Some("resign"))
                );
            } else {
                assert_eq!(g["returns"][0].as_f64(), Some(0.0));
                assert_eq!(
                    (last["intent"].as_str(), last["accepted"].as_bool()),
                    (Some("offer_draw"), Some(true)),
                    "{g}"
                );
            }
        }
        let summary = std::fs::read_to_string(out.join("summary.md")).unwrap();
        assert!(
            ending == "rules" || summary.contains(ending),
            "the summary counts the endings: {summary}"
        );
    }

    /// Offers out and in, acceptance both ways, a resignation, and a declined offer.
    fn check_all(&self) {
        self.play(
            &self.served("offers-out", "draw_score = 1"),
            &self.local("accepts-in", "accept_score = 1"),
            "draw_agreed",
        );
        let offers_in = self.local("offers-in", "draw_score = 1");
        self.play(
            &offers_in,
            &self.served("accepts-out", "accept_score = 1"),
            "draw_agreed",
        );
        self.play(
            &self.served("resigns-out", "resign_score = 0"),
            &self.local("plays", ""),
            "resigned",
        );
        // An engine without [offers] declines: the game is played on.
        self.play(&offers_in, &self.served("declines-out", ""), "rules");
    }
}

#[test]
fn offers_acceptance_and_resignation_over_the_line_protocol() {
    let dir = tempdir("offers");
    OfferEngines {
        dir: &dir,
        game: "othello",
        protocol: "line",
        params: "",
    }
    .check_all();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The same over XBoard (Wa shogi, the game boardlab serves over XBoard): `offer draw` with a
/// move, the opponent's offer sent as `draw` and accepted by `offer draw`, and `resign`.
#[test]
fn offers_acceptance_and_resignation_over_xboard() {
    let dir = tempdir("xboard-offers");
    OfferEngines {
        dir: &dir,
        game: "washogi",
        protocol: "xboard",
        params: "variant = \"wa-shogi\"",
    }
    .check_all();
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
