//! Search back ends, generic over the game contract. Game knowledge enters only through
//! `engine::Evaluate` features and move-ordering hints.

pub mod baselines;
