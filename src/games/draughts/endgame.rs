//! The endgame database of checkers and draughts: for every position with at most N pieces
//! (each side at least one) and its mover, the value under perfect play with the plies to the
//! end of the game: a win in d plies (d odd: the mover makes the last move), a loss in d (d
//! even; 0: the mover has no move), or a draw. Values are those of the game without its
//! move-count and repetition draws, as Chinook's, Kingsrow's and Scan's databases are: play that
//! never ends is a draw, a forced win is a win however long it takes.
//!
//! Built by retrograde analysis over slices of one material (`endgame_index`), smallest first:
//! a capture leads to fewer pieces, a promotion to fewer men, so only a move that does neither
//! stays among positions of the same counts, and such a move swaps the two sides' materials.
//! A slice is solved with its swapped twin. One forward pass over both gives each position
//! its values through the moves that leave the pair (looked up in the slices already solved)
//! and counts the moves that stay; the positions decided so far then spread back through
//! un-moves (a man one step back, a king back along a diagonal, never from a position that had a
//! capture, since captures are compulsory), in order of distance: a position one step before a
//! loss in d is a win in d + 1 unless it is already known to win sooner; a position all of
//! whose moves lead to wins is a loss one ply after the longest of them. What is left is a draw.
//!
//! Storage: a byte a number of each slice (255 a draw, else the distance; numbers that are no
//! position hold 255 too), slices deflated one by one in the file behind a text header that
//! names the game, the capture rules the values hold for, and each slice's material, size and
//! checksum, so a damaged or cut file is refused, never read as wrong values.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::marker::PhantomData;
use std::path::Path;
use std::time::Instant;

use rayon::prelude::*;

use crate::game::{MoveList, RuleSet};

use super::endgame_index::{Material, Oriented, SliceIndex, MAX_PIECES};
use super::geometry::{directions, forward, shift, Geometry};
use super::movegen::{self, DraughtsMove};
use super::rules::{Rules, VariantRules};

const MAGIC: &str = "boardlab draughts endgame database 1";
/// A draw (and, while building, not yet known).
const DRAW: u8 = 255;
/// The longest distance a byte holds.
const MAX_DISTANCE: u32 = 254;
/// The rule keys the values depend on: how pieces move and capture. The draw rules (move
/// counts, repetition, the endgame rule) and the naming of the sides do not change a value.
const VALUE_KEYS: [&str; 5] = [
    "men_capture_back",
    "flying_kings",
    "complete_capture",
    "majority",
    "promotion",
];

/// The value of a position for its mover.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The mover wins; the game ends after this many plies (odd) under best play.
    Win(u32),
    /// The mover loses after this many plies (even; 0: it has no move now).
    Loss(u32),
    Draw,
}

impl Value {
    fn from_byte(b: u8) -> Value {
        match b {
            DRAW => Value::Draw,
            d if d % 2 == 1 => Value::Win(d as u32),
            d => Value::Loss(d as u32),
        }
    }
    /// The game's return for the mover: 1 a win, -1 a loss, 0 a draw.
    pub fn returns(&self) -> f64 {
        match self {
            Value::Win(_) => 1.0,
            Value::Loss(_) => -1.0,
            Value::Draw => 0.0,
        }
    }
    /// Plies to the end of the game (0 for a draw).
    pub fn plies(&self) -> u32 {
        match self {
            Value::Win(d) | Value::Loss(d) => *d,
            Value::Draw => 0,
        }
    }
}

/// The capture rules of `rules` as `key=value` text: the part of the rules a database's values
/// hold for.
pub fn value_rules_text<G: Geometry>(rules: &VariantRules) -> String {
    Rules::<G>::new(*rules)
        .values()
        .into_iter()
        .filter(|(k, _)| VALUE_KEYS.contains(k))
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(",")
}

struct Slice {
    index: SliceIndex,
    values: Vec<u8>,
}

/// What a build counted, by piece count.
#[derive(Clone, Debug, Default)]
pub struct LevelStats {
    pub pieces: usize,
    pub positions: u64,
    pub wins: u64,
    pub losses: u64,
    pub draws: u64,
    /// The longest forced win, in plies.
    pub longest_win: u32,
    pub seconds: f64,
}

pub struct EndgameDatabase<G: Geometry> {
    /// `value_rules_text` of the rules it was built for.
    rules_text: String,
    rules: VariantRules,
    max_pieces: usize,
    slices: Vec<Slice>,
    by_material: HashMap<Material, usize>,
    board: PhantomData<G>,
}

impl<G: Geometry> EndgameDatabase<G> {
    /// An empty database for `rules`, to be filled by `build_level`.
    pub fn new(rules: &VariantRules) -> Self {
        EndgameDatabase {
            rules_text: value_rules_text::<G>(rules),
            rules: *rules,
            max_pieces: 0,
            slices: Vec::new(),
            by_material: HashMap::new(),
            board: PhantomData,
        }
    }
    /// The most pieces of a position it holds (every count from 2 up to this one).
    pub fn max_pieces(&self) -> usize {
        self.max_pieces
    }
    pub fn rules_text(&self) -> &str {
        &self.rules_text
    }
    /// Whether the values hold under `rules` (same captures and moves).
    pub fn holds_for(&self, rules: &VariantRules) -> bool {
        value_rules_text::<G>(rules) == self.rules_text
    }
    /// Numbers in all slices (positions and the few numbers that are none).
    pub fn entries(&self) -> u64 {
        self.slices.iter().map(|s| s.values.len() as u64).sum()
    }

    /// The value of an oriented position, if its material is in the database. A side without
    /// pieces has lost (it has no move).
    pub fn value(&self, p: &Oriented) -> Option<Value> {
        self.byte(p).map(Value::from_byte)
    }

    /// The stored byte of an oriented position (0, a loss now, for a side without pieces).
    fn byte(&self, p: &Oriented) -> Option<u8> {
        if p.own == 0 {
            return Some(0);
        }
        let s = &self.slices[*self.by_material.get(&p.material())?];
        Some(s.values[s.index.index::<G>(p) as usize])
    }

    /// Solves every position of `pieces` pieces; the levels below must be in the database.
    /// `progress(done, total)` counts forward-pass positions of this level.
    pub fn build_level(
        &mut self,
        pieces: usize,
        progress: &(dyn Fn(u64, u64) + Sync),
    ) -> Result<LevelStats, String> {
        if !(2..=MAX_PIECES).contains(&pieces) {
            return Err(format!(
                "a database level holds 2 to {MAX_PIECES} pieces (asked for {pieces})"
            ));
        }
        if pieces != self.max_pieces + 1 && !(self.max_pieces == 0 && pieces == 2) {
            return Err(format!(
                "level {pieces} needs every level below it (the database holds up to {})",
                self.max_pieces
            ));
        }
        let started = Instant::now();
        let mut materials = Material::all_with::<G>(pieces);
        // Fewer men first: a promotion's successors must be solved before.
        materials.sort_by_key(|m| (m.men(), *m));
        let total: u64 = materials
            .iter()
            .map(|m| SliceIndex::new::<G>(*m).len())
            .sum();
        let done = std::sync::atomic::AtomicU64::new(0);
        let mut stats = LevelStats {
            pieces,
            ..Default::default()
        };
        for m in &materials {
            if self.by_material.contains_key(m) {
                continue;
            }
            let twin = m.swapped();
            let pair: Vec<Material> = if twin == *m { vec![*m] } else { vec![*m, twin] };
            let solved = self.solve_pair(&pair, &|n| {
                let d = done.fetch_add(n, std::sync::atomic::Ordering::Relaxed) + n;
                progress(d, total);
            })?;
            for (material, values) in pair.into_iter().zip(solved) {
                let index = SliceIndex::new::<G>(material);
                for (i, &v) in values.iter().enumerate() {
                    if index.position::<G>(i as u64).is_none() {
                        continue;
                    }
                    stats.positions += 1;
                    match Value::from_byte(v) {
                        Value::Win(d) => {
                            stats.wins += 1;
                            stats.longest_win = stats.longest_win.max(d);
                        }
                        Value::Loss(_) => stats.losses += 1,
                        Value::Draw => stats.draws += 1,
                    }
                }
                self.by_material.insert(material, self.slices.len());
                self.slices.push(Slice { index, values });
            }
        }
        self.max_pieces = pieces;
        stats.seconds = started.elapsed().as_secs_f64();
        Ok(stats)
    }

    /// Solves a slice and its twin (or a slice that is its own twin): their values in order.
    fn solve_pair(
        &self,
        pair: &[Material],
        progress: &(dyn Fn(u64) + Sync),
    ) -> Result<Vec<Vec<u8>>, String> {
        let indexes: Vec<SliceIndex> = pair.iter().map(|m| SliceIndex::new::<G>(*m)).collect();
        let base: Vec<u64> = {
            let mut b = vec![0u64];
            for ix in &indexes {
                b.push(b.last().unwrap() + ix.len());
            }
            b
        };
        let total = *base.last().unwrap();
        if total > u32::MAX as u64 {
            return Err(format!(
                "slice {} has {total} numbers: too many for this builder",
                pair[0].name()
            ));
        }
        // Where a number of the pair stands: its slice and the number within it.
        let locate = |g: u64| -> (usize, u64) {
            let s = if g >= base[1] { 1 } else { 0 };
            (s, g - base[s])
        };
        let global = |p: &Oriented| -> u64 {
            let m = p.material();
            let s = pair
                .iter()
                .position(|x| *x == m)
                .expect("a move inside the pair");
            base[s] + indexes[s].index::<G>(p)
        };

        // Forward pass: per position, the moves staying in the pair, whether a move out of it
        // reaches a draw or a win (then it cannot lose), the latest loss the moves out of it
        // allow, and its value if the moves out of it already decide it.
        const NO_SEED: u8 = DRAW;
        let mut remaining = vec![0u8; total as usize];
        let mut cannot_lose = vec![false; total as usize];
        let mut loss_floor = vec![0u8; total as usize];
        let mut seed = vec![NO_SEED; total as usize];
        let rules = &self.rules;
        const CHUNK: usize = 1 << 14;
        remaining
            .par_chunks_mut(CHUNK)
            .zip(cannot_lose.par_chunks_mut(CHUNK))
            .zip(loss_floor.par_chunks_mut(CHUNK))
            .zip(seed.par_chunks_mut(CHUNK))
            .enumerate()
            .try_for_each(|(c, (((rem, cl), lf), sd))| -> Result<(), String> {
                let mut moves = MoveList::<DraughtsMove>::new();
                for k in 0..rem.len() {
                    let (s, i) = locate((c * CHUNK + k) as u64);
                    let Some(p) = indexes[s].position::<G>(i) else {
                        continue;
                    };
                    moves.clear();
                    movegen::legal_moves::<G>(&p.sides(), rules, &mut moves);
                    if moves.is_empty() {
                        sd[k] = 0;
                        continue;
                    }
                    let mut best_win = u32::MAX;
                    let mut stay = 0u32;
                    let mut floor = 0u32;
                    for &mv in &moves {
                        if mv.captured == 0 && !mv.promotes {
                            stay += 1;
                            continue;
                        }
                        let next = p.after::<G>(mv);
                        // Captures and promotions lead to levels or slices solved before.
                        let solved = self.byte(&next).ok_or_else(|| {
                            format!(
                                "{} is not solved before {}",
                                next.material().name(),
                                pair[0].name()
                            )
                        })?;
                        match solved {
                            DRAW => cl[k] = true,
                            d if d % 2 == 0 => best_win = best_win.min(d as u32 + 1),
                            d => floor = floor.max(d as u32 + 1),
                        }
                    }
                    if stay > u8::MAX as u32 {
                        return Err(format!("{stay} quiet moves in one position: too many"));
                    }
                    rem[k] = stay as u8;
                    if best_win != u32::MAX {
                        cl[k] = true;
                        sd[k] = best_win.min(MAX_DISTANCE + 1) as u8;
                    } else if stay == 0 && !cl[k] {
                        sd[k] = floor.min(MAX_DISTANCE + 1) as u8;
                    }
                    lf[k] = floor.min(MAX_DISTANCE + 1) as u8;
                }
                progress(rem.len() as u64);
                Ok(())
            })?;

        // Backward pass by distance.
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new(); MAX_DISTANCE as usize + 2];
        for (g, &d) in seed.iter().enumerate() {
            if d != NO_SEED {
                buckets[d as usize].push(g as u32);
            }
        }
        drop(seed);
        let mut dist = vec![DRAW; total as usize];
        let mut d = 0usize;
        while d < buckets.len() {
            let bucket = std::mem::take(&mut buckets[d]);
            for &g in &bucket {
                if dist[g as usize] != DRAW {
                    continue;
                }
                if d > MAX_DISTANCE as usize {
                    return Err(format!(
                        "a value of slice {} lies more than {MAX_DISTANCE} plies from the end: \
                         too far for a byte",
                        pair[0].name()
                    ));
                }
                dist[g as usize] = d as u8;
                let (s, i) = locate(g as u64);
                let p = indexes[s]
                    .position::<G>(i)
                    .expect("a seeded number is a position");
                for_each_predecessor::<G>(&p, rules, |q| {
                    let qg = global(&q) as usize;
                    if dist[qg] != DRAW {
                        return;
                    }
                    if d % 2 == 0 {
                        buckets[d + 1].push(qg as u32);
                    } else {
                        remaining[qg] -= 1;
                        if remaining[qg] == 0 && !cannot_lose[qg] {
                            let at = (d + 1).max(loss_floor[qg] as usize);
                            buckets[at.min(MAX_DISTANCE as usize + 1)].push(qg as u32);
                        }
                    }
                });
            }
            d += 1;
        }
        Ok(base
            .windows(2)
            .map(|w| dist[w[0] as usize..w[1] as usize].to_vec())
            .collect())
    }

    /// Writes the database (to `path.partial`, then renamed: a crash leaves the old file).
    pub fn save(&self, path: &Path) -> Result<(), String> {
        let partial = path.with_extension("partial");
        let err = |e: std::io::Error| format!("{}: {e}", partial.display());
        let mut blobs = Vec::with_capacity(self.slices.len());
        for s in &self.slices {
            let mut enc =
                flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::default());
            enc.write_all(&s.values).map_err(err)?;
            blobs.push(enc.finish().map_err(err)?);
        }
        let mut head = format!(
            "{MAGIC}\ngame={}\nrules={}\npieces={}\nslices={}\n",
            G::ID,
            self.rules_text,
            self.max_pieces,
            self.slices.len()
        );
        for (s, blob) in self.slices.iter().zip(&blobs) {
            head.push_str(&format!(
                "{} {} {} {:016x}\n",
                s.index.material.name(),
                s.values.len(),
                blob.len(),
                fnv1a(&s.values)
            ));
        }
        head.push('\n');
        let mut f = std::io::BufWriter::new(std::fs::File::create(&partial).map_err(err)?);
        f.write_all(head.as_bytes()).map_err(err)?;
        for blob in &blobs {
            f.write_all(blob).map_err(err)?;
        }
        f.into_inner()
            .map_err(|e| err(e.into_error()))?
            .sync_all()
            .map_err(err)?;
        std::fs::rename(&partial, path).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Reads a database written by `save`; a file of another game, a damaged header, a cut
    /// file or a slice whose bytes do not match its checksum is an error naming it.
    pub fn load(path: &Path) -> Result<Self, String> {
        let name = path.display().to_string();
        let file = std::fs::File::open(path).map_err(|e| format!("{name}: {e}"))?;
        let mut r = BufReader::new(file);
        let mut line_no = 0;
        let mut line = |r: &mut BufReader<std::fs::File>| -> Result<String, String> {
            let mut s = String::new();
            line_no += 1;
            let n = r
                .read_line(&mut s)
                .map_err(|e| format!("{name}: line {line_no}: {e}"))?;
            if n == 0 {
                return Err(format!("{name}: ends in its header (line {line_no})"));
            }
            Ok(s.trim_end_matches('\n').to_string())
        };
        let magic = line(&mut r)?;
        if magic != MAGIC {
            return Err(format!(
                "{name}: not a draughts endgame database (first line {:?})",
                magic.chars().take(60).collect::<String>()
            ));
        }
        let field = |text: String, key: &str| -> Result<String, String> {
            text.strip_prefix(&format!("{key}="))
                .map(str::to_string)
                .ok_or_else(|| format!("{name}: expected {key}=..., found {text:?}"))
        };
        let game = field(line(&mut r)?, "game")?;
        if game != G::ID {
            return Err(format!("{name}: a database of {game}, not of {}", G::ID));
        }
        let rules_text = field(line(&mut r)?, "rules")?;
        let rules = Rules::<G>::parse(&rules_text)
            .map_err(|e| format!("{name}: rules {rules_text:?}: {e}"))?
            .variant;
        let number = |text: String, key: &str| -> Result<usize, String> {
            let v = field(text, key)?;
            v.parse()
                .map_err(|_| format!("{name}: {key}={v:?} is not a count"))
        };
        let max_pieces = number(line(&mut r)?, "pieces")?;
        let count = number(line(&mut r)?, "slices")?;
        if max_pieces > MAX_PIECES || count > 100_000 {
            return Err(format!(
                "{name}: {max_pieces} pieces, {count} slices: not a database this program writes"
            ));
        }
        let mut heads = Vec::with_capacity(count);
        for _ in 0..count {
            let text = line(&mut r)?;
            let parts: Vec<&str> = text.split(' ').collect();
            let bad = || format!("{name}: bad slice line {text:?}");
            if parts.len() != 4 {
                return Err(bad());
            }
            let material = Material::parse(parts[0]).ok_or_else(bad)?;
            let len: u64 = parts[1].parse().map_err(|_| bad())?;
            let packed: u64 = parts[2].parse().map_err(|_| bad())?;
            let sum = u64::from_str_radix(parts[3], 16).map_err(|_| bad())?;
            if material.pieces() > max_pieces || SliceIndex::new::<G>(material).len() != len {
                return Err(format!(
                    "{name}: slice {} of {len} numbers does not fit this game's index",
                    parts[0]
                ));
            }
            heads.push((material, len, packed, sum));
        }
        if !line(&mut r)?.is_empty() {
            return Err(format!("{name}: no blank line after the slice table"));
        }
        let mut db = EndgameDatabase::<G>::new(&rules);
        db.rules_text = rules_text;
        db.max_pieces = max_pieces;
        for (material, len, packed, sum) in heads {
            let mut blob = Vec::new();
            (&mut r)
                .take(packed)
                .read_to_end(&mut blob)
                .map_err(|e| format!("{name}: {e}"))?;
            if (blob.len() as u64) < packed {
                return Err(format!(
                    "{name}: cut short in slice {} ({} of {packed} bytes)",
                    material.name(),
                    blob.len()
                ));
            }
            let mut values = Vec::with_capacity(len as usize);
            flate2::read::DeflateDecoder::new(&blob[..])
                .read_to_end(&mut values)
                .map_err(|e| format!("{name}: slice {}: {e}", material.name()))?;
            if values.len() as u64 != len || fnv1a(&values) != sum {
                return Err(format!(
                    "{name}: slice {} is damaged (its bytes do not match its checksum)",
                    material.name()
                ));
            }
            db.by_material.insert(material, db.slices.len());
            db.slices.push(Slice {
                index: SliceIndex::new::<G>(material),
                values,
            });
        }
        let mut rest = [0u8; 1];
        if r.read(&mut rest).map_err(|e| format!("{name}: {e}"))? != 0 {
            return Err(format!("{name}: bytes after the last slice"));
        }
        for n in 2..=max_pieces {
            for m in Material::all_with::<G>(n) {
                if !db.by_material.contains_key(&m) {
                    return Err(format!("{name}: slice {} is missing", m.name()));
                }
            }
        }
        Ok(db)
    }
}

/// FNV-1a, 64 bits: a checksum of a slice's bytes (a guard against damage, not an attacker).
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// Every position (seen by its mover) from which a quiet move, neither a capture nor a
/// promotion, leads to `p`: the last mover's men one step back, its kings back along a
/// diagonal, from positions without a capture.
pub fn for_each_predecessor<G: Geometry>(
    p: &Oriented,
    rules: &VariantRules,
    mut f: impl FnMut(Oriented),
) {
    let before = p.before::<G>();
    let empty = G::ALL & !(before.own | before.opp);
    let mut pieces = before.own;
    while pieces != 0 {
        let t = pieces.trailing_zeros();
        pieces &= pieces - 1;
        let at = 1u64 << t;
        let king = before.kings & at != 0;
        let mut emit = |from: u64| {
            let q = Oriented {
                own: (before.own & !at) | from,
                opp: before.opp,
                kings: if king {
                    (before.kings & !at) | from
                } else {
                    before.kings
                },
            };
            if !movegen::has_capture::<G>(&q.sides(), rules) {
                f(q);
            }
        };
        if king {
            for d in directions::<G>() {
                let mut sq = at;
                loop {
                    sq = shift::<G>(sq, d) & empty;
                    if sq == 0 {
                        break;
                    }
                    emit(sq);
                    if !rules.flying_kings {
                        break;
                    }
                }
            }
        } else {
            for d in forward::<G>(0) {
                let from = shift::<G>(at, -d) & empty;
                if from != 0 {
                    emit(from);
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::endgame_index::SliceIndex;
    use super::super::{Eight, Position, Ten};
    use super::*;
    use crate::game::Game;
    use rand::{Rng, SeedableRng};

    /// Rules without draw rules: the game the database's values are for.
    fn plain_rules<G: Geometry>() -> Rules<G> {
        let mut v = G::default_rules();
        v.king_moves = 0;
        v.repetition = false;
        v.endgame_rule = false;
        Rules::new(v)
    }

    /// Checkers up to 4 pieces, built once for all the tests here (2 s).
    fn checkers4() -> &'static EndgameDatabase<Eight> {
        static DB: std::sync::OnceLock<EndgameDatabase<Eight>> = std::sync::OnceLock::new();
        DB.get_or_init(|| built::<Eight>(4))
    }

    fn built<G: Geometry>(pieces: usize) -> EndgameDatabase<G> {
        let mut db = EndgameDatabase::<G>::new(&G::default_rules());
        for n in 2..=pieces {
            db.build_level(n, &|_, _| {}).unwrap();
        }
        db
    }

    fn game_position<G: Geometry>(p: &Oriented) -> Position<G> {
        // The mover as the first player: the oriented board is that player's view.
        Position::from_pieces(plain_rules::<G>(), [p.own, p.opp], p.kings, 0)
    }

    /// The value a position must have given its successors' values (looked up through the
    /// game's own move generator and `Game::play`, not the builder's un-moves).
    fn value_from_moves<G: Geometry>(db: &EndgameDatabase<G>, pos: &Position<G>) -> Value {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Value::Loss(0);
        }
        let (mut win, mut lose, mut draw) = (u32::MAX, 0u32, false);
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            let o = Oriented::new::<G>([next.pieces(0), next.pieces(1)], next.kings(), next.side());
            match db.value(&o).expect("successors are in the database") {
                Value::Loss(d) => win = win.min(d + 1),
                Value::Win(d) => lose = lose.max(d + 1),
                Value::Draw => draw = true,
            }
        }
        if win != u32::MAX {
            Value::Win(win)
        } else if draw {
            Value::Draw
        } else {
            Value::Loss(lose)
        }
    }

    fn consistent<G: Geometry>(db: &EndgameDatabase<G>, m: Material, sample: Option<usize>) {
        let index = SliceIndex::new::<G>(m);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        let numbers: Vec<u64> = match sample {
            None => (0..index.len()).collect(),
            Some(n) => (0..n).map(|_| rng.gen_range(0..index.len())).collect(),
        };
        for i in numbers {
            let Some(p) = index.position::<G>(i) else {
                continue;
            };
            let pos = game_position::<G>(&p);
            let stored = db.value(&p).unwrap();
            assert_eq!(
                stored,
                value_from_moves(db, &pos),
                "{} {}",
                G::ID,
                pos.format_position()
            );
        }
    }

    #[test]
    fn every_checkers_value_up_to_three_pieces_follows_from_its_moves() {
        let db = checkers4();
        for n in 2..=3 {
            for m in Material::all_with::<Eight>(n) {
                consistent(&db, m, None);
            }
        }
        for m in Material::all_with::<Eight>(4) {
            consistent(&db, m, Some(300));
        }
    }

    #[test]
    fn every_draughts_value_up_to_three_pieces_follows_from_its_moves() {
        let db = built::<Ten>(3);
        for n in 2..=3 {
            for m in Material::all_with::<Ten>(n) {
                consistent(&db, m, if n == 3 { Some(3000) } else { None });
            }
        }
    }

    /// A plain minimax to the end, written from the rules alone (the game's moves, no
    /// database): `Some(1)` when the mover forces a win within `depth` plies, `Some(-1)` when
    /// it cannot avoid a loss within them, `None` when neither is proven.
    fn minimax<G: Geometry>(pos: &Position<G>, depth: u32) -> Option<i32> {
        let mut moves = MoveList::new();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return Some(-1);
        }
        if depth == 0 {
            return None;
        }
        let mut all_lose = true;
        for &mv in &moves {
            let mut next = pos.clone();
            next.play(mv);
            match minimax(&next, depth - 1) {
                Some(-1) => return Some(1),
                Some(1) => {}
                _ => all_lose = false,
            }
        }
        all_lose.then_some(-1)
    }

    #[test]
    fn distances_agree_with_a_plain_minimax_on_random_four_piece_positions() {
        let db = checkers4();
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        let materials = Material::all_with::<Eight>(4);
        let (mut wins, mut losses, mut draws) = (0, 0, 0);
        let mut tries = 0;
        while (wins < 40 || losses < 40 || draws < 40) && tries < 2_000_000 {
            tries += 1;
            let m = materials[rng.gen_range(0..materials.len())];
            let index = SliceIndex::new::<Eight>(m);
            let Some(p) = index.position::<Eight>(rng.gen_range(0..index.len())) else {
                continue;
            };
            let pos = game_position::<Eight>(&p);
            match db.value(&p).unwrap() {
                Value::Win(d) if d <= 7 && wins < 40 => {
                    wins += 1;
                    assert_eq!(
                        minimax(&pos, d),
                        Some(1),
                        "{}: win in {d}",
                        pos.format_position()
                    );
                    if d >= 3 {
                        assert_ne!(
                            minimax(&pos, d - 2),
                            Some(1),
                            "{}: not sooner",
                            pos.format_position()
                        );
                    }
                }
                Value::Loss(d) if (1..=6).contains(&d) && losses < 40 => {
                    losses += 1;
                    assert_eq!(
                        minimax(&pos, d),
                        Some(-1),
                        "{}: loss in {d}",
                        pos.format_position()
                    );
                    assert_ne!(
                        minimax(&pos, d - 2),
                        Some(-1),
                        "{}: not sooner",
                        pos.format_position()
                    );
                }
                Value::Draw if draws < 40 => {
                    draws += 1;
                    assert_eq!(minimax(&pos, 6), None, "{}: a draw", pos.format_position());
                }
                _ => {}
            }
        }
        assert!(
            wins == 40 && losses == 40 && draws == 40,
            "{wins} {losses} {draws}"
        );
    }

    fn scratch(name: &str) -> std::path::PathBuf {
        std::env::temp_dir().join(format!("boardlab-egdb-{}-{name}", std::process::id()))
    }

    #[test]
    fn a_saved_database_reads_back_and_a_damaged_one_is_refused() {
        let db = built::<Eight>(3);
        let path = scratch("three.egdb");
        db.save(&path).unwrap();
        let back = EndgameDatabase::<Eight>::load(&path).unwrap();
        assert_eq!(back.max_pieces(), 3);
        for m in Material::all_with::<Eight>(3) {
            let index = SliceIndex::new::<Eight>(m);
            for i in 0..index.len() {
                if let Some(p) = index.position::<Eight>(i) {
                    assert_eq!(back.value(&p), db.value(&p));
                }
            }
        }
        let bytes = std::fs::read(&path).unwrap();
        let refused = |name: &str, data: &[u8]| -> String {
            let p = scratch(name);
            std::fs::write(&p, data).unwrap();
            let e = EndgameDatabase::<Eight>::load(&p).err().expect("refused");
            std::fs::remove_file(&p).ok();
            e
        };
        let e = refused("cut", &bytes[..bytes.len() - 100]);
        assert!(e.contains("cut short"), "{e}");
        let mut flipped = bytes.clone();
        let last = flipped.len() - 3;
        flipped[last] ^= 0x5a;
        let e = refused("flipped", &flipped);
        assert!(e.contains("slice"), "{e}");
        let e = refused("text", b"hello\n");
        assert!(e.contains("not a draughts endgame database"), "{e}");
        let e = EndgameDatabase::<Ten>::load(&path)
            .err()
            .expect("another board");
        assert!(e.contains("a database of checkers"), "{e}");
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(refused("longer", &longer).contains("bytes after"));
        std::fs::remove_file(&path).ok();
    }

    #[test]
    fn values_under_other_capture_rules_are_other_values() {
        // Russian rules (flying kings, men capturing backwards) on the same board: a database of
        // English values must not hold for them, and its own values differ somewhere.
        let russian = VariantRules::RUSSIAN;
        let db = checkers4();
        assert!(!db.holds_for(&russian));
        assert!(db.holds_for(&VariantRules {
            king_moves: 0,
            repetition: false,
            ..VariantRules::ENGLISH
        }));
        let mut other = EndgameDatabase::<Eight>::new(&russian);
        for n in 2..=3 {
            other.build_level(n, &|_, _| {}).unwrap();
        }
        let differs = Material::all_with::<Eight>(3).into_iter().any(|m| {
            let index = SliceIndex::new::<Eight>(m);
            (0..index.len()).any(|i| {
                index
                    .position::<Eight>(i)
                    .is_some_and(|p| other.value(&p) != db.value(&p))
            })
        });
        assert!(differs);
    }

    #[test]
    fn a_level_needs_the_levels_below_it() {
        let mut db = EndgameDatabase::<Eight>::new(&Eight::default_rules());
        assert!(db
            .build_level(3, &|_, _| {})
            .unwrap_err()
            .contains("every level below"));
        assert!(db.build_level(9, &|_, _| {}).is_err());
    }
}
