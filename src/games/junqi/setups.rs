//! Setups: a side's 25 kinds in its setup order, a small library of published ones, random
//! legal ones, and the setup chooser the engines use during the setup phase.
//!
//! Setup text, as the owner sees its half: six rows from its back row to its front row, `/`
//! between rows, left to right, camps left out (5, 5, 3, 4, 3, 5 letters):
//! `MFMPP/JTDGM/LZC/LYGC/ZGP/DTSYC`. The same text serves red and black (black's setup order is
//! red's turned 180 degrees, so each side's left is its own).

use rand::Rng;

use super::board::{mirror, placement_kinds, SETUP_ORDER};
use super::game::setup_feasible;
use super::piece::{bit, kinds_in, Kind, KINDS, PIECES_PER_SIDE, START_COUNTS};

/// Letters per row of the setup text (camps left out).
const ROW_LENGTHS: [usize; 6] = [5, 5, 3, 4, 3, 5];

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Setup(pub [Kind; PIECES_PER_SIDE]);

impl Setup {
    /// Reads setup text and checks it is a legal setup.
    pub fn parse(text: &str) -> Result<Setup, String> {
        let rows: Vec<&str> = text.trim().split('/').collect();
        if rows.len() != ROW_LENGTHS.len() {
            return Err(format!("setup {text:?}: expected 6 rows separated by '/'"));
        }
        let mut kinds = Vec::with_capacity(PIECES_PER_SIDE);
        for (i, (row, &len)) in rows.iter().zip(&ROW_LENGTHS).enumerate() {
            let letters: Vec<char> = row.chars().collect();
            if letters.len() != len {
                return Err(format!(
                    "setup {text:?}: row {} from the back has {} letters, not {len}",
                    i + 1,
                    letters.len()
                ));
            }
            for c in letters {
                kinds.push(
                    Kind::from_letter(c)
                        .ok_or_else(|| format!("setup {text:?}: unknown piece letter {c:?}"))?,
                );
            }
        }
        let mut arr = [Kind::Flag; PIECES_PER_SIDE];
        arr.copy_from_slice(&kinds);
        let s = Setup(arr);
        s.check().map_err(|why| format!("setup {text:?}: {why}"))?;
        Ok(s)
    }

    pub fn to_text(&self) -> String {
        let mut out = String::new();
        let mut i = 0;
        for (r, &len) in ROW_LENGTHS.iter().enumerate() {
            if r > 0 {
                out.push('/');
            }
            for _ in 0..len {
                out.push(self.0[i].letter());
                i += 1;
            }
        }
        out
    }

    /// Whether it obeys the setup rules: the right pieces, flag in a headquarters, mines on the
    /// back two rows, no bomb on the front row.
    pub fn check(&self) -> Result<(), String> {
        let mut counts = [0u8; KINDS];
        for (i, k) in self.0.iter().enumerate() {
            counts[k.index()] += 1;
            if placement_kinds(0, SETUP_ORDER[0][i]) & bit(*k) == 0 {
                return Err(format!(
                    "a {} cannot start on {}",
                    k.english(),
                    super::board::point_name(SETUP_ORDER[0][i])
                ));
            }
        }
        if counts != START_COUNTS {
            return Err("not the 25 pieces of a side".into());
        }
        Ok(())
    }

    /// Left and right swapped.
    pub fn mirrored(&self) -> Setup {
        let mut out = self.0;
        for (i, &p) in SETUP_ORDER[0].iter().enumerate() {
            let j = SETUP_ORDER[0]
                .iter()
                .position(|&q| q == mirror(p))
                .expect("the setup points are symmetric");
            out[j] = self.0[i];
        }
        Setup(out)
    }

    /// A random legal setup: every point in order gets a kind among those that keep the rest
    /// placeable, with probability in proportion to how many of that kind are left.
    pub fn random<R: Rng + ?Sized>(rng: &mut R) -> Setup {
        Setup::complete(&[], rng)
    }

    /// A random legal setup starting with `prefix` (which must be a legal beginning).
    pub fn complete<R: Rng + ?Sized>(prefix: &[Kind], rng: &mut R) -> Setup {
        let mut remaining = START_COUNTS;
        let mut out = [Kind::Flag; PIECES_PER_SIDE];
        for (i, &k) in prefix.iter().enumerate() {
            out[i] = k;
            remaining[k.index()] -= 1;
        }
        for (i, slot) in out.iter_mut().enumerate().skip(prefix.len()) {
            let options: Vec<Kind> = kinds_in(placement_kinds(0, SETUP_ORDER[0][i]))
                .filter(|k| {
                    let mut r = remaining;
                    if r[k.index()] == 0 {
                        return false;
                    }
                    r[k.index()] -= 1;
                    setup_feasible(&r, i + 1)
                })
                .collect();
            let total: u32 = options.iter().map(|k| remaining[k.index()] as u32).sum();
            let mut x = rng.gen_range(0..total.max(1));
            let mut pick = options[0];
            for &k in &options {
                let w = remaining[k.index()] as u32;
                if x < w {
                    pick = k;
                    break;
                }
                x -= w;
            }
            *slot = pick;
            remaining[pick.index()] -= 1;
        }
        Setup(out)
    }
}

/// A setup of the library, with where it comes from.
pub struct LibraryEntry {
    pub name: &'static str,
    pub text: &'static str,
    pub source: &'static str,
}

/// Published setups. No expert setup collection with complete layouts was found in the sources
/// available; these come from two open-source Junqi programs (their authors' choices, not
/// tournament statistics). Each is used as given and mirrored.
pub const LIBRARY: &[LibraryEntry] = &[
    LibraryEntry {
        name: "ruihan-defending",
        text: "MFMPP/JTDGM/LZC/LYGC/ZGP/DTSYC",
        source: "RuiHanCPP/LuZhanQi-LandBattleChess-AI, src/agent/InitConfig.java @7605342 (\"defending config\")",
    },
    LibraryEntry {
        name: "ruihan-attacking",
        text: "CPCFL/MMMZL/YTZ/PYDD/CTJ/PGGGS",
        source: "RuiHanCPP/LuZhanQi-LandBattleChess-AI, src/agent/InitConfig.java @7605342 (\"attacking config\")",
    },
    LibraryEntry {
        name: "lzq-example-1",
        text: "MFYMC/ZMJCC/LLP/TPZY/GSG/DPTGD",
        source: "chinese-board-games/luzhanqi-backend, src/utils/exampleBoards.ts @a14d589 (Example 1)",
    },
    LibraryEntry {
        name: "lzq-fortress",
        text: "MYSFM/ZMDPZ/TJG/LYCL/GDG/PCTCP",
        source: "chinese-board-games/luzhanqi-backend, src/utils/exampleBoards.ts @a14d589 (Example 2, \"fortress\")",
    },
    LibraryEntry {
        name: "lzq-flanks",
        text: "ZFMPM/MCDSZ/GDT/YLLY/GJG/CPTPC",
        source: "chinese-board-games/luzhanqi-backend, src/utils/exampleBoards.ts @a14d589 (Example 3, \"flanks\")",
    },
];

/// Every library setup and its mirror image.
pub fn library() -> Vec<Setup> {
    LIBRARY
        .iter()
        .flat_map(|e| {
            let s = Setup::parse(e.text).expect("library setups are legal");
            [s, s.mirrored()]
        })
        .collect()
}

/// How an engine sets up.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SetupChoice {
    /// A library setup (or its mirror), chosen at random.
    Library,
    /// A random legal setup.
    Random,
}

/// Plays a side's placements from a chosen setup. If the pieces already placed do not match
/// the plan (an opening forced some placements), it re-plans: a library setup with that
/// beginning if there is one (for `Library`), else a random completion.
#[derive(Clone, Debug)]
pub struct SetupChooser {
    choice: SetupChoice,
    plan: Option<Setup>,
}

impl SetupChooser {
    pub fn new(choice: SetupChoice) -> Self {
        SetupChooser { choice, plan: None }
    }
    pub fn new_game(&mut self) {
        self.plan = None;
    }
    /// The kind for placement number `placed.len()`, given the kinds already placed.
    pub fn next_kind<R: Rng + ?Sized>(&mut self, placed: &[Kind], rng: &mut R) -> Kind {
        let fits = |s: &Setup| s.0[..placed.len()] == *placed;
        if !self.plan.as_ref().is_some_and(fits) {
            let options: Vec<Setup> = match self.choice {
                SetupChoice::Library => library().into_iter().filter(fits).collect(),
                SetupChoice::Random => Vec::new(),
            };
            self.plan = Some(if options.is_empty() {
                Setup::complete(placed, rng)
            } else {
                options[rng.gen_range(0..options.len())]
            });
        }
        self.plan.expect("planned").0[placed.len()]
    }
}
