//! Hidden-information games (Junqi), for the generic layers that must treat them apart: the
//! arena's referee and `boardlab search` build their engines as observing agents
//! (`agent::ObservingAgent`: they are handed observations, never states), and the line
//! protocol serves them in its referee mode.
//!
//! A game says it hides information in one place, its own `Backends::as_hidden`, which hands
//! a `HiddenVisitor` the game itself as a `HiddenGame`. Generic code over `G: GameKnowledge` asks
//! through that hook, so there is no second list of hidden games to keep in step and no type
//! is turned back into another through `Any`.

use crate::agent::{Agent, ObservationOnly, ObservingAgent};
use crate::engine_file::EngineSpec;
use crate::game::{Game, ImperfectInformation};

use super::GameKnowledge;

/// A hidden-information game with engines that play from observations.
pub trait HiddenGame: ImperfectInformation + GameKnowledge {
    /// The (non-external) engine an engine file describes. Back ends that would search the
    /// true state (alpha-beta, plain MCTS) are refused with an error.
    fn observing_agent(
        spec: &EngineSpec,
        seed: u64,
    ) -> Result<Box<dyn ObservingAgent<Self>>, String>;
}

/// Work to do with the game `G` when it hides information. `visit` is callable only where
/// `G: HiddenGame` holds, which `Backends::as_hidden` of a hidden game proves by calling it.
pub trait HiddenVisitor<G: Game> {
    type Output;
    fn visit(self) -> Self::Output
    where
        G: HiddenGame;
}

/// Whether `G` hides information (what `boardlab list` and the conformance test show).
pub fn is_hidden<G: GameKnowledge>() -> bool {
    struct Probe;
    impl<G: GameKnowledge> HiddenVisitor<G> for Probe {
        type Output = ();
        fn visit(self)
        where
            G: HiddenGame,
        {
        }
    }
    G::as_hidden(Probe).is_some()
}

/// For a hidden-information game: the engine `spec` describes, as an `Agent` that passes only
/// the observation of the player to move on to an observing engine (`ObservationOnly`), so no
/// engine can read hidden ranks. `None` for every game with full information;
/// `search::build_agent` asks this first.
pub fn observation_only_agent<G: GameKnowledge>(
    spec: &EngineSpec,
    seed: u64,
) -> Option<Result<Box<dyn Agent<G>>, String>> {
    struct Build<'a>(&'a EngineSpec, u64);
    impl<G: GameKnowledge> HiddenVisitor<G> for Build<'_> {
        type Output = Result<Box<dyn Agent<G>>, String>;
        fn visit(self) -> Self::Output
        where
            G: HiddenGame,
        {
            G::observing_agent(self.0, self.1)
                .map(|agent| Box::new(ObservationOnly(agent)) as Box<dyn Agent<G>>)
        }
    }
    G::as_hidden(Build(spec, seed))
}
