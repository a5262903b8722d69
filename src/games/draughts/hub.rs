//! Hub protocol (filled below).
