//! Othello pattern evaluation, as Logistello, Edax and Egaroucid do it: the board is read through
//! a set of fixed square groups (edges with the X-squares, corner 3x3 and 2x5 blocks, the lines
//! of the second to fourth rows, the diagonals of 4 to 8 squares), each group's discs form a
//! base-3 number (0 empty, 1 the side to move's, 2 the opponent's), and the evaluation is the sum
//! of one table entry per group instance, a table per kind of group and per game stage, plus a
//! bias per stage. The tables are fitted from games (`tune::patterns`), in discs of final margin.
//!
//! Every kind is read in all 8 board symmetries (the instances) through one table: an instance's
//! digits are taken in ascending square order with `pext` (BMI2; a bit loop elsewhere), and a
//! per-instance remapping table turns that raw index into the kind's canonical configuration.
//! Configurations that a symmetry of the group itself maps onto each other (an edge read from
//! either end) share one weight, so the evaluation of a position equals that of its 8 images by
//! construction. Indices are computed from scratch at each evaluation (46 instances, two `pext`
//! and two table loads each): measured cheaper to keep than incremental updates inside the
//! solver's make/unmake-free search, which passes bare bitboards.

use std::sync::OnceLock;

/// Game stages: `stage(empties)`; 4 empties a stage (60 empties / 4 = 15 stages, Edax's 61
/// plies thinned so each stage sees enough positions).
pub const STAGES: usize = 15;
/// Weights are stored in 1/`SCALE` disc.
pub const SCALE: i32 = 64;

/// The stage of a position with `empties` empty squares (1..=60 in play; 0 and 61+ clamp).
#[inline]
pub fn stage(empties: u32) -> usize {
    ((empties.max(1) - 1) / 4).min(STAGES as u32 - 1) as usize
}

/// A kind of pattern: its name and its squares in one orientation (a1 = 0, b1 = 1, a2 = 8).
struct KindDef {
    name: &'static str,
    squares: &'static [u8],
}

/// Squares by name, for the table below.
const fn sq(name: &str) -> u8 {
    let b = name.as_bytes();
    (b[1] - b'1') * 8 + (b[0] - b'a')
}

macro_rules! squares {
    ($($s:literal),*) => { &[$(sq($s)),*] };
}

/// Edax's pattern set (eval.c): 11 kinds, 46 instances with the symmetries.
const KINDS: [KindDef; 11] = [
    KindDef {
        name: "corner3x3",
        squares: squares!("a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"),
    },
    KindDef {
        name: "corner2x5",
        squares: squares!("a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"),
    },
    KindDef {
        name: "edge2x",
        squares: squares!("a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "b2", "g2"),
    },
    KindDef {
        name: "line2",
        squares: squares!("a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"),
    },
    KindDef {
        name: "line3",
        squares: squares!("a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"),
    },
    KindDef {
        name: "line4",
        squares: squares!("a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"),
    },
    KindDef {
        name: "diag8",
        squares: squares!("a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"),
    },
    KindDef {
        name: "diag7",
        squares: squares!("b1", "c2", "d3", "e4", "f5", "g6", "h7"),
    },
    KindDef {
        name: "diag6",
        squares: squares!("c1", "d2", "e3", "f4", "g5", "h6"),
    },
    KindDef {
        name: "diag5",
        squares: squares!("d1", "e2", "f3", "g4", "h5"),
    },
    KindDef {
        name: "diag4",
        squares: squares!("e1", "f2", "g3", "h4"),
    },
];

/// The 8 symmetries of the board on a square index.
#[inline]
pub fn symmetric_square(g: usize, sq: u32) -> u32 {
    let (mut r, mut c) = (sq / 8, sq % 8);
    if g & 4 != 0 {
        std::mem::swap(&mut r, &mut c);
    }
    if g & 2 != 0 {
        r = 7 - r;
    }
    if g & 1 != 0 {
        c = 7 - c;
    }
    r * 8 + c
}

/// A bitboard under symmetry `g`.
pub fn symmetric_board(g: usize, bits: u64) -> u64 {
    let mut out = 0;
    let mut b = bits;
    while b != 0 {
        let s = b.trailing_zeros();
        b &= b - 1;
        out |= 1u64 << symmetric_square(g, s);
    }
    out
}

/// One instance: its squares and how its raw index maps to the kind's weights.
struct Instance {
    mask: u64,
    /// Which remapping table (shared by instances that read the kind the same way).
    class: usize,
}

/// The layout: instances, remapping tables, where each kind's weights start.
pub struct Layout {
    instances: Vec<Instance>,
    /// Per class: the kind's weight offset within a stage plus the canonical id, by raw index.
    classes: Vec<Vec<u32>>,
    /// Number of weights a stage (all kinds' canonical configurations, then the bias).
    pub per_stage: usize,
    /// (name, first weight, canonical configurations) per kind.
    pub kinds: Vec<(&'static str, usize, usize)>,
    /// Raw digits -> base-3 value: bit k worth 3^k.
    base3: Vec<u32>,
}

/// The index of the stage bias within a stage's weights.
impl Layout {
    pub fn bias(&self) -> usize {
        self.per_stage - 1
    }
    pub fn instance_count(&self) -> usize {
        self.instances.len()
    }
}

fn pow3(n: usize) -> usize {
    3usize.pow(n as u32)
}

fn build_layout() -> Layout {
    let mut instances = Vec::new();
    let mut classes: Vec<Vec<u32>> = Vec::new();
    let mut kinds = Vec::new();
    let mut offset = 0usize;
    for kind in &KINDS {
        let n = kind.squares.len();
        let base_mask: u64 = kind.squares.iter().map(|&s| 1u64 << s).sum();
        let base_order: Vec<u32> = bits_ascending(base_mask);
        // Symmetries that map the group onto itself: the permutations of its digits.
        let stabiliser: Vec<Vec<usize>> = (0..8)
            .filter(|&g| symmetric_board(g, base_mask) == base_mask)
            .map(|g| {
                base_order
                    .iter()
                    .map(|&s| {
                        let t = symmetric_square(g, s);
                        base_order.iter().position(|&u| u == t).unwrap()
                    })
                    .collect()
            })
            .collect();
        // Canonical configuration: the least of its images under the stabiliser.
        let size = pow3(n);
        let mut canon_id = vec![u32::MAX; size];
        let mut next = 0u32;
        let mut digits = vec![0usize; n];
        for c in 0..size {
            if canon_id[c] != u32::MAX {
                continue;
            }
            let mut x = c;
            for d in digits.iter_mut() {
                *d = x % 3;
                x /= 3;
            }
            for perm in &stabiliser {
                let mut img = 0usize;
                for (p, &d) in digits.iter().enumerate() {
                    img += d * pow3(perm[p]);
                }
                canon_id[img] = next;
            }
            next += 1;
        }
        let canonical = next as usize;
        // Instances: the distinct images of the group, each with its raw -> canonical table.
        let mut seen = Vec::new();
        for g in 0..8 {
            let mask = symmetric_board(g, base_mask);
            if seen.contains(&mask) {
                continue;
            }
            seen.push(mask);
            let order = bits_ascending(mask);
            let inverse = (0..8)
                .find(|&h| (0..64).all(|t| symmetric_square(h, symmetric_square(g, t)) == t))
                .unwrap();
            // Raw digit p (p-th square of the instance, ascending) is base digit q.
            let to_base: Vec<usize> = order
                .iter()
                .map(|&s| {
                    let b = symmetric_square(inverse, s);
                    base_order.iter().position(|&u| u == b).unwrap()
                })
                .collect();
            let mut table = vec![0u32; size];
            for (raw, entry) in table.iter_mut().enumerate() {
                let mut x = raw;
                let mut c = 0usize;
                for &q in &to_base {
                    c += (x % 3) * pow3(q);
                    x /= 3;
                }
                *entry = (offset + canon_id[c] as usize) as u32;
            }
            let class = match classes.iter().position(|t| *t == table) {
                Some(i) => i,
                None => {
                    classes.push(table);
                    classes.len() - 1
                }
            };
            instances.push(Instance { mask, class });
        }
        kinds.push((kind.name, offset, canonical));
        offset += canonical;
    }
    let base3 = (0..1024u32)
        .map(|b| {
            (0..10)
                .filter(|k| b >> k & 1 == 1)
                .map(|k| 3u32.pow(k))
                .sum()
        })
        .collect();
    Layout {
        instances,
        classes,
        per_stage: offset + 1,
        kinds,
        base3,
    }
}

fn bits_ascending(mask: u64) -> Vec<u32> {
    (0..64).filter(|s| mask >> s & 1 == 1).collect()
}

/// The pattern layout (built once).
pub fn layout() -> &'static Layout {
    static LAYOUT: OnceLock<Layout> = OnceLock::new();
    LAYOUT.get_or_init(build_layout)
}

#[inline(always)]
fn pext_soft(bits: u64, mut mask: u64) -> u64 {
    let mut out = 0;
    let mut k = 0;
    while mask != 0 {
        let low = mask & mask.wrapping_neg();
        if bits & low != 0 {
            out |= 1 << k;
        }
        k += 1;
        mask ^= low;
    }
    out
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "bmi2")]
unsafe fn features_bmi2(layout: &Layout, own: u64, opp: u64, out: &mut [u32]) {
    use std::arch::x86_64::_pext_u64;
    for (i, inst) in layout.instances.iter().enumerate() {
        let raw = layout.base3[_pext_u64(own, inst.mask) as usize]
            + 2 * layout.base3[_pext_u64(opp, inst.mask) as usize];
        out[i] = *layout.classes[inst.class].get_unchecked(raw as usize);
    }
}

impl Layout {
    /// The weight index (within a stage) of every instance for `own` to move against `opp`,
    /// into `out` (one per instance).
    #[inline]
    pub fn features(&self, own: u64, opp: u64, out: &mut [u32]) {
        assert!(out.len() >= self.instances.len());
        #[cfg(target_arch = "x86_64")]
        if bmi2() {
            // SAFETY: BMI2 was detected at run time; indices are < 3^n by construction.
            unsafe { features_bmi2(self, own, opp, out) };
            return;
        }
        for (i, inst) in self.instances.iter().enumerate() {
            let raw = self.base3[pext_soft(own, inst.mask) as usize]
                + 2 * self.base3[pext_soft(opp, inst.mask) as usize];
            out[i] = self.classes[inst.class][raw as usize];
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[inline]
fn bmi2() -> bool {
    std::arch::is_x86_feature_detected!("bmi2")
}

/// Fitted weights: `STAGES` stages of `layout().per_stage` values in 1/`SCALE` disc.
pub struct PatternWeights {
    pub weights: Vec<i16>,
}

/// The magic at the start of a weights file.
pub const MAGIC: &[u8; 8] = b"BLPAT001";

impl PatternWeights {
    pub fn zeros() -> Self {
        PatternWeights {
            weights: vec![0; STAGES * layout().per_stage],
        }
    }
    /// Reads the file format: `MAGIC`, stages (u32 LE), weights a stage (u32 LE), then the
    /// weights as i16 LE, stage by stage, kinds in `layout().kinds` order, the bias last.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, String> {
        let per_stage = layout().per_stage;
        if bytes.len() < 16 || &bytes[..8] != MAGIC {
            return Err("not an Othello pattern weights file (magic BLPAT001)".into());
        }
        let stages = u32::from_le_bytes(bytes[8..12].try_into().unwrap()) as usize;
        let per = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
        if stages != STAGES || per != per_stage {
            return Err(format!(
                "pattern weights for {stages} stages x {per}, this build reads {STAGES} x {per_stage}"
            ));
        }
        let body = &bytes[16..];
        if body.len() != 2 * stages * per {
            return Err(format!(
                "pattern weights file: {} bytes of weights, expected {}",
                body.len(),
                2 * stages * per
            ));
        }
        let weights = body
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        Ok(PatternWeights { weights })
    }
    pub fn to_bytes(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(16 + 2 * self.weights.len());
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&(STAGES as u32).to_le_bytes());
        out.extend_from_slice(&(layout().per_stage as u32).to_le_bytes());
        for w in &self.weights {
            out.extend_from_slice(&w.to_le_bytes());
        }
        out
    }
    /// The evaluation of `own` to move against `opp`, in 1/`SCALE` disc.
    #[inline]
    pub fn eval(&self, own: u64, opp: u64) -> i32 {
        let layout = layout();
        let empties = (!(own | opp)).count_ones();
        let base = stage(empties) * layout.per_stage;
        let w = &self.weights[base..base + layout.per_stage];
        let mut idx = [0u32; 64];
        layout.features(own, opp, &mut idx);
        let mut sum = w[layout.bias()] as i32;
        for &i in &idx[..layout.instance_count()] {
            sum += w[i as usize] as i32;
        }
        sum
    }
}

/// The environment variable naming a weights file to use instead of the committed one (to try
/// a fit without rebuilding).
pub const WEIGHTS_ENV: &str = "BOARDLAB_OTHELLO_PATTERNS";

/// The committed weights (`weights/patterns.bin`, fitted by `boardlab tune patterns`), or the
/// file `BOARDLAB_OTHELLO_PATTERNS` names (a file that does not read is a fatal error: a
/// silently zero evaluation would make every result built on it meaningless).
pub fn fitted() -> &'static PatternWeights {
    static W: OnceLock<PatternWeights> = OnceLock::new();
    W.get_or_init(|| {
        if let Some(path) = std::env::var_os(WEIGHTS_ENV) {
            let read = std::fs::read(&path)
                .map_err(|e| e.to_string())
                .and_then(|b| PatternWeights::from_bytes(&b));
            match read {
                Ok(w) => return w,
                Err(e) => {
                    eprintln!(
                        "{WEIGHTS_ENV}={}: {e}",
                        std::path::Path::new(&path).display()
                    );
                    std::process::exit(2);
                }
            }
        }
        let bytes: &[u8] = include_bytes!("weights/patterns.bin");
        if bytes.is_empty() {
            // Not fitted yet: every weight 0.
            return PatternWeights::zeros();
        }
        PatternWeights::from_bytes(bytes).expect("the committed pattern weights match the layout")
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};

    #[test]
    fn layout_has_edax_instances() {
        let l = layout();
        // 4 corner3x3 + 8 corner2x5 + 4 edge2x + 4+4+4 lines + 2 diag8 + 4*4 diagonals.
        assert_eq!(l.instance_count(), 46);
        // Every raw index of every class lands inside its kind's weights.
        for t in &l.classes {
            assert!(t.iter().all(|&i| (i as usize) < l.per_stage - 1));
        }
    }

    /// The slow reading: digits square by square in the kind's own order, canonical by brute
    /// force over the images, compared with the fast path on random boards.
    #[test]
    fn soft_pext_matches_hardware() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(5);
        for _ in 0..1000 {
            let (a, m) = (rng.gen::<u64>(), rng.gen::<u64>());
            let expect = bits_ascending(m)
                .iter()
                .enumerate()
                .map(|(k, &s)| ((a >> s) & 1) << k)
                .sum::<u64>();
            assert_eq!(pext_soft(a, m), expect);
        }
    }

    fn random_board(rng: &mut impl Rng) -> (u64, u64) {
        let occ = rng.gen::<u64>() | rng.gen::<u64>();
        let own = occ & rng.gen::<u64>();
        (own, occ & !own)
    }

    /// Random weights: the evaluation of a board equals that of its 8 images.
    #[test]
    fn evaluation_is_symmetric() {
        let mut rng = rand::rngs::SmallRng::seed_from_u64(9);
        let mut w = PatternWeights::zeros();
        for x in w.weights.iter_mut() {
            *x = rng.gen_range(-1000..1000);
        }
        for _ in 0..2000 {
            let (own, opp) = random_board(&mut rng);
            let e = w.eval(own, opp);
            for g in 1..8 {
                assert_eq!(
                    w.eval(symmetric_board(g, own), symmetric_board(g, opp)),
                    e,
                    "symmetry {g} of {own:#x} {opp:#x}"
                );
            }
        }
    }

    /// Two boards that differ on a pattern square but agree up to the group's own symmetry get
    /// the same weight; boards that are not images of each other differ (the tables do not
    /// merge unrelated configurations): the canonical count is the orbit count.
    #[test]
    fn canonical_counts_are_orbit_counts() {
        let l = layout();
        let count = |name: &str| l.kinds.iter().find(|k| k.0 == name).unwrap().2;
        // Mirror-symmetric lines of n squares: (3^n + 3^ceil(n/2)) / 2 orbits.
        assert_eq!(count("line2"), (6561 + 81) / 2);
        assert_eq!(count("diag5"), (243 + 27) / 2);
        // 3x3 corner, symmetric about its diagonal (3 squares fixed): (3^9 + 3^6) / 2.
        assert_eq!(count("corner3x3"), (19683 + 729) / 2);
        // edge + 2X: mirror maps the 10 squares in 5 pairs: (3^10 + 3^5) / 2.
        assert_eq!(count("edge2x"), (59049 + 243) / 2);
        assert_eq!(count("corner2x5"), 59049);
    }

    #[test]
    fn file_round_trip_and_bad_files() {
        let mut w = PatternWeights::zeros();
        w.weights[7] = -3;
        w.weights[1000] = 12345;
        let b = w.to_bytes();
        assert_eq!(PatternWeights::from_bytes(&b).unwrap().weights, w.weights);
        assert!(PatternWeights::from_bytes(&b[..b.len() - 1]).is_err());
        assert!(PatternWeights::from_bytes(b"nonsense").is_err());
        let mut bad = b.clone();
        bad[8] = 3;
        assert!(PatternWeights::from_bytes(&bad).is_err());
    }

    #[test]
    fn committed_weights_load() {
        let _ = fitted().eval(0x0000_0008_1000_0000, 0x0000_0010_0800_0000);
    }
}
