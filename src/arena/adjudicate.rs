//! Ending decided games early, as tournament managers do:
//!
//! - `--resign movecount=N,score=S[,twosided]` and `--draw movenumber=M,movecount=N,score=S`,
//!   as fastchess defines them (its `ResignTracker`, `DrawTracker` and `Adjudicator`): after every
//!   engine move the mover's reported score updates the counts; before the next move, a
//!   resignable game is lost by the side that just moved if its score is negative, and a
//!   drawable one is drawn.
//!   * resign, one-sided: a side's count is its consecutive moves with score <= -S; the game is
//!     resignable once either count reaches N.
//!   * resign, two-sided: one count of consecutive moves (both sides) with |score| >= S; resignable
//!     once it reaches 2N, so both engines must have agreed N moves each.
//!   * draw: one count of consecutive moves (both sides) with |score| <= S, adjudicatable once it
//!     reaches 2N and at least M full moves (plies / 2, the opening included) have been played.
//!     `movecount=0` draws at move M whatever the scores (as in fastchess).
//!   * a move without a score (an external engine that reported none) resets the counts it
//!     feeds, so two-sided resignation and draws never happen when only one engine reports.
//!   Differences from fastchess, which plays chess: fastchess also restarts the draw count at a
//!   capture or pawn move (chess's fifty-move counter); the lab's games have no common counter
//!   of that kind, so the count runs over every move. Scores are each engine's own units: give
//!   engines of one scale (cutechess and fastchess assume centipawns).
//! - For chance games, the same resignation on reported win probabilities:
//!   `--resign movecount=N,winprob=P[,twosided]` (losing: p <= P; two-sided: p <= P or
//!   p >= 1 - P; the loser's p < 1/2), from agents that read their score as a probability
//!   (`Agent::win_probability`: MCTS, Ur's table, external engines that say `winprob`).
//! - `--adjudicate exact=FILE[,epsilon=E]`: an exact back end (`Agent::exact_score`: Othello's
//!   solver, Ur's solved table) is asked before every move; the first time it knows the
//!   position, the game ends with the result of perfect play (a margin's sign; a win
//!   probability within E of 0 or 1).

use serde::{Deserialize, Serialize};

use crate::engine_file::EngineSpec;
use crate::game::PlayerId;

use super::record::Ending;

/// What the resignation count compares.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Threshold {
    /// An engine score (its units): losing at or below -S.
    Score(f64),
    /// A reported win probability: losing at or below P.
    WinProbability(f64),
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ResignRule {
    pub move_count: u32,
    pub threshold: Threshold,
    pub twosided: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DrawRule {
    pub move_number: u32,
    pub move_count: u32,
    pub score: f64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ExactRule {
    /// The engine file of the exact back end.
    pub oracle: EngineSpec,
    /// How close to 0 or 1 an exact win probability must be to decide.
    pub epsilon: f64,
}

/// The adjudications a tournament uses (all off by default).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Adjudication {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resign: Option<ResignRule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub draw: Option<DrawRule>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exact: Option<ExactRule>,
}

impl Adjudication {
    pub fn is_off(&self) -> bool {
        *self == Adjudication::default()
    }
}

/// `key=value,...` into pairs, refusing keys not in `known`.
fn pairs<'a>(
    flag: &str,
    text: &'a str,
    known: &[&str],
) -> Result<Vec<(&'a str, Option<&'a str>)>, String> {
    let mut out = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        let (k, v) = match part.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (part, None),
        };
        if !known.contains(&k) {
            return Err(format!(
                "{flag} {text:?}: unknown key {k:?} (known: {})",
                known.join(", ")
            ));
        }
        out.push((k, v));
    }
    Ok(out)
}

fn number<T: std::str::FromStr>(flag: &str, key: &str, v: Option<&str>) -> Result<T, String> {
    v.and_then(|v| v.parse().ok())
        .ok_or_else(|| format!("{flag}: {key}={} is not a number", v.unwrap_or("")))
}

fn boolean(flag: &str, key: &str, v: Option<&str>) -> Result<bool, String> {
    match v {
        None | Some("true") | Some("1") => Ok(true),
        Some("false") | Some("0") => Ok(false),
        Some(other) => Err(format!("{flag}: {key}={other} must be true or false")),
    }
}

impl ResignRule {
    /// `movecount=N,score=S[,twosided[=true]]` or `movecount=N,winprob=P[,twosided]`.
    pub fn parse(text: &str) -> Result<ResignRule, String> {
        let flag = "--resign";
        let mut rule = ResignRule {
            move_count: 1,
            threshold: Threshold::Score(0.0),
            twosided: false,
        };
        let (mut score, mut prob) = (None, None);
        for (k, v) in pairs(flag, text, &["movecount", "score", "winprob", "twosided"])? {
            match k {
                "movecount" => rule.move_count = number(flag, k, v)?,
                "score" => score = Some(number::<f64>(flag, k, v)?),
                "winprob" => prob = Some(number::<f64>(flag, k, v)?),
                _ => rule.twosided = boolean(flag, k, v)?,
            }
        }
        rule.threshold = match (score, prob) {
            (Some(_), Some(_)) => {
                return Err(format!("{flag} {text:?}: give score or winprob, not both"))
            }
            (_, Some(p)) if !(0.0..0.5).contains(&p) => {
                return Err(format!(
                    "{flag}: winprob={p} must be at least 0 and below 0.5"
                ))
            }
            (_, Some(p)) => Threshold::WinProbability(p),
            (Some(s), _) if !(s.is_finite() && s >= 0.0) => {
                return Err(format!("{flag}: score={s} must be a score >= 0"))
            }
            (s, None) => Threshold::Score(s.unwrap_or(0.0)),
        };
        if rule.move_count == 0 {
            return Err(format!("{flag}: movecount must be at least 1"));
        }
        Ok(rule)
    }
    pub fn to_text(&self) -> String {
        let t = match self.threshold {
            Threshold::Score(s) => format!("score={s}"),
            Threshold::WinProbability(p) => format!("winprob={p}"),
        };
        format!(
            "movecount={},{t}{}",
            self.move_count,
            if self.twosided { ",twosided" } else { "" }
        )
    }
}

impl DrawRule {
    /// `movenumber=M,movecount=N,score=S`.
    pub fn parse(text: &str) -> Result<DrawRule, String> {
        let flag = "--draw";
        let mut rule = DrawRule {
            move_number: 0,
            move_count: 1,
            score: 0.0,
        };
        for (k, v) in pairs(flag, text, &["movenumber", "movecount", "score"])? {
            match k {
                "movenumber" => rule.move_number = number(flag, k, v)?,
                "movecount" => rule.move_count = number(flag, k, v)?,
                _ => rule.score = number(flag, k, v)?,
            }
        }
        if !(rule.score.is_finite() && rule.score >= 0.0) {
            return Err(format!("{flag}: score={} must be a score >= 0", rule.score));
        }
        Ok(rule)
    }
    pub fn to_text(&self) -> String {
        format!(
            "movenumber={},movecount={},score={}",
            self.move_number, self.move_count, self.score
        )
    }
}

/// A decision to end the game: the loser (None: a draw), the kind and the words.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub loser: Option<PlayerId>,
    pub ending: Ending,
    pub reason: String,
}

/// The counts of one game (two players).
#[derive(Clone, Debug)]
pub struct Trackers {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    resign_both: u32,
    resign_seat: [u32; 2],
    draw_run: u32,
    /// The seat that moved last and the value the resignation rule read from it.
    last: Option<(PlayerId, Option<f64>)>,
}

impl Trackers {
    pub fn new(a: &Adjudication) -> Trackers {
        Trackers {
            resign: a.resign,
            draw: a.draw,
            resign_both: 0,
            resign_seat: [0; 2],
            draw_run: 0,
            last: None,
        }
    }

    /// After `seat` moved, with its reported score (NaN: none) and win probability.
    pub fn after_move(&mut self, seat: PlayerId, score: f64, win_probability: Option<f64>) {
        let score = score.is_finite().then_some(score);
        if let Some(r) = &self.resign {
            let value = match r.threshold {
                Threshold::Score(_) => score,
                Threshold::WinProbability(_) => win_probability.filter(|p| p.is_finite()),
            };
            let (losing, winning) = match (r.threshold, value) {
                (_, None) => (false, false),
                (Threshold::Score(t), Some(v)) => (v <= -t, v >= t),
                (Threshold::WinProbability(p), Some(v)) => (v <= p, v >= 1.0 - p),
            };
            if r.twosided {
                self.resign_both = if losing || winning {
                    self.resign_both + 1
                } else {
                    0
                };
            } else if seat < 2 {
                self.resign_seat[seat] = if losing {
                    self.resign_seat[seat] + 1
                } else {
                    0
                };
            }
            self.last = Some((seat, value));
        }
        if let Some(d) = &self.draw {
            if d.move_count > 0 {
                self.draw_run = match score {
                    Some(s) if s.abs() <= d.score => self.draw_run + 1,
                    _ => 0,
                };
            }
        }
    }

    /// Before the next move, `plies` played so far (the opening included).
    pub fn decide(&self, plies: usize) -> Option<Decision> {
        if let (Some(r), Some((seat, Some(v)))) = (&self.resign, self.last) {
            let resignable = if r.twosided {
                self.resign_both >= 2 * r.move_count
            } else {
                self.resign_seat.iter().any(|&n| n >= r.move_count)
            };
            let negative = match r.threshold {
                Threshold::Score(_) => v < 0.0,
                Threshold::WinProbability(_) => v < 0.5,
            };
            if resignable && negative {
                return Some(Decision {
                    loser: Some(seat),
                    ending: Ending::ResignAdjudication,
                    reason: format!("adjudicated: --resign {}", r.to_text()),
                });
            }
        }
        if let Some(d) = &self.draw {
            if plies / 2 >= d.move_number as usize && self.draw_run >= 2 * d.move_count {
                return Some(Decision {
                    loser: None,
                    ending: Ending::DrawAdjudication,
                    reason: format!("adjudicated: draw, --draw {}", d.to_text()),
                });
            }
        }
        None
    }
}

/// The seed's refused-draw count: after `seat` refused a draw offer it must win within
/// `moves_left` more of its own moves or then show a clear advantage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RefusedDraw {
    pub seat: PlayerId,
    pub moves_left: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(rule: Adjudication, moves: &[(usize, f64)], plies0: usize) -> Option<(usize, Decision)> {
        let mut t = Trackers::new(&rule);
        for (i, &(seat, score)) in moves.iter().enumerate() {
            t.after_move(seat, score, None);
            if let Some(d) = t.decide(plies0 + i + 1) {
                return Some((i, d));
            }
        }
        None
    }

    fn resign(text: &str) -> Adjudication {
        Adjudication {
            resign: Some(ResignRule::parse(text).unwrap()),
            ..Default::default()
        }
    }

    #[test]
    fn one_sided_resignation_at_exactly_the_count() {
        let r = resign("movecount=3,score=500");
        // Seat 1 at -500, -600, -700 on its own moves (seat 0's scores do not matter).
        let moves = [
            (0, 100.0),
            (1, -500.0),
            (0, 0.0),
            (1, -600.0),
            (0, 9.0),
            (1, -700.0),
        ];
        let (at, d) = run(r.clone(), &moves, 0).unwrap();
        assert_eq!((at, d.loser), (5, Some(1)));
        // One move short, or one at -499 in the run: no adjudication.
        assert!(run(r.clone(), &moves[..5], 0).is_none());
        let mut broken = moves;
        broken[3].1 = -499.0;
        assert!(run(r.clone(), &broken, 0).is_none());
        // A move without a score breaks the run.
        broken[3].1 = f64::NAN;
        assert!(run(r, &broken, 0).is_none());
    }

    #[test]
    fn two_sided_resignation_needs_both_engines() {
        let r = resign("movecount=2,score=300,twosided");
        let both = [(0, 400.0), (1, -350.0), (0, 300.0), (1, -300.0)];
        let (at, d) = run(r.clone(), &both, 0).unwrap();
        assert_eq!((at, d.loser), (3, Some(1)));
        // The winner reporting no score: never (only one engine reports).
        let one = [
            (0, f64::NAN),
            (1, -350.0),
            (0, f64::NAN),
            (1, -300.0),
            (0, f64::NAN),
            (1, -900.0),
        ];
        assert!(run(r.clone(), &one, 0).is_none());
        // One-sided, the same moves resign.
        assert!(run(resign("movecount=2,score=300"), &one, 0).is_some());
        // The count reached by the winner's move: the loser goes at its next move.
        let late = [
            (1, -400.0),
            (0, 350.0),
            (1, -300.0),
            (0, 300.0),
            (1, -301.0),
        ];
        let (at, d) = run(r, &late, 0).unwrap();
        assert_eq!((at, d.loser), (4, Some(1)));
    }

    #[test]
    fn draw_adjudication_waits_for_the_move_number_and_the_count() {
        let d = Adjudication {
            draw: Some(DrawRule::parse("movenumber=10,movecount=2,score=20").unwrap()),
            ..Default::default()
        };
        let quiet = [(0, 5.0), (1, -20.0), (0, 0.0), (1, 19.0)];
        // From ply 16: the 4th quiet move is at ply 20 = move 10: drawn then.
        let (at, dec) = run(d.clone(), &quiet, 16).unwrap();
        assert_eq!(
            (at, dec.loser, dec.ending),
            (3, None, Ending::DrawAdjudication)
        );
        // From ply 14 the count is there at ply 18 (move 9): not yet; the next quiet move does it.
        let mut longer = quiet.to_vec();
        longer.push((0, 1.0));
        longer.push((1, 2.0));
        assert_eq!(run(d.clone(), &longer, 14).unwrap().0, 5);
        // A score of 21 breaks the run; an unscored move too.
        assert!(run(d.clone(), &[(0, 5.0), (1, 21.0), (0, 0.0)], 30).is_none());
        assert!(run(d, &[(0, 5.0), (1, f64::NAN), (0, 0.0)], 30).is_none());
    }

    #[test]
    fn win_probability_resignation() {
        let r = resign("movecount=2,winprob=0.05");
        let mut t = Trackers::new(&r);
        for p in [0.04, 0.9, 0.05] {
            let seat = if p > 0.5 { 0 } else { 1 };
            t.after_move(seat, f64::NAN, Some(p));
        }
        assert_eq!(t.decide(10).unwrap().loser, Some(1));
        assert!(ResignRule::parse("winprob=0.6").is_err());
        assert!(ResignRule::parse("score=1,winprob=0.1").is_err());
    }

    #[test]
    fn flags_parse_and_print_back() {
        for text in ["movecount=3,score=600", "movecount=5,score=1000,twosided"] {
            assert_eq!(ResignRule::parse(text).unwrap().to_text(), text);
        }
        assert!(
            !ResignRule::parse("movecount=3,score=6,twosided=false")
                .unwrap()
                .twosided
        );
        assert_eq!(
            DrawRule::parse("movenumber=40,movecount=8,score=10")
                .unwrap()
                .to_text(),
            "movenumber=40,movecount=8,score=10"
        );
        for bad in ["movecount=x", "score=-5", "bogus=1", "movecount=0"] {
            assert!(ResignRule::parse(bad).is_err(), "{bad}");
        }
        assert!(DrawRule::parse("movenumber=-1").is_err());
    }
}
