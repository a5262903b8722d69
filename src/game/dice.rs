//! Dice for the race games, as chance outcomes with exact probabilities: a fair die of n faces
//! (Aeroplane chess, Big Cat, Three-way), and a set of distinguishable two-sided dice, each
//! showing its own number or a blank (Maya cross: faces 1, 2, 3, 4 against blanks).

/// The faces 1..=`faces` of a fair die, each with probability 1/`faces`.
pub fn fair_die(faces: u8) -> impl Iterator<Item = (u8, f64)> {
    let p = 1.0 / faces.max(1) as f64;
    (1..=faces).map(move |f| (f, p))
}

/// The throws of `n` distinguishable two-sided dice (n <= 8), as masks: bit i set means die i
/// shows its number, clear means its blank. Every mask has probability 2^-n.
pub fn two_sided_dice(n: u8) -> impl Iterator<Item = (u8, f64)> {
    let n = n.min(8);
    let p = 1.0 / (1u32 << n) as f64;
    (0..(1u32 << n)).map(move |m| (m as u8, p))
}

/// The number of blanks in a throw of `n` two-sided dice given as a mask.
pub fn blanks(mask: u8, n: u8) -> u32 {
    n.min(8) as u32 - (mask as u32 & ((1u32 << n.min(8)) - 1)).count_ones()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_sum_to_one() {
        for faces in 1..=12 {
            let s: f64 = fair_die(faces).map(|(_, p)| p).sum();
            assert!((s - 1.0).abs() < 1e-12);
            assert_eq!(fair_die(faces).count(), faces as usize);
        }
        for n in 0..=8 {
            let s: f64 = two_sided_dice(n).map(|(_, p)| p).sum();
            assert!((s - 1.0).abs() < 1e-12);
        }
    }

    #[test]
    fn blanks_of_four_dice_are_binomial() {
        // 1, 4, 6, 4, 1 throws with 0..4 blanks.
        let mut count = [0; 5];
        for (m, _) in two_sided_dice(4) {
            count[blanks(m, 4) as usize] += 1;
        }
        assert_eq!(count, [1, 4, 6, 4, 1]);
        assert_eq!(blanks(0b1010, 4), 2);
        assert_eq!(blanks(0, 3), 3);
    }
}
