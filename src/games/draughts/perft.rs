//! Draughts' own perft (`Game::perft_fast`) while only men are on the board. Without kings no
//! draw rule can apply (the king-move count, repetition and the endgame rule all need kings),
//! so the walk needs neither the zobrist key, the draw counters nor the repetition list: it
//! plays moves on the bare piece sets. At the first king (a promotion) it hands the subtree to
//! the generic walk on a full `Position`, whose counters are then exactly fresh ones (the
//! promotion was a man move). Rule switches stay values (`VariantRules`), as in the generator.

use crate::game::{perft_bulk_generic, MoveList, PerftConvention};

use super::game::Position;
use super::geometry::Geometry;
use super::movegen::{self, DraughtsMove, Sides};
use super::rules::Rules;

/// Leaves `depth` plies below `root`, or `None` when the root has kings or draw counters
/// running (the generic walk counts those), or for convention C (no passes in draughts: the
/// generic walk is as fast there).
pub fn perft<G: Geometry>(
    root: &Position<G>,
    depth: u32,
    convention: PerftConvention,
) -> Option<u64> {
    let keep_ended = match convention {
        PerftConvention::TerminalIsLeaf => true,
        PerftConvention::DropTerminal => false,
        PerftConvention::PassIsFree => return None,
    };
    if root.kings() != 0 || !root.has_fresh_counters() {
        return None;
    }
    if depth == 0 {
        return Some(1);
    }
    let rules = *crate::game::Game::rules(root);
    Some(walk(&rules, root.sides(), depth, keep_ended, convention))
}

/// Leaves `depth >= 1` plies below `s` (no kings). A side without a move has lost: the game is
/// over, a leaf if `keep_ended`.
fn walk<G: Geometry>(
    rules: &Rules<G>,
    s: Sides,
    depth: u32,
    keep_ended: bool,
    convention: PerftConvention,
) -> u64 {
    let capture = movegen::has_capture::<G>(&s, rules);
    let mut moves = MoveList::new();
    if depth == 1 && !capture {
        let n = movegen::count_quiet::<G>(&s, rules) as u64;
        return if n == 0 { keep_ended as u64 } else { n };
    }
    if capture {
        movegen::captures::<G>(&s, rules, &mut moves);
    } else {
        movegen::quiet_moves::<G>(&s, rules, &mut moves);
    }
    if moves.is_empty() {
        return keep_ended as u64;
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    let mut total = 0;
    for mv in &moves {
        let child = play(&s, mv);
        total += if child.kings == 0 {
            walk(rules, child, depth - 1, keep_ended, convention)
        } else {
            let mut pieces = [0u64; 2];
            pieces[child.player] = child.own;
            pieces[1 - child.player] = child.opp;
            let pos = Position::from_pieces(*rules, pieces, child.kings, child.player);
            perft_bulk_generic(&pos, depth - 1, convention)
        };
    }
    total
}

/// The sides after `mv` (a man's move: there are no kings), seen by the side to move next.
#[inline]
fn play(s: &Sides, mv: &DraughtsMove) -> Sides {
    let to = 1u64 << mv.to;
    let moved = (s.own & !(1u64 << mv.from)) | to;
    Sides {
        own: s.opp & !mv.captured,
        opp: moved,
        kings: if mv.promotes { to } else { 0 },
        player: 1 - s.player,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::playout::random_walk;
    use crate::game::{Game, RuleSet};
    use crate::games::draughts::{Eight, Ten};
    use rand::{Rng, SeedableRng};

    /// The men-only walk against the generic one (hash, draw rules, repetition list) from
    /// positions of seeded random games under several presets, late ones included so that
    /// promotions (the hand-over) and lost positions occur.
    fn agrees<G: Geometry>(rules_text: &str, depth: u32) {
        let rules = Rules::<G>::parse(rules_text).unwrap();
        let mut rng = rand::rngs::SmallRng::seed_from_u64(20);
        let mut fast_roots = 0;
        for game in 0..40 {
            let mut left = rng.gen_range(0..60u32);
            let s = random_walk(Position::<G>::new(&rules), &mut rng, |p| {
                left = left.saturating_sub(1);
                left == 0 || p.kings() != 0
            });
            for convention in [
                PerftConvention::TerminalIsLeaf,
                PerftConvention::DropTerminal,
            ] {
                for d in 1..=depth {
                    let want = perft_bulk_generic(&s, d, convention);
                    match perft(&s, d, convention) {
                        Some(n) => {
                            fast_roots += 1;
                            assert_eq!(
                                n, want,
                                "{rules_text:?} game {game} depth {d} {convention:?}"
                            )
                        }
                        None => assert!(s.kings() != 0 || !s.has_fresh_counters()),
                    }
                }
            }
        }
        assert!(fast_roots > 0);
    }

    #[test]
    fn men_only_walk_counts_as_the_generic_walk() {
        agrees::<Ten>("", 4);
        agrees::<Eight>("", 5);
        agrees::<Eight>("preset=brazilian", 4);
        agrees::<Eight>("preset=russian", 4);
        agrees::<Eight>("preset=pool", 4);
    }
}
