//! The games that hide information (Junqi), for the generic layers that must treat them apart:
//! the arena's referee and `boardlab search` build their engines as observing agents
//! (`agent::ObservingAgent`: they are handed observations, never states), and the line
//! protocol serves them in its referee mode. Generic code over `Game` asks `visit_hidden`
//! whether `G` is one of them and gets it as a `HiddenGame`. This is the one list of them.

use std::any::{Any, TypeId};

use crate::agent::{Agent, ObservingAgent};
use crate::engine_file::EngineSpec;
use crate::eval::Evaluate;
use crate::game::{Game, ImperfectInformation};

/// A hidden-information game with engines that play from observations.
pub trait HiddenGame: ImperfectInformation + Evaluate {
    /// The (non-external) engine an engine file describes. Back ends that would search the
    /// true state (alpha-beta, plain MCTS) are refused with an error.
    fn observing_agent(
        spec: &EngineSpec,
        seed: u64,
    ) -> Result<Box<dyn ObservingAgent<Self>>, String>;
}

/// Work to do with a hidden-information game type.
pub trait HiddenVisitor {
    type Output;
    fn visit<H: HiddenGame>(self) -> Self::Output;
}

/// Runs `v` with `G` as a `HiddenGame` if it is one; None for games without hidden information.
pub fn visit_hidden<G: Game, V: HiddenVisitor>(v: V) -> Option<V::Output> {
    if TypeId::of::<G>() == TypeId::of::<super::junqi::Junqi>() {
        return Some(v.visit::<super::junqi::Junqi>());
    }
    None
}

/// Turns an agent built for the hidden game `H` back into one for `G` (the same type).
pub fn same_game<G: Game, H: Game>(agent: Box<dyn Agent<H>>) -> Box<dyn Agent<G>> {
    let any: Box<dyn Any> = Box::new(agent);
    *any.downcast::<Box<dyn Agent<G>>>()
        .expect("visit_hidden only visits G itself")
}
