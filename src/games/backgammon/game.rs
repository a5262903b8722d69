//! Backgammon as a `Game`: every roll and every cube action is a node.
//!
//! A game opens with a chance node: each side rolls one die and the higher starts with those two
//! dice (30 outcomes of 1/30: ties are rolled again; with automatic doubles available a tie is an
//! outcome of 1/36 that turns the centred cube). With `opening_reroll` the starter then decides to
//! `keep` the opening dice or `reroll` its own two. Every later turn begins with the side on roll
//! deciding `double` or `roll` when it may double (the node is skipped when it may not), then
//! the roll (21 outcomes: doubles 1/36, others 1/18), then the play, one whole play using all the
//! dice it can (a forced `pass` when none can move). A double is answered with `take`, `drop` or,
//! when beavers are allowed, `beaver` (an immediate redouble the doubler answers the same way).
//!
//! Money play is one game: the return is the points won (cube x 1, 2 or 3). A match (`match=N`)
//! is one state from the first opening roll to the end: a finished game adds its points to the
//! winner's score and the next game's opening roll follows, with the Crawford rule. The return of
//! a match is +1 / -1 for the match.

use crate::game::{zobrist, Game, MoveList, ParseError, PlayerId, Returns, Turn};

use super::board::{self, Side, BAR, CHECKERS, OFF, START};
use super::movegen::{self, Generated, Play};
use super::rules::{BeaverDrop, BgRules, DeadCube};

/// The side counted as gnubg's player 0 (drawn as O by gnubg) and player 1 (X).
pub const SIDE_NAMES: [char; 2] = ['O', 'X'];

/// A decision or a chance outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BgMove {
    /// The opening roll: the die of side 0, the die of side 1.
    Opening(u8, u8),
    /// A roll, the higher die first.
    Roll(u8, u8),
    /// A whole play (or the forced pass).
    Play(Play),
    /// The opening roll's winner plays the opening dice (`opening_reroll`).
    Keep,
    /// ... or rolls its own two dice instead.
    Reroll,
    Double,
    /// Not doubling: go on to roll.
    NoDouble,
    Take,
    Drop,
    Beaver,
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// The opening roll is next (chance).
    Opening,
    /// The opening roll's winner decides `keep` or `reroll` (with `opening_reroll`).
    OpeningChoice,
    /// The side on roll decides `double` or `roll`.
    CubeDecision,
    /// The roll is next (chance).
    Rolling,
    /// The side on roll plays its dice.
    Moving,
    /// A double is offered; `beavers` redoubles have followed it. The side to answer is the
    /// roller's opponent after an even number of beavers, the roller after an odd one.
    Doubled { beavers: u8 },
    /// The game (money) or the match is over.
    Over,
}

/// How the last game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameResult {
    pub winner: u8,
    pub points: u16,
}

/// A position: the board, the phase and whose turn, the dice, the cube, the match score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Backgammon {
    pub(crate) sides: [Side; 2],
    pub(crate) rules: BgRules,
    pub(crate) phase: Phase,
    /// The side on roll (in `Doubled`: the side whose turn it is, who doubled first).
    pub(crate) roller: u8,
    /// The rolled dice, higher first; [0, 0] before the roll.
    pub(crate) dice: [u8; 2],
    /// log2 of the cube value.
    pub(crate) cube_log: u8,
    /// The cube's owner: 0, 1, or 2 for the centre.
    pub(crate) owner: u8,
    /// Automatic doubles used in this game.
    pub(crate) auto_used: u8,
    pub(crate) score: [u16; 2],
    /// This game is the Crawford game (no doubling).
    pub(crate) crawford: bool,
    /// The Crawford game has been played.
    pub(crate) post_crawford: bool,
    /// The last finished game (money: the game; a match: the one that ended it, once over).
    pub(crate) result: Option<GameResult>,
    /// Points already paid to O (negative: to X) during this money game: a refused beaver
    /// under `beaver_drop=continue`. They are added to the game's return.
    pub(crate) paid: i16,
    board_hash: u64,
}

pub const CENTRE: u8 = 2;

const KEYS_BOARD: [u64; 2 * 26 * 16] = zobrist::keys::<{ 2 * 26 * 16 }>(0x0B6_0001);
const KEYS_META: [u64; 64] = zobrist::keys::<64>(0x0B6_0002);

fn board_key(side: usize, point: usize, count: u8) -> u64 {
    KEYS_BOARD[(side * 26 + point) * 16 + (count as usize).min(15)]
}

/// The chance outcomes of one roll: 15 non-doubles of 2/36 and 6 doubles of 1/36.
pub fn rolls() -> impl Iterator<Item = (u8, u8, f64)> {
    (1..=6u8).flat_map(|hi| {
        (1..=hi).map(move |lo| (hi, lo, if hi == lo { 1.0 / 36.0 } else { 2.0 / 36.0 }))
    })
}

impl Backgammon {
    /// A state from its parts, unchecked (`text` validates positions read from text).
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn from_parts(rules: BgRules, sides: [Side; 2]) -> Backgammon {
        let mut s = Backgammon {
            sides,
            rules,
            phase: Phase::Opening,
            roller: 0,
            dice: [0, 0],
            cube_log: 0,
            owner: CENTRE,
            auto_used: 0,
            score: [0, 0],
            crawford: false,
            post_crawford: false,
            result: None,
            paid: 0,
            board_hash: 0,
        };
        s.board_hash = s.board_hash_from_scratch();
        s
    }

    fn board_hash_from_scratch(&self) -> u64 {
        let mut h = 0;
        for side in 0..2 {
            for p in 0..26 {
                h ^= board_key(side, p, self.sides[side][p]);
            }
        }
        h
    }

    pub(crate) fn rehash_board(&mut self) {
        self.board_hash = self.board_hash_from_scratch();
    }

    fn meta_hash(&self) -> u64 {
        let phase = match self.phase {
            Phase::Opening => 0,
            Phase::OpeningChoice => 1,
            Phase::CubeDecision => 2,
            Phase::Rolling => 3,
            Phase::Moving => 4,
            Phase::Doubled { beavers } => 5 + beavers.min(7) as usize,
            Phase::Over => 13,
        };
        let mut h = KEYS_META[phase];
        h ^= KEYS_META[14 + self.roller as usize];
        h ^= zobrist::key(0x0B6_0003, (self.dice[0] as u64) << 4 | self.dice[1] as u64);
        h ^= KEYS_META[16 + self.cube_log.min(12) as usize];
        h ^= KEYS_META[30 + self.owner as usize];
        h ^= KEYS_META[34 + self.auto_used.min(15) as usize];
        h ^= zobrist::key(
            0x0B6_0004,
            (self.score[0] as u64) << 16 | self.score[1] as u64,
        );
        if self.crawford {
            h ^= KEYS_META[50];
        }
        if self.post_crawford {
            h ^= KEYS_META[51];
        }
        if let Some(r) = self.result {
            h ^= zobrist::key(0x0B6_0005, (r.winner as u64) << 16 | r.points as u64);
        }
        if self.paid != 0 {
            h ^= zobrist::key(0x0B6_0006, self.paid as u16 as u64);
        }
        h
    }

    pub fn side(&self, p: usize) -> &Side {
        &self.sides[p]
    }
    pub fn phase(&self) -> Phase {
        self.phase
    }
    /// The side on roll.
    pub fn roller(&self) -> usize {
        self.roller as usize
    }
    pub fn dice(&self) -> Option<(u8, u8)> {
        (self.dice[0] > 0).then_some((self.dice[0], self.dice[1]))
    }
    pub fn cube_value(&self) -> u32 {
        1 << self.cube_log
    }
    /// The cube's owner, None when centred.
    pub fn cube_owner(&self) -> Option<usize> {
        (self.owner != CENTRE).then_some(self.owner as usize)
    }
    pub fn score(&self) -> [u16; 2] {
        self.score
    }
    pub fn is_crawford_game(&self) -> bool {
        self.crawford
    }
    pub fn is_post_crawford(&self) -> bool {
        self.post_crawford
    }
    pub fn result(&self) -> Option<GameResult> {
        self.result
    }
    pub fn auto_doubles_used(&self) -> u8 {
        self.auto_used
    }
    /// Points already paid to O (negative: to X) in this money game (`beaver_drop=continue`).
    pub fn paid(&self) -> i16 {
        self.paid
    }

    /// The side that answers the pending double.
    pub fn responder(&self) -> Option<usize> {
        match self.phase {
            Phase::Doubled { beavers } => Some((self.roller ^ 1 ^ (beavers & 1)) as usize),
            _ => None,
        }
    }

    /// The cube value a pending offer would make (None without an offer).
    pub fn offered_value(&self) -> Option<u32> {
        match self.phase {
            Phase::Doubled { beavers } => Some(1 << (self.cube_log + beavers + 1)),
            _ => None,
        }
    }

    /// Whether the side on roll may double now (before its roll). In a match the cube is dead
    /// for a side whose score plus the cube already wins the match, and for the leader in
    /// post-Crawford games: with `dead_cube=skip` (gnubg) no double is offered there; with
    /// `dead_cube=offer` (the source text) the cube may be turned in every game but Crawford.
    pub fn may_double(&self) -> bool {
        let r = self.rules;
        if !r.cube || self.crawford || self.cube_log + 1 > r.max_cube_log() {
            return false;
        }
        if self.owner != CENTRE && self.owner != self.roller {
            return false;
        }
        if r.match_length > 0 && r.dead_cube == DeadCube::Skip {
            let n = r.match_length as u32;
            let mine = self.score[self.roller as usize] as u32;
            if mine + self.cube_value() >= n || (self.post_crawford && mine + 1 == n) {
                return false;
            }
        }
        true
    }

    fn may_beaver(&self, beavers: u8) -> bool {
        self.rules.is_money()
            && beavers < self.rules.beavers
            && self.cube_log + beavers + 2 <= self.rules.max_cube_log()
    }

    fn auto_double_possible(&self) -> bool {
        let r = self.rules;
        r.cube
            && r.is_money()
            && self.auto_used < r.auto_doubles
            && self.cube_log < r.max_cube_log()
    }

    /// The phase before a roll: the cube decision when the roller may double, else the roll.
    fn before_roll(&mut self) {
        self.dice = [0, 0];
        self.phase = if self.may_double() {
            Phase::CubeDecision
        } else {
            Phase::Rolling
        };
    }

    /// Sets the dice (for checks that try every roll from a position; not a game transition).
    pub fn set_dice_for_check(&mut self, h: u8, l: u8) {
        self.dice = [h.max(l), h.min(l)];
    }

    /// Every distinct play of the rolled dice with the position each leaves.
    pub fn plays(&self, out: &mut Vec<Generated>) {
        let me = self.roller as usize;
        movegen::generate_with(
            &self.sides[me],
            &self.sides[me ^ 1],
            self.dice[0],
            self.dice[1],
            movegen::PlayRules::of(&self.rules),
            out,
        );
    }

    /// The points the winner of a game just finished on the board scores.
    fn points_for_win(&self, winner: usize) -> u16 {
        let kind = if !self.rules.gammons
            || (self.rules.jacoby && self.rules.is_money() && self.owner == CENTRE)
        {
            1
        } else {
            board::win_kind(&self.sides[winner ^ 1])
        };
        kind as u16 * self.cube_value() as u16
    }

    /// A game ends: money play is over; a match scores it and starts the next game.
    fn finish_game(&mut self, winner: usize, points: u16) {
        self.result = Some(GameResult {
            winner: winner as u8,
            points,
        });
        let n = self.rules.match_length;
        // The text of a finished game names its winner, not a side on roll.
        self.roller = winner as u8;
        if n == 0 {
            self.phase = Phase::Over;
            self.dice = [0, 0];
            return;
        }
        self.score[winner] = self.score[winner].saturating_add(points);
        if self.score[winner] >= n {
            self.phase = Phase::Over;
            self.dice = [0, 0];
            return;
        }
        // Crawford (as gnubg keeps it): the game after the first to reach n - 1 (the other
        // not there too) is the Crawford game; every game after it is post-Crawford.
        if self.rules.crawford {
            let was = self.crawford;
            self.post_crawford |= was;
            self.crawford = !self.post_crawford
                && !was
                && self.score[winner] + 1 == n
                && self.score[winner ^ 1] + 1 != n;
        }
        self.sides = [START, START];
        self.rehash_board();
        self.phase = Phase::Opening;
        self.dice = [0, 0];
        self.cube_log = 0;
        self.owner = CENTRE;
        self.auto_used = 0;
        self.roller = 0;
        self.result = None;
    }

    /// Plays a play of the side on roll (no legality check beyond the steps themselves).
    fn apply_play(&mut self, play: &Play) {
        let me = self.roller as usize;
        let (mut mine, mut theirs) = (self.sides[me], self.sides[me ^ 1]);
        for s in play.steps() {
            movegen::apply_step(&mut mine, &mut theirs, s.from as usize, s.to as usize);
        }
        for p in 0..26 {
            if mine[p] != self.sides[me][p] {
                self.board_hash ^= board_key(me, p, self.sides[me][p]) ^ board_key(me, p, mine[p]);
            }
            if theirs[p] != self.sides[me ^ 1][p] {
                self.board_hash ^=
                    board_key(me ^ 1, p, self.sides[me ^ 1][p]) ^ board_key(me ^ 1, p, theirs[p]);
            }
        }
        self.sides[me] = mine;
        self.sides[me ^ 1] = theirs;
    }

    /// A legal play whose steps are `play`'s or that leaves the same position; used to accept
    /// plays built elsewhere (another step order).
    pub fn canonical_play(&self, play: &Play) -> Option<Play> {
        let me = self.roller as usize;
        let (mut mine, mut theirs) = (self.sides[me], self.sides[me ^ 1]);
        for s in play.steps() {
            let (f, t) = (s.from as usize, s.to as usize);
            if f > BAR || t >= BAR || mine[f] == 0 {
                return None;
            }
            movegen::apply_step(&mut mine, &mut theirs, f, t);
        }
        let mut out = Vec::new();
        self.plays(&mut out);
        out.iter()
            .find(|g| g.me == mine && g.opp == theirs)
            .map(|g| g.play)
    }

    /// Checkers borne off by each side.
    pub fn off(&self, p: usize) -> u8 {
        self.sides[p][OFF]
    }
}

impl Game for Backgammon {
    type Move = BgMove;
    type Rules = BgRules;
    const ID: &'static str = "backgammon";
    const NAME: &'static str = "Backgammon";

    fn new(rules: &BgRules) -> Self {
        Backgammon::from_parts(*rules, [START, START])
    }
    fn rules(&self) -> &BgRules {
        &self.rules
    }
    fn num_players(&self) -> usize {
        2
    }

    fn turn(&self) -> Turn {
        match self.phase {
            Phase::Opening | Phase::Rolling => Turn::Chance,
            Phase::OpeningChoice | Phase::CubeDecision | Phase::Moving => {
                Turn::Player(self.roller as PlayerId)
            }
            Phase::Doubled { .. } => Turn::Player(self.responder().unwrap_or(0)),
            Phase::Over => Turn::Terminal,
        }
    }

    fn legal_moves(&self, moves: &mut MoveList<BgMove>) {
        match self.phase {
            Phase::OpeningChoice => moves.extend([BgMove::Keep, BgMove::Reroll]),
            Phase::CubeDecision => moves.extend([BgMove::NoDouble, BgMove::Double]),
            Phase::Doubled { beavers } => {
                moves.extend([BgMove::Take, BgMove::Drop]);
                if self.may_beaver(beavers) {
                    moves.push(BgMove::Beaver);
                }
            }
            Phase::Moving => {
                let mut out = Vec::new();
                self.plays(&mut out);
                moves.extend(out.iter().map(|g| BgMove::Play(g.play)));
            }
            Phase::Opening | Phase::Rolling | Phase::Over => {}
        }
    }

    fn count_legal_moves(&self) -> usize {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        moves.len()
    }

    fn chance_outcomes(&self, out: &mut Vec<(BgMove, f64)>) {
        match self.phase {
            Phase::Opening => {
                let ties = self.auto_double_possible();
                let p = if ties { 1.0 / 36.0 } else { 1.0 / 30.0 };
                for a in 1..=6u8 {
                    for b in 1..=6u8 {
                        if a != b || ties {
                            out.push((BgMove::Opening(a, b), p));
                        }
                    }
                }
            }
            Phase::Rolling => out.extend(rolls().map(|(h, l, p)| (BgMove::Roll(h, l), p))),
            _ => {}
        }
    }

    fn play(&mut self, mv: BgMove) {
        match mv {
            BgMove::Opening(a, b) => {
                if a == b {
                    // A tie with automatic doubles: the cube turns, the dice are rolled again.
                    self.cube_log += 1;
                    self.auto_used += 1;
                    return;
                }
                self.roller = if a > b { 0 } else { 1 };
                self.dice = [a.max(b), a.min(b)];
                self.phase = if self.rules.opening_reroll {
                    Phase::OpeningChoice
                } else {
                    Phase::Moving
                };
            }
            BgMove::Keep => self.phase = Phase::Moving,
            BgMove::Reroll => {
                self.dice = [0, 0];
                self.phase = Phase::Rolling;
            }
            BgMove::Roll(h, l) => {
                self.dice = [h.max(l), h.min(l)];
                self.phase = Phase::Moving;
            }
            BgMove::NoDouble => self.phase = Phase::Rolling,
            BgMove::Double => self.phase = Phase::Doubled { beavers: 0 },
            BgMove::Beaver => {
                if let Phase::Doubled { beavers } = self.phase {
                    self.phase = Phase::Doubled {
                        beavers: beavers + 1,
                    };
                }
            }
            BgMove::Take => {
                if let Phase::Doubled { beavers } = self.phase {
                    let taker = self.responder().unwrap_or(0) as u8;
                    self.cube_log += beavers + 1;
                    // A plain double: the taker owns the cube; after a beaver (or raccoon) the
                    // side that redoubled last keeps it.
                    self.owner = if beavers == 0 { taker } else { taker ^ 1 };
                    self.phase = Phase::Rolling;
                }
            }
            BgMove::Drop => {
                if let Phase::Doubled { beavers } = self.phase {
                    let dropper = self.responder().unwrap_or(0);
                    let points = (1u32 << (self.cube_log + beavers)) as u16;
                    if beavers > 0 && self.rules.beaver_drop == BeaverDrop::Continue {
                        // The text: the refuser pays the stake before the redouble and play
                        // goes on at it, the cube with the side that redoubled; the side whose
                        // turn it was rolls.
                        let to_o = if dropper == 0 { -1 } else { 1 };
                        self.paid = self.paid.saturating_add(to_o * points as i16);
                        self.cube_log += beavers;
                        self.owner = (dropper ^ 1) as u8;
                        self.phase = Phase::Rolling;
                    } else {
                        self.finish_game(dropper ^ 1, points);
                    }
                }
            }
            BgMove::Play(play) => {
                self.apply_play(&play);
                let me = self.roller as usize;
                if self.sides[me][OFF] == CHECKERS {
                    let points = self.points_for_win(me);
                    self.finish_game(me, points);
                } else {
                    self.roller ^= 1;
                    self.before_roll();
                }
            }
        }
    }

    fn is_pass(&self, mv: BgMove) -> bool {
        matches!(mv, BgMove::Play(p) if p.is_pass())
    }

    fn returns(&self) -> Returns {
        if self.phase != Phase::Over {
            return Returns::two_player(0.0);
        }
        let Some(r) = self.result else {
            return Returns::two_player(0.0);
        };
        let sign = if r.winner == 0 { 1.0 } else { -1.0 };
        if self.rules.is_money() {
            Returns::two_player(sign * r.points as f64 + self.paid as f64)
        } else {
            Returns::two_player(sign)
        }
    }

    fn hash(&self) -> u64 {
        self.board_hash ^ self.meta_hash()
    }
    fn hash_from_scratch(&self) -> u64 {
        self.board_hash_from_scratch() ^ self.meta_hash()
    }

    fn format_position(&self) -> String {
        super::text::format_position(self)
    }
    fn parse_position(rules: &BgRules, text: &str) -> Result<Self, ParseError> {
        super::text::parse_position(rules, text)
    }
    fn format_move(&self, mv: BgMove) -> String {
        super::text::format_move(self, mv)
    }
    fn parse_move(&self, text: &str) -> Result<BgMove, ParseError> {
        super::text::parse_move(self, text)
    }
    fn render(&self) -> String {
        super::text::render(self)
    }
}

/// Raw parts for `text` (validated there).
pub(crate) struct Parts {
    pub sides: [Side; 2],
    pub phase: Phase,
    pub roller: u8,
    pub dice: [u8; 2],
    pub cube_log: u8,
    pub owner: u8,
    pub auto_used: u8,
    pub score: [u16; 2],
    pub crawford: bool,
    pub post_crawford: bool,
    pub result: Option<GameResult>,
    pub paid: i16,
}

impl Backgammon {
    pub(crate) fn from_raw(rules: BgRules, p: Parts) -> Backgammon {
        let mut s = Backgammon::from_parts(rules, p.sides);
        s.phase = p.phase;
        s.roller = p.roller;
        s.dice = p.dice;
        s.cube_log = p.cube_log;
        s.owner = p.owner;
        s.auto_used = p.auto_used;
        s.score = p.score;
        s.crawford = p.crawford;
        s.post_crawford = p.post_crawford;
        s.result = p.result;
        s.paid = p.paid;
        s
    }
}
