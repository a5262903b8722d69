//! A fitted pattern evaluation for draughts, on Scan's idea (Fabien Letouzey's Scan reads the
//! 10x10 board through overlapping 4x4 boxes): every box of 4 rows by 4 columns whose corner is
//! on an even row and an even column holds 8 playable squares, and the men on them form a base-3
//! number (0 empty or a king, 1 a man of the player who looks, 2 a man of the other). Each box
//! has a table of 3^8 = 6561 weights for the middle game and one for the end, blended by the
//! share of men still on the board. 10x10 has 16 boxes, 8x8 has 9.
//!
//! A player reads the boxes in their own orientation (the board turned 180 degrees for the
//! second player), and the evaluation for a player is their reading minus the other player's:
//! the value for one player is exactly the negation of the value for the other, whatever the
//! tables hold. Kings, material and the rest come from the hand-set terms of `eval.rs`, which
//! are fitted together with the tables (`tune::draughts_patterns`) and stored in one evaluator
//! file (`PatternModel`): `evaluator = "engines/draughts/patterns.dpat"` in an engine file.

use std::path::Path;

use super::game::Position;
use super::geometry::{bit_index, Geometry};
use crate::game::PlayerId;

/// Configurations of one box: 3^8.
pub const CONFIGS: usize = 6561;
/// Two tables a box: middle game, endgame.
pub const PHASES: usize = 2;

/// Boxes on a board of `size` squares a side: 4x4 boxes at every even row and column.
pub const fn box_count(size: u32) -> usize {
    let n = ((size - 4) / 2 + 1) as usize;
    n * n
}

/// Table entries of a board: boxes x configurations x phases.
pub const fn table_len(size: u32) -> usize {
    box_count(size) * CONFIGS * PHASES
}

/// Where the weight of `phase` for configuration `config` of box `b` sits in a table (the two
/// phases of one configuration side by side: one cache line serves both).
#[inline(always)]
pub fn entry(b: usize, config: usize, phase: usize) -> usize {
    (b * CONFIGS + config) * PHASES + phase
}

/// The boxes of one board: each box's 4 rows as the bit index of the row's first square in
/// the box (a box holds two neighbouring playable squares of each of its rows, adjacent bits),
/// boxes numbered row by row from the top left. The second player reads the board turned 180
/// degrees: their box `b` is box `count - 1 - b` read backwards.
struct BoxTable {
    rows: [[u8; 4]; 16],
    count: usize,
}

const fn box_table(w: u32, size: u32) -> BoxTable {
    let per_side = (size - 4) / 2 + 1;
    let mut rows = [[0u8; 4]; 16];
    let mut b = 0;
    while b < (per_side * per_side) as usize {
        let top = (b as u32 / per_side) * 2;
        let left = (b as u32 % per_side) * 2;
        let mut k = 0;
        while k < 4 {
            // Row `top + k` holds the box's squares `left / 2` and `left / 2 + 1` of the row
            // (`geometry::square_row_col`: odd columns on even rows, even ones on odd rows).
            rows[b][k as usize] = bit_index(w, (top + k) * w + left / 2) as u8;
            k += 1;
        }
        b += 1;
    }
    BoxTable {
        rows,
        count: (per_side * per_side) as usize,
    }
}

static TEN: BoxTable = box_table(5, 10);
static EIGHT: BoxTable = box_table(4, 8);

fn boxes<G: Geometry>() -> &'static BoxTable {
    if G::SIZE == 10 {
        &TEN
    } else {
        &EIGHT
    }
}

/// Base-3 value of an 8-bit set of a box's squares (bit i = the box's i-th square in ascending
/// bit order): `FORWARD` when the first square is the leading digit (the first player reads in
/// ascending order), `BACKWARD` when it is the last (the second player reads the turned board).
const fn base3(forward: bool) -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let mut v = 0u16;
        let mut i = 0;
        while i < 8 {
            let p = if forward { 7 - i } else { i };
            if m >> i & 1 == 1 {
                v += 3u16.pow(p);
            }
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
}

static FORWARD: [u16; 256] = base3(true);
static BACKWARD: [u16; 256] = base3(false);

/// The 8 squares of the box whose four pairs start at `rows`, from `set`, as bits in
/// ascending square order.
#[inline(always)]
fn gather(set: u64, rows: &[u8; 4]) -> usize {
    ((set >> rows[0]) & 3
        | ((set >> rows[1]) & 3) << 2
        | ((set >> rows[2]) & 3) << 4
        | ((set >> rows[3]) & 3) << 6) as usize
}

/// The configuration of box `b` as `player` reads it, `own` and `opp` being the men of the
/// player and of the other. The second player's box `b` is the first player's box
/// `count - 1 - b` turned around, read backwards.
#[inline]
fn config<G: Geometry>(own: u64, opp: u64, player: PlayerId, b: usize) -> usize {
    let t = boxes::<G>();
    let (rows, digits) = if player == 0 {
        (&t.rows[b], &FORWARD)
    } else {
        (&t.rows[t.count - 1 - b], &BACKWARD)
    };
    digits[gather(own, rows)] as usize + 2 * digits[gather(opp, rows)] as usize
}

/// The middle-game share of a position: men on the board over the men of the start (1 at the
/// start, 0 with no men left). Kings count nothing: a board of kings is an endgame.
#[inline]
pub fn phase<G: Geometry>(pos: &Position<G>) -> f64 {
    let men = ((pos.pieces(0) | pos.pieces(1)) & !pos.kings()).count_ones() as f64;
    (men / (2 * G::START_ROWS * G::W) as f64).min(1.0)
}

/// Calls `visit` with the table entry (middle-game phase; the endgame one is next to it) of
/// every box as `who` reads it.
#[inline(always)]
fn for_each_entry<G: Geometry>(pos: &Position<G>, who: PlayerId, mut visit: impl FnMut(usize)) {
    let kings = pos.kings();
    let own = pos.pieces(who) & !kings;
    let opp = pos.pieces(1 - who) & !kings;
    for b in 0..boxes::<G>().count {
        visit(entry(b, config::<G>(own, opp, who, b), 0));
    }
}

/// The pattern features of `pos` for `player` as (table entry, value) pairs: for every box the
/// player's reading with +share and the other's with -share, for each of the two phases
/// (`phase` and `1 - phase`). The evaluation is the dot product of these with the tables.
pub fn features<G: Geometry>(pos: &Position<G>, player: PlayerId, out: &mut Vec<(u32, f32)>) {
    let mg = phase(pos);
    for (who, sign) in [(player, 1.0), (1 - player, -1.0)] {
        for_each_entry(pos, who, |at| {
            out.push((at as u32, (sign * mg) as f32));
            out.push((at as u32 + 1, (sign * (1.0 - mg)) as f32));
        });
    }
}

/// The pattern evaluation of `pos` for `player` from `table` (`table_len(G::SIZE)` entries).
/// Each reading is summed on its own and the two subtracted, so the value for one player is
/// exactly minus the value for the other.
#[inline]
pub fn value<G: Geometry>(pos: &Position<G>, player: PlayerId, table: &[f64]) -> f64 {
    let mg = phase(pos);
    let eg = 1.0 - mg;
    let reading = |who: PlayerId| {
        let mut sum = 0.0;
        for_each_entry(pos, who, |at| sum += mg * table[at] + eg * table[at + 1]);
        sum
    };
    reading(player) - reading(1 - player)
}

/// The first line of an evaluator file.
pub const MAGIC: &str = "# boardlab draughts patterns v1";

/// A fitted evaluation: the hand-set terms' weights (by name, `eval::FEATURES` order) and the
/// box tables of one board size.
#[derive(Clone, Debug, PartialEq)]
pub struct PatternModel {
    /// Squares a side (10 or 8).
    pub size: u32,
    /// The weights of the hand-set features, in `eval::FEATURES` order.
    pub hand: Vec<f64>,
    /// `table_len(size)` weights (`entry` gives the index).
    pub table: Vec<f32>,
}

impl PatternModel {
    /// The file: a text header (the magic line, `board N`, one `name weight` line a hand-set
    /// feature, `tables BOXES CONFIGS PHASES`), then the tables as little-endian f32 in `entry`
    /// order. `head` shows what a file holds.
    pub fn to_bytes(&self, names: &[&str], comments: &[String]) -> Vec<u8> {
        let mut text = format!("{MAGIC}\n");
        for c in comments {
            for line in c.lines() {
                text.push_str(&format!("# {line}\n"));
            }
        }
        text.push_str(&format!("board {}\n", self.size));
        for (n, w) in names.iter().zip(&self.hand) {
            text.push_str(&format!("{n} {w}\n"));
        }
        text.push_str(&format!(
            "tables {} {CONFIGS} {PHASES}\n",
            box_count(self.size)
        ));
        let mut bytes = text.into_bytes();
        for w in &self.table {
            bytes.extend_from_slice(&w.to_le_bytes());
        }
        bytes
    }

    /// Reads a file written by `to_bytes` for a board of `size` with hand-set features `names`.
    /// Every way a file can be wrong is an error that says what was found.
    pub fn from_bytes(bytes: &[u8], size: u32, names: &[&str]) -> Result<PatternModel, String> {
        let mut at = 0usize;
        let mut next_line = || -> Result<String, String> {
            let rest = &bytes[at..];
            let end = rest
                .iter()
                .position(|&b| b == b'\n')
                .ok_or("the header ends before its `tables` line")?;
            at += end + 1;
            let line = std::str::from_utf8(&rest[..end])
                .map_err(|_| "a header line is not text".to_string())?;
            Ok(line.to_string())
        };
        let first = next_line()?;
        if first != MAGIC {
            return Err(format!(
                "not a draughts pattern file: its first line is {} (expected {MAGIC:?})",
                crate::game::error::quote(&first)
            ));
        }
        let mut line = next_line()?;
        while line.starts_with('#') {
            line = next_line()?;
        }
        let board = line
            .strip_prefix("board ")
            .and_then(|n| n.trim().parse::<u32>().ok())
            .ok_or_else(|| {
                format!(
                    "expected `board N`, found {}",
                    crate::game::error::quote(&line)
                )
            })?;
        if board != size {
            return Err(format!(
                "the file is for a {board}x{board} board, this game is {size}x{size}"
            ));
        }
        let mut hand = Vec::with_capacity(names.len());
        for name in names {
            let line = next_line()?;
            let w = line
                .strip_prefix(name)
                .and_then(|r| r.strip_prefix(' '))
                .and_then(|v| v.trim().parse::<f64>().ok())
                .filter(|v| v.is_finite())
                .ok_or_else(|| {
                    format!(
                        "expected `{name} <weight>`, found {}",
                        crate::game::error::quote(&line)
                    )
                })?;
            hand.push(w);
        }
        let line = next_line()?;
        let want = format!("tables {} {CONFIGS} {PHASES}", box_count(size));
        if line.trim() != want {
            return Err(format!(
                "expected {want:?}, found {}",
                crate::game::error::quote(&line)
            ));
        }
        let data = &bytes[at..];
        let len = table_len(size);
        if data.len() != 4 * len {
            return Err(format!(
                "the tables hold {} bytes, {} expected ({len} f32 weights)",
                data.len(),
                4 * len
            ));
        }
        let table: Vec<f32> = data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect();
        if let Some(i) = table.iter().position(|w| !w.is_finite()) {
            return Err(format!("table weight {i} is not a finite number"));
        }
        Ok(PatternModel { size, hand, table })
    }

    /// Reads the file at `path` (errors name the file).
    pub fn load(path: &Path, size: u32, names: &[&str]) -> Result<PatternModel, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        PatternModel::from_bytes(&bytes, size, names)
            .map_err(|e| format!("{}: {e}", path.display()))
    }

    /// The weight vector the back ends carry (`Evaluate::evaluator_weights`): the hand-set
    /// weights, then the tables.
    pub fn to_vector(&self) -> Vec<f64> {
        let mut v = self.hand.clone();
        v.extend(self.table.iter().map(|&w| w as f64));
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::draughts::geometry::row_col;
    use crate::games::draughts::tests::random_positions;
    use crate::games::draughts::{Eight, Rules, Ten};
    use rand::{Rng, SeedableRng};

    /// The bit of the playable square at physical (row, column), by a scan of every bit.
    fn bit_at<G: Geometry>(row: u32, col: u32) -> u32 {
        (0..64)
            .find(|&b| G::ALL & (1u64 << b) != 0 && row_col::<G>(b) == (row, col))
            .unwrap()
    }

    /// Box `b`'s configuration read the slow way, from the rules text: the player turns the
    /// board so that their men move up, takes the 4x4 block at the box's corner, and reads its
    /// dark squares row by row, left to right.
    fn slow_config<G: Geometry>(pos: &Position<G>, player: PlayerId, b: usize) -> usize {
        let per_side = (G::SIZE - 4) / 2 + 1;
        let (top, left) = ((b as u32 / per_side) * 2, (b as u32 % per_side) * 2);
        let men = |p: PlayerId| pos.pieces(p) & !pos.kings();
        let mut c = 0;
        for r in top..top + 4 {
            for col in left..left + 4 {
                if (r + col) % 2 == 0 {
                    continue;
                }
                let (ar, ac) = if player == 0 {
                    (r, col)
                } else {
                    (G::SIZE - 1 - r, G::SIZE - 1 - col)
                };
                let m = 1u64 << bit_at::<G>(ar, ac);
                let t = if men(player) & m != 0 {
                    1
                } else if men(1 - player) & m != 0 {
                    2
                } else {
                    0
                };
                c = c * 3 + t;
            }
        }
        c
    }

    fn boxes_cover<G: Geometry>(expected: usize) {
        let t = boxes::<G>();
        assert_eq!(t.count, expected);
        assert_eq!(box_count(G::SIZE), expected);
        // Both players read the same rows (the second in the other order), so one pass
        // over them covers both.
        let mut covered = 0u64;
        for (b, rows) in t.rows[..t.count].iter().enumerate() {
            let mut set = 0u64;
            for bit in rows.iter().flat_map(|&r| [r, r + 1]) {
                assert!(
                    G::ALL & (1u64 << bit) != 0,
                    "box {b}: bit {bit} not playable"
                );
                set |= 1u64 << bit;
            }
            assert_eq!(set.count_ones(), 8, "box {b}");
            covered |= set;
        }
        assert_eq!(covered, G::ALL, "the boxes cover the board");
    }

    #[test]
    fn boxes_cover_the_board_with_eight_squares_each() {
        boxes_cover::<Ten>(16);
        boxes_cover::<Eight>(9);
    }

    fn configs_agree<G: Geometry>(seed: u64) {
        for pos in random_positions::<G>(300, seed) {
            for p in 0..2 {
                let kings = pos.kings();
                let (own, opp) = (pos.pieces(p) & !kings, pos.pieces(1 - p) & !kings);
                for b in 0..box_count(G::SIZE) {
                    assert_eq!(
                        config::<G>(own, opp, p, b),
                        slow_config(&pos, p, b),
                        "box {b}, player {p}, {}",
                        pos.format_position()
                    );
                }
            }
        }
    }

    #[test]
    fn configurations_equal_a_slow_reading_from_rows_and_columns() {
        configs_agree::<Ten>(1);
        configs_agree::<Eight>(2);
    }

    /// The start position reads the same for both players (it is symmetric under the turn),
    /// and a box on the first player's side holds only their men.
    #[test]
    fn the_start_reads_the_same_for_both_players() {
        let pos = Position::<Ten>::new(&Rules::default());
        for b in 0..16 {
            let kings = pos.kings();
            let w = config::<Ten>(pos.pieces(0) & !kings, pos.pieces(1) & !kings, 0, b);
            let k = config::<Ten>(pos.pieces(1) & !kings, pos.pieces(0) & !kings, 1, b);
            assert_eq!(w, k, "box {b}");
        }
        // The bottom-left box (rows 6-9) holds 8 of white's men: all ones in base 3.
        let kings = pos.kings();
        let bottom_left = 12;
        assert_eq!(
            config::<Ten>(
                pos.pieces(0) & !kings,
                pos.pieces(1) & !kings,
                0,
                bottom_left
            ),
            (0..8).fold(0, |c, _| c * 3 + 1)
        );
    }

    fn value_checks<G: Geometry>(seed: u64) {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let table: Vec<f64> = (0..table_len(G::SIZE))
            .map(|_| rng.gen_range(-50.0..50.0))
            .collect();
        let mut feats = Vec::new();
        for pos in random_positions::<G>(300, seed) {
            let v0 = value(&pos, 0, &table);
            let v1 = value(&pos, 1, &table);
            assert_eq!(v0, -v1, "{}", pos.format_position());
            feats.clear();
            features(&pos, 0, &mut feats);
            let dot: f64 = feats
                .iter()
                .map(|&(i, x)| table[i as usize] * x as f64)
                .sum();
            assert!(
                (dot - v0).abs() < 1e-3 * (1.0 + v0.abs()),
                "{dot} vs {v0} at {}",
                pos.format_position()
            );
        }
    }

    #[test]
    fn value_is_antisymmetric_and_the_dot_product_of_its_features() {
        value_checks::<Ten>(3);
        value_checks::<Eight>(4);
    }

    #[test]
    fn phase_runs_from_one_at_the_start_to_zero_without_men() {
        let start = Position::<Ten>::new(&Rules::default());
        assert_eq!(phase(&start), 1.0);
        let rules = Rules::<Ten>::default();
        let kings_only = Position::<Ten>::parse_position(&rules, "W:WK46,K47:BK3").unwrap();
        assert_eq!(phase(&kings_only), 0.0);
    }

    fn model(size: u32) -> PatternModel {
        PatternModel {
            size,
            hand: vec![1.5, -2.0, 0.25],
            table: (0..table_len(size))
                .map(|i| (i % 97) as f32 - 48.0)
                .collect(),
        }
    }

    #[test]
    fn model_files_read_back_and_bad_ones_say_why() {
        let names = ["men", "kings", "tempo"];
        let m = model(10);
        let bytes = m.to_bytes(&names, &["made by a test".to_string()]);
        assert_eq!(PatternModel::from_bytes(&bytes, 10, &names).unwrap(), m);
        let err = |b: &[u8], size: u32| PatternModel::from_bytes(b, size, &names).unwrap_err();
        assert!(err(b"hello\n", 10).contains("not a draughts pattern file"));
        assert!(err(&bytes, 8).contains("for a 10x10 board"));
        assert!(err(&bytes[..bytes.len() - 3], 10).contains("bytes"));
        let text_end = bytes.iter().rposition(|&b| b == b'\n').unwrap();
        assert!(err(&bytes[..40], 10).contains("header ends"));
        let renamed = String::from_utf8_lossy(&bytes[..text_end])
            .replace("kings -2", "queens -2")
            .into_bytes();
        assert!(err(&renamed, 10).contains("expected `kings <weight>`"));
        let mut nan = bytes.clone();
        let at = text_end + 1;
        nan[at..at + 4].copy_from_slice(&f32::NAN.to_le_bytes());
        assert!(err(&nan, 10).contains("not a finite number"));
        assert!(
            PatternModel::load(Path::new("/no/such/file.dpat"), 10, &names)
                .unwrap_err()
                .contains("/no/such/file.dpat")
        );
    }
}
