//! Arrangements of the six cubes in a start triangle. Each of the 720 arrangements is one setup
//! move (a single decision, so search sees one node per player rather than six placements and
//! notation stays one token). An arrangement lists the cube numbers on the player's start
//! squares in `board::START_SQUARES` order and is written `123/45/6`: back row from the corner,
//! second row, tip (for red: a1 b1 c1 / a2 b2 / a3). Its index is the lexicographic rank of
//! that list among the permutations of 1..6 (0 = `123/45/6`, 719 = `654/32/1`).

/// How many arrangements a player can choose from (6!).
pub const ARRANGEMENTS: u16 = 720;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrangement(pub [u8; 6]);

const FACTORIAL: [u16; 6] = [120, 24, 6, 2, 1, 1];

impl Arrangement {
    /// The arrangement with lexicographic rank `index` (< 720).
    pub fn from_index(index: u16) -> Arrangement {
        debug_assert!(index < ARRANGEMENTS);
        // Cube numbers not used yet, in order; the k-th of them is taken out at each step.
        let mut left = [1u8, 2, 3, 4, 5, 6];
        let mut len = 6;
        let mut rest = index;
        let mut out = [0u8; 6];
        for (i, slot) in out.iter_mut().enumerate() {
            let k = (rest / FACTORIAL[i]) as usize;
            rest %= FACTORIAL[i];
            *slot = left[k];
            left.copy_within(k + 1..len, k);
            len -= 1;
        }
        Arrangement(out)
    }

    /// The lexicographic rank of this arrangement.
    pub fn index(&self) -> u16 {
        let mut index = 0u16;
        for (i, f) in FACTORIAL.iter().enumerate() {
            let smaller_later = self.0[i + 1..].iter().filter(|&&c| c < self.0[i]).count() as u16;
            index += smaller_later * f;
        }
        index
    }

    /// `123/45/6`.
    pub fn to_text(&self) -> String {
        let d: Vec<char> = self.0.iter().map(|&c| (b'0' + c) as char).collect();
        format!("{}{}{}/{}{}/{}", d[0], d[1], d[2], d[3], d[4], d[5])
    }

    /// Reads `123/45/6` or `123456`: six distinct digits 1..6 (slashes, if any, where shown).
    pub fn parse(text: &str) -> Result<Arrangement, String> {
        let t = text.trim();
        let digits: String = if t.contains('/') {
            let parts: Vec<&str> = t.split('/').collect();
            if parts.len() != 3 || parts[0].len() != 3 || parts[1].len() != 2 || parts[2].len() != 1
            {
                return Err("expected three rows of 3, 2 and 1 cubes like 123/45/6".into());
            }
            parts.concat()
        } else {
            t.to_string()
        };
        if digits.chars().count() != 6 {
            return Err("expected six cube numbers like 123/45/6".into());
        }
        let mut out = [0u8; 6];
        let mut seen = [false; 7];
        for (i, ch) in digits.chars().enumerate() {
            let n = ch
                .to_digit(10)
                .filter(|n| (1..=6).contains(n))
                .ok_or_else(|| format!("{ch:?} is not a cube number 1..6"))?
                as u8;
            if seen[n as usize] {
                return Err(format!("cube {n} appears twice"));
            }
            seen[n as usize] = true;
            out[i] = n;
        }
        Ok(Arrangement(out))
    }
}

impl Default for Arrangement {
    fn default() -> Self {
        Arrangement([1, 2, 3, 4, 5, 6])
    }
}
