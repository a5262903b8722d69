//! What one side sees: its own pieces with their kinds, where every enemy piece stands, and
//! what the referee announced (each combat's outcome, never a rank; the flag shown when a
//! marshal dies; the end of the game). The type holds no enemy kind: an engine handed a
//! `JunqiObservation` cannot read one.
//!
//! An observation is the start (`setup`, or a board with the enemy's kinds hidden and the
//! multiset of them public) plus the public history; everything else is derived by replaying
//! it from the observer's side: the board, the observer's pieces, and for every enemy piece
//! (on the board or removed) the kinds still possible. That replay is a second implementation
//! of the knowledge the state keeps (`Piece::known`); tests check the two agree.
//!
//! Text: `<observer r|b> <start> [| events] [# r|b|draw]`, where the start is `setup` or
//! `<rows> <side> <quiet> <enemy kinds>` (hidden enemy pieces `X`/`x`), and events are own
//! placements `b1=F`, enemy placements `b12=?`, steps `a2-a3`, attacks with their outcome
//! `a5xa6>` (attacker won), `a5xa6<` (defender won), `a5xa6=` (both removed), followed by
//! `!<point>` for each flag shown by that move; a finished game ends with `# r flag` (red took
//! the flag), `# b stuck` (black won: red could not move) or `# draw` (the no-capture limit).

use super::board::{
    is_hq, parse_point, placement_kinds, point_name, points_in, COLS, POINTS, ROWS, SETUP_ORDER,
};
use super::game::{
    board_start_known, code, destinations, id_of, owner_of, present_kinds, setup_feasible,
    side_name, Ending, Junqi, JunqiMove, Start, Status, ALL_POINTS, CAMP_MASK, EMPTY, OFF, RED,
};
use super::piece::{
    attacker_kinds, bit, defender_kinds, kinds_in, Kind, KindSet, Outcome, ANY_KIND, KINDS,
    MOVABLE, PIECES_PER_SIDE, START_COUNTS,
};
use super::rules::JunqiRules;
use super::text::piece_letter;
use crate::game::grid::{format_rows, parse_rows};
use crate::game::{MoveList, ParseError, PlayerId};

/// Where the observed game began.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObservedStart {
    Setup,
    /// A given board: own pieces with kinds, enemy pieces as `None`; `enemy_kinds` counts the
    /// enemy's kinds on it (public: only their places are hidden).
    Board {
        squares: [Option<(PlayerId, Option<Kind>)>; POINTS],
        side: PlayerId,
        quiet: u16,
        enemy_kinds: [u8; KINDS],
    },
}

/// One public event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// A piece went on `point` at setup; its kind if it is the observer's.
    Place { point: u8, kind: Option<Kind> },
    /// A move; an attack has its announced outcome; `flags_shown[q]` is the point of side q's
    /// flag if this move killed q's marshal (`OFF` otherwise).
    Step {
        from: u8,
        to: u8,
        outcome: Option<Outcome>,
        flags_shown: [u8; 2],
    },
}

/// One of the observer's pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OwnPiece {
    pub kind: Kind,
    /// Its point, or `OFF` once removed.
    pub at: u8,
    /// What the enemy knows of it apart from combat (setup rules, moves, flag shows); combat
    /// adds what depends on the enemy kinds it met.
    pub known_base: KindSet,
}

/// An enemy piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnemyPiece {
    pub at: u8,
    /// The kinds it can be, given everything observed.
    pub known: KindSet,
}

/// A combat between an own piece and an enemy piece (ids), as announced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Combat {
    pub own: usize,
    pub enemy: usize,
    pub own_attacked: bool,
    pub outcome: Outcome,
}

const NO_OWN: OwnPiece = OwnPiece {
    kind: Kind::Flag,
    at: OFF,
    known_base: 0,
};
const NO_ENEMY: EnemyPiece = EnemyPiece { at: OFF, known: 0 };

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JunqiObservation {
    rules: JunqiRules,
    player: PlayerId,
    start: ObservedStart,
    events: Vec<Event>,
    status: Status,
    ending: Option<Ending>,
    // Derived by replaying the events:
    board: [u8; POINTS],
    occupied: [u64; 2],
    own: [OwnPiece; PIECES_PER_SIDE],
    enemy: [EnemyPiece; PIECES_PER_SIDE],
    count: [u8; 2],
    enemy_total: [u8; KINDS],
    in_setup: bool,
    side: PlayerId,
    quiet: u16,
    shown: u8,
    combats: Vec<Combat>,
    /// The pieces removed by the last event.
    last_dead: Vec<(PlayerId, usize)>,
}

impl JunqiObservation {
    pub fn rules(&self) -> &JunqiRules {
        &self.rules
    }
    pub fn player(&self) -> PlayerId {
        self.player
    }
    pub fn start(&self) -> &ObservedStart {
        &self.start
    }
    pub fn events(&self) -> &[Event] {
        &self.events
    }
    pub fn status(&self) -> Status {
        self.status
    }
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }
    /// The side to move (or to place).
    pub fn side(&self) -> PlayerId {
        self.side
    }
    pub fn in_setup(&self) -> bool {
        self.in_setup
    }
    pub fn quiet(&self) -> u16 {
        self.quiet
    }
    /// Bit q: side q's flag has been shown.
    pub fn flags_shown(&self) -> u8 {
        self.shown
    }
    /// The piece on `p` as (owner, id).
    pub fn at(&self, p: u8) -> Option<(PlayerId, usize)> {
        let c = self.board[p as usize];
        (c != EMPTY).then(|| (owner_of(c), id_of(c)))
    }
    /// The observer's pieces by id.
    pub fn own_pieces(&self) -> &[OwnPiece] {
        &self.own[..self.count[self.player] as usize]
    }
    /// The enemy pieces by id (on the board and removed).
    pub fn enemy_pieces(&self) -> &[EnemyPiece] {
        &self.enemy[..self.count[1 - self.player] as usize]
    }
    /// The enemy's whole set of kinds (25 pieces in a standard game).
    pub fn enemy_total(&self) -> &[u8; KINDS] {
        &self.enemy_total
    }
    pub fn combats(&self) -> &[Combat] {
        &self.combats
    }
    pub(crate) fn count(&self) -> [u8; 2] {
        self.count
    }
    pub(crate) fn board(&self) -> &[u8; POINTS] {
        &self.board
    }
    pub(crate) fn occupied(&self) -> [u64; 2] {
        self.occupied
    }

    /// What `player` observes of `state`.
    pub fn of(state: &Junqi, player: PlayerId) -> JunqiObservation {
        let start = match state.start() {
            Start::Setup => ObservedStart::Setup,
            Start::Board(b) => {
                let mut squares = [None; POINTS];
                let mut enemy_kinds = [0u8; KINDS];
                for (p, sq) in b.squares.iter().enumerate() {
                    if let Some((o, k)) = *sq {
                        squares[p] = Some((o, (o == player).then_some(k)));
                        if o != player {
                            enemy_kinds[k.index()] += 1;
                        }
                    }
                }
                ObservedStart::Board {
                    squares,
                    side: b.side,
                    quiet: b.quiet,
                    enemy_kinds,
                }
            }
        };
        let mut placed = [0usize; 2];
        let events = state
            .history()
            .iter()
            .map(|played| match played.mv {
                JunqiMove::Place { point, kind } => {
                    let owner = if placed[0] < PIECES_PER_SIDE { 0 } else { 1 };
                    placed[owner] += 1;
                    Event::Place {
                        point,
                        kind: (owner == player).then_some(kind),
                    }
                }
                JunqiMove::Step { from, to } => Event::Step {
                    from,
                    to,
                    outcome: played.outcome,
                    flags_shown: played.flags_shown,
                },
            })
            .collect();
        JunqiObservation::replay(
            *state.rules_ref(),
            player,
            start,
            events,
            state.status(),
            state.ending(),
        )
        .unwrap_or_else(|why| panic!("a state's own observation must replay: {why}"))
    }

    /// Builds an observation from its parts, replaying the events from the observer's side and
    /// refusing what no game could show (an impossible move, an outcome no enemy kind explains,
    /// an enemy set no arrangement fits).
    pub fn replay(
        rules: JunqiRules,
        player: PlayerId,
        start: ObservedStart,
        events: Vec<Event>,
        status: Status,
        ending: Option<Ending>,
    ) -> Result<JunqiObservation, String> {
        if player > 1 {
            return Err(format!("observer {player} is not red or black"));
        }
        let mut o = JunqiObservation {
            rules,
            player,
            start: ObservedStart::Setup,
            events: Vec::new(),
            status: Status::Ongoing,
            ending: None,
            board: [EMPTY; POINTS],
            occupied: [0; 2],
            own: [NO_OWN; PIECES_PER_SIDE],
            enemy: [NO_ENEMY; PIECES_PER_SIDE],
            count: [0; 2],
            enemy_total: START_COUNTS,
            in_setup: true,
            side: RED,
            quiet: 0,
            shown: 0,
            combats: Vec::new(),
            last_dead: Vec::new(),
        };
        o.begin(&start)?;
        o.start = start;
        for (i, e) in events.iter().enumerate() {
            o.apply(e)
                .map_err(|why| format!("event {} ({}): {why}", i + 1, event_text(e)))?;
        }
        o.events = events;
        o.finish(status, ending)?;
        Ok(o)
    }

    fn begin(&mut self, start: &ObservedStart) -> Result<(), String> {
        let ObservedStart::Board {
            squares,
            side,
            quiet,
            enemy_kinds,
        } = start
        else {
            return Ok(());
        };
        let (me, opp) = (self.player, 1 - self.player);
        if *side > 1 {
            return Err(format!("side {side} is not red or black"));
        }
        if self.rules.no_capture_limit > 0 && *quiet > self.rules.no_capture_limit {
            return Err(format!("{quiet} plies without combat is past the limit"));
        }
        let mut own_counts = [0u8; KINDS];
        for (p, sq) in squares.iter().enumerate() {
            match *sq {
                Some((o, Some(k))) if o == me => {
                    own_counts[k.index()] += 1;
                    let _ = p;
                }
                Some((o, None)) if o == opp => {}
                Some((o, _)) => {
                    return Err(format!(
                        "{}: {} piece must be {}",
                        point_name(p as u8),
                        side_name(o),
                        if o == me {
                            "shown with its kind"
                        } else {
                            "hidden"
                        }
                    ))
                }
                None => {}
            }
        }
        for (counts, who) in [(&own_counts, me), (enemy_kinds, opp)] {
            for k in 0..KINDS {
                if counts[k] > START_COUNTS[k] {
                    return Err(format!("{} has too many of kind {k}", side_name(who)));
                }
            }
            if counts[Kind::Flag.index()] != 1 {
                return Err(format!("{} needs its flag", side_name(who)));
            }
        }
        let enemy_on_board = squares
            .iter()
            .filter(|s| matches!(s, Some((o, _)) if *o == opp))
            .count();
        if enemy_on_board != enemy_kinds.iter().map(|&c| c as usize).sum::<usize>() {
            return Err(format!(
                "{enemy_on_board} enemy pieces on the board but {} enemy kinds listed",
                enemy_kinds.iter().map(|&c| c as usize).sum::<usize>()
            ));
        }
        let (own_present, enemy_present) = (present_kinds(&own_counts), present_kinds(enemy_kinds));
        for (p, sq) in squares.iter().enumerate() {
            let Some((o, k)) = *sq else { continue };
            let p = p as u8;
            let id = self.count[o] as usize;
            if o == me {
                let kind = k.expect("checked above");
                let known_base = board_start_known(me, p, own_present);
                if known_base & bit(kind) == 0 {
                    return Err(format!(
                        "{}: a {} cannot stand there",
                        point_name(p),
                        kind.english()
                    ));
                }
                self.own[id] = OwnPiece {
                    kind,
                    at: p,
                    known_base,
                };
            } else {
                self.enemy[id] = EnemyPiece {
                    at: p,
                    known: board_start_known(opp, p, enemy_present),
                };
            }
            self.board[p as usize] = code(o, id);
            self.occupied[o] |= 1 << p;
            self.count[o] += 1;
        }
        self.enemy_total = *enemy_kinds;
        self.in_setup = false;
        self.side = *side;
        self.quiet = *quiet;
        Ok(())
    }

    /// The observer's kinds still to place.
    fn own_remaining(&self) -> [u8; KINDS] {
        let mut r = START_COUNTS;
        for p in self.own_pieces() {
            r[p.kind.index()] -= 1;
        }
        r
    }

    fn apply(&mut self, e: &Event) -> Result<(), String> {
        // Another event follows the last one, so the game went on: no flag was taken then.
        self.settle_last_dead(None)?;
        match *e {
            Event::Place { point, kind } => self.apply_place(point, kind),
            Event::Step {
                from,
                to,
                outcome,
                flags_shown,
            } => self.apply_step(from, to, outcome, flags_shown),
        }
    }

    fn apply_place(&mut self, point: u8, kind: Option<Kind>) -> Result<(), String> {
        if !self.in_setup {
            return Err("a placement after the setup phase".into());
        }
        let s = self.side;
        let n = self.count[s] as usize;
        if point != SETUP_ORDER[s][n] {
            return Err(format!(
                "{} places next on {}",
                side_name(s),
                point_name(SETUP_ORDER[s][n])
            ));
        }
        if s == self.player {
            let k = kind.ok_or("the observer's own placement needs its kind")?;
            let mut remaining = self.own_remaining();
            if remaining[k.index()] == 0 || placement_kinds(s, point) & bit(k) == 0 {
                return Err(format!("a {} cannot go there", k.english()));
            }
            remaining[k.index()] -= 1;
            if !setup_feasible(&remaining, n + 1) {
                return Err("the rest of the pieces could not be placed legally".into());
            }
            self.own[n] = OwnPiece {
                kind: k,
                at: point,
                known_base: placement_kinds(s, point),
            };
        } else {
            if kind.is_some() {
                return Err("an enemy placement cannot show its kind".into());
            }
            self.enemy[n] = EnemyPiece {
                at: point,
                known: placement_kinds(s, point),
            };
        }
        self.board[point as usize] = code(s, n);
        self.occupied[s] |= 1 << point;
        self.count[s] += 1;
        if self.count[s] as usize == PIECES_PER_SIDE {
            if s == RED {
                self.side = 1;
            } else {
                self.in_setup = false;
                self.side = self.rules.first;
            }
        }
        Ok(())
    }

    fn known_mut(&mut self, owner: PlayerId, id: usize) -> &mut KindSet {
        if owner == self.player {
            &mut self.own[id].known_base
        } else {
            &mut self.enemy[id].known
        }
    }

    fn narrow(&mut self, owner: PlayerId, id: usize, set: KindSet) -> Result<(), String> {
        let k = self.known_mut(owner, id);
        *k &= set;
        if *k == 0 {
            return Err(format!(
                "no {} kind fits what was observed of this piece",
                side_name(owner)
            ));
        }
        Ok(())
    }

    fn apply_step(
        &mut self,
        from: u8,
        to: u8,
        outcome: Option<Outcome>,
        flags: [u8; 2],
    ) -> Result<(), String> {
        if self.in_setup {
            return Err("a move during setup".into());
        }
        if from as usize >= POINTS || to as usize >= POINTS {
            return Err("off the board".into());
        }
        let (me, s) = (self.player, self.side);
        let c = self.board[from as usize];
        if c == EMPTY || owner_of(c) != s {
            return Err(format!(
                "{} has no piece on {}",
                side_name(s),
                point_name(from)
            ));
        }
        let id = id_of(c);
        if is_hq(from) {
            return Err("a piece in a headquarters never moves".into());
        }
        let g = super::board::geometry(self.rules.middle_rail);
        let (own_occ, enemy_occ) = (self.occupied[s], self.occupied[1 - s]);
        let engineer = if s == me {
            let kind = self.own[id].kind;
            if !kind.can_move() {
                return Err(format!("a {} never moves", kind.english()));
            }
            kind == Kind::Engineer
        } else {
            true
        };
        if destinations(g, own_occ, enemy_occ, from, engineer) & (1 << to) == 0 {
            return Err("no such move".into());
        }
        let mut set = MOVABLE;
        if destinations(g, own_occ, enemy_occ, from, false) & (1 << to) == 0 {
            set &= bit(Kind::Engineer);
        }
        self.narrow(s, id, set)?;
        let target = self.board[to as usize];
        let attack = target != EMPTY;
        if attack != outcome.is_some() {
            return Err(if attack {
                "an attack needs its outcome (>, <, =)".into()
            } else {
                "a move to an empty point has no outcome".into()
            });
        }
        let Some(o) = outcome else {
            if flags != [OFF; 2] {
                return Err("no flag is shown without combat".into());
            }
            self.board[from as usize] = EMPTY;
            self.board[to as usize] = c;
            self.occupied[s] ^= (1 << from) | (1 << to);
            self.set_at(s, id, to);
            self.quiet = self.quiet.saturating_add(1);
            self.side = 1 - s;
            self.last_dead.clear();
            return Ok(());
        };
        let did = id_of(target);
        let (own_id, enemy_id, own_attacked) = if s == me {
            (id, did, true)
        } else {
            (did, id, false)
        };
        let own_kind = self.own[own_id].kind;
        let enemy_set = if own_attacked {
            defender_kinds(own_kind, o, &self.rules)
        } else {
            attacker_kinds(own_kind, o, &self.rules)
        };
        self.narrow(1 - me, enemy_id, enemy_set)?;
        self.combats.push(Combat {
            own: own_id,
            enemy: enemy_id,
            own_attacked,
            outcome: o,
        });
        let mut dead: Vec<(PlayerId, usize)> = Vec::with_capacity(2);
        match o {
            Outcome::AttackerWins => {
                self.remove(1 - s, did, to);
                self.board[from as usize] = EMPTY;
                self.board[to as usize] = c;
                self.occupied[s] ^= (1 << from) | (1 << to);
                self.set_at(s, id, to);
                dead.push((1 - s, did));
            }
            Outcome::DefenderWins => {
                self.remove(s, id, from);
                dead.push((s, id));
            }
            Outcome::BothDie => {
                self.remove(1 - s, did, to);
                self.remove(s, id, from);
                dead.push((s, id));
                dead.push((1 - s, did));
            }
        }
        for q in 0..2 {
            let marshal_died = dead
                .iter()
                .find(|(owner, _)| *owner == q)
                .map(|&(_, pid)| pid);
            let shown = flags[q] != OFF;
            if shown && !self.rules.flag_reveal {
                return Err("flags are not shown under flag_reveal=false".into());
            }
            if shown && marshal_died.is_none() {
                return Err(format!(
                    "{}'s flag shown but none of its pieces died",
                    side_name(q)
                ));
            }
            if q == me {
                if let Some(pid) = marshal_died {
                    let was_marshal = self.own[pid].kind == Kind::Marshal;
                    if self.rules.flag_reveal && was_marshal != shown {
                        return Err("the flag is shown exactly when the marshal dies".into());
                    }
                }
                if shown {
                    let flag = self.own_pieces().iter().position(|p| p.kind == Kind::Flag);
                    match flag {
                        Some(f) if self.own[f].at == flags[q] => {
                            self.own[f].known_base = bit(Kind::Flag)
                        }
                        _ => return Err("the shown point is not the observer's flag".into()),
                    }
                }
            }
            if let Some(pid) = marshal_died {
                if self.rules.flag_reveal {
                    let set = if shown {
                        bit(Kind::Marshal)
                    } else {
                        ANY_KIND & !bit(Kind::Marshal)
                    };
                    self.narrow(q, pid, set)?;
                }
            }
            if q != me && shown {
                match self.at(flags[q]) {
                    Some((owner, fid)) if owner == q => self.narrow(q, fid, bit(Kind::Flag))?,
                    _ => return Err("the shown point holds no enemy piece".into()),
                }
            }
        }
        self.shown |= (flags[0] != OFF) as u8 | ((flags[1] != OFF) as u8) << 1;
        self.last_dead = dead;
        self.quiet = 0;
        self.side = 1 - s;
        Ok(())
    }

    /// What the pieces removed by the last event were, once it is known whether that event took
    /// a flag (`flag_of`: the side whose flag it took).
    fn settle_last_dead(&mut self, flag_of: Option<PlayerId>) -> Result<(), String> {
        for (o, id) in std::mem::take(&mut self.last_dead) {
            let set = if Some(o) == flag_of {
                bit(Kind::Flag)
            } else {
                ANY_KIND & !bit(Kind::Flag)
            };
            self.narrow(o, id, set)?;
        }
        Ok(())
    }

    fn set_at(&mut self, owner: PlayerId, id: usize, p: u8) {
        if owner == self.player {
            self.own[id].at = p;
        } else {
            self.enemy[id].at = p;
        }
    }

    fn remove(&mut self, owner: PlayerId, id: usize, p: u8) {
        self.board[p as usize] = EMPTY;
        self.occupied[owner] &= !(1 << p);
        self.set_at(owner, id, OFF);
    }

    fn finish(&mut self, status: Status, ending: Option<Ending>) -> Result<(), String> {
        let me = self.player;
        let own_flag_lost = self
            .own_pieces()
            .iter()
            .any(|p| p.kind == Kind::Flag && p.at == OFF);
        match (status, ending) {
            (Status::Ongoing, None) => {
                if own_flag_lost {
                    return Err("the observer's flag was taken but the game goes on".into());
                }
                if !self.in_setup {
                    if self.rules.no_capture_limit > 0 && self.quiet >= self.rules.no_capture_limit
                    {
                        return Err("the no-capture limit was reached but the game goes on".into());
                    }
                    if self.side == me && !self.own_has_move() {
                        return Err("the observer cannot move but the game goes on".into());
                    }
                }
            }
            (Status::Won(w), Some(Ending::FlagTaken)) if w <= 1 => {
                // The loser's piece the last move removed was its flag: announced.
                if !self.last_dead.iter().any(|(o, _)| *o != w) {
                    return Err(
                        "a flag taken, but the last move removed no piece of the loser".into(),
                    );
                }
                self.settle_last_dead(Some(1 - w))?;
                if w != me && !own_flag_lost {
                    return Err("the enemy took the flag, but the observer's flag stands".into());
                }
            }
            (Status::Won(w), Some(Ending::CannotMove)) if w <= 1 => {
                if self.side != 1 - w {
                    return Err("the side that cannot move must be the side to move".into());
                }
                let loser = 1 - w;
                if loser == me && self.own_has_move() {
                    return Err("the observer lost for having no move, but it has one".into());
                }
                // Announced: every piece of the loser that had somewhere to go is a mine or the
                // flag.
                let g = super::board::geometry(self.rules.middle_rail);
                let open = !(self.occupied[loser] | (self.occupied[w] & CAMP_MASK)) & ALL_POINTS;
                for id in 0..self.count[loser] as usize {
                    let p = if loser == me {
                        self.own[id].at
                    } else {
                        self.enemy[id].at
                    };
                    if p != OFF && !is_hq(p) && g.step[p as usize] & open != 0 {
                        self.narrow(loser, id, !MOVABLE & ANY_KIND)?;
                    }
                }
            }
            (Status::Drawn, Some(Ending::NoCaptureLimit)) => {
                if self.rules.no_capture_limit == 0 || self.quiet < self.rules.no_capture_limit {
                    return Err("a draw before the no-capture limit".into());
                }
            }
            _ => return Err(format!("result {status:?} with ending {ending:?}")),
        }
        self.settle_last_dead(None)?;
        self.status = status;
        self.ending = ending;
        if !super::sample::feasible(&self.enemy_slots(), &self.enemy_total) {
            return Err("no arrangement of the enemy's kinds fits what was observed".into());
        }
        Ok(())
    }

    /// Whether the enemy is to move in a game that goes on (or was drawn: a draw is declared
    /// only to a side that has a move), so that at least one of its pieces with somewhere to go
    /// can move: those pieces' ids, or None when no such fact holds.
    pub fn enemy_must_move(&self) -> Option<Vec<usize>> {
        let (me, opp) = (self.player, 1 - self.player);
        let moving = matches!(self.status, Status::Ongoing | Status::Drawn);
        if self.in_setup || self.side != opp || !moving {
            return None;
        }
        let g = super::board::geometry(self.rules.middle_rail);
        let open = !(self.occupied[opp] | (self.occupied[me] & CAMP_MASK)) & ALL_POINTS;
        Some(
            (0..self.count[opp] as usize)
                .filter(|&id| {
                    let p = self.enemy[id].at;
                    p != OFF && !is_hq(p) && g.step[p as usize] & open != 0
                })
                .collect(),
        )
    }

    fn own_has_move(&self) -> bool {
        let g = super::board::geometry(self.rules.middle_rail);
        let me = self.player;
        let open = !(self.occupied[me] | (self.occupied[1 - me] & CAMP_MASK)) & ALL_POINTS;
        self.own_pieces().iter().any(|p| {
            p.at != OFF && p.kind.can_move() && !is_hq(p.at) && g.step[p.at as usize] & open != 0
        })
    }

    /// The kinds each enemy id can be, for the sampler: the pieces placed so far, and during
    /// the enemy's setup also the points it has still to fill (their placement rules), so that
    /// a sample always completes to a legal setup.
    pub fn enemy_slots(&self) -> Vec<KindSet> {
        let opp = 1 - self.player;
        let mut slots: Vec<KindSet> = self.enemy_pieces().iter().map(|p| p.known).collect();
        if matches!(self.start, ObservedStart::Setup) {
            for &p in &SETUP_ORDER[opp][slots.len()..] {
                slots.push(placement_kinds(opp, p));
            }
        }
        slots
    }

    /// The observer's legal moves when it is to move (empty otherwise): they depend only on
    /// what it sees, so every state consistent with this observation has the same ones.
    pub fn legal_moves(&self, moves: &mut MoveList<JunqiMove>) {
        if self.status != Status::Ongoing || self.side != self.player {
            return;
        }
        let me = self.player;
        if self.in_setup {
            let n = self.count[me] as usize;
            let point = SETUP_ORDER[me][n];
            let mut remaining = self.own_remaining();
            for k in kinds_in(placement_kinds(me, point)) {
                if remaining[k.index()] == 0 {
                    continue;
                }
                remaining[k.index()] -= 1;
                if setup_feasible(&remaining, n + 1) {
                    moves.push(JunqiMove::Place { point, kind: k });
                }
                remaining[k.index()] += 1;
            }
            return;
        }
        let g = super::board::geometry(self.rules.middle_rail);
        for p in self.own_pieces() {
            if p.at == OFF || !p.kind.can_move() || is_hq(p.at) {
                continue;
            }
            let d = destinations(
                g,
                self.occupied[me],
                self.occupied[1 - me],
                p.at,
                p.kind == Kind::Engineer,
            );
            for to in points_in(d) {
                moves.push(JunqiMove::Step { from: p.at, to });
            }
        }
    }

    /// A move's text, as the state would write it.
    pub fn format_move(&self, mv: JunqiMove) -> String {
        let attack = match mv {
            JunqiMove::Step { to, .. } => self.at(to).is_some_and(|(o, _)| o != self.player),
            JunqiMove::Place { .. } => false,
        };
        super::text::played_text(mv, attack)
    }

    /// Reads one of the observer's legal moves.
    pub fn parse_move(&self, text: &str) -> Result<JunqiMove, ParseError> {
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        let t = text.trim();
        moves
            .iter()
            .copied()
            .find(|&m| {
                let f = self.format_move(m);
                f == t || f.replace('x', "-") == t
            })
            .ok_or_else(|| ParseError::mv(text, "not a legal move of the observer here"))
    }
}

fn event_text(e: &Event) -> String {
    match *e {
        Event::Place { point, kind } => {
            format!("{}={}", point_name(point), kind.map_or('?', |k| k.letter()))
        }
        Event::Step {
            from,
            to,
            outcome,
            flags_shown,
        } => {
            let mut s = format!(
                "{}{}{}",
                point_name(from),
                if outcome.is_some() { 'x' } else { '-' },
                point_name(to)
            );
            if let Some(o) = outcome {
                s.push(o.mark());
            }
            for f in flags_shown {
                if f != OFF {
                    s.push('!');
                    s.push_str(&point_name(f));
                }
            }
            s
        }
    }
}

/// The observation as text (module docs); `parse_observation` reads it back.
pub fn format_observation(o: &JunqiObservation) -> String {
    let mut out = String::new();
    out.push(if o.player == RED { 'r' } else { 'b' });
    out.push(' ');
    match &o.start {
        ObservedStart::Setup => out.push_str("setup"),
        ObservedStart::Board {
            squares,
            side,
            quiet,
            enemy_kinds,
        } => {
            out.push_str(&format_rows(
                squares,
                COLS,
                ROWS,
                false,
                |&(owner, k), s| {
                    s.push(match k {
                        Some(k) => piece_letter(owner, k),
                        None if owner == RED => 'X',
                        None => 'x',
                    })
                },
            ));
            out.push_str(&format!(
                " {} {quiet} ",
                if *side == RED { 'r' } else { 'b' }
            ));
            for k in super::piece::ALL_KINDS {
                for _ in 0..enemy_kinds[k.index()] {
                    out.push(k.letter());
                }
            }
        }
    }
    if !o.events.is_empty() {
        out.push_str(" |");
        for e in &o.events {
            out.push(' ');
            out.push_str(&event_text(e));
        }
    }
    match (o.status, o.ending) {
        (Status::Won(w), Some(e)) => {
            out.push_str(if w == RED { " # r " } else { " # b " });
            out.push_str(if e == Ending::FlagTaken {
                "flag"
            } else {
                "stuck"
            });
        }
        (Status::Drawn, _) => out.push_str(" # draw"),
        _ => {}
    }
    out
}

/// Reads an observation text under `rules`, replaying it (see `JunqiObservation::replay`).
pub fn parse_observation(rules: &JunqiRules, text: &str) -> Result<JunqiObservation, ParseError> {
    let bad = |why: String| ParseError::new("observation", text, why);
    let (body, status, ending) = match text.split_once('#') {
        Some((b, r)) => {
            let (status, ending) = match r.split_whitespace().collect::<Vec<_>>()[..] {
                [w @ ("r" | "b"), how @ ("flag" | "stuck")] => (
                    Status::Won(if w == "r" { 0 } else { 1 }),
                    if how == "flag" {
                        Ending::FlagTaken
                    } else {
                        Ending::CannotMove
                    },
                ),
                ["draw"] => (Status::Drawn, Ending::NoCaptureLimit),
                _ => {
                    return Err(bad(format!(
                        "result {:?} is not `r flag`, `b stuck`, ... or `draw`",
                        r.trim()
                    )))
                }
            };
            (b, status, Some(ending))
        }
        None => (text, Status::Ongoing, None),
    };
    let (head, events) = match body.split_once('|') {
        Some((h, e)) => (h.trim(), e.trim()),
        None => (body.trim(), ""),
    };
    let (player, start) = head
        .split_once(char::is_whitespace)
        .ok_or_else(|| bad("expected `<r|b> <start>`".into()))?;
    let player = match player {
        "r" => 0,
        "b" => 1,
        other => return Err(bad(format!("observer {other:?} is not r or b"))),
    };
    let start = parse_observed_start(player, start.trim()).map_err(bad)?;
    let events = events
        .split_whitespace()
        .map(parse_event)
        .collect::<Result<Vec<_>, String>>()
        .map_err(bad)?;
    JunqiObservation::replay(*rules, player, start, events, status, ending).map_err(bad)
}

fn parse_observed_start(player: PlayerId, text: &str) -> Result<ObservedStart, String> {
    if text == "setup" {
        return Ok(ObservedStart::Setup);
    }
    let fields: Vec<&str> = text.split_whitespace().collect();
    if fields.len() != 4 {
        return Err("expected `setup` or `<rows> <side> <quiet> <enemy kinds>`".into());
    }
    let rows = parse_rows(fields[0], COLS, ROWS, "row", |chars| {
        let c = chars.next().ok_or("a piece letter")?;
        let owner = if c.is_ascii_uppercase() { 0 } else { 1 };
        if c == 'X' || c == 'x' {
            return Ok((owner, None));
        }
        let k = Kind::from_letter(c).ok_or_else(|| format!("unknown piece letter {c:?}"))?;
        Ok((owner, Some(k)))
    })
    .map_err(|e| e.reason)?;
    let side = match fields[1] {
        "r" => 0,
        "b" => 1,
        other => return Err(format!("side {other:?} is not r or b")),
    };
    let quiet = fields[2]
        .parse()
        .map_err(|_| format!("plies since combat {:?} is not a number", fields[2]))?;
    let mut enemy_kinds = [0u8; KINDS];
    for c in fields[3].chars() {
        let k = Kind::from_letter(c).ok_or_else(|| format!("unknown kind letter {c:?}"))?;
        enemy_kinds[k.index()] = enemy_kinds[k.index()].saturating_add(1);
    }
    let mut squares = [None; POINTS];
    squares.copy_from_slice(&rows);
    let _ = player;
    Ok(ObservedStart::Board {
        squares,
        side,
        quiet,
        enemy_kinds,
    })
}

fn parse_event(text: &str) -> Result<Event, String> {
    let bad = |why: &str| format!("event {text:?}: {why}");
    // A placement `b1=F` / `b12=?`; a step has `-` or `x` (and may end in the `=` mark).
    let placement = !text.contains(['-', 'x']);
    if let Some((sq, k)) = text.split_once('=').filter(|_| placement) {
        let point = parse_point(sq).map_err(|e| bad(&e.reason))?;
        let mut chars = k.chars();
        let kind = match (chars.next(), chars.next()) {
            (Some('?'), None) => None,
            (Some(c), None) => Some(Kind::from_letter(c).ok_or_else(|| bad("unknown kind"))?),
            _ => return Err(bad("expected one letter or ? after =")),
        };
        return Ok(Event::Place { point, kind });
    }
    let mut parts = text.split('!');
    let mv = parts.next().unwrap_or("");
    let mut flags_shown = [OFF; 2];
    for f in parts {
        let p = parse_point(f).map_err(|e| bad(&e.reason))?;
        let q = super::board::half_of(p);
        if flags_shown[q] != OFF {
            return Err(bad("two flags of one side shown"));
        }
        flags_shown[q] = p;
    }
    let (outcome, mv) = match mv.chars().last().and_then(Outcome::from_mark) {
        Some(o) => (Some(o), &mv[..mv.len() - 1]),
        None => (None, mv),
    };
    let sep = if outcome.is_some() { 'x' } else { '-' };
    let (a, b) = mv
        .split_once(sep)
        .ok_or_else(|| bad("expected a2-a3, or a5xa6 with an outcome mark > < ="))?;
    let from = parse_point(a).map_err(|e| bad(&e.reason))?;
    let to = parse_point(b).map_err(|e| bad(&e.reason))?;
    Ok(Event::Step {
        from,
        to,
        outcome,
        flags_shown,
    })
}
