//! The budget of a Monte Carlo search (MCTS, ISMCTS): how many iterations `Limits` allow and
//! the loop that runs them, so both back ends stop on the same terms. A playout limit counts
//! iterations; a node or time limit alone lets them run until it is spent; no limit at all
//! runs the engine's default number of playouts. The clock is read every 16 iterations only,
//! since reading it costs more than a small iteration.

use std::time::Instant;

use crate::agent::Limits;

/// Runs search iterations under `limits` (`default_playouts` when they set none) and returns
/// the nodes visited. `iteration` runs one iteration and returns the nodes it visited, or None
/// to stop early (the root is proven); it runs at least once unless it stops at once.
/// `start` is when the search began, for the time limit.
pub fn run_playouts(
    limits: &Limits,
    default_playouts: u64,
    start: Instant,
    mut iteration: impl FnMut() -> Option<u64>,
) -> u64 {
    let max_playouts = match (limits.playouts, limits.nodes, limits.time_ms) {
        (Some(p), _, _) => p,
        (None, None, None) => default_playouts,
        _ => u64::MAX,
    };
    let mut nodes = 0u64;
    let mut playouts = 0u64;
    while playouts < max_playouts.max(1) {
        let Some(visited) = iteration() else {
            break;
        };
        nodes += visited;
        playouts += 1;
        if limits.nodes.is_some_and(|n| nodes >= n) {
            break;
        }
        if playouts % 16 == 0
            && limits
                .time_ms
                .is_some_and(|t| start.elapsed().as_millis() as u64 >= t)
        {
            break;
        }
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn count(limits: Limits, default_playouts: u64, nodes_each: u64) -> (u64, u64) {
        let mut iterations = 0;
        let nodes = run_playouts(&limits, default_playouts, Instant::now(), || {
            iterations += 1;
            Some(nodes_each)
        });
        (iterations, nodes)
    }

    #[test]
    fn playouts_nodes_and_defaults_bound_the_iterations() {
        assert_eq!(count(Limits::playouts(7), 100, 3), (7, 21));
        assert_eq!(count(Limits::playouts(0), 100, 3), (1, 3));
        assert_eq!(count(Limits::default(), 5, 2), (5, 10));
        assert_eq!(count(Limits::nodes(10), 100, 3), (4, 12));
    }

    #[test]
    fn an_iteration_that_declines_stops_the_loop() {
        let mut left = 3;
        let nodes = run_playouts(&Limits::playouts(100), 100, Instant::now(), || {
            if left == 0 {
                return None;
            }
            left -= 1;
            Some(2)
        });
        assert_eq!(nodes, 6);
    }
}
