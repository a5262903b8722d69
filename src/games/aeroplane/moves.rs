//! How a piece moves, in the seed's words (seed 002, 飞行棋):
//!
//! - Steps: one route step a pip (the booster doubles them). With `exact`, a roll that would
//!   pass the finish walks back the excess ("多出来的点数，棋子将往回走").
//! - Stacks (迭子): two or more pieces of one side (a colour, or a team) on a track square. An
//!   enemy cannot pass over a stack ("不能在迭子上面飞过"): landing exactly on it sends the
//!   lander and the whole stack to the hangar ("敌方棋子与2架迭子棋子同时返回停机坪"); a roll
//!   beyond it walks back from the stack the excess ("多余格数为由迭子处返回的格数"); but a 6
//!   beyond it stops the piece on top of the stack, and the 6's extra roll must move that piece
//!   ("服务器自动走刚才停于迭子上面的棋子").
//! - Hits (撞子): a piece stopping where single enemy pieces stand sends them home.
//! - Jump (跳子): stopping on a square of one's colour jumps to the next one, 4 ahead.
//! - Flight (飞棋): stopping on one's shortcut square flies the dashed line to its end and then
//!   jumps to the next square of one's colour; arriving on the shortcut square by a jump flies to
//!   the end and stops there. With `crossing_hits` the flight sends a single enemy on the crossed
//!   home-column square home, and an enemy stack there keeps the piece from flying.
//! - "可" (may/can): under `hit=must,jump=must` (the default) every hit, jump and flight that can
//!   happen does; under `hit=may` the mover may decline a move's hits, under `jump=may` stop the
//!   chain of jumps and flights early (`Choice`).
//! - The weather module's storm stops a piece whose steps pass it (landing there, no jump).
//! - The items module: a piece that stops on the item's square picks it up for its player.
//!
//! With `stack_flight=blocked` (the text, "敌方的棋子不能在迭子上面飞过") a jump does not happen
//! when an enemy stack stands on a track square it would pass over, and a flight does not
//! happen when an enemy stack stands on the home-column square the dashed line crosses: the
//! piece stays where its steps ended. With `stack_flight=over` (the common game) jumps and flights
//! go through the air: stacks on the squares they pass over do not stop them. The storm never
//! stops them; the squares they land on count as stops (hits, stacks, items).

use super::board::{
    crossed_colour, crossed_step, jumps_from, on_track, track_square, FINISH, HANGAR, JUMP,
    SHORTCUT_FROM, SHORTCUT_TO, TAKEOFF,
};
use super::game::{Aero, ITEM_CAP, NONE};

/// Enemy pieces of side-less colour `mover` on track square `sq`: (colour, slot) pairs, and
/// whether one enemy side has two or more there (a stack).
fn enemies_at(s: &Aero, mover: usize, sq: u8) -> (Vec<(usize, usize)>, bool) {
    let my_side = s.side_of_colour(mover);
    let mut found = Vec::new();
    let mut per_side = [0u8; 4];
    for c in s.colours().collect::<Vec<_>>() {
        let side = s.side_of_colour(c);
        if side == my_side {
            continue;
        }
        for (k, &p) in s.pos[c].iter().enumerate() {
            if on_track(p) && track_square(c, p) == sq {
                found.push((c, k));
                per_side[side] += 1;
            }
        }
    }
    let stack = per_side.iter().any(|&n| n >= 2);
    (found, stack)
}

/// The outcome of stopping somewhere.
enum Stop {
    /// The piece stays (and may go on jumping or flying).
    Stays,
    /// The piece met a stack and went to the hangar with it.
    Crashed,
}

/// What the mover chose where the rules let it (`hit=may`, `jump=may`); under `must` a move
/// is always `Choice::ALL`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Choice {
    /// Single enemies where the piece stops go home; false: they stay and share the square.
    pub hit: bool,
    /// How many jumps and flights the piece takes after its steps (0: it stays where its steps
    /// ended); `ALL_LINKS`: every one the route offers.
    pub links: u8,
}

pub const ALL_LINKS: u8 = u8::MAX;

impl Choice {
    /// Every hit and every jump and flight: the move of the `must` rules.
    pub const ALL: Choice = Choice {
        hit: true,
        links: ALL_LINKS,
    };
}

/// Stopping on route step `step`: hits (unless the mover declines them), a crash into a stack,
/// picking up an item.
fn stop_at(s: &mut Aero, c: usize, step: u8, hit: bool) -> Stop {
    if !on_track(step) {
        return Stop::Stays;
    }
    let sq = track_square(c, step);
    let (enemies, stack) = enemies_at(s, c, sq);
    if stack {
        for &(ec, k) in &enemies {
            s.pos[ec][k] = HANGAR;
        }
        return Stop::Crashed;
    }
    if hit {
        for &(ec, k) in &enemies {
            s.pos[ec][k] = HANGAR;
        }
    }
    if s.item_square == sq {
        let seat = s.to_move as usize;
        let kind = s.item_kind as usize;
        s.held[seat][kind] = (s.held[seat][kind] + 1).min(ITEM_CAP);
        s.item_square = NONE;
    }
    Stop::Stays
}

/// Whether an enemy stack stands on a track square strictly between route steps `from` and
/// `to` of colour `c` (what a jump passes over), under `stack_flight=blocked`.
fn stack_passed(s: &Aero, c: usize, from: u8, to: u8) -> bool {
    s.rules.stack_blocks_flight
        && (from + 1..to).any(|st| on_track(st) && enemies_at(s, c, track_square(c, st)).1)
}

/// The flight along the shortcut from step 18: None if an enemy stack on the crossed square
/// keeps the piece on the ground, else where it stops (and whether it crashed).
fn fly(s: &mut Aero, c: usize, hit: bool) -> Option<Stop> {
    if s.rules.stack_blocks_flight && !s.rules.crossing_hits {
        let x = crossed_colour(c);
        let used = s.colours().any(|k| k == x);
        if used && s.side_of_colour(x) != s.side_of_colour(c) {
            let cross = crossed_step(s.rules.crossing);
            if s.pos[x].iter().filter(|&&p| p == cross).count() >= 2 {
                return None;
            }
        }
    }
    if s.rules.crossing_hits {
        let x = crossed_colour(c);
        let used = s.colours().any(|k| k == x);
        if used && s.side_of_colour(x) != s.side_of_colour(c) {
            let cross = crossed_step(s.rules.crossing);
            let there: Vec<usize> = (0..4).filter(|&k| s.pos[x][k] == cross).collect();
            if there.len() >= 2 {
                return None;
            }
            for k in there {
                s.pos[x][k] = HANGAR;
            }
        }
    }
    Some(stop_at(s, c, SHORTCUT_TO, hit))
}

/// Moves the piece of colour `c` on route step `from` by the roll on the table, as the mover
/// chose.
pub fn move_piece(s: &mut Aero, c: usize, from: u8, choice: Choice) {
    let k = s.pos[c]
        .iter()
        .position(|&p| p == from)
        .expect("a piece on that step");
    // Take the piece off its square while it moves (its own colour's pieces do not matter).
    s.pos[c][k] = NONE;
    let end = walk(s, c, from, choice);
    s.pos[c][k] = end;
}

/// The die's steps and what follows; returns where the piece ends (`HANGAR` if it crashed).
fn walk(s: &mut Aero, c: usize, from: u8, choice: Choice) -> u8 {
    let face = s.roll;
    let steps = if s.booster { 2 * face } else { face };
    let mut cur = from;
    let mut forward = true;
    for i in 1..=steps {
        if cur == FINISH {
            if !s.rules.exact {
                break;
            }
            forward = false;
        }
        cur = if forward { cur + 1 } else { cur - 1 };
        if !(forward && on_track(cur)) {
            continue;
        }
        let sq = track_square(c, cur);
        let (_, stack) = enemies_at(s, c, sq);
        if stack {
            if i == steps {
                // Landing exactly on the stack: the lander and the stack go to the hangar.
                stop_at(s, c, cur, choice.hit);
                return HANGAR;
            }
            if face == 6 {
                // On top of the stack, to move on with the extra roll.
                s.forced = cur;
                return cur;
            }
            // Back from the stack by the excess.
            let back = steps - i;
            let end = cur.saturating_sub(back).max(TAKEOFF);
            return after_stop(s, c, end, choice);
        }
        if s.storm == sq {
            let grounded = Choice { links: 0, ..choice };
            return after_stop(s, c, cur, grounded);
        }
    }
    if cur == FINISH {
        return FINISH;
    }
    after_stop(s, c, cur, choice)
}

/// Stopping on `step` after the steps, then the jumps and the flight, as many as the mover
/// takes (`choice.links`).
fn after_stop(s: &mut Aero, c: usize, step: u8, choice: Choice) -> u8 {
    let hit = choice.hit;
    if let Stop::Crashed = stop_at(s, c, step, hit) {
        return HANGAR;
    }
    if choice.links == 0 || !on_track(step) || !jumps_from(step) {
        return step;
    }
    let second_link = choice.links >= 2;
    if step == SHORTCUT_FROM {
        // Fly, then jump to the next square of the colour.
        return match fly(s, c, hit) {
            None => step,
            Some(Stop::Crashed) => HANGAR,
            Some(Stop::Stays) => {
                let j = SHORTCUT_TO + JUMP;
                if !second_link || stack_passed(s, c, SHORTCUT_TO, j) {
                    return SHORTCUT_TO;
                }
                match stop_at(s, c, j, hit) {
                    Stop::Crashed => HANGAR,
                    Stop::Stays => j,
                }
            }
        };
    }
    let j = step + JUMP;
    if stack_passed(s, c, step, j) {
        return step;
    }
    if let Stop::Crashed = stop_at(s, c, j, hit) {
        return HANGAR;
    }
    if j == SHORTCUT_FROM && second_link {
        // Jumped onto the shortcut square: fly to the end and stop.
        return match fly(s, c, hit) {
            None => j,
            Some(Stop::Crashed) => HANGAR,
            Some(Stop::Stays) => SHORTCUT_TO,
        };
    }
    j
}
