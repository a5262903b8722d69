//! The seed's match format (每轮双方对阵最多7盘，轮流先手（甲方一四五盘先手，乙方二三六七盘先手），
//! 先胜4盘为胜方; 每盘每方用时3分钟，超时判负): at most seven games, the first to four wins; A
//! moves first in games 1, 4 and 5, B in games 2, 3, 6 and 7; three minutes a side a game, and
//! running out of time loses the game. The first mover plays red with the default rules
//! (`first=red`), blue with `first=blue`, so the first move is what alternates, not the colour.
//!
//! `run_match` plays such a match between two agents; the arena's runner can use the schedule
//! functions directly.

use std::time::{Duration, Instant};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::engine::{Agent, Limits};
use crate::game::playout::sample_outcome;
use crate::game::{Game, GameRecord, PlayerId, Turn};

use super::rules::{Ewn, EwnRules};

/// Most games a match can take.
pub const MAX_GAMES: u32 = 7;
/// Wins that decide a match.
pub const WINS_NEEDED: u32 = 4;
/// Each side's clock for one game (3 minutes).
pub const TIME_PER_GAME: Duration = Duration::from_secs(180);

/// The two contestants, 甲 (A) and 乙 (B).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Contestant {
    A,
    B,
}

impl Contestant {
    pub fn other(self) -> Contestant {
        match self {
            Contestant::A => Contestant::B,
            Contestant::B => Contestant::A,
        }
    }
}

/// Who moves first in game `game` (1-based, 1..=7); None outside the match.
pub fn first_mover(game: u32) -> Option<Contestant> {
    match game {
        1 | 4 | 5 => Some(Contestant::A),
        2 | 3 | 6 | 7 => Some(Contestant::B),
        _ => None,
    }
}

/// The winner once the match is decided (a side has four wins), else None. Games cannot be
/// drawn, so after seven games the match is always decided.
pub fn decided(wins_a: u32, wins_b: u32) -> Option<Contestant> {
    if wins_a >= WINS_NEEDED {
        Some(Contestant::A)
    } else if wins_b >= WINS_NEEDED {
        Some(Contestant::B)
    } else {
        None
    }
}

/// The score of a match in progress: winners of the games played, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MatchScore {
    pub winners: Vec<Contestant>,
}

impl MatchScore {
    pub fn wins(&self, c: Contestant) -> u32 {
        self.winners.iter().filter(|&&w| w == c).count() as u32
    }
    /// The number of the next game (1-based), or None when the match is over.
    pub fn next_game(&self) -> Option<u32> {
        if self.winner().is_some() {
            None
        } else {
            Some(self.winners.len() as u32 + 1)
        }
    }
    pub fn winner(&self) -> Option<Contestant> {
        decided(self.wins(Contestant::A), self.wins(Contestant::B))
    }
    /// Records the winner of the next game. Refused once the match is over.
    pub fn record(&mut self, winner: Contestant) -> Result<(), String> {
        if let Some(w) = self.winner() {
            return Err(format!("the match is over ({w:?} has won)"));
        }
        self.winners.push(winner);
        Ok(())
    }
}

/// One game of a match as played.
#[derive(Clone, Debug)]
pub struct MatchGame {
    pub number: u32,
    pub first: Contestant,
    pub winner: Contestant,
    /// "terminal", "time: ..." or the agent error that lost the game.
    pub reason: String,
    pub record: GameRecord,
}

/// How `run_match` budgets time: `clock` a side a game (the seed: 3 minutes); each move gets the
/// remaining clock divided by `moves_to_go`, so an engine never flags in normal play.
#[derive(Clone, Copy, Debug)]
pub struct MatchClock {
    pub clock: Duration,
    pub moves_to_go: u32,
}

impl Default for MatchClock {
    fn default() -> Self {
        MatchClock {
            clock: TIME_PER_GAME,
            moves_to_go: 12,
        }
    }
}

/// Plays a match in the seed's format between agents `a` and `b` under `rules`, drawing die
/// rolls (and random setups) from `seed`. Each move is searched under the agent's own `limits`,
/// with the time capped by its share of the remaining clock when there is a `clock`; an agent
/// whose clock runs out, or that fails to move legally, loses the game.
pub fn run_match(
    a: &mut dyn Agent<Ewn>,
    b: &mut dyn Agent<Ewn>,
    limits: [Limits; 2],
    rules: &EwnRules,
    clock: Option<MatchClock>,
    seed: u64,
) -> (MatchScore, Vec<MatchGame>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut score = MatchScore::default();
    let mut games = Vec::new();
    while let Some(number) = score.next_game() {
        let first = first_mover(number).expect("a match has at most seven games");
        // The first mover takes the seat that rolls first under these rules.
        let first_seat = rules.first_player();
        let contestant_of = |seat: PlayerId| {
            if seat == first_seat {
                first
            } else {
                first.other()
            }
        };
        a.new_game();
        b.new_game();
        let mut state = Ewn::new(rules);
        let mut record = GameRecord::start(&state);
        // Without a clock the engines play by their limits alone (matches replay exactly).
        let mut left = [clock.map_or(Duration::MAX, |c| c.clock); 2];
        let mut loser_reason: Option<(PlayerId, String)> = None;
        loop {
            match state.turn() {
                Turn::Terminal => break,
                Turn::Chance => {
                    let mut outcomes = Vec::new();
                    state.chance_outcomes(&mut outcomes);
                    let mv = sample_outcome(&outcomes, &mut rng);
                    record.moves.push(state.format_move(mv));
                    state.play(mv);
                }
                Turn::Player(seat) => {
                    let who = contestant_of(seat);
                    let agent: &mut dyn Agent<Ewn> = match who {
                        Contestant::A => &mut *a,
                        Contestant::B => &mut *b,
                    };
                    let idx = (who == Contestant::B) as usize;
                    let mut lim = limits[idx];
                    if let Some(c) = clock {
                        let share = (left[seat] / c.moves_to_go).as_millis() as u64;
                        lim.time_ms = Some(lim.time_ms.map_or(share, |t| t.min(share)).max(1));
                    }
                    let started = Instant::now();
                    let result = agent.choose(&state, &lim);
                    let used = started.elapsed();
                    if clock.is_some() && used > left[seat] {
                        loser_reason = Some((seat, format!("time: {who:?} exceeded its clock")));
                        break;
                    }
                    left[seat] = left[seat].saturating_sub(used);
                    match result {
                        Ok(report) if state.is_legal(report.best) => {
                            record.moves.push(state.format_move(report.best));
                            state.play(report.best);
                        }
                        Ok(report) => {
                            loser_reason =
                                Some((seat, format!("illegal move {:?} by {who:?}", report.best)));
                            break;
                        }
                        Err(e) => {
                            loser_reason = Some((seat, format!("{who:?}: {e}")));
                            break;
                        }
                    }
                }
            }
        }
        let (winner_seat, reason) = match loser_reason {
            Some((seat, why)) => (1 - seat, why),
            None => (
                state.winner().expect("a finished EWN game has a winner"),
                "terminal".to_string(),
            ),
        };
        let mut returns = vec![-1.0, -1.0];
        returns[winner_seat] = 1.0;
        record.returns = returns;
        record.reason = reason.clone();
        let winner = contestant_of(winner_seat);
        score
            .record(winner)
            .expect("the loop stops once the match is decided");
        games.push(MatchGame {
            number,
            first,
            winner,
            reason,
            record,
        });
    }
    (score, games)
}
