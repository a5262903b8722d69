//! The schedule: a deterministic list of game specs (index, engines by seat, opening, seed).
//! Games come in blocks: every seat rotation of one group of engines from the same opening
//! (for two players, a colour-swapped pair). Because the list depends only on the tournament's
//! parameters, shards and resumed runs pick exactly their games from it.

use serde::{Deserialize, Serialize};

/// Who meets whom.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Format {
    /// Every group of engines meets.
    RoundRobin,
    /// The first engine meets every group of the others.
    Gauntlet,
}

/// One game of the tournament.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSpec {
    /// Position in the schedule, 0-based.
    pub index: usize,
    /// The block (pair / rotation set) this game belongs to.
    pub block: usize,
    /// The engine index at each seat.
    pub seats: Vec<usize>,
    /// Index into the tournament's openings.
    pub opening: usize,
    /// Seeds the game's chance draws and the agents' random numbers.
    pub seed: u64,
}

/// The groups of engines that meet (one entry a group, engine indices in seat order before
/// rotation). With fewer engines than seats, engines fill seats cyclically.
pub fn encounters(engines: usize, players: usize, format: Format) -> Vec<Vec<usize>> {
    let fill = |group: Vec<usize>| -> Vec<usize> {
        (0..players).map(|s| group[s % group.len()]).collect()
    };
    if engines <= players {
        // Everyone at one table (twice or more when seats outnumber engines).
        return vec![fill((0..engines).collect())];
    }
    match format {
        Format::RoundRobin => combinations(engines, players, 0)
            .into_iter()
            .map(fill)
            .collect(),
        Format::Gauntlet => combinations(engines - 1, players - 1, 0)
            .into_iter()
            .map(|c| {
                let mut g = vec![0];
                g.extend(c.into_iter().map(|e| e + 1));
                fill(g)
            })
            .collect(),
    }
}

/// All k-subsets of `from..n`, in lexicographic order.
fn combinations(n: usize, k: usize, from: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![vec![]];
    }
    let mut out = Vec::new();
    for first in from..n {
        for mut rest in combinations(n, k - 1, first + 1) {
            rest.insert(0, first);
            out.push(rest);
        }
    }
    out
}

/// SplitMix64: a seed for game `index` from the tournament seed, independent of the order in
/// which games are played.
pub fn game_seed(seed: u64, index: u64) -> u64 {
    let mut z = seed
        ^ index
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(0x2545_F491_4F6C_DD1D);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The full schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Schedule {
    pub games: Vec<GameSpec>,
    /// Games in a block: the number of seat rotations.
    pub block_size: usize,
    /// Rounds: each encounter plays one block a round, every encounter the same opening.
    pub rounds: usize,
}

impl Schedule {
    /// `games_per_encounter` is rounded up to whole blocks. Round r uses opening r mod
    /// `openings`, so every encounter plays the same openings.
    pub fn build(
        engines: usize,
        players: usize,
        format: Format,
        games_per_encounter: usize,
        openings: usize,
        seed: u64,
    ) -> Schedule {
        let groups = encounters(engines, players, format);
        let block_size = players;
        let rounds = games_per_encounter.div_ceil(block_size).max(1);
        let mut games = Vec::new();
        for round in 0..rounds {
            for (e, group) in groups.iter().enumerate() {
                let block = round * groups.len() + e;
                for rot in 0..block_size {
                    let seats: Vec<usize> =
                        (0..players).map(|s| group[(s + rot) % players]).collect();
                    let index = games.len();
                    games.push(GameSpec {
                        index,
                        block,
                        seats,
                        opening: round % openings.max(1),
                        seed: game_seed(seed, index as u64),
                    });
                }
            }
        }
        Schedule {
            games,
            block_size,
            rounds,
        }
    }

    /// The games of shard `i` of `n` (1-based): whole blocks, block mod n == i - 1, so pairs stay
    /// together and the shards partition the schedule.
    pub fn shard(&self, i: usize, n: usize) -> Vec<GameSpec> {
        self.games
            .iter()
            .filter(|g| g.block % n == i - 1)
            .cloned()
            .collect()
    }
}

/// Parses `i/N` with 1 <= i <= N.
pub fn parse_shard(text: &str) -> Result<(usize, usize), String> {
    let bad = || format!("--shard {text:?}: give i/N with 1 <= i <= N (e.g. 1/4)");
    let (i, n) = text.split_once('/').ok_or_else(bad)?;
    let i: usize = i.trim().parse().map_err(|_| bad())?;
    let n: usize = n.trim().parse().map_err(|_| bad())?;
    if n == 0 || i == 0 || i > n {
        return Err(bad());
    }
    Ok((i, n))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn round_robin_pairs_are_colour_swapped_from_one_opening() {
        let s = Schedule::build(3, 2, Format::RoundRobin, 4, 10, 7);
        // 3 pairings x 4 games.
        assert_eq!(s.games.len(), 12);
        let mut per_pair: BTreeMap<(usize, usize), usize> = BTreeMap::new();
        for block in s.games.chunks(2) {
            let (a, b) = (&block[0], &block[1]);
            assert_eq!(a.block, b.block);
            assert_eq!(a.opening, b.opening);
            assert_eq!(a.seats, vec![b.seats[1], b.seats[0]]);
            let key = (a.seats[0].min(a.seats[1]), a.seats[0].max(a.seats[1]));
            *per_pair.entry(key).or_default() += 2;
        }
        assert_eq!(
            per_pair.into_iter().collect::<Vec<_>>(),
            vec![((0, 1), 4), ((0, 2), 4), ((1, 2), 4)]
        );
        // Indices are positions; seeds differ.
        assert!(s.games.iter().enumerate().all(|(i, g)| g.index == i));
        let seeds: BTreeSet<u64> = s.games.iter().map(|g| g.seed).collect();
        assert_eq!(seeds.len(), 12);
        // Every encounter plays opening r in round r.
        assert!(s.games.iter().all(|g| g.opening == g.block / 3));
    }

    #[test]
    fn odd_game_counts_round_up_to_pairs() {
        let s = Schedule::build(2, 2, Format::RoundRobin, 5, 1, 0);
        assert_eq!(s.games.len(), 6);
        assert!(s.games.iter().all(|g| g.opening == 0));
    }

    #[test]
    fn gauntlet_meets_only_the_first_engine() {
        let s = Schedule::build(4, 2, Format::Gauntlet, 2, 1, 0);
        assert_eq!(s.games.len(), 6);
        assert!(s.games.iter().all(|g| g.seats.contains(&0)));
        let opponents: BTreeSet<usize> = s.games.iter().map(|g| g.seats[0] + g.seats[1]).collect();
        assert_eq!(opponents, BTreeSet::from([1, 2, 3]));
    }

    #[test]
    fn four_players_rotate_every_seat() {
        let s = Schedule::build(4, 4, Format::RoundRobin, 4, 1, 0);
        assert_eq!(s.games.len(), 4);
        for seat in 0..4 {
            let at_seat: BTreeSet<usize> = s.games.iter().map(|g| g.seats[seat]).collect();
            assert_eq!(at_seat.len(), 4, "every engine sits at seat {seat} once");
        }
        // Three-player games from five engines: C(5,3) groups, 3 rotations each.
        let s = Schedule::build(5, 3, Format::RoundRobin, 3, 1, 0);
        assert_eq!(s.games.len(), 10 * 3);
        // Two engines at a four-seat table alternate.
        assert_eq!(encounters(2, 4, Format::RoundRobin), vec![vec![0, 1, 0, 1]]);
    }

    #[test]
    fn shards_partition_the_schedule() {
        let s = Schedule::build(3, 2, Format::RoundRobin, 10, 3, 1);
        for n in 1..=4 {
            let mut seen = Vec::new();
            for i in 1..=n {
                let part = s.shard(i, n);
                // Whole blocks only.
                for g in &part {
                    assert!(part.iter().filter(|h| h.block == g.block).count() == 2);
                }
                seen.extend(part.into_iter().map(|g| g.index));
            }
            seen.sort();
            assert_eq!(seen, (0..s.games.len()).collect::<Vec<_>>(), "n = {n}");
        }
    }

    #[test]
    fn schedule_is_deterministic_and_seeded() {
        let a = Schedule::build(3, 2, Format::RoundRobin, 6, 3, 42);
        assert_eq!(a, Schedule::build(3, 2, Format::RoundRobin, 6, 3, 42));
        assert_ne!(a, Schedule::build(3, 2, Format::RoundRobin, 6, 3, 43));
    }

    #[test]
    fn shard_syntax() {
        assert_eq!(parse_shard("2/3"), Ok((2, 3)));
        assert!(parse_shard("0/3").is_err());
        assert!(parse_shard("4/3").is_err());
        assert!(parse_shard("x").is_err());
    }
}
