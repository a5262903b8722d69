//! Draw offers, acceptance and resignation by score thresholds, for any engine: an engine file's
//! `[offers]` table says when the arena speaks for the engine, from the scores it reports
//! (in-process back ends and external programs alike). What an engine says itself (the line
//! protocol's `offer draw` and `resign`) is kept: the thresholds only add to it.
//!
//! ```toml
//! [offers]
//! resign_score = 600    # resign once the own score is <= -600 ...
//! resign_moves = 3      #   on 3 consecutive own moves
//! draw_score = 10       # offer a draw once |own score| <= 10 ...
//! draw_moves = 4        #   on 4 consecutive own moves ...
//! draw_from_move = 30   #   from the engine's 30th move of the game on
//! accept_score = 20     # accept an offer when the own last score is <= 20
//! ```
//!
//! Scores are the engine's own (its evaluation units, from its side). A move without a score
//! (an external engine that reported none) breaks every run and never accepts.

use crate::agent::{Agent, AgentError, Clock, ExactScore, Intent, Limits, SearchReport};
use crate::engine_file::EngineSpec;
use crate::game::Game;

pub use crate::engine_file::OfferPolicy;

/// `agent` with the engine file's `[offers]` on top, or as it is when the file has none.
pub fn with_offers<G: Game>(agent: Box<dyn Agent<G>>, spec: &EngineSpec) -> Box<dyn Agent<G>> {
    match spec.offers {
        Some(policy) => Box::new(WithOffers::new(agent, policy)),
        None => agent,
    }
}

/// Any agent with an `OfferPolicy` on top.
pub struct WithOffers<G: Game> {
    inner: Box<dyn Agent<G>>,
    policy: OfferPolicy,
    /// Consecutive own moves at or below -resign_score, and within draw_score of 0.
    resign_run: u32,
    draw_run: u32,
    own_moves: u32,
    last_score: f64,
}

impl<G: Game> WithOffers<G> {
    pub fn new(inner: Box<dyn Agent<G>>, policy: OfferPolicy) -> Self {
        WithOffers {
            inner,
            policy,
            resign_run: 0,
            draw_run: 0,
            own_moves: 0,
            last_score: f64::NAN,
        }
    }
}

impl<G: Game> Agent<G> for WithOffers<G> {
    fn name(&self) -> String {
        self.inner.name()
    }
    fn new_game(&mut self) {
        self.resign_run = 0;
        self.draw_run = 0;
        self.own_moves = 0;
        self.last_score = f64::NAN;
        self.inner.new_game();
    }
    fn choose(&mut self, state: &G, limits: &Limits) -> Result<SearchReport<G::Move>, AgentError> {
        self.inner.choose(state, limits)
    }
    fn set_clock(&mut self, clock: Option<Clock>) {
        self.inner.set_clock(clock)
    }
    fn intent(&mut self, state: &G, report: &SearchReport<G::Move>) -> Intent {
        let own = self.inner.intent(state, report);
        self.own_moves += 1;
        let s = report.score;
        self.last_score = s;
        let p = &self.policy;
        let run = |hit: bool, n: u32| if hit { n + 1 } else { 0 };
        self.resign_run = run(p.resign_score.is_some_and(|t| s <= -t), self.resign_run);
        self.draw_run = run(p.draw_score.is_some_and(|t| s.abs() <= t), self.draw_run);
        if own == Intent::Resign || (p.resign_score.is_some() && self.resign_run >= p.resign_moves)
        {
            Intent::Resign
        } else if own == Intent::OfferDraw
            || (p.draw_score.is_some()
                && self.draw_run >= p.draw_moves
                && self.own_moves >= p.draw_from_move)
        {
            Intent::OfferDraw
        } else {
            Intent::Play
        }
    }
    fn accept_draw(&mut self, state: &G) -> bool {
        match self.policy.accept_score {
            // NaN (no score yet) compares false: no acceptance on nothing.
            Some(t) => self.last_score <= t,
            None => self.inner.accept_draw(state),
        }
    }
    fn win_probability(&self, report: &SearchReport<G::Move>) -> Option<f64> {
        self.inner.win_probability(report)
    }
    fn note(&self) -> Option<String> {
        self.inner.note()
    }
    fn exact_score(&self) -> Option<ExactScore> {
        self.inner.exact_score()
    }
    fn counters(&self) -> Vec<(&'static str, u64)> {
        self.inner.counters()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::othello::Othello;

    /// Reports the scores it is given, one a move.
    struct Scripted(Vec<f64>, usize);
    impl Agent<Othello> for Scripted {
        fn name(&self) -> String {
            "scripted".into()
        }
        fn choose(&mut self, state: &Othello, _: &Limits) -> Result<SearchReport<u8>, AgentError> {
            let mut ms = crate::game::MoveList::new();
            state.legal_moves(&mut ms);
            let score = self.0[self.1.min(self.0.len() - 1)];
            self.1 += 1;
            Ok(SearchReport {
                best: ms[0],
                score,
                depth: 1,
                nodes: 1,
                ms: 0,
                pv: vec![],
            })
        }
    }

    fn intents(policy: OfferPolicy, scores: &[f64]) -> Vec<Intent> {
        let mut a = WithOffers::new(Box::new(Scripted(scores.to_vec(), 0)), policy);
        let s = Othello::new(&Default::default());
        scores
            .iter()
            .map(|_| {
                let r = a.choose(&s, &Limits::default()).unwrap();
                a.intent(&s, &r)
            })
            .collect()
    }

    #[test]
    fn resignation_after_the_run_and_not_before() {
        let p = OfferPolicy {
            resign_score: Some(500.0),
            resign_moves: 3,
            ..Default::default()
        };
        use Intent::*;
        // -600, -600, (unscored breaks the run), -600, -500 (at the threshold counts), -700.
        let got = intents(p, &[-600.0, -600.0, f64::NAN, -600.0, -500.0, -700.0]);
        assert_eq!(got, vec![Play, Play, Play, Play, Play, Resign]);
    }

    #[test]
    fn draw_offers_wait_for_the_move_number_and_acceptance_follows_the_score() {
        let p = OfferPolicy {
            draw_score: Some(10.0),
            draw_moves: 2,
            draw_from_move: 4,
            accept_score: Some(0.0),
            ..Default::default()
        };
        use Intent::*;
        let got = intents(p, &[5.0, -5.0, 10.0, 3.0, 50.0, 0.0]);
        assert_eq!(got, vec![Play, Play, Play, OfferDraw, Play, Play]);
        let mut a = WithOffers::new(Box::new(Scripted(vec![-3.0, 4.0], 0)), p);
        let s = Othello::new(&Default::default());
        assert!(!a.accept_draw(&s), "no score yet: no acceptance");
        let r = a.choose(&s, &Limits::default()).unwrap();
        a.intent(&s, &r);
        assert!(a.accept_draw(&s), "-3 <= 0 accepts");
        let r = a.choose(&s, &Limits::default()).unwrap();
        a.intent(&s, &r);
        assert!(!a.accept_draw(&s), "4 > 0 declines");
    }

    #[test]
    fn bad_thresholds_are_refused() {
        let bad = [
            OfferPolicy {
                resign_score: Some(-1.0),
                ..Default::default()
            },
            OfferPolicy {
                draw_score: Some(f64::NAN),
                ..Default::default()
            },
            OfferPolicy {
                resign_moves: 0,
                ..Default::default()
            },
        ];
        for p in bad {
            assert!(p.check().is_err(), "{p:?}");
        }
        let ok: OfferPolicy = toml::from_str("resign_score = 600\nresign_moves = 3").unwrap();
        assert_eq!(ok.draw_moves, 1);
        ok.check().unwrap();
        assert!(toml::from_str::<OfferPolicy>("resing_score = 1").is_err());
    }
}
