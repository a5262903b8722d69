//! Position files (`.blpos`): labelled positions of any game, binary and streamed, the output
//! of `boardlab selfplay` and the input of the fitters. The layout is documented in
//! docs/formats.md ("Position files (.blpos)"); scripts/tools/positions_file.py reads the same bytes.
//!
//! A file is a header (magic, version, game id, rules text, free metadata text) and then
//! frames: `tag: u8, length: u32 LE, body`. Three tags: a position record, the end of one game
//! (so a resumed run knows which games are whole, and fits can hold out whole games), and the
//! end of the file (the writer finished: a file without it is unfinished or cut).
//! Every frame says its length, so a reader can tell a cut file from a whole one at any byte,
//! and reads one frame at a time: a file of any size is read in bounded memory.

use std::fmt;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};

/// The first 8 bytes of every position file. The `\r\n` and `\x1a` catch a file that went
/// through a text-mode copy, as PNG's magic does.
pub const MAGIC: [u8; 8] = *b"BLPOS\r\n\x1a";
/// The layout version this code writes and reads.
pub const VERSION: u16 = 1;

/// Frame tags.
const TAG_POSITION: u8 = 1;
const TAG_GAME_END: u8 = 2;
const TAG_FILE_END: u8 = 3;

/// Fixed part of a position body: game u32, ply u16, side u8, flags u8, hash u64, result f32,
/// score f32, exact f32; the position text follows.
const POSITION_FIXED: usize = 4 + 2 + 1 + 1 + 8 + 4 + 4 + 4;
const GAME_END_LEN: usize = 4 + 4 + 4 + 4 + 1;
const FILE_END_LEN: usize = 8 + 8 + 8;
/// No frame is longer: a length above it is a garbled file, not a reason to allocate 4 GiB.
const MAX_FRAME: u32 = 1 << 20;

const FLAG_SCORE: u8 = 1;
const FLAG_EXACT: u8 = 2;
const FLAG_CUT: u8 = 1;

/// What a file holds before its records.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Header {
    /// The game id (`Game::ID`).
    pub game: String,
    /// The rules the positions are read under (`RuleSet::to_text`).
    pub rules: String,
    /// Free text, by convention `key=value` lines: how the file was made (the generator's
    /// arguments, engines, what the exact values measure).
    pub meta: String,
}

/// One labelled position: a decision node (a player to move) of game number `game`.
#[derive(Clone, Debug, PartialEq)]
pub struct PositionRecord {
    /// The number of the game it came from (fits hold out whole games by it).
    pub game: u32,
    /// Plies played before it in that game (chance outcomes count as plies).
    pub ply: u16,
    /// The seat to move.
    pub side: u8,
    /// `Game::hash()` of the position: what records are deduplicated by.
    pub hash: u64,
    /// The game's final return for the side to move (`Returns::get(side)`).
    pub result: f32,
    /// The generator engine's search score for the side to move, in the back end's units;
    /// None where no search chose the move (random openings, random noise moves).
    pub score: Option<f32>,
    /// The exact value for the side to move where an exact back end knew it (Othello's solver:
    /// the final disc difference under perfect play); see the header's meta for its units.
    pub exact: Option<f32>,
    /// The position in the game's own notation (`Game::format_position`).
    pub position: String,
}

/// The end of one game's records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    pub game: u32,
    /// Plies the game lasted.
    pub plies: u32,
    /// Records written for it.
    pub positions: u32,
    /// Its positions left out as repeats of earlier ones.
    pub duplicates: u32,
    /// The game reached the ply limit without a result: none of its positions were written.
    pub cut: bool,
}

/// The end of a finished file: its totals.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FileEnd {
    pub games: u64,
    pub positions: u64,
    pub duplicates: u64,
}

/// One frame of a file.
#[derive(Clone, Debug, PartialEq)]
pub enum Entry {
    Position(PositionRecord),
    GameEnd(GameEnd),
    FileEnd(FileEnd),
}

/// Why a file cannot be read: the file, the byte offset where the trouble starts, and what it is.
#[derive(Debug)]
pub struct FormatError {
    pub path: PathBuf,
    pub offset: u64,
    pub kind: ErrorKind,
    pub message: String,
}

/// The kind of a `FormatError`: a cut file (which a resumed generator expects after a kill)
/// or anything else.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    Truncated,
    Invalid,
    Io,
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}: byte {}: {}",
            self.path.display(),
            self.offset,
            self.message
        )
    }
}

impl std::error::Error for FormatError {}

/// Writes the header and frames. The caller flushes (`flush`) where a reader or a resumed run
/// may look: after each whole game.
pub struct PositionWriter<W: Write> {
    out: W,
    /// Bytes written so far (header included).
    offset: u64,
}

impl PositionWriter<io::BufWriter<std::fs::File>> {
    /// Creates (or replaces) `path` and writes the header.
    pub fn create(path: &Path, header: &Header) -> Result<Self, String> {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("{}: cannot create: {e}", path.display()))?;
        let mut w = PositionWriter::new(io::BufWriter::new(file));
        w.write_header(header)
            .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        Ok(w)
    }
    /// Opens `path` to append frames after its first `len` bytes (what a resumed run keeps),
    /// cutting off anything after them.
    pub fn append_at(path: &Path, len: u64) -> Result<Self, String> {
        let file = std::fs::OpenOptions::new()
            .write(true)
            .open(path)
            .map_err(|e| format!("{}: cannot open to resume: {e}", path.display()))?;
        file.set_len(len)
            .map_err(|e| format!("{}: cannot truncate to {len} bytes: {e}", path.display()))?;
        let mut file = file;
        io::Seek::seek(&mut file, io::SeekFrom::Start(len))
            .map_err(|e| format!("{}: cannot seek: {e}", path.display()))?;
        Ok(PositionWriter {
            out: io::BufWriter::new(file),
            offset: len,
        })
    }
}

impl<W: Write> PositionWriter<W> {
    /// A writer on `out`; call `write_header` first.
    pub fn new(out: W) -> Self {
        PositionWriter { out, offset: 0 }
    }

    fn put(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.out.write_all(bytes)?;
        self.offset += bytes.len() as u64;
        Ok(())
    }

    pub fn write_header(&mut self, h: &Header) -> io::Result<()> {
        if h.game.len() > u16::MAX as usize {
            return Err(io::Error::other("game id longer than 65535 bytes"));
        }
        self.put(&MAGIC)?;
        self.put(&VERSION.to_le_bytes())?;
        self.put(&(h.game.len() as u16).to_le_bytes())?;
        self.put(h.game.as_bytes())?;
        for text in [&h.rules, &h.meta] {
            self.put(&(text.len() as u32).to_le_bytes())?;
            self.put(text.as_bytes())?;
        }
        Ok(())
    }

    fn frame(&mut self, tag: u8, body: &[u8]) -> io::Result<()> {
        if body.len() > MAX_FRAME as usize {
            return Err(io::Error::other(format!(
                "a frame of {} bytes is longer than the format's {MAX_FRAME}",
                body.len()
            )));
        }
        self.put(&[tag])?;
        self.put(&(body.len() as u32).to_le_bytes())?;
        self.put(body)
    }

    pub fn write_position(&mut self, r: &PositionRecord) -> io::Result<()> {
        let mut body = Vec::with_capacity(POSITION_FIXED + r.position.len());
        body.extend_from_slice(&r.game.to_le_bytes());
        body.extend_from_slice(&r.ply.to_le_bytes());
        body.push(r.side);
        let flags = if r.score.is_some() { FLAG_SCORE } else { 0 }
            | if r.exact.is_some() { FLAG_EXACT } else { 0 };
        body.push(flags);
        body.extend_from_slice(&r.hash.to_le_bytes());
        body.extend_from_slice(&r.result.to_le_bytes());
        // An absent value is written as NaN; the flag, not the NaN, says it is absent.
        body.extend_from_slice(&r.score.unwrap_or(f32::NAN).to_le_bytes());
        body.extend_from_slice(&r.exact.unwrap_or(f32::NAN).to_le_bytes());
        body.extend_from_slice(r.position.as_bytes());
        self.frame(TAG_POSITION, &body)
    }

    pub fn write_game_end(&mut self, g: &GameEnd) -> io::Result<()> {
        let mut body = Vec::with_capacity(GAME_END_LEN);
        body.extend_from_slice(&g.game.to_le_bytes());
        body.extend_from_slice(&g.plies.to_le_bytes());
        body.extend_from_slice(&g.positions.to_le_bytes());
        body.extend_from_slice(&g.duplicates.to_le_bytes());
        body.push(if g.cut { FLAG_CUT } else { 0 });
        self.frame(TAG_GAME_END, &body)
    }

    pub fn write_file_end(&mut self, e: &FileEnd) -> io::Result<()> {
        let mut body = Vec::with_capacity(FILE_END_LEN);
        body.extend_from_slice(&e.games.to_le_bytes());
        body.extend_from_slice(&e.positions.to_le_bytes());
        body.extend_from_slice(&e.duplicates.to_le_bytes());
        self.frame(TAG_FILE_END, &body)
    }

    pub fn flush(&mut self) -> io::Result<()> {
        self.out.flush()
    }

    /// Bytes written so far.
    pub fn offset(&self) -> u64 {
        self.offset
    }

    pub fn into_inner(self) -> W {
        self.out
    }
}

/// Reads a file frame by frame: an iterator of entries (`Iterator<Item = Result<Entry, _>>`)
/// that holds one frame in memory at a time.
pub struct PositionReader<R: Read> {
    input: R,
    path: PathBuf,
    header: Header,
    /// Offset of the next frame.
    offset: u64,
    /// After an error or the file-end frame nothing more is read.
    done: bool,
    /// Whether the file-end frame was read.
    finished: bool,
}

impl PositionReader<BufReader<std::fs::File>> {
    /// Opens `path` and reads its header.
    pub fn open(path: &Path) -> Result<Self, FormatError> {
        let file = std::fs::File::open(path).map_err(|e| FormatError {
            path: path.to_path_buf(),
            offset: 0,
            kind: ErrorKind::Io,
            message: format!("cannot open: {e}"),
        })?;
        PositionReader::new(BufReader::with_capacity(1 << 16, file), path)
    }

    /// Opens `path`, refusing a file of another game than `game` (a foreign file).
    pub fn open_for(path: &Path, game: &str) -> Result<Self, FormatError> {
        let r = Self::open(path)?;
        if r.header.game != game {
            return Err(FormatError {
                path: path.to_path_buf(),
                offset: 10,
                kind: ErrorKind::Invalid,
                message: format!(
                    "a position file of game {:?}, not {game:?}",
                    crate::game::error::cut(&r.header.game, 40)
                ),
            });
        }
        Ok(r)
    }
}

/// Reads exactly `buf.len()` bytes, or says how many there were before the end.
fn read_full<R: Read>(input: &mut R, buf: &mut [u8]) -> io::Result<usize> {
    let mut got = 0;
    while got < buf.len() {
        match input.read(&mut buf[got..]) {
            Ok(0) => break,
            Ok(n) => got += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(got)
}

impl<R: Read> PositionReader<R> {
    /// A reader on `input` (named `path` in errors); reads and checks the header.
    pub fn new(mut input: R, path: &Path) -> Result<Self, FormatError> {
        let mut offset = 0u64;
        let err = |offset: u64, kind: ErrorKind, message: String| FormatError {
            path: path.to_path_buf(),
            offset,
            kind,
            message,
        };
        let take = |input: &mut R, n: usize, what: &str, offset: &mut u64| {
            let mut buf = vec![0u8; n];
            let got = read_full(input, &mut buf)
                .map_err(|e| err(*offset, ErrorKind::Io, format!("cannot read: {e}")))?;
            if got < n {
                let kind = if *offset == 0 && got == 0 {
                    ErrorKind::Invalid
                } else {
                    ErrorKind::Truncated
                };
                let message = if kind == ErrorKind::Invalid {
                    "empty file, not a position file".to_string()
                } else {
                    format!("file ends inside the header ({what}: {got} of {n} bytes)")
                };
                return Err(err(*offset + got as u64, kind, message));
            }
            *offset += n as u64;
            Ok(buf)
        };
        let magic = take(&mut input, MAGIC.len(), "magic", &mut offset)?;
        if magic != MAGIC {
            return Err(err(
                0,
                ErrorKind::Invalid,
                format!(
                    "not a position file (magic bytes {:?}, expected {:?})",
                    String::from_utf8_lossy(&magic),
                    String::from_utf8_lossy(&MAGIC)
                ),
            ));
        }
        let version = u16::from_le_bytes(
            take(&mut input, 2, "version", &mut offset)?
                .try_into()
                .expect("2 bytes"),
        );
        if version != VERSION {
            return Err(err(
                8,
                ErrorKind::Invalid,
                format!("format version {version}; this boardlab reads version {VERSION} only"),
            ));
        }
        let text = |input: &mut R, len_bytes: usize, what: &str, offset: &mut u64| {
            let at = *offset;
            let len_buf = take(input, len_bytes, what, offset)?;
            let len = if len_bytes == 2 {
                u16::from_le_bytes(len_buf.try_into().expect("2 bytes")) as usize
            } else {
                u32::from_le_bytes(len_buf.try_into().expect("4 bytes")) as usize
            };
            if len > MAX_FRAME as usize {
                return Err(err(
                    at,
                    ErrorKind::Invalid,
                    format!("{what} of {len} bytes: a garbled header"),
                ));
            }
            let at_text = *offset;
            let bytes = take(input, len, what, offset)?;
            String::from_utf8(bytes)
                .map_err(|_| err(at_text, ErrorKind::Invalid, format!("{what} is not UTF-8")))
        };
        let game = text(&mut input, 2, "game id", &mut offset)?;
        let rules = text(&mut input, 4, "rules", &mut offset)?;
        let meta = text(&mut input, 4, "meta", &mut offset)?;
        Ok(PositionReader {
            input,
            path: path.to_path_buf(),
            header: Header { game, rules, meta },
            offset,
            done: false,
            finished: false,
        })
    }

    pub fn header(&self) -> &Header {
        &self.header
    }

    /// The offset of the next frame (after the last one read).
    pub fn offset(&self) -> u64 {
        self.offset
    }

    /// Whether the file-end frame has been read: the writer finished this file.
    pub fn finished(&self) -> bool {
        self.finished
    }

    fn error(&mut self, offset: u64, kind: ErrorKind, message: String) -> FormatError {
        self.done = true;
        FormatError {
            path: self.path.clone(),
            offset,
            kind,
            message,
        }
    }

    /// The next frame, None at the end of the file (after the file-end frame, or at a frame
    /// boundary of an unfinished file).
    pub fn next_entry(&mut self) -> Result<Option<Entry>, FormatError> {
        if self.done {
            return Ok(None);
        }
        let start = self.offset;
        let mut head = [0u8; 5];
        let got = read_full(&mut self.input, &mut head)
            .map_err(|e| self.error(start, ErrorKind::Io, format!("cannot read: {e}")))?;
        if got == 0 {
            self.done = true;
            return Ok(None);
        }
        if got < head.len() {
            return Err(self.error(
                start,
                ErrorKind::Truncated,
                format!("file ends inside a frame header ({got} of 5 bytes)"),
            ));
        }
        let tag = head[0];
        let len = u32::from_le_bytes(head[1..5].try_into().expect("4 bytes"));
        let want = match tag {
            TAG_POSITION if (POSITION_FIXED as u32..=MAX_FRAME).contains(&len) => len as usize,
            TAG_GAME_END if len as usize == GAME_END_LEN => GAME_END_LEN,
            TAG_FILE_END if len as usize == FILE_END_LEN => FILE_END_LEN,
            TAG_POSITION | TAG_GAME_END | TAG_FILE_END => {
                return Err(self.error(
                    start,
                    ErrorKind::Invalid,
                    format!("frame of tag {tag} with a wrong length {len}: a garbled file"),
                ))
            }
            _ => {
                return Err(self.error(
                    start,
                    ErrorKind::Invalid,
                    format!("unknown frame tag {tag}: a garbled file"),
                ))
            }
        };
        let mut body = vec![0u8; want];
        let got = read_full(&mut self.input, &mut body)
            .map_err(|e| self.error(start, ErrorKind::Io, format!("cannot read: {e}")))?;
        if got < want {
            return Err(self.error(
                start,
                ErrorKind::Truncated,
                format!("file ends inside a frame ({got} of {want} bytes): a cut file"),
            ));
        }
        self.offset = start + 5 + want as u64;
        let u32_at = |i: usize| u32::from_le_bytes(body[i..i + 4].try_into().expect("4 bytes"));
        let u64_at = |i: usize| u64::from_le_bytes(body[i..i + 8].try_into().expect("8 bytes"));
        let f32_at = |i: usize| f32::from_le_bytes(body[i..i + 4].try_into().expect("4 bytes"));
        let entry = match tag {
            TAG_POSITION => {
                let flags = body[7];
                if flags & !(FLAG_SCORE | FLAG_EXACT) != 0 {
                    return Err(self.error(
                        start,
                        ErrorKind::Invalid,
                        format!("position record with unknown flags {flags:#04x}"),
                    ));
                }
                let position = match std::str::from_utf8(&body[POSITION_FIXED..]) {
                    Ok(s) => s.to_string(),
                    Err(_) => {
                        return Err(self.error(
                            start,
                            ErrorKind::Invalid,
                            "position text is not UTF-8".into(),
                        ))
                    }
                };
                Entry::Position(PositionRecord {
                    game: u32_at(0),
                    ply: u16::from_le_bytes([body[4], body[5]]),
                    side: body[6],
                    hash: u64_at(8),
                    result: f32_at(16),
                    score: (flags & FLAG_SCORE != 0).then(|| f32_at(20)),
                    exact: (flags & FLAG_EXACT != 0).then(|| f32_at(24)),
                    position,
                })
            }
            TAG_GAME_END => Entry::GameEnd(GameEnd {
                game: u32_at(0),
                plies: u32_at(4),
                positions: u32_at(8),
                duplicates: u32_at(12),
                cut: body[16] & FLAG_CUT != 0,
            }),
            _ => {
                self.done = true;
                self.finished = true;
                Entry::FileEnd(FileEnd {
                    games: u64_at(0),
                    positions: u64_at(8),
                    duplicates: u64_at(16),
                })
            }
        };
        Ok(Some(entry))
    }

    /// The position records only, in file order.
    pub fn positions(self) -> impl Iterator<Item = Result<PositionRecord, FormatError>> {
        self.filter_map(|e| match e {
            Ok(Entry::Position(p)) => Some(Ok(p)),
            Ok(_) => None,
            Err(e) => Some(Err(e)),
        })
    }
}

impl<R: Read> Iterator for PositionReader<R> {
    type Item = Result<Entry, FormatError>;
    fn next(&mut self) -> Option<Self::Item> {
        self.next_entry().transpose()
    }
}

/// Reads a whole file into memory (tests and small files; stream big ones with the reader).
pub fn read_all(path: &Path) -> Result<(Header, Vec<Entry>), FormatError> {
    let mut r = PositionReader::open(path)?;
    let header = r.header().clone();
    let mut entries = Vec::new();
    while let Some(e) = r.next_entry()? {
        entries.push(e);
    }
    Ok((header, entries))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn header() -> Header {
        Header {
            game: "othello".into(),
            rules: "start=standard".into(),
            meta: "seed=1\n".into(),
        }
    }

    fn record(i: u32) -> PositionRecord {
        PositionRecord {
            game: i,
            ply: 3 + i as u16,
            side: (i % 2) as u8,
            hash: 0xDEAD_BEEF_0000_0000 | i as u64,
            result: if i % 3 == 0 { -1.0 } else { 0.5 },
            score: (i % 2 == 0).then_some(12.5 * i as f32),
            exact: (i % 4 == 0).then_some(-6.0),
            position: format!("pos-{i} ünïcode"),
        }
    }

    fn bytes(entries: &[Entry]) -> Vec<u8> {
        let mut w = PositionWriter::new(Vec::new());
        w.write_header(&header()).unwrap();
        for e in entries {
            match e {
                Entry::Position(p) => w.write_position(p).unwrap(),
                Entry::GameEnd(g) => w.write_game_end(g).unwrap(),
                Entry::FileEnd(f) => w.write_file_end(f).unwrap(),
            }
        }
        w.into_inner()
    }

    fn sample() -> Vec<Entry> {
        let mut v: Vec<Entry> = (0..6).map(|i| Entry::Position(record(i))).collect();
        v.push(Entry::GameEnd(GameEnd {
            game: 5,
            plies: 61,
            positions: 6,
            duplicates: 2,
            cut: false,
        }));
        v.push(Entry::FileEnd(FileEnd {
            games: 1,
            positions: 6,
            duplicates: 2,
        }));
        v
    }

    fn read(b: &[u8]) -> Result<(Header, Vec<Entry>, bool), FormatError> {
        let mut r = PositionReader::new(b, Path::new("x.blpos"))?;
        let mut out = Vec::new();
        while let Some(e) = r.next_entry()? {
            out.push(e);
        }
        Ok((r.header().clone(), out, r.finished()))
    }

    #[test]
    fn learn_format_round_trips_every_field() {
        let entries = sample();
        let (h, back, finished) = read(&bytes(&entries)).unwrap();
        assert_eq!(h, header());
        assert_eq!(back, entries);
        assert!(finished);
    }

    #[test]
    fn learn_format_every_cut_is_a_truncation_error_never_a_panic() {
        let full = bytes(&sample());
        let header_len = bytes(&[]).len();
        for cut in 1..full.len() {
            match read(&full[..cut]) {
                // A cut at a frame boundary reads as an unfinished file.
                Ok((_, entries, finished)) => {
                    assert!(!finished && cut >= header_len, "cut {cut}: {entries:?}")
                }
                Err(e) => {
                    assert_eq!(e.kind, ErrorKind::Truncated, "cut {cut}: {e}");
                    assert!(e.offset <= cut as u64, "cut {cut}: {e}");
                    assert!(e.to_string().starts_with("x.blpos: byte "), "{e}");
                }
            }
        }
    }

    #[test]
    fn learn_format_garbled_files_are_refused_with_the_offset() {
        let good = bytes(&sample());
        let mut bad_magic = good.clone();
        bad_magic[0] = b'X';
        let e = read(&bad_magic).unwrap_err();
        assert!(e.to_string().contains("not a position file"), "{e}");
        let mut bad_version = good.clone();
        bad_version[8] = 9;
        let e = read(&bad_version).unwrap_err();
        assert!(e.to_string().contains("byte 8: format version 9"), "{e}");
        let header_len = bytes(&[]).len();
        let mut bad_tag = good.clone();
        bad_tag[header_len] = 77;
        let e = read(&bad_tag).unwrap_err();
        assert_eq!(e.kind, ErrorKind::Invalid);
        assert!(
            e.to_string()
                .contains(&format!("byte {header_len}: unknown frame tag 77")),
            "{e}"
        );
        let e = read(b"").unwrap_err();
        assert!(e.to_string().contains("empty file"), "{e}");
        let e = read(b"{\"json\": true, \"not\": \"ours\"}").unwrap_err();
        assert_eq!(e.kind, ErrorKind::Invalid, "{e}");
    }
}
