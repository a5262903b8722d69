//! VCF puzzles with known solutions (tests/data/gomoku/mintaka_vcf.txt, from the renju engine
//! mintaka's tests): the threat search must find a VCF in each, and the line it plays must win
//! against the only replies the defender has (every four answered at its five point; a five point
//! a defending black may not play is no defence).

use std::time::Instant;

use boardlab::game::{Game, RuleSet};
use boardlab::games::gomoku::threats::ThreatSearch;
use boardlab::games::gomoku::{Gomoku, GomokuRules};

const DATA: &str = include_str!("data/gomoku/mintaka_vcf.txt");

/// Plays the solver's line to its end; returns (moves of the line, nodes).
fn play_out(start: &Gomoku) -> Result<(Vec<String>, u64), String> {
    let attacker = start.side();
    let mut s = start.clone();
    let mut line = Vec::new();
    let mut nodes = 0;
    for _ in 0..600 {
        if s.is_terminal() {
            let won = s.returns().get(s.seat_of(attacker)) > 0.0;
            return if won {
                Ok((line, nodes))
            } else {
                Err(format!("lost: {line:?}"))
            };
        }
        if s.side() == attacker {
            let mut search = ThreatSearch::new(false, 120, 5_000_000);
            let win = search.find(&s);
            nodes += search.nodes;
            let w = win
                .ok_or_else(|| format!("no VCF found after {line:?} at {}", s.format_position()))?;
            line.push(s.format_move(w.mv));
            s.play(w.mv);
        } else {
            // The defender: its own five would refute the line; else the attacker's five points.
            let me = s.side();
            if !s.five_points(me).is_empty() {
                return Err(format!("the defender has a five after {line:?}"));
            }
            let fives = s.five_points(me ^ 1);
            match fives.as_slice() {
                [] => return Err(format!("not a four after {line:?}")),
                [f] if s.playable(me, *f) => {
                    line.push(s.format_move(*f as u16));
                    s.play(*f as u16);
                }
                // Two five points, or one the defender may not take: the attacker wins next.
                _ => return Ok((line, nodes)),
            }
        }
    }
    Err("line too long".into())
}

#[test]
fn mintaka_vcf_puzzles_are_solved() {
    let rules = GomokuRules::parse("rule=renju,opening=free").unwrap();
    let mut solved = 0;
    for line in DATA
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (name, pos) = line.split_once(' ').unwrap();
        let s = Gomoku::parse_position(&rules, pos).unwrap();
        let t = Instant::now();
        match play_out(&s) {
            Ok((moves, nodes)) => {
                println!(
                    "{name}: VCF of {} plies, {} nodes, {} ms: {}",
                    moves.len(),
                    nodes,
                    t.elapsed().as_millis(),
                    moves.join(" ")
                );
                solved += 1;
            }
            Err(e) => panic!("{name}: {e}"),
        }
    }
    assert_eq!(solved, 10);
}
