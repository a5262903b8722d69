//! The belief over the enemy's kinds (filled in below).
