//! Aeroplane chess text.
//!
//! Position: each colour in play, in seat order, with its four pieces by route step (`h` in
//! the hangar, 0 the takeoff point, 1..50 the track, 51..55 the home column, 56 home), then the
//! seat to move with its roll (`?` before it, `#` once the game is over), then what else the
//! turn and the modules carry, each only when it is there:
//! `r:0,12,h,h y:h,h,h,h b:56,56,3,h g:h,h,h,h b6 sixes=1 forced=18 boost ready`
//! `storm=23/2` (square and rounds left; `-/2` none for 2 rounds; `?` about to appear),
//! `item=17/six` (`-` none, `?` about to appear), `held=0.1,0.0,2.0,0.0` (each seat's six-dice
//! and boosters).
//!
//! Moves: `r4` a roll; `launch`; `12-22` moves the piece on step 12 and says where it ends after
//! jumps and flights (`h` if it crashed into a stack); `pass`; `roll`, `six`, `boost` before the
//! roll; `storm@23`, `item@17:six` for the modules' chance outcomes.

use crate::game::{Game, ParseError, Turn};

use super::board::{track_square, COLOUR_LETTERS, FINISH, HANGAR, TAKEOFF, TRACK};
use super::game::{seat_letter, Aero, AeroMove, BOOSTER, ITEM_CAP, ITEM_NAMES, NONE, SIX_DIE};
use super::moves::Choice;
use super::rules::AeroRules;

fn step_text(p: u8) -> String {
    if p == HANGAR {
        "h".into()
    } else {
        p.to_string()
    }
}

pub fn format_position(s: &Aero) -> String {
    let mut parts: Vec<String> = s
        .colours()
        .map(|c| {
            let list: Vec<String> = s.pieces(c).iter().map(|&p| step_text(p)).collect();
            format!("{}:{}", COLOUR_LETTERS[c], list.join(","))
        })
        .collect();
    let seat = seat_letter(s.to_move());
    parts.push(if s.over {
        format!("{seat}#")
    } else {
        match s.roll() {
            Some(r) => format!("{seat}{r}"),
            None => format!("{seat}?"),
        }
    });
    if s.sixes > 0 {
        parts.push(format!("sixes={}", s.sixes));
    }
    if let Some(f) = s.forced() {
        parts.push(format!("forced={f}"));
    }
    if s.booster {
        parts.push("boost".into());
    }
    if s.ready {
        parts.push("ready".into());
    }
    let r = s.rules_ref();
    if r.weather {
        parts.push(if s.storm_pending {
            "storm=?".into()
        } else {
            match s.storm() {
                Some(sq) => format!("storm={sq}/{}", s.storm_rounds),
                None => format!("storm=-/{}", s.storm_rounds),
            }
        });
    }
    if r.items {
        parts.push(if s.item_pending {
            "item=?".into()
        } else {
            match s.item() {
                Some((sq, k)) => format!("item={sq}/{}", ITEM_NAMES[k as usize]),
                None => "item=-".into(),
            }
        });
        let held: Vec<String> = (0..s.num_players())
            .map(|p| format!("{}.{}", s.held(p)[0], s.held(p)[1]))
            .collect();
        parts.push(format!("held={}", held.join(",")));
    }
    parts.join(" ")
}

pub fn parse_position(rules: &AeroRules, text: &str) -> Result<Aero, ParseError> {
    let err = |why: String| ParseError::position(text, why);
    let mut s = Aero::new(rules);
    s.storm_pending = false;
    s.item_pending = false;
    let players = rules.players as usize;
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() < players + 1 {
        return Err(err(format!(
            "expected {players} colours (r:h,h,h,h ...) and the seat to move"
        )));
    }
    for seat in 0..players {
        let c = rules.colour_of_seat(seat);
        let prefix = format!("{}:", COLOUR_LETTERS[c]);
        let body = tokens[seat].strip_prefix(&prefix).ok_or_else(|| {
            err(format!(
                "field {:?} should start with {prefix:?}",
                tokens[seat]
            ))
        })?;
        let list: Vec<&str> = body.split(',').collect();
        if list.len() != 4 {
            return Err(err(format!("colour {} needs 4 pieces", COLOUR_LETTERS[c])));
        }
        for (k, t) in list.iter().enumerate() {
            s.pos[c][k] = match *t {
                "h" => HANGAR,
                t => t
                    .parse::<u8>()
                    .ok()
                    .filter(|&p| p <= FINISH)
                    .ok_or_else(|| err(format!("bad route step {t:?} (h or 0..56)")))?,
            };
        }
    }
    let side = tokens[players];
    let mut chars = side.chars();
    let seat = chars
        .next()
        .and_then(|c| (c as u32).checked_sub('a' as u32))
        .map(|x| x as usize)
        .filter(|&x| x < players)
        .ok_or_else(|| err(format!("bad seat to move {side:?}")))?;
    s.to_move = seat as u8;
    let over = match chars.as_str() {
        "?" => false,
        "#" => true,
        r => {
            s.roll = r
                .parse::<u8>()
                .ok()
                .filter(|f| (1..=6).contains(f))
                .ok_or_else(|| err(format!("bad roll {r:?} (1..6, ? or #)")))?;
            false
        }
    };
    let mut storm_seen = false;
    let mut item_seen = false;
    let mut held_seen = false;
    for t in &tokens[players + 1..] {
        let (key, value) = t.split_once('=').unwrap_or((t, ""));
        match key {
            "sixes" => {
                s.sixes = value
                    .parse()
                    .ok()
                    .filter(|&n| (1..=2).contains(&n))
                    .ok_or_else(|| err(format!("bad sixes {value:?} (1 or 2)")))?
            }
            "forced" => {
                s.forced = value
                    .parse()
                    .ok()
                    .filter(|&p| {
                        super::board::on_track(p)
                            || (p == super::board::TAKEOFF && rules.launch_roll_launched)
                    })
                    .ok_or_else(|| err(format!("bad forced step {value:?}")))?
            }
            "boost" if value.is_empty() => s.booster = true,
            "ready" if value.is_empty() => s.ready = true,
            "storm" if rules.weather => {
                storm_seen = true;
                if value == "?" {
                    s.storm_pending = true;
                } else {
                    let (sq, n) = value
                        .split_once('/')
                        .ok_or_else(|| err(format!("bad storm {value:?}")))?;
                    s.storm = match sq {
                        "-" => NONE,
                        sq => sq
                            .parse()
                            .ok()
                            .filter(|&q: &u8| (q as usize) < TRACK)
                            .ok_or_else(|| err(format!("bad storm square {sq:?}")))?,
                    };
                    s.storm_rounds = n
                        .parse()
                        .ok()
                        .filter(|&r| (1..=3).contains(&r))
                        .ok_or_else(|| err(format!("bad storm rounds {n:?} (1..3)")))?;
                }
            }
            "item" if rules.items => {
                item_seen = true;
                match value {
                    "?" => s.item_pending = true,
                    "-" => {}
                    v => {
                        let (sq, k) = v
                            .split_once('/')
                            .ok_or_else(|| err(format!("bad item {v:?}")))?;
                        s.item_square = sq
                            .parse()
                            .ok()
                            .filter(|&q: &u8| (q as usize) < TRACK)
                            .ok_or_else(|| err(format!("bad item square {sq:?}")))?;
                        s.item_kind = ITEM_NAMES
                            .iter()
                            .position(|&n| n == k)
                            .ok_or_else(|| err(format!("bad item kind {k:?} (six, boost)")))?
                            as u8;
                    }
                }
            }
            "held" if rules.items => {
                held_seen = true;
                let list: Vec<&str> = value.split(',').collect();
                if list.len() != players {
                    return Err(err(format!("held needs {players} entries")));
                }
                for (p, e) in list.iter().enumerate() {
                    let (a, b) = e
                        .split_once('.')
                        .ok_or_else(|| err(format!("bad held entry {e:?} (six.boost)")))?;
                    for (kind, n) in [(SIX_DIE, a), (BOOSTER, b)] {
                        s.held[p][kind as usize] = n
                            .parse()
                            .ok()
                            .filter(|&n| n <= ITEM_CAP)
                            .ok_or_else(|| err(format!("bad item count {n:?}")))?;
                    }
                }
            }
            _ => return Err(err(format!("unknown field {t:?}"))),
        }
    }
    if rules.weather && !storm_seen {
        return Err(err("the weather module needs a storm= field".into()));
    }
    if rules.items && !(item_seen && held_seen) {
        return Err(err("the items module needs item= and held= fields".into()));
    }
    let mut s = s.finish_parts();
    if s.over != over {
        return Err(err(if over {
            "`#` marks a finished game, but nobody has finished".into()
        } else {
            "a player has finished: the game is over (write <seat>#)".into()
        }));
    }
    if over && (s.roll != 0 || s.sixes != 0 || s.forced != NONE) {
        return Err(err(
            "a finished game has no roll, sixes or forced piece".into()
        ));
    }
    if let Some(f) = s.forced() {
        if s.sixes == 0 || !s.pieces(s.controlled()).contains(&f) {
            return Err(err(
                "a forced piece follows a 6 (sixes >= 1) and is a piece of the colour to move"
                    .into(),
            ));
        }
    }
    if s.ready && s.roll != 0 {
        return Err(err("ready marks a roll still to come".into()));
    }
    if (s.storm_pending || s.item_pending) && (s.roll != 0 || s.to_move != 0) {
        return Err(err(
            "storms and items appear at the start of seat a's turn".into()
        ));
    }
    s.update_hash();
    Ok(s)
}

/// Where the piece on step `from` ends with this roll.
fn destination(s: &Aero, from: u8, choice: Choice) -> u8 {
    let mut c = *s;
    let colour = c.controlled();
    c.forced = NONE;
    super::moves::move_piece(&mut c, colour, from, choice);
    // The piece that moved is the one not at its old step any more, or its new step.
    let before = s.pieces(colour);
    let after = c.pieces(colour);
    // Multiset difference: the value in `after` not matched in `before`.
    let mut b = before.to_vec();
    for &p in after {
        if let Some(i) = b.iter().position(|&q| q == p) {
            b.remove(i);
        } else {
            return p;
        }
    }
    from
}

/// `from-to`, where the piece ends after its jumps and flights, and `/nohit` after a move that
/// declines its hits (`hit=may`).
fn move_text(s: &Aero, from: u8, choice: Choice) -> String {
    if s.roll == 0 || !s.pieces(s.controlled()).contains(&from) {
        return format!("{from}-?");
    }
    let end = step_text(destination(s, from, choice));
    if choice.hit {
        format!("{from}-{end}")
    } else {
        format!("{from}-{end}{NO_HIT}")
    }
}

/// The mark of a move that declines its hits.
pub const NO_HIT: &str = "/nohit";

pub fn format_move(s: &Aero, mv: AeroMove) -> String {
    match mv {
        AeroMove::Roll(f) => format!("r{f}"),
        AeroMove::Storm(sq) => format!("storm@{sq}"),
        AeroMove::Item(sq, k) => format!("item@{sq}:{}", ITEM_NAMES[k as usize]),
        AeroMove::RollDie => "roll".into(),
        AeroMove::UseSix => "six".into(),
        AeroMove::UseBooster => "boost".into(),
        AeroMove::Launch => "launch".into(),
        AeroMove::Pass => "pass".into(),
        AeroMove::Move(from) => move_text(s, from, Choice::ALL),
        AeroMove::MoveChoosing(from, choice) => move_text(s, from, choice),
    }
}

pub fn parse_move(s: &Aero, text: &str) -> Result<AeroMove, ParseError> {
    let t = text.trim();
    let bad = |why: &str| ParseError::mv(text, why.to_string());
    let num = |x: &str| -> Result<u8, ParseError> {
        x.parse::<u8>()
            .ok()
            .filter(|&q| (q as usize) < TRACK)
            .ok_or_else(|| bad("bad track square"))
    };
    let mv = match t {
        "roll" => AeroMove::RollDie,
        "six" => AeroMove::UseSix,
        "boost" => AeroMove::UseBooster,
        "launch" => AeroMove::Launch,
        "pass" => AeroMove::Pass,
        _ => {
            if let Some(f) = t.strip_prefix('r') {
                match f.parse::<u8>() {
                    Ok(f) if (1..=6).contains(&f) => AeroMove::Roll(f),
                    _ => return Err(bad("a roll is r1..r6")),
                }
            } else if let Some(sq) = t.strip_prefix("storm@") {
                AeroMove::Storm(num(sq)?)
            } else if let Some(rest) = t.strip_prefix("item@") {
                let (sq, k) = rest
                    .split_once(':')
                    .ok_or_else(|| bad("item@<square>:six|boost"))?;
                let kind = ITEM_NAMES
                    .iter()
                    .position(|&n| n == k)
                    .ok_or_else(|| bad("item kinds are six and boost"))?;
                AeroMove::Item(num(sq)?, kind as u8)
            } else {
                let (from, to) = match t.split_once('-') {
                    Some((f, to)) => (f, Some(to)),
                    None => (t, None),
                };
                let from: u8 = from
                    .parse()
                    .ok()
                    .filter(|&p| p < FINISH)
                    .ok_or_else(|| bad("expected a move like 12-22, launch, pass or r1..r6"))?;
                let mv = AeroMove::Move(from);
                if !s.is_legal(mv) {
                    return Err(bad("no piece of the colour to move can move from there"));
                }
                match to {
                    None => mv,
                    Some(to) => {
                        // The move whose text this is: `Move` or, where the mover may choose, one
                        // of the piece's other moves (`12-16/nohit`).
                        let mut moves = crate::game::MoveList::new();
                        s.legal_moves(&mut moves);
                        let of_piece: Vec<AeroMove> = moves
                            .into_iter()
                            .filter(|&m| {
                                matches!(m, AeroMove::Move(f) | AeroMove::MoveChoosing(f, _) if f == from)
                            })
                            .collect();
                        let texts: Vec<String> =
                            of_piece.iter().map(|&m| format_move(s, m)).collect();
                        let want = format!("{from}-{to}");
                        match texts.iter().position(|t| *t == want) {
                            Some(i) => of_piece[i],
                            None => {
                                let ends: Vec<&str> = texts
                                    .iter()
                                    .map(|t| t.split_once('-').map_or("", |(_, e)| e))
                                    .collect();
                                return Err(bad(&format!(
                                    "that piece ends on {}",
                                    ends.join(" or ")
                                )));
                            }
                        }
                    }
                }
            }
        }
    };
    if !s.is_legal(mv) {
        return Err(bad("not legal in this position"));
    }
    Ok(mv)
}

/// The board as a cross of 52 track squares round a centre, each arm three squares wide, its
/// middle line the home column of the colour whose pieces turn in there; hangars in the
/// corners. Track squares show their colour's letter (capitals for the shortcut squares),
/// pieces their colour's capital and count, the storm `~`, an item `$`.
pub fn render(s: &Aero) -> String {
    let mut grid = vec![vec!["  ".to_string(); 15]; 15];
    let put = |grid: &mut Vec<Vec<String>>, (x, y): (i32, i32), t: String| {
        grid[14 - y as usize][x as usize] = t;
    };
    let cells = layout();
    for sq in 0..TRACK as u8 {
        let c = super::board::colour_of(sq);
        let shortcut = (0..4).any(|k| {
            track_square(k, super::board::SHORTCUT_FROM) == sq
                || track_square(k, super::board::SHORTCUT_TO) == sq
        });
        let mut t = if shortcut {
            format!("{} ", COLOUR_LETTERS[c].to_ascii_uppercase())
        } else {
            format!("{} ", COLOUR_LETTERS[c])
        };
        if s.storm() == Some(sq) {
            t = "~ ".into();
        }
        if s.item().map(|(q, _)| q) == Some(sq) {
            t = "$ ".into();
        }
        put(&mut grid, cells.track[sq as usize], t);
    }
    for c in 0..4 {
        for h in 1..=5u8 {
            put(&mut grid, cells.home[c][h as usize - 1], ". ".into());
        }
        put(&mut grid, cells.finish[c], "* ".into());
        put(&mut grid, cells.takeoff[c], "o ".into());
    }
    // Pieces.
    let mut count: std::collections::BTreeMap<(i32, i32), (usize, usize)> = Default::default();
    for c in s.colours().collect::<Vec<_>>() {
        let mut in_hangar = 0;
        for &p in s.pieces(c) {
            let cell = match p {
                HANGAR => {
                    in_hangar += 1;
                    cells.hangar[c][in_hangar - 1]
                }
                TAKEOFF => cells.takeoff[c],
                FINISH => cells.finish[c],
                p if p <= super::board::LAST_TRACK => cells.track[track_square(c, p) as usize],
                p => cells.home[c][(p - super::board::LAST_TRACK - 1) as usize],
            };
            let e = count.entry(cell).or_insert((c, 0));
            e.1 += 1;
        }
    }
    for (cell, (c, n)) in count {
        let letter = COLOUR_LETTERS[c].to_ascii_uppercase();
        put(
            &mut grid,
            cell,
            if n > 1 {
                format!("{letter}{n}")
            } else {
                format!("{letter} ")
            },
        );
    }
    let mut out = String::new();
    for row in grid {
        let line: String = row.concat();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    for c in s.colours().collect::<Vec<_>>() {
        let seat = s.seat_of_colour(c);
        let list: Vec<String> = s.pieces(c).iter().map(|&p| step_text(p)).collect();
        let held = if s.rules_ref().items {
            format!(
                "  items: {} six, {} boost",
                s.held(seat)[0],
                s.held(seat)[1]
            )
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{} ({}): {}{held}\n",
            seat_letter(seat).to_ascii_uppercase(),
            super::board::COLOUR_NAMES[c],
            list.join(",")
        ));
    }
    out.push_str(&match s.turn() {
        Turn::Terminal => "game over\n".into(),
        Turn::Chance if s.storm_pending || s.item_pending => "the modules draw\n".into(),
        Turn::Chance => format!(
            "{} to roll\n",
            seat_letter(s.to_move()).to_ascii_uppercase()
        ),
        Turn::Player(p) if s.roll().is_none() => {
            format!(
                "{} to roll or use an item\n",
                seat_letter(p).to_ascii_uppercase()
            )
        }
        Turn::Player(p) => format!(
            "{} rolled {}{}\n",
            seat_letter(p).to_ascii_uppercase(),
            s.roll().unwrap_or(0),
            if s.booster { " with the booster" } else { "" }
        ),
    });
    out
}

/// Drawing cells (x, y on a 15 x 15 grid, y up) of every part of the board.
struct Layout {
    track: Vec<(i32, i32)>,
    home: [[(i32, i32); 5]; 4],
    finish: [(i32, i32); 4],
    takeoff: [(i32, i32); 4],
    hangar: [[(i32, i32); 4]; 4],
}

fn layout() -> Layout {
    // Colour 0's part of the drawing (the lower arm and the lower left corner); the others are
    // it turned clockwise by quarter turns about the centre (7, 7), as the squares run.
    let turn = |(x, y): (i32, i32), k: usize| (0..k).fold((x, y), |(x, y), _| (y, 14 - x));
    // Square 0 is the lower arm's tip; then clockwise: up the arm's left line, along the left
    // arm's lower line to its tip, ... 13 squares an arm.
    let mut arm = vec![(7, 0)];
    arm.extend((0..6).map(|i| (6, i)));
    arm.extend((0..6).rev().map(|x| (x, 6)));
    let mut track = Vec::new();
    for k in 0..4 {
        track.extend(arm.iter().map(|&p| turn(p, k)));
    }
    // Rotate so that index 13k is arm k's tip: arm k's tip comes first in its block already.
    let home = std::array::from_fn(|c| std::array::from_fn(|h| turn((7, 1 + h as i32), c)));
    let finish = std::array::from_fn(|c| turn((7, 6), c));
    let takeoff = std::array::from_fn(|c| turn((5, 1), c));
    let hangar = std::array::from_fn(|c| [(1, 1), (2, 1), (1, 2), (2, 2)].map(|p| turn(p, c)));
    Layout {
        track,
        home,
        finish,
        takeoff,
        hangar,
    }
}
