//! Refereeing hidden-information games (Junqi). The referee (`referee::play_game_with`) holds
//! the true state as for every game; what differs is the agents it asks. For a game in
//! `eval::hidden` (its `Backends::as_hidden` says so), every engine is built so that it gets only its seat's observation:
//!
//! - boardlab's own back ends are observing agents (`agent::ObservingAgent`, whose `choose`
//!   takes a `G::Observation`), wrapped in `ObservationOnly`, which hands them the observation
//!   of the seat to move and nothing else (`search::build_agent` does this for hidden games);
//! - an external program is spoken to in the line protocol's referee mode
//!   (`protocol::referee::ObserverClient`): `observation <text>` instead of `position`.
//!
//! So clocks, limits, faults, adjudication and records are the referee's usual ones, and no
//! engine can read a hidden rank: the observation type holds none, and the state never leaves
//! the referee.

use super::external::ExternalAgent;
use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::eval::hidden::{HiddenGame, HiddenVisitor};
use crate::eval::GameKnowledge;
use crate::protocol::referee::ObserverClient;

/// For a hidden-information game `G`: the external engine `spec` describes, spoken to in the
/// referee mode. None for other games.
pub fn external_observer<G: GameKnowledge>(
    spec: &EngineSpec,
) -> Option<Result<Box<dyn Agent<G>>, String>> {
    struct Build<'a>(&'a EngineSpec);
    impl<G: GameKnowledge> HiddenVisitor<G> for Build<'_> {
        type Output = Result<Box<dyn Agent<G>>, String>;
        fn visit(self) -> Self::Output
        where
            G: HiddenGame,
        {
            let agent = ExternalAgent::<G>::with_protocol(self.0, Box::new(ObserverClient))?;
            Ok(Box::new(agent))
        }
    }
    G::as_hidden(Build(spec))
}
