//! Junqi engines: every back end plays from observations (`ObservingAgent`), with a setup
//! chooser for the setup phase (`setups`). Engine files (`engines/junqi/*.toml`):
//!
//! - `backend = "ismcts"`: information-set MCTS (`search::ismcts`) determinized by the sampler;
//!   `belief = true` (default) weights the draws by `belief::belief_weights`
//!   (`setup_prior`, 5; `stay_evidence`, true), `belief = false` draws uniformly among
//!   consistent arrangements.
//! - `backend = "greedy"`: one ply, averaged over `samples` (8) consistent states.
//! - `backend = "random"`: a uniformly random legal move.
//! - `setup = "library" | "random"`: a library setup (or its mirror) or a random legal one
//!   (default: library, random for the random back end).

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::belief::{BeliefConfig, JunqiDeterminizer};
use super::board::SETUP_ORDER;
use super::game::{Junqi, JunqiMove};
use super::observation::JunqiObservation;
use super::setups::{SetupChoice, SetupChooser};
use crate::agent::{AgentError, Limits, ObservingAgent, SearchReport};
use crate::engine_file::EngineSpec;
use crate::eval::hidden::HiddenGame;
use crate::search::Params;

/// The engine's parameters that Junqi reads itself.
const JUNQI_PARAMS: &[&str] = &["setup", "belief", "setup_prior", "stay_evidence"];

/// A Junqi engine: the setup chooser during setup, the play engine after.
pub struct JunqiAgent {
    setup: SetupChooser,
    play: Box<dyn ObservingAgent<Junqi>>,
    rng: ChaCha8Rng,
}

impl JunqiAgent {
    pub fn new(setup: SetupChoice, play: Box<dyn ObservingAgent<Junqi>>, seed: u64) -> Self {
        JunqiAgent {
            setup: SetupChooser::new(setup),
            play,
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x5E70_9000),
        }
    }
}

impl ObservingAgent<Junqi> for JunqiAgent {
    fn name(&self) -> String {
        self.play.name()
    }
    fn new_game(&mut self) {
        self.setup.new_game();
        self.play.new_game();
    }
    fn choose(
        &mut self,
        obs: &JunqiObservation,
        limits: &Limits,
    ) -> Result<SearchReport<JunqiMove>, AgentError> {
        if !obs.in_setup() {
            return self.play.choose(obs, limits);
        }
        let me = obs.player();
        let placed: Vec<_> = obs.own_pieces().iter().map(|p| p.kind).collect();
        let kind = self.setup.next_kind(&placed, &mut self.rng);
        let best = JunqiMove::Place {
            point: SETUP_ORDER[me][placed.len()],
            kind,
        };
        Ok(SearchReport {
            best,
            score: 0.0,
            depth: 0,
            nodes: 0,
            ms: 0,
            pv: vec![best],
        })
    }
}

impl HiddenGame for Junqi {
    fn observing_agent(
        spec: &EngineSpec,
        seed: u64,
    ) -> Result<Box<dyn ObservingAgent<Junqi>>, String> {
        let known: Vec<&str> = crate::search::hidden::backend_params(&spec.backend)
            .iter()
            .chain(JUNQI_PARAMS)
            .copied()
            .collect();
        let p = Params::new(spec, &known)?;
        let default_setup = match spec.backend.as_str() {
            "random" => SetupChoice::Random,
            _ => SetupChoice::Library,
        };
        let setup = p.choice(
            "setup",
            default_setup,
            &[
                ("library", SetupChoice::Library),
                ("random", SetupChoice::Random),
            ],
        )?;
        let d = BeliefConfig::default();
        let stay_evidence = p.bool("stay_evidence", d.stay_evidence)?;
        let belief = p.bool("belief", true)?;
        let belief = match belief {
            true => Some(BeliefConfig {
                setup_prior: p.f64("setup_prior", d.setup_prior, 0.0, 1e9)?,
                stay_evidence,
            }),
            false => None,
        };
        let play = crate::search::hidden::build_observing::<Junqi>(
            spec,
            seed,
            Box::new(JunqiDeterminizer::new(belief)),
            JUNQI_PARAMS,
        )?;
        Ok(Box::new(JunqiAgent::new(
            setup,
            play,
            spec.seed.unwrap_or(0) ^ seed,
        )))
    }
}
