//! Stopping long computations cleanly on Ctrl-C (SIGINT) or SIGTERM: the signal only sets a flag,
//! and the computation (the Othello solver, `search --exact`) polls it, stops, and reports what
//! it has (bounds instead of the score). A second signal ends the process at once (status 130).
//!
//! Why not the `ctrlc` crate: the handler is two libc calls and an atomic store, and libc is in
//! the dependency tree already; ctrlc adds a thread and a pipe for the same flag.

use std::sync::atomic::{AtomicBool, Ordering};

static INTERRUPTED: AtomicBool = AtomicBool::new(false);
/// A flag nobody sets: the default for computations that are not interruptible.
pub static NEVER: AtomicBool = AtomicBool::new(false);

/// The flag set by SIGINT or SIGTERM once `install` ran.
pub fn interrupted() -> &'static AtomicBool {
    &INTERRUPTED
}

#[cfg(unix)]
extern "C" fn on_signal(_: libc::c_int) {
    // Only async-signal-safe work here: an atomic swap, and `_exit` on the second signal.
    if INTERRUPTED.swap(true, Ordering::SeqCst) {
        unsafe { libc::_exit(130) };
    }
}

/// Makes SIGINT and SIGTERM set `interrupted()` instead of killing the process. Commands whose
/// work can stop early with a useful answer call it; the others keep the default action (their
/// output so far is already written: perft depths, tournament games).
pub fn install() {
    #[cfg(unix)]
    unsafe {
        let handler = on_signal as extern "C" fn(libc::c_int) as libc::sighandler_t;
        libc::signal(libc::SIGINT, handler);
        libc::signal(libc::SIGTERM, handler);
    }
}

/// Whether `flag` is set.
pub fn is_set(flag: &AtomicBool) -> bool {
    flag.load(Ordering::Relaxed)
}
