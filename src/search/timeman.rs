//! Time management for iterative deepening (off by default: then a search given `time_ms`
//! stops starting iterations past half of it, and stops dead at all of it, as before).
//!
//! With `time_manager = true` each search has a soft and a hard limit:
//! - under a clock (`Agent::set_clock`): soft = `left / moves_to_go + increment * 3/4`, hard =
//!   `min(left * hard_share, soft * hard_ratio)`, less a safety margin;
//! - with a move time only: hard = the move time, soft = `soft_share` of it.
//!
//! After each iteration the soft limit is scaled: down (`stable_factor`) while the best move
//! has stayed the same for `stable_iterations` iterations, up (`unstable_factor`) when the best
//! move changed in this iteration, and up (`drop_factor`) when the score fell by more than
//! `drop_margin` since the last one. No iteration starts past the scaled soft limit; the hard
//! limit stops a search in the middle.

use crate::agent::Clock;

/// Time-manager options.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeConfig {
    pub on: bool,
    pub moves_to_go: f64,
    pub hard_share: f64,
    pub hard_ratio: f64,
    pub soft_share: f64,
    pub stable_iterations: u32,
    pub stable_factor: f64,
    pub unstable_factor: f64,
    pub drop_margin: f64,
    pub drop_factor: f64,
    pub safety_ms: u64,
}

impl Default for TimeConfig {
    fn default() -> Self {
        TimeConfig {
            on: false,
            moves_to_go: 25.0,
            hard_share: 0.25,
            hard_ratio: 4.0,
            soft_share: 0.4,
            stable_iterations: 3,
            stable_factor: 0.6,
            unstable_factor: 1.6,
            drop_margin: 30.0,
            drop_factor: 1.4,
            safety_ms: 30,
        }
    }
}

/// The limits of one search and what the iterations so far say about it.
#[derive(Clone, Debug)]
pub struct TimeManager {
    config: TimeConfig,
    /// Hard limit, ms from the start (stop in the middle of an iteration).
    pub hard_ms: u64,
    soft_ms: f64,
    last_best: Option<u64>,
    last_score: Option<i32>,
    stable: u32,
}

impl TimeManager {
    /// The manager for a search given `time_ms` (the move's time, or under a clock the
    /// referee's share of it) and the clock when there is one. None when there is no time
    /// limit at all.
    pub fn new(config: &TimeConfig, time_ms: Option<u64>, clock: Option<Clock>) -> Option<Self> {
        let (soft, hard) = match clock {
            Some(c) => {
                let left = c.own_ms.saturating_sub(config.safety_ms).max(1) as f64;
                let soft =
                    (left / config.moves_to_go + c.increment_ms as f64 * 0.75).min(left * 0.5);
                let hard = (left * config.hard_share)
                    .min(soft * config.hard_ratio)
                    .max(soft);
                (soft, hard)
            }
            None => {
                let t = time_ms? as f64;
                (t * config.soft_share, t)
            }
        };
        Some(TimeManager {
            config: config.clone(),
            hard_ms: hard.max(1.0) as u64,
            soft_ms: soft.max(1.0),
            last_best: None,
            last_score: None,
            stable: 0,
        })
    }

    /// After an iteration: its best move (as a key), its score, and the time spent so far;
    /// true when the next iteration should not start.
    pub fn stop_after_iteration(&mut self, best: u64, score: i32, elapsed_ms: u64) -> bool {
        let c = &self.config;
        let mut factor = 1.0;
        if self.last_best == Some(best) {
            self.stable += 1;
            if self.stable >= c.stable_iterations {
                factor *= c.stable_factor;
            }
        } else {
            if self.last_best.is_some() {
                factor *= c.unstable_factor;
            }
            self.stable = 0;
        }
        if let Some(prev) = self.last_score {
            let drop = (prev - score) as f64 / super::linear::SCORE_SCALE;
            if drop > c.drop_margin {
                factor *= c.drop_factor;
            }
        }
        self.last_best = Some(best);
        self.last_score = Some(score);
        let soft = (self.soft_ms * factor).min(self.hard_ms as f64);
        elapsed_ms as f64 >= soft
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on() -> TimeConfig {
        TimeConfig {
            on: true,
            ..Default::default()
        }
    }

    #[test]
    fn a_clock_gives_soft_and_hard_limits_within_the_time_left() {
        let clock = Clock {
            own_ms: 10_000,
            opponent_ms: 10_000,
            increment_ms: 100,
        };
        let t = TimeManager::new(&on(), Some(600), Some(clock)).unwrap();
        assert!(t.soft_ms > 300.0 && t.soft_ms < 600.0, "{t:?}");
        assert!(t.hard_ms as f64 >= t.soft_ms && t.hard_ms <= 2_500, "{t:?}");
        // Almost no time left: still below it.
        let low = Clock {
            own_ms: 50,
            ..clock
        };
        let t = TimeManager::new(&on(), Some(10), Some(low)).unwrap();
        assert!(t.hard_ms <= 50);
        assert!(TimeManager::new(&on(), None, None).is_none());
    }

    #[test]
    fn a_stable_best_move_stops_earlier_than_a_changing_one() {
        let mut stable = TimeManager::new(&on(), Some(1000), None).unwrap();
        let mut changing = stable.clone();
        let mut stop_stable = None;
        let mut stop_changing = None;
        for (i, ms) in (0..20).map(|i| (i, 40 * (i + 1))) {
            if stop_stable.is_none() && stable.stop_after_iteration(7, 0, ms) {
                stop_stable = Some(ms);
            }
            if stop_changing.is_none() && changing.stop_after_iteration(i % 2, 0, ms) {
                stop_changing = Some(ms);
            }
        }
        assert!(stop_stable.unwrap() < stop_changing.unwrap());
        assert!(stop_changing.unwrap() <= 1000);
        // A falling score extends.
        let mut falling = TimeManager::new(&on(), Some(1000), None).unwrap();
        let mut stop_falling = None;
        for i in 0..20u64 {
            let ms = 40 * (i + 1);
            if falling.stop_after_iteration(7, -(i as i32) * 10_000, ms) {
                stop_falling = Some(ms);
                break;
            }
        }
        assert!(stop_falling.unwrap() > stop_stable.unwrap());
    }
}
