//! The Aeroplane chess board: the common layout (Wikipedia "Aeroplane chess"; square numbers as
//! in the open implementation kan01234/aeroplanes-chess): 52 track squares coloured in turn
//! (square n has colour n mod 4: red 0, yellow 1, blue 2, green 3), a hangar (停机坪) and a
//! takeoff point (起飞点) for each colour, a home column (终点跑道) of five squares leading to the
//! finish (终点), and for each colour one shortcut (飞行捷径, the dashed line) across the arm of
//! the opposite colour, twelve squares long, crossing that colour's home column.
//!
//! A piece's route, counted from its takeoff point (step 0): steps 1..=50 are the track squares
//! 13c+3, 13c+4, ..., 13c+52 (mod 52) for colour c, so each colour enters 13 squares after the
//! one before it and leaves the track at its own square 13c ("home zones immediately
//! anti-clockwise of their hangar"); steps 51..=55 are its home column; step 56 is the finish.
//! The colour's own squares are steps 2, 6, ..., 50 (landing on one jumps 4 ahead, except at step
//! 50 where the route turns in); its shortcut runs from step 18 (square 13c+20) to step 30
//! (square 13c+32) and crosses the opposite colour's home column at its third square (an option:
//! which square the dashed line crosses differs between printed boards).

/// Route steps of a piece of any colour.
pub const TAKEOFF: u8 = 0;
pub const LAST_TRACK: u8 = 50;
pub const FINISH: u8 = 56;
/// A piece in its hangar (not yet launched, or sent back).
pub const HANGAR: u8 = 57;
/// The track squares.
pub const TRACK: usize = 52;
pub const SHORTCUT_FROM: u8 = 18;
pub const SHORTCUT_TO: u8 = 30;
/// Steps a jump to the next square of one's colour covers.
pub const JUMP: u8 = 4;

pub const COLOUR_NAMES: [&str; 4] = ["red", "yellow", "blue", "green"];
pub const COLOUR_LETTERS: [char; 4] = ['r', 'y', 'b', 'g'];

/// The track square of route step `step` (1..=50) of colour `c`.
pub const fn track_square(c: usize, step: u8) -> u8 {
    ((13 * c + 2 + step as usize) % TRACK) as u8
}

/// The route step of track square `sq` for colour `c` (None if the square is not on the part
/// of the track that colour walks, which never happens: every colour walks 50 of the 52, all
/// but the two squares just behind its entry).
pub fn step_of(c: usize, sq: u8) -> Option<u8> {
    let s = ((sq as usize + TRACK * 2 - 13 * c - 2) % TRACK) as u8;
    (1..=LAST_TRACK).contains(&s).then_some(s)
}

/// The colour of track square `sq`.
pub const fn colour_of(sq: u8) -> usize {
    sq as usize % 4
}

/// Whether route step `step` of colour `c` is on the track (not the takeoff point, the home
/// column, the finish or the hangar).
pub const fn on_track(step: u8) -> bool {
    step >= 1 && step <= LAST_TRACK
}

/// Whether a piece stopping on route step `step` jumps to the next square of its colour.
pub const fn jumps_from(step: u8) -> bool {
    step >= 2 && step < LAST_TRACK && step % 4 == 2
}

/// The opposite colour, whose home column colour `c`'s shortcut crosses.
pub const fn crossed_colour(c: usize) -> usize {
    (c + 2) % 4
}

/// The route step (of the crossed colour) of the home column square the shortcut crosses.
pub const fn crossed_step(crossing: u8) -> u8 {
    LAST_TRACK + crossing
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_common_board() {
        for c in 0..4 {
            // 50 distinct track squares, entering at 13c + 3, leaving at the own square 13c.
            let squares: std::collections::BTreeSet<u8> =
                (1..=LAST_TRACK).map(|s| track_square(c, s)).collect();
            assert_eq!(squares.len(), 50);
            assert_eq!(track_square(c, 1) as usize, (13 * c + 3) % 52);
            assert_eq!(track_square(c, LAST_TRACK) as usize, 13 * c);
            for s in 1..=LAST_TRACK {
                assert_eq!(step_of(c, track_square(c, s)), Some(s));
                // Own colour exactly on steps 2, 6, ..., 50.
                assert_eq!(
                    colour_of(track_square(c, s)) == c,
                    s % 4 == 2,
                    "colour {c} step {s}"
                );
            }
            // The shortcut: own squares 12 apart (kan01234: 20-32, 33-45, 46-6, 7-19).
            assert_eq!(
                (track_square(c, SHORTCUT_FROM), track_square(c, SHORTCUT_TO)),
                [(20, 32), (33, 45), (46, 6), (7, 19)][c]
            );
            // It spans the arm where the opposite colour turns into its home column.
            let turn_in = track_square(crossed_colour(c), LAST_TRACK);
            assert_eq!(turn_in, track_square(c, (SHORTCUT_FROM + SHORTCUT_TO) / 2));
        }
        // 13 squares a colour on the track.
        assert!((0..4).all(|c| (0..52u8).filter(|&s| colour_of(s) == c).count() == 13));
    }
}
