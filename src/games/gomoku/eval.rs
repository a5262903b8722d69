//! The evaluator and the search hooks. Features are counts from the threat map, for the side to
//! move ("own") and the other side ("opp"): how many empty points would give each a five, a
//! straight four, a four-three, ... down to a closed two, plus black's forbidden points under
//! renju. Weights are named (engine files and the tuner set them). The hooks narrow alpha-beta's
//! moves to the points that matter (the five, the block of a four, the defences against a three,
//! else the points near the stones), search fours in quiescence, and prove wins by threat-space
//! search (`threats`).

use crate::eval::{Backends, Evaluate, PlayoutPolicy, Proven, SearchHints};
use crate::game::{Game, MoveList, PlayerId};

use super::board::BLACK;
use super::game::{Gomoku, GomokuMove, View};
use super::opening::Step;
use super::patterns::{B4, D4, F4};
use super::threat_map::{class, ThreatMap};
use super::threats::ThreatSearch;

/// The point classes counted, in feature order (own then opp).
const CLASSES: [(u8, &str); 12] = [
    (class::FIVE, "five"),
    (class::OPEN_FOUR, "open_four"),
    (class::FOUR_FOUR, "four_four"),
    (class::FOUR_THREE, "four_three"),
    (class::THREE_THREE, "three_three"),
    (class::FOUR, "four"),
    (class::THREE, "three"),
    (class::CLOSED_THREE, "closed_three"),
    (class::TWO_TWO, "two_two"),
    (class::TWO, "two"),
    (class::CLOSED_TWO, "closed_two"),
    (class::MAYBE_FORBIDDEN, "forbidden"),
];

const NAMES: &[&str] = &[
    "own_five",
    "own_open_four",
    "own_four_four",
    "own_four_three",
    "own_three_three",
    "own_four",
    "own_three",
    "own_closed_three",
    "own_two_two",
    "own_two",
    "own_closed_two",
    "own_forbidden",
    "opp_five",
    "opp_open_four",
    "opp_four_four",
    "opp_four_three",
    "opp_three_three",
    "opp_four",
    "opp_three",
    "opp_closed_three",
    "opp_two_two",
    "opp_two",
    "opp_closed_two",
    "opp_forbidden",
];

/// Default weights, in evaluation units, for the side to move: its own threats are worth more
/// than the same threats of the side that has just moved (the move is the tempo).
const WEIGHTS: [f64; 24] = [
    2000.0, 1500.0, 1200.0, 800.0, 300.0, 40.0, 30.0, 8.0, 10.0, 4.0, 1.0, -4.0, //
    -600.0, -250.0, -200.0, -150.0, -60.0, -25.0, -18.0, -6.0, -6.0, -3.0, -1.0, 6.0,
];

/// Move-ordering value of a point's class for the mover (attack) and for the opponent (defence).
const ATTACK: [i32; class::COUNT] = [
    0, 2, 8, 14, 12, 40, 60, 90, 400, 450, 900, 10_000, -500, -50,
];
const DEFENCE: [i32; class::COUNT] = [0, 1, 5, 10, 8, 30, 35, 70, 300, 320, 700, 5_000, 0, 0];

impl Gomoku {
    /// The class counts of `colour` in feature order (forbidden: both of black's kinds).
    fn class_features(map: &ThreatMap, colour: usize, renju: bool, out: &mut Vec<f64>) {
        for (c, _) in CLASSES {
            let n = if c == class::MAYBE_FORBIDDEN {
                if renju && colour == BLACK {
                    map.class_count(colour, class::MAYBE_FORBIDDEN) as f64
                        + map.class_count(colour, class::FORBIDDEN) as f64
                } else {
                    0.0
                }
            } else {
                map.class_count(colour, c) as f64
            };
            out.push(n);
        }
    }

    fn order_value(&self, p: usize) -> i32 {
        let me = self.side();
        let m = self.map();
        ATTACK[m.class(me, p) as usize] + DEFENCE[m.class(me ^ 1, p) as usize]
    }

    /// Points where the opponent of the side to move would make a four or a straight four, and
    /// the side to move's own fours: the replies to an open three.
    fn three_defences(&self) -> Vec<usize> {
        let me = self.side();
        let you = me ^ 1;
        let m = self.map();
        let mut out: Vec<usize> = self
            .near_points()
            .into_iter()
            .filter(|&p| {
                m.shapes(you, p).iter().any(|&s| matches!(s, B4 | F4 | D4))
                    || m.shapes(me, p).iter().any(|&s| matches!(s, B4 | F4 | D4))
            })
            .filter(|&p| self.playable(me, p))
            .collect();
        out.sort_unstable();
        out
    }
}

impl Evaluate for Gomoku {
    fn feature_names() -> &'static [&'static str] {
        NAMES
    }
    fn default_weights() -> Vec<f64> {
        WEIGHTS.to_vec()
    }
    /// From `player`'s view: the side to move's features when `player` is to move, else the
    /// opponent's negated (so the evaluation is the negamax value either way).
    fn features(&self, player: PlayerId, out: &mut Vec<f64>) {
        let me = self.side();
        let renju = self.renju() && self.view().renju_aware;
        let start = out.len();
        Gomoku::class_features(self.map(), me, renju, out);
        Gomoku::class_features(self.map(), me ^ 1, renju, out);
        let to_move = self.current_player().unwrap_or(self.seat_of(me));
        if player != to_move {
            for x in &mut out[start..] {
                *x = -*x;
            }
        }
    }
}

impl SearchHints for Gomoku {
    /// Quiet unless the opponent threatens a five.
    fn is_quiet(&self) -> bool {
        self.step() != Step::Play || self.map().class_count(self.side() ^ 1, class::FIVE) == 0
    }
    /// Fives and fours of the mover.
    fn is_noisy(&self, mv: GomokuMove) -> bool {
        let p = mv as usize;
        self.step() == Step::Play
            && p < self.board().cells()
            && self
                .map()
                .shapes(self.side(), p)
                .iter()
                .any(|&s| matches!(s, B4 | F4 | D4) || s == super::patterns::F5)
    }
    fn order_hint(&self, mv: GomokuMove) -> i32 {
        let p = mv as usize;
        if self.step() == Step::Play && p < self.board().cells() {
            self.order_value(p)
        } else {
            0
        }
    }
    fn search_moves(&self, moves: &mut MoveList<GomokuMove>) {
        if self.is_terminal() {
            return;
        }
        let me = self.side();
        let you = me ^ 1;
        match self.step() {
            Step::Play => {}
            // Offers and the opener's free stones: points near the stones are enough.
            Step::Offer(_) | Step::Place2(_) | Step::Opening(_) => {
                let mut all = MoveList::new();
                self.legal_moves(&mut all);
                let near = self.near_points();
                let c = self.board().size() / 2;
                let centre = self.board().point(c, c);
                moves.extend(all.iter().copied().filter(|&m| {
                    let p = m as usize;
                    near.contains(&p) || p == centre || self.board().total_stones() == 0
                }));
                if moves.is_empty() {
                    moves.extend(all);
                }
                return;
            }
            _ => return self.legal_moves(moves),
        }
        // Win at once.
        if let Some(&p) = self.five_points(me).first() {
            moves.push(p as GomokuMove);
            return;
        }
        // Block a five; a point black may not play is no block (then any move, the game is lost).
        let fives = self.five_points(you);
        if !fives.is_empty() {
            moves.extend(
                fives
                    .iter()
                    .filter(|&&p| self.playable(me, p) && self.is_legal(p as GomokuMove))
                    .map(|&p| p as GomokuMove),
            );
            if moves.is_empty() {
                let mut all = MoveList::new();
                self.legal_moves(&mut all);
                moves.extend(all.into_iter().take(1));
            }
            return;
        }
        // Against a straight-four threat: the defences and own fours.
        if !self.threatens_straight_four(me) && self.threatens_straight_four(you) {
            let d = self.three_defences();
            if !d.is_empty() {
                moves.extend(d.into_iter().map(|p| p as GomokuMove));
                return;
            }
        }
        let mut near: Vec<usize> = self
            .near_points()
            .into_iter()
            .filter(|&p| self.playable(me, p) && self.is_legal(p as GomokuMove))
            .collect();
        if near.is_empty() {
            return self.legal_moves(moves);
        }
        near.sort_unstable();
        moves.extend(near.into_iter().map(|p| p as GomokuMove));
    }
    fn proven_result(&self, depth: i32, root: bool) -> Option<Proven<GomokuMove>> {
        let view = self.view();
        if view.threats == 0 || self.step() != Step::Play || self.is_terminal() {
            return None;
        }
        if !root && depth < 2 {
            return None;
        }
        let me = self.side();
        if !self.five_points(me ^ 1).is_empty() && self.five_points(me).is_empty() {
            // Forced to block: alpha-beta's move list already holds only the block.
            return None;
        }
        let budget = view.threat_nodes as u64 * if root { 20 } else { 1 };
        let mut vcf = ThreatSearch::new(false, 30, budget);
        if let Some(w) = vcf.find(self) {
            return Some(Proven {
                win: true,
                plies: w.plies,
                best: Some(w.mv),
            });
        }
        if root && view.threats >= 2 {
            let mut vct = ThreatSearch::new(true, 8, budget);
            if let Some(w) = vct.find(self) {
                return Some(Proven {
                    win: true,
                    plies: w.plies,
                    best: Some(w.mv),
                });
            }
        }
        None
    }
}

impl PlayoutPolicy for Gomoku {}

impl Backends for Gomoku {
    fn game_params() -> &'static [&'static str] {
        &["renju_aware", "threats", "threat_nodes"]
    }
    fn apply_game_params(&mut self, params: &toml::Table) -> Result<(), String> {
        let mut view = View::default();
        for (k, v) in params {
            match (k.as_str(), v) {
                ("renju_aware", toml::Value::Boolean(b)) => view.renju_aware = *b,
                ("threats", toml::Value::String(s)) => {
                    view.threats = match s.as_str() {
                        "none" => 0,
                        "vcf" => 1,
                        "vct" => 2,
                        other => {
                            return Err(format!(
                                "param threats must be none, vcf or vct, not {other:?}"
                            ))
                        }
                    }
                }
                ("threat_nodes", toml::Value::Integer(n)) if *n >= 0 => {
                    view.threat_nodes = (*n).min(u32::MAX as i64) as u32
                }
                (k, v) => return Err(format!("bad gomoku param {k} = {v}")),
            }
        }
        self.set_view(view);
        Ok(())
    }
}
