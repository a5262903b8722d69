//! Junqi engines.
