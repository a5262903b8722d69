//! GNU Backgammon's external-player protocol, boardlab as the player.
//!
//! Who listens and who connects (gnubg's play.c and external.c, checked against gnubg 1.07):
//! with `set player N external HOST:PORT` (or a Unix socket path) gnubg *connects* to a player
//! that listens there; at each of that player's decisions it writes one FIBS board line (ended
//! by a NUL byte) and reads one reply line:
//!
//! - no dice rolled and a cube decision possible: `roll` or `double`;
//! - a double to answer: `take`, `drop` or `beaver`;
//! - dice rolled: the play in gnubg's notation (`24/18 13/11`, `bar/22*`, `6/off(2)`), or an
//!   empty line when nothing can move.
//!
//! gnubg is the referee: it rolls the dice, applies the replies, and records the match. It does
//! not stop on an illegal play (it records "no move"), so the player must be right; boardlab's
//! generator equals gnubg's (scripts/crosscheck/backgammon_gnubg.py). gnubg's `external` command
//! is the other direction (gnubg listens and answers board lines with its own moves).
//!
//! The board line is read by `games::backgammon::fibs`; this file is the conversation and the
//! socket loop (`boardlab serve --protocol gnubg --listen HOST:PORT`).

use std::io::{BufReader, Write};
use std::net::TcpListener;

use super::session::{self, Session};
use crate::agent::{Agent, Limits};
use crate::game::{Game, MoveList};
use crate::games::backgammon::board::{OFF, START};
use crate::games::backgammon::fibs::FibsBoard;
use crate::games::backgammon::text::format_play;
use crate::games::backgammon::{Backgammon, BgMove, BgRules, Phase};

/// One connection with gnubg: every board line answered by the agent.
pub struct GnubgSession {
    rules: BgRules,
    agent: Box<dyn Agent<Backgammon>>,
    limits: Limits,
    /// gnubg's player number this session plays (0 = O, 1 = X), learnt from the first line
    /// unless given.
    seat: Option<usize>,
    /// A transcript: each board line, the position read from it, and the reply.
    log: Option<Box<dyn Write + Send>>,
    /// Decisions answered.
    pub decisions: u64,
    /// The position our last reply leads to, and the scores then (to check gnubg's next line).
    expect: Option<(Backgammon, [u32; 2])>,
    /// Lines checked against the previous reply, and those that did not follow from it: a
    /// reply gnubg did not apply as meant, or a move of gnubg's that boardlab finds illegal.
    pub checked: u64,
    pub mismatches: u64,
}

impl GnubgSession {
    pub fn new(rules: BgRules, agent: Box<dyn Agent<Backgammon>>, limits: Limits) -> Self {
        GnubgSession {
            rules,
            agent,
            limits,
            seat: None,
            log: None,
            decisions: 0,
            expect: None,
            checked: 0,
            mismatches: 0,
        }
    }
    pub fn with_seat(mut self, seat: Option<usize>) -> Self {
        self.seat = seat;
        self
    }
    pub fn with_log(mut self, log: Option<Box<dyn Write + Send>>) -> Self {
        self.log = log;
        self
    }

    /// The side a line asks to decide, when the session does not know its seat yet: the roller,
    /// or with a double to answer its opponent (a beaver's answer comes only after our double).
    fn seat_for(&self, b: &FibsBoard) -> usize {
        if let Some(s) = self.seat {
            return s;
        }
        let roller = if b.turn > 0 { 1 } else { 0 };
        if b.doubled != 0 {
            roller ^ 1
        } else {
            roller
        }
    }

    /// The reply to one board line.
    pub fn answer(&mut self, line: &str) -> Result<String, String> {
        let board = FibsBoard::parse(line).map_err(|e| e.to_string())?;
        let seat = self.seat_for(&board);
        let (state, scores) = board
            .to_state_and_scores(&self.rules, seat)
            .map_err(|e| e.to_string())?;
        self.seat = Some(seat);
        let mut note = "";
        if let Some((before, old_scores)) = self.expect.take() {
            if old_scores == scores {
                self.checked += 1;
                if !follows(&before, &state, seat) {
                    self.mismatches += 1;
                    note = "\tMISMATCH: does not follow from the last reply";
                    eprintln!(
                        "boardlab: gnubg's position {} does not follow from {}",
                        state.format_position(),
                        before.format_position()
                    );
                }
            }
        }
        let reply = match state.phase() {
            // gnubg asks for a cube decision boardlab's rules have no use for.
            Phase::Rolling => {
                self.expect = Some((state, scores));
                "roll".to_string()
            }
            Phase::CubeDecision | Phase::Doubled { .. } | Phase::Moving => {
                let mut moves = MoveList::new();
                state.legal_moves(&mut moves);
                let mv = if moves.len() == 1 {
                    moves[0]
                } else {
                    self.agent
                        .choose(&state, &self.limits)
                        .map_err(|e| format!("the engine failed: {e}"))?
                        .best
                };
                if !state.is_legal(mv) {
                    return Err(format!("the engine chose an illegal move {mv:?}"));
                }
                let mut after = state;
                after.play(mv);
                self.expect = Some((after, scores));
                reply_text(&state, mv)
            }
            other => return Err(format!("no decision to make in phase {other:?}")),
        };
        self.decisions += 1;
        if let Some(log) = self.log.as_mut() {
            let _ = writeln!(
                log,
                "{}\t{}\t{}{note}",
                line.trim_matches(['\0', '\r', '\n', ' ']),
                state.format_position(),
                reply
            );
            let _ = log.flush();
        }
        Ok(reply)
    }
}

/// Whether `now` (gnubg's next question) can follow `before` (the position our last reply
/// left): the same checkers when we are still to roll (after a cube action) or when the other
/// side is doubling us; otherwise one play of the other side with some roll, where leaving the
/// checkers as they were counts only if some roll has no play (gnubg records an illegal reply
/// as "no move", so a silent dance must be possible to be believed). A new game is told apart by
/// the score and not checked, or, when the score is the same (the next match starts 0-0), by
/// the starting position after a play that could have borne off the last checker.
pub fn follows(before: &Backgammon, now: &Backgammon, seat: usize) -> bool {
    let board = |s: &Backgammon| [*s.side(0), *s.side(1)];
    if matches!(before.phase(), Phase::Over | Phase::Opening) {
        return true;
    }
    let same = board(before) == board(now);
    let mover = before.roller();
    if mover == seat || (matches!(now.phase(), Phase::Doubled { .. }) && now.roller() == mover) {
        return same;
    }
    // A play that bears off the last checker ends the game, and gnubg's next line may be the
    // first of a new game (or match) with the same score as before (a new match is 0-0 again).
    let new_game = board(now) == [START, START];
    let mut s = *before;
    let mut out = Vec::new();
    for (h, l, _) in crate::games::backgammon::game::rolls() {
        s.set_dice_for_check(h, l);
        s.plays(&mut out);
        for g in &out {
            if new_game && g.me[OFF] == 15 {
                return true;
            }
            let mut b = [[0u8; 26]; 2];
            b[mover] = g.me;
            b[mover ^ 1] = g.opp;
            if b == board(now) && (!same || g.play.is_pass()) {
                return true;
            }
        }
    }
    false
}

/// A move in the words gnubg reads.
pub fn reply_text(state: &Backgammon, mv: BgMove) -> String {
    match mv {
        BgMove::NoDouble => "roll".into(),
        BgMove::Double => "double".into(),
        BgMove::Take => "take".into(),
        BgMove::Drop => "drop".into(),
        BgMove::Beaver => "beaver".into(),
        BgMove::Play(p) if p.is_pass() => String::new(),
        BgMove::Play(p) => {
            let me = state.roller();
            format_play(state.side(me), state.side(me ^ 1), &p).replace(',', " ")
        }
        // Not decisions gnubg asks for; boardlab's own text serves.
        other => state.format_move(other),
    }
}

impl Session for GnubgSession {
    fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
        // gnubg ends each line with a NUL, which begins the next read: not a request.
        let t = line.trim_matches(['\0', '\r', '\n', ' ', '\t']);
        if t.is_empty() {
            return (vec![], false);
        }
        match self.answer(t) {
            Ok(reply) => (vec![reply], false),
            // gnubg shows a reply starting "Error: " and stops the game for the user.
            Err(e) => (vec![format!("Error: {}", e.replace('\n', " "))], false),
        }
    }
    fn malformed(&mut self, why: &str) -> Vec<String> {
        vec![format!("Error: {why}")]
    }
}

/// The line `listen` prints once bound: the address actually bound (port 0 asks the system for
/// one), in the gnubg command that connects to it too (issue 41: the command named the port
/// asked for, 0).
pub fn banner(bound: &str) -> String {
    format!("boardlab: listening for gnubg on {bound} (in gnubg: set player N external {bound})")
}

/// Listens on `addr` (`host:port`) and plays every connection gnubg makes, one after another,
/// with a fresh session from `make`; stops after `connections` of them when given.
pub fn listen(
    addr: &str,
    connections: Option<usize>,
    mut make: impl FnMut() -> Result<GnubgSession, String>,
) -> Result<(), String> {
    let listener = TcpListener::bind(addr).map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let bound = listener
        .local_addr()
        .map(|a| a.to_string())
        .unwrap_or_else(|_| addr.to_string());
    eprintln!("{}", banner(&bound));
    let mut served = 0;
    loop {
        if connections.is_some_and(|n| served >= n) {
            return Ok(());
        }
        let (stream, peer) = listener.accept().map_err(|e| format!("accept: {e}"))?;
        served += 1;
        let _ = stream.set_nodelay(true);
        let reader = BufReader::new(
            stream
                .try_clone()
                .map_err(|e| format!("cannot read from {peer}: {e}"))?,
        );
        let mut session = make()?;
        if let Err(e) = session::serve(&mut session, reader, stream) {
            eprintln!("boardlab: connection from {peer} ended: {e}");
        }
        eprintln!(
            "boardlab: gnubg ({peer}) disconnected after {} decisions; {} lines checked against the reply before, {} did not follow",
            session.decisions, session.checked, session.mismatches
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::baselines::RandomAgent;

    fn session() -> GnubgSession {
        GnubgSession::new(
            BgRules::default(),
            Box::new(RandomAgent::new("random", 1)),
            Limits::default(),
        )
    }

    // Lines as gnubg 1.07 wrote them to an external player 0 (O) in a 7-point match.
    const ROLL: &str = "board:gnubg:root:7:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:0:0:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    const MOVE: &str = "\0board:gnubg:root:7:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:2:1:2:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
    const DOUBLED: &str = "board:root:gnubg:7:0:0:0:-2:2:0:2:0:3:0:2:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";

    #[test]
    fn answers_gnubg_lines() {
        let mut s = session();
        let (r, _) = s.handle(ROLL);
        assert!(r == ["roll"] || r == ["double"], "{r:?}");
        let (r, _) = s.handle(MOVE);
        assert_eq!(r.len(), 1);
        // The reply is a legal 2-1 of O (negative checkers) in gnubg's words.
        let state = FibsBoard::parse(MOVE)
            .unwrap()
            .to_state(&BgRules::default(), 0)
            .unwrap();
        assert_eq!(state.phase(), Phase::Moving);
        assert_eq!(state.dice(), Some((2, 1)));
        let back = state.parse_move(&r[0]).unwrap();
        assert!(state.is_legal(back), "{}", r[0]);
        let (r, _) = s.handle(DOUBLED);
        assert!(["take", "drop"].contains(&r[0].as_str()), "{r:?}");
        // The trailing NUL of a line is not a request.
        assert_eq!(s.handle("\0").0, Vec::<String>::new());
    }

    #[test]
    fn a_new_match_follows_only_a_play_that_could_end_the_game() {
        use crate::game::RuleSet;
        let r = BgRules::parse("match=7").unwrap();
        let pos = |t: &str| Backgammon::parse_position(&r, t).unwrap();
        let start = pos("O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 O:53 cube=1 match=7:0-0");
        // X bears off its last two checkers, X wins the match, the next match starts 0-0.
        let before = pos("O:1x3 X:1x2 X:roll cube=2:O match=7:0-0");
        assert!(follows(&before, &start, 0));
        // X cannot finish with any roll: the start does not follow.
        let before = pos("O:1x3 X:6x5,5x5 X:roll cube=2:O match=7:0-0");
        assert!(!follows(&before, &start, 0));
    }

    #[test]
    fn bad_lines_get_errors_in_gnubgs_syntax() {
        let mut s = session();
        for bad in [
            "board:a:b:7:0:0",
            "hello",
            "board:a:b:7:0:0:0:-2:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:9:9:9:9:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
            "board:a:b:7:0:0:0:-9:0:0:0:0:5:0:4:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:-1:2:1:2:1:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:0:1",
        ] {
            let (r, quit) = s.handle(bad);
            assert!(!quit);
            assert!(r[0].starts_with("Error: "), "{bad}: {r:?}");
        }
        assert!(s.malformed("not UTF-8")[0].starts_with("Error: "));
    }

    #[test]
    fn the_score_and_cube_owner_are_read_as_gnubg_means_them() {
        // gnubg (player 1, X) doubled at 4-0 to X: the answering line lists X's score first.
        let line = "board:root:gnubg:7:4:0:0:-2:2:0:2:0:3:0:2:0:0:0:-5:4:0:0:0:-3:0:-5:0:0:1:0:1:0:1:0:0:0:0:1:1:1:1:1:-1:0:25:0:0:0:0:0:0:0:1";
        let s = FibsBoard::parse(line)
            .unwrap()
            .to_state(&BgRules::default(), 0)
            .unwrap();
        assert_eq!(s.score(), [0, 4]);
        assert_eq!(s.responder(), Some(0));
        // O owns a 2-cube: X may not double (field maydouble 0), O may.
        let line = "board:gnubg:root:5:0:0:0:-2:2:0:2:0:3:0:2:0:0:0:-5:4:0:0:1:-3:0:-5:0:0:0:0:1:0:-1:0:0:0:0:2:0:1:0:1:-1:0:25:0:0:0:0:0:0:0:1";
        let s = FibsBoard::parse(line)
            .unwrap()
            .to_state(&BgRules::default(), 0)
            .unwrap();
        assert_eq!((s.cube_value(), s.cube_owner()), (2, Some(0)));
        assert_eq!(s.phase(), Phase::CubeDecision);
    }
}
