//! Tuning: fitting an engine's numbers from games. `probcut` fits ProbCut's regressions of
//! deep on shallow search values (`boardlab tune probcut`).

pub mod probcut;
