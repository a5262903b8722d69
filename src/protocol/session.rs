//! The engine side of every text protocol, framed once: read a line of bytes, hand it to the
//! protocol's `Session`, write its replies. The framing is where bad bytes are caught for every
//! protocol alike: a line that is not UTF-8, or longer than `MAX_LINE_BYTES`, never reaches the
//! protocol's parser; the session answers it in its own error syntax (`error ...` for the line
//! protocol, `? ...` for GTP, `ERROR ...` for Gomocup) and the session goes on.

use std::io::{BufRead, Write};

/// Longest line a protocol reads, in bytes. Longer lines are read to their end, dropped, and
/// answered as malformed (a 5 MB line costs no more memory than this).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// One protocol conversation on the engine side.
pub trait Session {
    /// Answers one line of text (without its line ending). Returns the reply lines and whether
    /// the session ends after them (`quit`).
    fn handle(&mut self, line: &str) -> (Vec<String>, bool);
    /// The reply to a line that could not be read as text (`why` says what was wrong), in the
    /// protocol's own error syntax.
    fn malformed(&mut self, why: &str) -> Vec<String>;
}

/// What one read of the input gave.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    Text(String),
    /// A line that is not text or is too long, with the reason.
    Malformed(String),
    End,
}

/// Reads one line of at most `max` bytes (the line ending is stripped). A longer line is read to
/// its end and dropped; bytes that are not UTF-8 make the line malformed.
pub fn read_line(input: &mut impl BufRead, max: usize) -> std::io::Result<Line> {
    let mut buf = Vec::new();
    let mut too_long = false;
    let mut any = false;
    loop {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (chunk.len(), false),
        };
        if !too_long {
            if buf.len() + take > max + 2 {
                too_long = true;
                buf.clear();
            } else {
                buf.extend_from_slice(&chunk[..take]);
            }
        }
        input.consume(take);
        if done {
            break;
        }
    }
    if !any {
        return Ok(Line::End);
    }
    if too_long {
        return Ok(Line::Malformed(format!("line longer than {max} bytes")));
    }
    while matches!(buf.last(), Some(b'\n' | b'\r')) {
        buf.pop();
    }
    match String::from_utf8(buf) {
        Ok(s) => Ok(Line::Text(s)),
        Err(e) => Ok(Line::Malformed(format!(
            "input is not UTF-8 (bad byte at offset {})",
            e.utf8_error().valid_up_to()
        ))),
    }
}

/// Runs `session` until it quits or the input ends.
pub fn serve(
    session: &mut dyn Session,
    mut input: impl BufRead,
    mut output: impl Write,
) -> std::io::Result<()> {
    loop {
        let (reply, quit) = match read_line(&mut input, MAX_LINE_BYTES)? {
            Line::End => return Ok(()),
            Line::Text(line) => session.handle(&line),
            Line::Malformed(why) => (session.malformed(&why), false),
        };
        for r in reply {
            writeln!(output, "{r}")?;
        }
        output.flush()?;
        if quit {
            return Ok(());
        }
    }
}

/// `session` on stdin/stdout, as `boardlab serve` runs every protocol; a failure to read or
/// write is an error naming the protocol.
pub fn serve_stdio(session: &mut dyn Session, protocol: &str) -> Result<(), String> {
    let stdin = std::io::stdin();
    serve(session, stdin.lock(), std::io::stdout().lock()).map_err(|e| format!("{protocol}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Echo;
    impl Session for Echo {
        fn handle(&mut self, line: &str) -> (Vec<String>, bool) {
            (vec![format!("got {line}")], line == "quit")
        }
        fn malformed(&mut self, why: &str) -> Vec<String> {
            vec![format!("error {why}")]
        }
    }

    #[test]
    fn bad_bytes_and_long_lines_are_answered_and_the_session_goes_on() {
        let mut input = b"a\r\n\xff\xfe\n".to_vec();
        input.extend(std::iter::repeat(b'x').take(MAX_LINE_BYTES + 10));
        input.extend_from_slice(b"\nb\nquit\nnever\n");
        let mut out = Vec::new();
        serve(&mut Echo, &input[..], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "got a");
        assert!(
            lines[1].starts_with("error input is not UTF-8"),
            "{}",
            lines[1]
        );
        assert!(
            lines[2].starts_with("error line longer than"),
            "{}",
            lines[2]
        );
        assert_eq!(&lines[3..], ["got b", "got quit"]);
    }

    #[test]
    fn a_last_line_without_newline_is_read() {
        let mut out = Vec::new();
        serve(&mut Echo, &b"x"[..], &mut out).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "got x\n");
    }
}
