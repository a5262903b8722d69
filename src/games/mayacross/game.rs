//! Maya cross as a `Game`. A turn: the throw (a chance node over which of the two-sided dice
//! show their number), then the player's one decision, which value moves which piece; three
//! blanks ("三同") give another throw after moving, four blanks ("四同", two players) give
//! another throw and first two pieces of the player's choice move 4 more each. With four
//! players the 4 die is left out and two of the three values are used; three blanks there is a
//! throw with nothing to move (a forced `pass`) and another throw.
//!
//! Pieces of one player are alike, so a player's pieces are kept sorted by route square and a
//! move gives the steps of each (sorted) piece; among pieces on the same square the steps are
//! sorted too, and of several moves that leave the same position only the first is kept.

use crate::game::dice::{blanks, two_sided_dice};
use crate::game::zobrist;
use crate::game::{Game, MoveList, ParseError, PlayerId, Returns, Turn};
use smallvec::SmallVec;

use super::board::{geometry, Geometry, OFF};
use super::rules::{Attack, MayaRules};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MayaMove {
    /// The throw: bit i set when die i (face i + 1) shows its number.
    Roll(u8),
    /// Steps of each of the mover's pieces (in sorted order), and which landings attack.
    Play { steps: [u8; 4], attack: u8 },
    /// A throw with nothing to move (four players, three blanks).
    Pass,
}

/// Steps per piece of the hand-outs of one throw (at most 4^4 with `same_piece`).
type StepSets = SmallVec<[[u8; 4]; 32]>;

const NO_ROLL: u8 = u8::MAX;
const NONE: u8 = u8::MAX;

const KEYS_PIECE: [u64; 4 * 4 * 64] = zobrist::keys::<{ 4 * 4 * 64 }>(0x3A_7A_C2_0001);
const KEYS_TURN: [u64; 4] = zobrist::keys::<4>(0x3A_7A_C2_0002);
const KEYS_ROLL: [u64; 17] = zobrist::keys::<17>(0x3A_7A_C2_0003);
const KEY_OVER: u64 = zobrist::key(0x3A_7A_C2_0004, 0);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Maya {
    rules: MayaRules,
    /// Each seat's pieces by route square, ascending (`OFF` once a piece has left); only the
    /// first `rules.pieces()` are used.
    pieces: [[u8; 4]; 4],
    to_move: u8,
    roll: u8,
    winner: u8,
    hash: u64,
}

pub fn seat_letter(p: usize) -> char {
    (b'a' + p as u8) as char
}

impl Maya {
    /// A position from its parts (pieces need not be sorted; not otherwise validated).
    pub fn from_parts(
        rules: MayaRules,
        mut pieces: [[u8; 4]; 4],
        to_move: usize,
        roll: Option<u8>,
    ) -> Maya {
        let n = rules.pieces();
        for seat in pieces.iter_mut() {
            for x in seat[n..].iter_mut() {
                *x = 0;
            }
            seat[..n].sort_unstable();
        }
        let winner = (0..rules.players as usize)
            .find(|&s| pieces[s][..n].iter().all(|&x| x == OFF))
            .map_or(NONE, |s| s as u8);
        let mut m = Maya {
            rules,
            pieces,
            to_move: to_move as u8,
            roll: roll.unwrap_or(NO_ROLL),
            winner,
            hash: 0,
        };
        m.hash = m.hash_from_scratch();
        m
    }
    pub fn geometry(&self) -> &'static Geometry {
        geometry(self.rules.island)
    }
    pub fn to_move(&self) -> PlayerId {
        self.to_move as PlayerId
    }
    /// The seat's pieces by route square (ascending).
    pub fn pieces(&self, seat: PlayerId) -> &[u8] {
        &self.pieces[seat][..self.rules.pieces()]
    }
    pub fn roll(&self) -> Option<u8> {
        (self.roll != NO_ROLL).then_some(self.roll)
    }
    pub fn winner(&self) -> Option<PlayerId> {
        (self.winner != NONE).then_some(self.winner as PlayerId)
    }
    /// The board square of `seat`'s piece on route square `progress` (None once off).
    pub fn square_of(&self, seat: PlayerId, progress: u8) -> Option<u8> {
        (progress < OFF)
            .then(|| self.geometry().routes[self.rules.arm_of_seat(seat)][progress as usize])
    }
    /// The board squares (as bits) where an opponent of `seat` stands that a landing piece
    /// could hit: every opponent's piece on the board and off its own start square (pieces
    /// still on their start square are at home and cannot be sent back).
    fn enemy_squares(&self, seat: PlayerId) -> u128 {
        let g = self.geometry();
        let mut mask = 0u128;
        for q in (0..self.rules.players as usize).filter(|&q| q != seat) {
            let route = &g.routes[self.rules.arm_of_seat(q)];
            for &x in self.pieces(q) {
                if x > 0 && x < OFF {
                    mask |= 1u128 << route[x as usize];
                }
            }
        }
        mask
    }

    /// Whether a piece of `seat` stopping on route square `progress` would hit an opponent:
    /// not an island, and an opponent's piece stands there (pieces still on their own start
    /// square are at home and cannot be sent back).
    pub fn attackable(&self, seat: PlayerId, progress: u8) -> bool {
        self.attackable_in(seat, progress, self.enemy_squares(seat))
    }

    /// `attackable` with the opponents' squares (`enemy_squares`) computed once by the caller.
    fn attackable_in(&self, seat: PlayerId, progress: u8, enemy: u128) -> bool {
        match self.square_of(seat, progress) {
            Some(sq) => enemy >> sq & 1 == 1 && !self.geometry().is_island(sq),
            None => false,
        }
    }

    fn blanks(&self) -> u32 {
        blanks(self.roll, self.rules.dice())
    }
    /// Whether the throw on the table gives another throw after this move.
    fn throws_again(&self) -> bool {
        let b = self.blanks();
        if self.rules.players == 4 {
            b == 3
        } else {
            b >= 3
        }
    }

    /// Sorts steps (and their attack bits) within groups of pieces on the same square, and keeps
    /// one attack bit per landing square (on the lowest piece landing there).
    fn canonical(&self, steps: [u8; 4], attack: u8) -> ([u8; 4], u8) {
        let seat = self.to_move as usize;
        let pcs = self.pieces(seat);
        let n = pcs.len();
        let mut pairs = [(0u8, false); 4];
        for (i, p) in pairs.iter_mut().enumerate().take(n) {
            *p = (steps[i], attack >> i & 1 == 1);
        }
        // Descending within each group of equal squares (insertion sort: at most 4 pieces).
        for i in 1..n {
            let mut j = i;
            while j > 0 && pcs[j - 1] == pcs[j] && pairs[j - 1] < pairs[j] {
                pairs.swap(j - 1, j);
                j -= 1;
            }
        }
        let mut out = [0u8; 4];
        let mut att = 0u8;
        if attack == 0 {
            // No attack bit to place (move generation's case): the sorted steps alone.
            for (k, &(s, _)) in pairs[..n].iter().enumerate() {
                out[k] = s;
            }
            return (out, 0);
        }
        // The board square each moved piece lands on (the route passes the turntable's
        // squares more than once, so two route squares can be one board square).
        let landing = |k: usize, s: u8| self.square_of(seat, (pcs[k] + s).min(OFF));
        let mut seen = [(0u8, 0usize); 4];
        let mut seen_len = 0;
        for (k, &(s, a)) in pairs[..n].iter().enumerate() {
            out[k] = s;
            if s == 0 {
                continue;
            }
            if let Some(sq) = landing(k, s) {
                match seen[..seen_len].iter().find(|(q, _)| *q == sq) {
                    Some(&(_, first)) => {
                        if a {
                            att |= 1 << first;
                        }
                    }
                    None => {
                        seen[seen_len] = (sq, k);
                        seen_len += 1;
                        if a {
                            att |= 1 << k;
                        }
                    }
                }
            }
        }
        (out, att)
    }

    /// The attack bits every landing that can attack gets (one a landing square).
    fn all_attacks(&self, steps: &[u8; 4]) -> u8 {
        let seat = self.to_move as usize;
        self.all_attacks_in(steps, self.enemy_squares(seat))
    }

    fn all_attacks_in(&self, steps: &[u8; 4], enemy: u128) -> u8 {
        let seat = self.to_move as usize;
        let pcs = self.pieces(seat);
        let mut att = 0u8;
        for k in 0..pcs.len() {
            if steps[k] > 0 && self.attackable_in(seat, (pcs[k] + steps[k]).min(OFF), enemy) {
                att |= 1 << k;
            }
        }
        self.canonical(*steps, att).1
    }

    /// Pushes `steps` with the attack choices the rules allow.
    fn push_with_attacks(&self, steps: [u8; 4], enemy: u128, out: &mut MoveList<MayaMove>) {
        let full = self.all_attacks_in(&steps, enemy);
        match self.rules.attack {
            Attack::Must => out.push(MayaMove::Play {
                steps,
                attack: full,
            }),
            Attack::May => {
                // Every subset of the possible attacks.
                let mut sub = full;
                loop {
                    out.push(MayaMove::Play { steps, attack: sub });
                    if sub == 0 {
                        break;
                    }
                    sub = (sub - 1) & full;
                }
            }
        }
    }

    /// Every legal move at a decision node, one a resulting position, in a fixed order.
    fn generate(&self, out: &mut MoveList<MayaMove>) {
        let seat = self.to_move as usize;
        let pcs = self.pieces(seat);
        let mut live_buf = [0usize; 4];
        let mut n_live = 0;
        for (i, &x) in pcs.iter().enumerate() {
            if x < OFF {
                live_buf[n_live] = i;
                n_live += 1;
            }
        }
        let live = &live_buf[..n_live];
        let dice = self.rules.dice();
        let mut step_sets: StepSets = SmallVec::new();
        if self.blanks() == dice as u32 {
            if self.rules.players == 4 {
                out.push(MayaMove::Pass);
                return;
            }
            // 四同: two pieces of the player's choice move 4 more each (one if one is left).
            if live.len() == 1 {
                let mut s = [0u8; 4];
                s[live[0]] = 4;
                step_sets.push(s);
            } else {
                for a in 0..live.len() {
                    for b in a + 1..live.len() {
                        let mut s = [0u8; 4];
                        s[live[a]] = 4;
                        s[live[b]] = 4;
                        step_sets.push(s);
                    }
                }
            }
        } else {
            let mut values_buf = [0u8; 4];
            let mut n_values = 0;
            for i in (0..dice).filter(|&i| self.roll >> i & 1 == 1) {
                values_buf[n_values] = i + 1;
                n_values += 1;
            }
            let values = &values_buf[..n_values];
            let capacity = if self.rules.same_piece {
                usize::MAX
            } else {
                live.len()
            };
            let need = values.len().min(self.rules.values_used()).min(capacity);
            let mut target = [usize::MAX; 4];
            assign(
                values,
                live,
                need,
                self.rules.same_piece,
                0,
                0,
                &mut target,
                &mut step_sets,
            );
        }
        let mut seen: StepSets = SmallVec::new();
        for s in step_sets {
            let (c, _) = self.canonical(s, 0);
            if !seen.contains(&c) {
                seen.push(c);
            }
        }
        seen.sort_unstable();
        let enemy = self.enemy_squares(seat);
        let mut candidates: MoveList<MayaMove> = MoveList::new();
        for s in seen {
            self.push_with_attacks(s, enemy, &mut candidates);
        }
        // Pieces are alike, so two hand-outs can leave the same position (from 0 and 1, values
        // 1 and 4: 0+1,1+4 and 0+4,4+1 both leave 1 and 5): keep the first move to each.
        let mut results: SmallVec<[[[u8; 4]; 4]; 64]> = SmallVec::new();
        for mv in candidates {
            if let MayaMove::Play { steps, attack } = mv {
                let mut child = *self;
                child.move_pieces(steps, attack);
                if !results.contains(&child.pieces) {
                    results.push(child.pieces);
                    out.push(mv);
                }
            }
        }
    }

    /// Moves the mover's pieces by `steps` and sends home the pieces the `attack` landings hit
    /// (the board part of `play`: no turn, winner or hash update).
    fn move_pieces(&mut self, steps: [u8; 4], attack: u8) {
        let seat = self.to_move as usize;
        let n = self.rules.pieces();
        let before = self.pieces[seat];
        let mut landed = [OFF; 4];
        for k in 0..n {
            if steps[k] > 0 {
                let to = (before[k] + steps[k]).min(OFF);
                self.pieces[seat][k] = to;
                landed[k] = to;
            }
        }
        for k in 0..n {
            if attack >> k & 1 == 1 && landed[k] < OFF {
                let sq = self.square_of(seat, landed[k]);
                for q in 0..self.num_players() {
                    if q == seat {
                        continue;
                    }
                    for i in 0..n {
                        let x = self.pieces[q][i];
                        if x > 0 && x < OFF && self.square_of(q, x) == sq {
                            self.pieces[q][i] = 0;
                        }
                    }
                    self.pieces[q][..n].sort_unstable();
                }
            }
        }
        self.pieces[seat][..n].sort_unstable();
    }

    fn update_hash(&mut self) {
        self.hash = self.hash_from_scratch();
    }
}

/// Every way to give `need` of the `values` to pieces in `live` (distinct pieces unless
/// `same_piece`), as steps per piece.
#[allow(clippy::too_many_arguments)]
fn assign(
    values: &[u8],
    live: &[usize],
    need: usize,
    same_piece: bool,
    next: usize,
    used: usize,
    target: &mut [usize; 4],
    out: &mut StepSets,
) {
    if next == values.len() {
        if used == need {
            let mut s = [0u8; 4];
            for (v, &t) in values.iter().zip(target.iter()) {
                if t != usize::MAX {
                    s[t] += v;
                }
            }
            out.push(s);
        }
        return;
    }
    // Leave this value unused (only if enough values remain to reach `need`).
    if values.len() - next - 1 >= need - used {
        target[next] = usize::MAX;
        assign(values, live, need, same_piece, next + 1, used, target, out);
    }
    if used < need {
        for &slot in live {
            if !same_piece && target[..next].contains(&slot) {
                continue;
            }
            target[next] = slot;
            assign(
                values,
                live,
                need,
                same_piece,
                next + 1,
                used + 1,
                target,
                out,
            );
        }
        target[next] = usize::MAX;
    }
}

impl Game for Maya {
    type Move = MayaMove;
    type Rules = MayaRules;
    const ID: &'static str = "mayacross";
    const NAME: &'static str = "Maya cross (瑪雅十字棋)";

    fn new(rules: &MayaRules) -> Self {
        Maya::from_parts(*rules, [[0; 4]; 4], 0, None)
    }
    fn rules(&self) -> &MayaRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        self.rules.players as usize
    }
    fn turn(&self) -> Turn {
        if self.winner != NONE {
            Turn::Terminal
        } else if self.roll == NO_ROLL {
            Turn::Chance
        } else {
            Turn::Player(self.to_move as PlayerId)
        }
    }
    fn legal_moves(&self, moves: &mut MoveList<MayaMove>) {
        if self.turn() == Turn::Player(self.to_move as PlayerId) {
            self.generate(moves);
        }
    }
    fn chance_outcomes(&self, out: &mut Vec<(MayaMove, f64)>) {
        if self.turn() == Turn::Chance {
            out.extend(two_sided_dice(self.rules.dice()).map(|(m, p)| (MayaMove::Roll(m), p)));
        }
    }
    fn play(&mut self, mv: MayaMove) {
        match mv {
            MayaMove::Roll(m) => {
                self.roll = m;
            }
            MayaMove::Pass => {
                let again = self.throws_again();
                self.roll = NO_ROLL;
                if !again {
                    self.to_move = ((self.to_move as usize + 1) % self.num_players()) as u8;
                }
            }
            MayaMove::Play { steps, attack } => {
                let seat = self.to_move as usize;
                let n = self.rules.pieces();
                self.move_pieces(steps, attack);
                let again = self.throws_again();
                self.roll = NO_ROLL;
                if self.pieces[seat][..n].iter().all(|&x| x == OFF) {
                    self.winner = seat as u8;
                } else if !again {
                    self.to_move = ((seat + 1) % self.num_players()) as u8;
                }
            }
        }
        self.update_hash();
    }
    fn is_pass(&self, mv: MayaMove) -> bool {
        mv == MayaMove::Pass
    }
    fn returns(&self) -> Returns {
        match self.winner() {
            Some(w) => Returns::single_winner(self.num_players(), w),
            None => Returns::new(self.num_players()),
        }
    }
    fn hash(&self) -> u64 {
        self.hash
    }
    fn hash_from_scratch(&self) -> u64 {
        let n = self.rules.pieces();
        let mut h = KEYS_TURN[self.to_move as usize]
            ^ KEYS_ROLL[if self.roll == NO_ROLL {
                16
            } else {
                self.roll as usize & 15
            }];
        for seat in 0..self.num_players() {
            for k in 0..n {
                h ^= KEYS_PIECE[(seat * 4 + k) * 64 + self.pieces[seat][k] as usize];
            }
        }
        if self.winner != NONE {
            h ^= KEY_OVER;
        }
        h
    }
    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &MayaRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: MayaMove) -> String {
        super::text::format_move(self, mv)
    }
    fn parse_move(&self, text: &str) -> Result<MayaMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}

impl Maya {
    /// For `text`: the canonical form of a move read from text (steps sorted within groups,
    /// attack bits as the rules decide); None when the text marks a hit that cannot happen.
    pub(super) fn normalise(&self, steps: [u8; 4], attack: u8) -> Option<MayaMove> {
        let (s, a) = self.canonical(steps, attack);
        let possible = self.all_attacks(&s);
        if a & !possible != 0 {
            return None;
        }
        let a = match self.rules.attack {
            Attack::Must => possible,
            Attack::May => a,
        };
        Some(MayaMove::Play {
            steps: s,
            attack: a,
        })
    }
}
