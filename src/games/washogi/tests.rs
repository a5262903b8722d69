//! Unit tests of the Wa shogi rules; the perft and differential tests are in tests/washogi*.rs.

use super::*;
use crate::game::{Game, MoveList, RuleSet};

fn start(rules: &str) -> WaShogi {
    WaShogi::new(&WaRules::parse(rules).unwrap())
}

#[test]
fn the_start_position_has_51_moves() {
    let s = start("");
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    assert_eq!(m.len(), 51);
    assert_eq!(s.format_position(), text::START);
}

/// The pseudo-legal targets of every piece of `player`, walked square by square.
fn walked_targets(p: &WaShogi, player: usize) -> (u32, u32) {
    use super::geometry::*;
    use super::position::kind_of;
    let own = p.occupied(player);
    let all = own | p.occupied(1 - player);
    let zone = NEAR1[p.king_square(1 - player)];
    let (mut moves, mut near) = (0, 0);
    for from in Squares(own) {
        let kind = kind_of(p.board[from]) as usize;
        let mut att = 0u128;
        for dir in 0..8 {
            let n = (RANGE[player][kind][dir] as usize).min(RAYS.len[from][dir] as usize);
            for &t in &RAYS.squares[from][dir][..n] {
                att |= bit(t as usize);
                if all & bit(t as usize) != 0 {
                    break;
                }
            }
            if JUMP_DIRS[player][kind] & (1 << dir) != 0 && JUMP2[from][dir] != NONE {
                att |= bit(JUMP2[from][dir] as usize);
            }
        }
        if NARROW_KNIGHT_KIND[kind] {
            for &j in &NARROW_KNIGHT[from] {
                if j != NONE {
                    att |= bit(j as usize);
                }
            }
        }
        moves += (att & !own).count_ones();
        near += (att & zone).count_ones();
    }
    (moves, near)
}

#[test]
fn attack_sets_match_a_square_by_square_walk() {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(2);
    for r in ["drops=false", "drops=true"] {
        for _ in 0..100 {
            let mut p = start(r);
            for _ in 0..rng.gen_range(0..200) {
                let mut m = MoveList::new();
                p.legal_moves(&mut m);
                if m.is_empty() {
                    break;
                }
                p.play(m[rng.gen_range(0..m.len())]);
            }
            for player in 0..2 {
                assert_eq!(
                    p.activity(player),
                    walked_targets(&p, player),
                    "{}",
                    p.format_position()
                );
            }
        }
    }
}
