//! `boardlab solve` for the race games with exact solutions: Big Cat (each seat's winning
//! chance, from the acyclic chain solved backwards) and Three-way (each seat's value under
//! max^n). `--simulate N` plays N games (Big Cat: the dice alone; Three-way: every seat the
//! solved policy) and sets each seat's wins against its exact value.

use super::CliResult;
use crate::game::simulate::{tally_wins, Tally};
use crate::game::{Game, RuleSet};
use crate::games::bigcat::{BigCat, BigCatRules};
use crate::games::threeway::{Solution, ThreeWay, ThreeWayRules, TieRule};

fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    out
}

fn print_simulation(t: &Tally, exact: &[f64], seed: u64, seconds: f64) {
    out!(
        "simulation       {} games (seed {seed}), {:.1} s, {} undecided",
        group(t.games),
        seconds,
        t.undecided
    );
    for (seat, &x) in exact.iter().enumerate() {
        let (p, half) = t.share(seat);
        out!(
            "  seat {}         {:>9} wins = {p:.5} ± {half:.5} (95%); exact {x:.5}, z = {:+.2}",
            (b'a' + seat as u8) as char,
            group(t.wins[seat]),
            t.z_score(seat, x)
        );
    }
}

pub fn bigcat(rules: &str, simulate: u64, seed: u64) -> CliResult {
    let rules = BigCatRules::parse(rules)?;
    let g = crate::games::bigcat::board::geometry(rules.zigzag);
    let s = crate::games::bigcat::solve::solve(&rules);
    let n = rules.players as u64;
    out!("rules            {}", rules.to_text());
    out!(
        "route            {} squares to the end over {} points",
        g.finish(),
        g.board.len()
    );
    out!("method           acyclic chain (every roll advances a piece) solved backwards in order of total progress: exact, no iteration");
    out!(
        "states           {} relative to the seat to roll ({}^{n}); {} with the seat to roll",
        group(s.relative_states),
        s.squares,
        group(n * s.relative_states)
    );
    out!("solve time       {:.2} s", s.seconds);
    for (seat, v) in s.seat_values.iter().enumerate() {
        out!(
            "seat {}           {v:.12}{}",
            (b'a' + seat as u8) as char,
            if seat == 0 { " (rolls first)" } else { "" }
        );
    }
    out!(
        "sum              {:.3e} from 1",
        s.seat_values.iter().sum::<f64>() - 1.0
    );
    if simulate > 0 {
        let t0 = std::time::Instant::now();
        let t = tally_wins(&BigCat::new(&rules), simulate, seed, 1_000_000, |_, _| {
            unreachable!("Big Cat has no decisions")
        });
        print_simulation(&t, &s.seat_values, seed, t0.elapsed().as_secs_f64());
    }
    Ok(())
}

/// Sweeps before Three-way's value iteration gives up: the line reading converges in about
/// 2,000; the walk reading never does.
const MAX_SWEEPS: u32 = 20_000;

pub fn threeway(rules: &str, simulate: u64, seed: u64) -> CliResult {
    use crate::games::threeway::game::pair_text;
    use crate::games::threeway::solve::ASSIGNMENTS;
    let rules = ThreeWayRules::parse(rules)?;
    let t0 = std::time::Instant::now();
    let sol = Solution::solve(&rules, TieRule::LeastForLeader, MAX_SWEEPS);
    let secs = t0.elapsed().as_secs_f64();
    out!("rules            {}", rules.to_text());
    out!("method           max^n by value iteration from 0 over 6 pair assignments x 91 points (546 states before the roll)");
    out!(
        "sweeps           {} to a largest change of {:.1e} ({:.2} s)",
        sol.sweeps,
        sol.residual,
        secs
    );
    if sol.residual > 1e-12 {
        // Under move=walk the iteration never settles (docs/rules/threeway.md): there is no
        // stationary max^n solution to report, only the values of a game cut off after so
        // many rolls, which are not claimed.
        out!(
            "not converged    after {MAX_SWEEPS} sweeps the largest change is still {:.1e}: no stationary max^n solution under these rules; no values claimed",
            sol.residual
        );
        return Ok(());
    }
    let other = Solution::solve(&rules, TieRule::FirstPoint, MAX_SWEEPS);
    out!("tie rule         equal for the mover (1e-12): least for the better-off opponent, then the lowest point");
    out!(
        "ties             {} decisions (assignment, point, roll) where the tie rule chose between different splits",
        sol.ties
    );
    out!("values from the start by lucky pairs (seats a, b, c):");
    let mut worst = 0.0f64;
    for (s, a) in ASSIGNMENTS.iter().enumerate() {
        let v = sol.start_value(s);
        let w = other.start_value(s);
        for k in 0..3 {
            worst = worst.max((v[k] - w[k]).abs());
        }
        out!(
            "  a {} b {} c {}    {:.9} {:.9} {:.9}",
            pair_text(a[0]),
            pair_text(a[1]),
            pair_text(a[2]),
            v[0],
            v[1],
            v[2]
        );
    }
    let (chosen, value) = sol.optimal_start();
    out!(
        "optimal pairs    a {}, b {}, c {}",
        pair_text(chosen[0]),
        pair_text(chosen[1]),
        pair_text(chosen[2])
    );
    for (seat, v) in value.iter().enumerate() {
        out!("seat {}           {v:.12}", (b'a' + seat as u8) as char);
    }
    let (oc, ov) = other.optimal_start();
    out!(
        "other tie rule   lowest point only: {} ties, pairs {} {} {}, values {:.12} {:.12} {:.12} (largest difference over the table {:.1e})",
        other.ties,
        pair_text(oc[0]),
        pair_text(oc[1]),
        pair_text(oc[2]),
        ov[0],
        ov[1],
        ov[2],
        worst
    );
    if simulate > 0 {
        let t0 = std::time::Instant::now();
        let t = tally_wins(
            &ThreeWay::new(&rules),
            simulate,
            seed,
            10_000_000,
            |s, _| sol.best_move(s).expect("a decision node"),
        );
        print_simulation(&t, &value, seed, t0.elapsed().as_secs_f64());
    }
    Ok(())
}
