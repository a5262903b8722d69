//! Exact seat values of Big Cat: a Markov chain over (every piece's route square, the seat to
//! roll), solved exactly.
//!
//! Every roll moves a piece forward at least one square, so the sum of the route squares grows
//! with every transition: the chain has no cycles, and one backward pass over the states in
//! order of decreasing total progress gives every state's exact winning chances (no value
//! iteration, no linear system; the only error is floating-point rounding, about 1e-15).
//!
//! States are stored relative to the seat to roll: (x0, x1, ..., x_{n-1}) with x0 the roller's
//! square and the others in turn order; a roll of r either wins (x0 + r reaches the end), keeps
//! the roller (the point of x0 + r is taken: another roll) or hands the roll on, the state
//! turning to (x1, ..., x_{n-1}, x0 + r). That folds the n seats to roll into one, so the chain
//! has F^n states (F route squares before the end), n F^n counting the seat to roll.
//!
//! A state of total progress S depends only on totals S+1..S+6, so seven layers are kept (a
//! ring); a layer is a dense box over (x0, ..., x_{n-2}), x_{n-1} following from S. Values of the
//! last seat are 1 minus the others (every game ends). Four players: 2.1e9 states, 7 layers of
//! 214^3 x 3 f64 = 1.65 GB; two and three players take milliseconds and seconds.

use std::time::Instant;

use rayon::prelude::*;

use super::board::geometry;
use super::rules::BigCatRules;

/// What the solver found.
#[derive(Clone, Debug, PartialEq)]
pub struct Solution {
    /// The winning chance of each seat from the start (seat 0 rolls first).
    pub seat_values: Vec<f64>,
    /// States of the chain relative to the roller (F^n); n F^n with the seat to roll.
    pub relative_states: u64,
    /// Route squares before the end (F).
    pub squares: u32,
    pub seconds: f64,
}

/// Solves Big Cat under `rules`.
pub fn solve(rules: &BigCatRules) -> Solution {
    let g = geometry(rules.zigzag);
    solve_route(&g.route, rules.players as usize)
}

/// Solves the race on a route given as the point of each route square (the last square is the
/// end) for `n` players, 2 <= n <= 4.
pub fn solve_route(route: &[u8], n: usize) -> Solution {
    assert!((2..=4).contains(&n), "2 to 4 players");
    assert!(route.len() >= 2);
    let started = Instant::now();
    let f = route.len() - 1; // squares 0..f-1 are on the board, f is the end
    let dims = n - 1; // box coordinates x0..x_{n-2}
    let box_len = f.pow(dims as u32);
    let stored = n - 1; // values per state (the last seat's is 1 - the rest)
    let mut ring: Vec<Vec<f64>> = (0..7).map(|_| vec![0.0; box_len * stored]).collect();
    let max_total = n * (f - 1);
    let chunk = f.pow(dims as u32 - 1) * stored; // one x0 slice of a layer
    let points = route;
    for total in (0..=max_total).rev() {
        let mut layer = std::mem::take(&mut ring[total % 7]);
        {
            let ring = &ring;
            layer
                .par_chunks_mut(chunk)
                .enumerate()
                .for_each(|(x0, slice)| {
                    fill_slice(slice, x0, total, f, n, points, ring);
                });
        }
        ring[total % 7] = layer;
    }
    let start = &ring[0];
    let mut seat_values: Vec<f64> = start[..stored].to_vec();
    seat_values.push(1.0 - seat_values.iter().sum::<f64>());
    Solution {
        seat_values,
        relative_states: (f as u64).pow(n as u32),
        squares: f as u32,
        seconds: started.elapsed().as_secs_f64(),
    }
}

/// The values of the states of layer `total` with the roller on `x0`: every (x1..x_{n-2}) with
/// a valid x_{n-1}, written into `slice` (the layer's x0 slice, indexed by x1..x_{n-2}).
fn fill_slice(
    slice: &mut [f64],
    x0: usize,
    total: usize,
    f: usize,
    n: usize,
    points: &[u8],
    ring: &[Vec<f64>],
) {
    let stored = n - 1;
    if x0 > total {
        return;
    }
    // The values c of the next coordinate that leave `rest - c` a valid square.
    let range = |rest: usize| rest.saturating_sub(f - 1)..=rest.min(f - 1);
    let mut write = |x: &[usize], offset: usize| {
        let v = state_value(x, total, f, points, ring);
        slice[offset * stored..offset * stored + stored].copy_from_slice(&v[..stored]);
    };
    let rest = total - x0;
    match n {
        2 => {
            if rest < f {
                write(&[x0, rest], 0);
            }
        }
        3 => {
            for x1 in range(rest) {
                write(&[x0, x1, rest - x1], x1);
            }
        }
        _ => {
            for x1 in 0..f.min(rest + 1) {
                for x2 in range(rest - x1) {
                    write(&[x0, x1, x2, rest - x1 - x2], x1 * f + x2);
                }
            }
        }
    }
}

/// Reads the stored values of the state `x` (roller first) from its layer.
fn lookup(x: &[usize], total: usize, f: usize, ring: &[Vec<f64>]) -> [f64; 4] {
    let n = x.len();
    let stored = n - 1;
    let mut offset = 0;
    for &c in &x[..n - 1] {
        offset = offset * f + c;
    }
    let layer = &ring[total % 7];
    let mut v = [0.0; 4];
    v[..stored].copy_from_slice(&layer[offset * stored..offset * stored + stored]);
    v[n - 1] = 1.0 - v[..stored].iter().sum::<f64>();
    v
}

/// The expected value (winning chance of each relative seat) of state `x` of total `total`.
fn state_value(x: &[usize], total: usize, f: usize, points: &[u8], ring: &[Vec<f64>]) -> [f64; 4] {
    let n = x.len();
    let mut acc = [0.0f64; 4];
    let sixth = 1.0 / 6.0;
    for r in 1..=6usize {
        let y = x[0] + r;
        if y >= f {
            acc[0] += sixth;
            continue;
        }
        let point = points[y];
        let again = x[1..].iter().any(|&o| points[o] == point);
        let mut next = [0usize; 4];
        if again {
            next[..n].copy_from_slice(x);
            next[0] = y;
            let v = lookup(&next[..n], total + r, f, ring);
            for k in 0..n {
                acc[k] += sixth * v[k];
            }
        } else {
            // The next roller's view: (x1, ..., x_{n-1}, y); its seat k is our seat k + 1.
            next[..n - 1].copy_from_slice(&x[1..]);
            next[n - 1] = y;
            let v = lookup(&next[..n], total + r, f, ring);
            for k in 0..n {
                acc[k] += sixth * v[(k + n - 1) % n];
            }
        }
    }
    acc
}
