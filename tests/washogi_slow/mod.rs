//! A second, slow, obvious Wa shogi move generator written from the rules text
//! (docs/rules/washogi.md), sharing no code with `boardlab::games::washogi`: its own position
//! parser, its own piece table (the rules table's f / fd / s / b / bd columns as strings), its
//! own move text. Legality is "make the move on a copy, then generate every enemy move and see
//! whether one lands on the king" (a full attack scan); drops check the one-pawn-a-file and
//! pawn-drop-mate rules by brute force too. Under `royal=capture` (the king is taken, not
//! mated) every pseudo-legal move is legal, taking a king ends the game, and a side without a
//! king has no moves; the pawn-drop-mate rule still means mate in the shogi sense.

use std::collections::BTreeSet;

pub const FILES: &str = "abcdefghijk";
const SIZE: i32 = 11;

/// (letter, f, fd, s, b, bd) for the unpromoted pieces, exactly as the rules table reads:
/// `1` one step, `2`/`3` up to that many, `n` any distance, `1J` a step or a jump to the second
/// square, `-` no move that way.
const UNPROMOTED: [(char, [&str; 5]); 17] = [
    ('K', ["1", "1", "1", "1", "1"]),     // Crane King
    ('E', ["n", "3", "1", "n", "1"]),     // Cloud Eagle
    ('F', ["1", "n", "-", "-", "n"]),     // Flying Falcon
    ('S', ["1", "-", "n", "1", "-"]),     // Swallow's Wings
    ('X', ["1J", "1J", "-", "1J", "1J"]), // Treacherous Fox
    ('R', ["n", "1", "-", "1", "1"]),     // Running Rabbit
    ('W', ["1", "1", "1", "1", "-"]),     // Violent Wolf
    ('V', ["1", "1", "-", "-", "1"]),     // Violent Stag
    ('G', ["1", "1", "-", "1", "-"]),     // Flying Goose
    ('C', ["-", "1", "1", "-", "-"]),     // Flying Cock
    ('U', ["1", "-", "-", "-", "1"]),     // Strutting Crow
    ('L', ["1", "-", "-", "-", "1"]),     // Swooping Owl
    ('D', ["-", "1", "1", "1", "-"]),     // Blind Dog
    ('M', ["1", "1", "-", "1", "-"]),     // Climbing Monkey
    ('H', ["n", "-", "-", "2", "-"]),     // Liberated Horse
    ('O', ["n", "-", "-", "-", "-"]),     // Oxcart
    ('P', ["1", "-", "-", "-", "-"]),     // Sparrow Pawn
];

/// How each promoted piece moves (letter of the piece it came from). `HH` is the Heavenly
/// Horse's jumps to (±1, +2) and (±1, -2).
const PROMOTED: [(char, [&str; 5]); 14] = [
    ('F', ["n", "n", "1", "n", "n"]),     // Tenacious Falcon
    ('S', ["n", "-", "n", "n", "-"]),     // Gliding Swallow
    ('R', ["1J", "1J", "-", "1J", "1J"]), // Treacherous Fox
    ('W', ["1", "1", "1", "1", "1"]),     // Bear's Eyes
    ('V', ["1", "1", "1", "-", "1"]),     // Roaming Boar
    ('G', ["1", "-", "n", "1", "-"]),     // Swallow's Wings
    ('C', ["n", "1", "1", "n", "-"]),     // Raiding Falcon
    ('U', ["1", "n", "-", "-", "n"]),     // Flying Falcon
    ('L', ["n", "3", "1", "n", "1"]),     // Cloud Eagle
    ('D', ["1", "1", "1", "1", "-"]),     // Violent Wolf
    ('M', ["1", "1", "-", "-", "1"]),     // Violent Stag
    ('H', ["HH", "-", "-", "-", "-"]),    // Heavenly Horse
    ('O', ["1", "1", "1", "1", "1"]),     // Plodding Ox
    ('P', ["1", "1", "1", "1", "-"]),     // Golden Bird
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Piece {
    pub owner: usize,
    pub letter: char,
    pub promoted: bool,
}

#[derive(Clone, Debug)]
pub struct Slow {
    /// board[rank][file], rank 0 = rank 1.
    pub board: [[Option<Piece>; 11]; 11],
    /// Hands: letter counts by owner.
    pub hands: [Vec<char>; 2],
    pub side: usize,
    pub drops: bool,
    /// `royal=capture`: moves may leave the own king attacked; capturing a king wins.
    pub king_capture: bool,
}

fn movement(p: Piece) -> [&'static str; 5] {
    let table: &[(char, [&str; 5])] = if p.promoted { &PROMOTED } else { &UNPROMOTED };
    table
        .iter()
        .find(|(c, _)| *c == p.letter)
        .map(|(_, m)| *m)
        .unwrap_or_else(|| panic!("no movement for {p:?}"))
}

fn can_promote(letter: char) -> bool {
    PROMOTED.iter().any(|(c, _)| *c == letter)
}

fn square(f: i32, r: i32) -> String {
    format!("{}{}", FILES.as_bytes()[f as usize] as char, r + 1)
}

impl Slow {
    /// Reads the position text (the XBoard FEN of docs/rules/washogi.md) on its own.
    pub fn parse(text: &str, drops: bool) -> Slow {
        let mut s = Slow {
            board: [[None; 11]; 11],
            hands: [Vec::new(), Vec::new()],
            side: 0,
            drops,
            king_capture: false,
        };
        let (board, rest) = text.split_at(text.find(['[', ' ']).unwrap());
        for (i, row) in board.split('/').enumerate() {
            let r = 10 - i;
            let mut f = 0usize;
            let mut chars = row.chars().peekable();
            let mut promoted = false;
            while let Some(c) = chars.next() {
                if c.is_ascii_digit() {
                    let mut n = c.to_digit(10).unwrap() as usize;
                    if let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                        n = n * 10 + d as usize;
                        chars.next();
                    }
                    f += n;
                } else if c == '+' {
                    promoted = true;
                } else {
                    s.board[r][f] = Some(Piece {
                        owner: if c.is_ascii_uppercase() { 0 } else { 1 },
                        letter: c.to_ascii_uppercase(),
                        promoted,
                    });
                    promoted = false;
                    f += 1;
                }
            }
            assert_eq!(f, 11, "row {row}");
        }
        let mut rest = rest;
        if let Some(r) = rest.strip_prefix('[') {
            let close = r.find(']').unwrap();
            for c in r[..close].chars().filter(|&c| c != '-') {
                s.hands[if c.is_ascii_uppercase() { 0 } else { 1 }].push(c.to_ascii_uppercase());
            }
            rest = &r[close + 1..];
        }
        s.side = if rest.trim().starts_with('b') { 1 } else { 0 };
        s
    }

    fn at(&self, f: i32, r: i32) -> Option<Option<Piece>> {
        if (0..SIZE).contains(&f) && (0..SIZE).contains(&r) {
            Some(self.board[r as usize][f as usize])
        } else {
            None
        }
    }

    /// Target squares of the piece on (f, r), ignoring checks: (file, rank) pairs.
    fn targets(&self, f: i32, r: i32) -> Vec<(i32, i32)> {
        let p = self.board[r as usize][f as usize].unwrap();
        let fwd = if p.owner == 0 { 1 } else { -1 };
        let mut out = Vec::new();
        let m = movement(p);
        if m[0] == "HH" {
            for (df, dr) in [(-1, 2), (1, 2), (-1, -2), (1, -2)] {
                let (tf, tr) = (f + df, r + dr * fwd);
                if let Some(t) = self.at(tf, tr) {
                    if t.map_or(true, |q| q.owner != p.owner) {
                        out.push((tf, tr));
                    }
                }
            }
            return out;
        }
        // (file step, forward step, column of the table)
        let dirs = [
            (0, 1, 0),
            (1, 1, 1),
            (-1, 1, 1),
            (1, 0, 2),
            (-1, 0, 2),
            (0, -1, 3),
            (1, -1, 4),
            (-1, -1, 4),
        ];
        for (df, dr, col) in dirs {
            let spec = m[col];
            if spec == "-" {
                continue;
            }
            let (range, jump) = match spec {
                "n" => (10, false),
                "1J" => (1, true),
                d => (d.parse::<i32>().unwrap(), false),
            };
            for k in 1..=range {
                let (tf, tr) = (f + df * k, r + dr * fwd * k);
                match self.at(tf, tr) {
                    None => break,
                    Some(None) => out.push((tf, tr)),
                    Some(Some(q)) => {
                        if q.owner != p.owner {
                            out.push((tf, tr));
                        }
                        break;
                    }
                }
            }
            if jump {
                let (tf, tr) = (f + 2 * df, r + 2 * dr * fwd);
                if let Some(t) = self.at(tf, tr) {
                    if t.map_or(true, |q| q.owner != p.owner) {
                        out.push((tf, tr));
                    }
                }
            }
        }
        out
    }

    fn in_zone(owner: usize, r: i32) -> bool {
        if owner == 0 {
            r >= SIZE - 3
        } else {
            r < 3
        }
    }

    /// Whether this (unpromoted) piece would have a move from (f, r) on an empty board.
    fn could_move_from(p: Piece, f: i32, r: i32) -> bool {
        let mut lone = Slow {
            board: [[None; 11]; 11],
            hands: [Vec::new(), Vec::new()],
            side: p.owner,
            drops: false,
            king_capture: false,
        };
        lone.board[r as usize][f as usize] = Some(p);
        !lone.targets(f, r).is_empty()
    }

    fn king(&self, owner: usize) -> (i32, i32) {
        for r in 0..SIZE {
            for f in 0..SIZE {
                if self.board[r as usize][f as usize]
                    == Some(Piece {
                        owner,
                        letter: 'K',
                        promoted: false,
                    })
                {
                    return (f, r);
                }
            }
        }
        panic!("no king for {owner}");
    }

    /// Full attack scan: does any piece of `by` reach `owner`'s king?
    pub fn king_in_check(&self, owner: usize) -> bool {
        let k = self.king(owner);
        for r in 0..SIZE {
            for f in 0..SIZE {
                if let Some(p) = self.board[r as usize][f as usize] {
                    if p.owner != owner && self.targets(f, r).contains(&k) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// (move text, position after it) for every pseudo-legal move of the side to move.
    fn pseudo(&self) -> Vec<(String, Slow)> {
        let me = self.side;
        let mut out = Vec::new();
        for r in 0..SIZE {
            for f in 0..SIZE {
                let Some(p) = self.board[r as usize][f as usize] else {
                    continue;
                };
                if p.owner != me {
                    continue;
                }
                for (tf, tr) in self.targets(f, r) {
                    let text = format!("{}{}", square(f, r), square(tf, tr));
                    let promotable = !p.promoted
                        && can_promote(p.letter)
                        && (Self::in_zone(me, r) || Self::in_zone(me, tr));
                    let mut options = Vec::new();
                    if promotable {
                        options.push(true);
                    }
                    if !promotable || Self::could_move_from(p, tf, tr) {
                        options.push(false);
                    }
                    for promote in options {
                        let mut next = self.clone();
                        let captured = next.board[tr as usize][tf as usize].take();
                        if let (Some(c), true) = (captured, self.drops) {
                            if c.letter != 'K' {
                                next.hands[me].push(c.letter);
                            }
                        }
                        next.board[r as usize][f as usize] = None;
                        next.board[tr as usize][tf as usize] = Some(Piece {
                            promoted: p.promoted || promote,
                            ..p
                        });
                        next.side = 1 - me;
                        out.push((
                            if promote {
                                format!("{text}+")
                            } else {
                                text.clone()
                            },
                            next,
                        ));
                    }
                }
            }
        }
        if self.drops {
            let mut types: Vec<char> = self.hands[me].clone();
            types.sort();
            types.dedup();
            for t in types {
                let p = Piece {
                    owner: me,
                    letter: t,
                    promoted: false,
                };
                for r in 0..SIZE {
                    for f in 0..SIZE {
                        if self.board[r as usize][f as usize].is_some()
                            || !Self::could_move_from(p, f, r)
                        {
                            continue;
                        }
                        if t == 'P'
                            && (0..SIZE).any(|rr| self.board[rr as usize][f as usize] == Some(p))
                        {
                            continue; // one unpromoted Sparrow Pawn a file
                        }
                        let mut next = self.clone();
                        let i = next.hands[me].iter().position(|&c| c == t).unwrap();
                        next.hands[me].remove(i);
                        next.board[r as usize][f as usize] = Some(p);
                        next.side = 1 - me;
                        out.push((format!("{t}@{}", square(f, r)), next));
                    }
                }
            }
        }
        out
    }

    /// Legal moves with the positions after them.
    pub fn legal(&self) -> Vec<(String, Slow)> {
        let me = self.side;
        if self.king_capture && !self.has_king(me) {
            return Vec::new(); // the king was taken: the game is over
        }
        self.pseudo()
            .into_iter()
            .filter(|(text, next)| {
                if !self.king_capture && next.king_in_check(me) {
                    return false;
                }
                // A Sparrow Pawn drop that checkmates at once is illegal: the pawn gives check
                // and (mate as in shogi, whichever royal rule is played) no reply leaves the
                // king unattacked. Under royal=capture the king may stand attacked already;
                // only the pawn's own check counts.
                if text.starts_with("P@") && next.pawn_checks(&text[2..], 1 - me) {
                    let mut shogi = next.clone();
                    shogi.king_capture = false;
                    if shogi.legal().is_empty() {
                        return false;
                    }
                }
                true
            })
            .collect()
    }

    /// Whether the piece on `sq` (text) attacks `owner`'s king.
    fn pawn_checks(&self, sq: &str, owner: usize) -> bool {
        let f = FILES.find(sq.chars().next().unwrap()).unwrap() as i32;
        let r = sq[1..].parse::<i32>().unwrap() - 1;
        self.targets(f, r).contains(&self.king(owner))
    }

    fn has_king(&self, owner: usize) -> bool {
        self.board.iter().flatten().any(|&p| {
            p == Some(Piece {
                owner,
                letter: 'K',
                promoted: false,
            })
        })
    }

    pub fn legal_texts(&self) -> BTreeSet<String> {
        self.legal().into_iter().map(|(t, _)| t).collect()
    }
}
