//! The match equity table: the chance of winning a match from a score at the start of a game.
//! The table is Neil Kazaross's "Kazaross XG2" (2011; XG rollouts to 9 points, gnubg rollouts to
//! 15, extended to 25 by projecting take points), as GNU Backgammon 1.07 distributes it; the
//! numbers are in `met_kazaross_xg2.txt` beside this file with the table's notice
//! (scripts/crosscheck/backgammon_met.py checks them against gnubg's XML file). Scores beyond
//! 25 away use the 25-away entries.

use std::sync::OnceLock;

const TEXT: &str = include_str!("met_kazaross_xg2.txt");
pub const SIZE: usize = 25;

pub struct Met {
    /// `pre[i][j]`: a player i + 1 away against one j + 1 away, before and in the Crawford game.
    pre: [[f64; SIZE]; SIZE],
    /// `post[j]`: the trailer j + 1 away against a leader 1 away, post-Crawford.
    post: [f64; SIZE],
}

impl Met {
    fn parse(text: &str) -> Result<Met, String> {
        let mut pre = [[0.0; SIZE]; SIZE];
        let mut post = [0.0; SIZE];
        let mut rows = 0;
        let mut posts = 0;
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let mut words = line.split_whitespace();
            let kind = words.next().unwrap_or("");
            let vals: Vec<f64> = words
                .map(|w| w.parse::<f64>().map_err(|_| format!("bad number {w:?}")))
                .collect::<Result<_, _>>()?;
            if vals.len() != SIZE {
                return Err(format!("a row of {} numbers", vals.len()));
            }
            match kind {
                "pre" if rows < SIZE => {
                    pre[rows].copy_from_slice(&vals);
                    rows += 1;
                }
                "post" if posts == 0 => {
                    post.copy_from_slice(&vals);
                    posts += 1;
                }
                other => return Err(format!("unexpected row {other:?}")),
            }
        }
        if rows != SIZE || posts != 1 {
            return Err(format!("{rows} pre rows and {posts} post rows"));
        }
        Ok(Met { pre, post })
    }

    /// The committed table.
    pub fn get() -> &'static Met {
        static MET: OnceLock<Met> = OnceLock::new();
        MET.get_or_init(|| Met::parse(TEXT).expect("the committed match equity table parses"))
    }

    /// The chance that a player `me` points away wins against one `opp` points away, at the
    /// start of a game; `post_crawford` when the Crawford game has been played (or there is no
    /// Crawford rule, which plays every 1-away game like a post-Crawford one).
    pub fn mwc(&self, me: i32, opp: i32, post_crawford: bool) -> f64 {
        if me <= 0 {
            return 1.0;
        }
        if opp <= 0 {
            return 0.0;
        }
        let (i, j) = ((me as usize).min(SIZE) - 1, (opp as usize).min(SIZE) - 1);
        if post_crawford && (me == 1 || opp == 1) {
            if me == 1 && opp == 1 {
                return 0.5;
            }
            return if me == 1 {
                1.0 - self.post[j]
            } else {
                self.post[i]
            };
        }
        self.pre[i][j]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_is_a_table_of_chances() {
        let m = Met::get();
        assert_eq!(m.mwc(1, 1, false), 0.5);
        assert_eq!(m.mwc(7, 7, false), 0.5);
        for i in 1..=25 {
            for j in 1..=25 {
                let a = m.mwc(i, j, false);
                assert!((a + m.mwc(j, i, false) - 1.0).abs() < 2e-3, "{i} {j}");
                if j < 25 {
                    assert!(
                        m.mwc(i, j + 1, false) >= a - 1e-9,
                        "more away for the opponent is better"
                    );
                }
            }
        }
        // Well-known values: 2-away 1-away (Crawford) about 32%, 1-away 2-away post about 51%.
        assert!((m.mwc(2, 1, false) - 0.32264).abs() < 1e-9);
        assert!((m.mwc(1, 2, true) - (1.0 - 0.48803)).abs() < 1e-9);
        assert_eq!(m.mwc(0, 3, false), 1.0);
        assert_eq!(m.mwc(3, -1, false), 0.0);
    }
}
