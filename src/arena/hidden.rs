//! Refereeing hidden-information games (Junqi). The referee (`referee::play_game_with`) holds
//! the true state as for every game; what differs is the agents it asks. For a game in
//! `games::hidden`, every engine is built so that it gets only its seat's observation:
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

use std::marker::PhantomData;

use super::external::ExternalAgent;
use crate::agent::Agent;
use crate::engine_file::EngineSpec;
use crate::game::Game;
use crate::games::hidden::{same_game, visit_hidden, HiddenGame, HiddenVisitor};
use crate::protocol::referee::ObserverClient;

/// For a hidden-information game `G`: the external engine `spec` describes, spoken to in the
/// referee mode. None for other games.
pub fn external_observer<G: Game>(spec: &EngineSpec) -> Option<Result<Box<dyn Agent<G>>, String>> {
    struct Build<'a, G>(&'a EngineSpec, PhantomData<G>);
    impl<G: Game> HiddenVisitor for Build<'_, G> {
        type Output = Result<Box<dyn Agent<G>>, String>;
        fn visit<H: HiddenGame>(self) -> Self::Output {
            let agent = ExternalAgent::<H>::with_protocol(self.0, Box::new(ObserverClient))?;
            Ok(same_game::<G, H>(Box::new(agent)))
        }
    }
    visit_hidden::<G, _>(Build(spec, PhantomData))
}
