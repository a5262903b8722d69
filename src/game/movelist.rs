//! Move lists live on the stack for the common case; games with long lists (backgammon,
//! Wa shogi with drops) spill to the heap without a code change.

/// The list `legal_moves` fills.
pub type MoveList<M> = smallvec::SmallVec<[M; 64]>;
