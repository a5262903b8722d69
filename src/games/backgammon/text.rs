//! Position and move text.
//!
//! Position: five fields, e.g. the start of a money game
//!
//! ```text
//! O:24x2,13x5,8x3,6x5 X:24x2,13x5,8x3,6x5 opening cube=1 money
//! ```
//!
//! 1. and 2. each side's checkers on its own point numbers (`bar` for the bar; checkers not
//!    listed are borne off; `-` for none on the board); side O is player 0 (gnubg's player 0),
//!    X player 1;
//! 3. the phase: `opening` (the opening roll is next), `O:opening-52` (O won the opening with
//!    5-2 and may keep or reroll), `O:cube` (O may double or roll), `O:roll` (O's roll is next),
//!    `O:52` (O rolled 5-2 and plays), `O:doubled` (O doubled; X answers), `O:doubled+1` (and X
//!    beavered; O answers), `over:O+2` (O won the game, 2 points);
//! 4. the cube: `cube=1`, `cube=2:X` (X owns it), `cube=2,auto=1` (centred after one automatic
//!    double);
//! 5. `money`, or `match=7:3-2` (a 7-point match, O 3, X 2), with `:crawford` in the Crawford
//!    game and `:post` after it; `money:O+2` when points have already been paid in this game
//!    (O has been paid 2: a refused beaver under `beaver_drop=continue`).
//!
//! `gnubg:<position id>:<match id>` is read too (gnubg's ids; `gnubg_id`).
//!
//! Moves: plays in gnubg's notation with commas instead of spaces (`24/18,13/11`, `bar/22*`,
//! `6/off(2)`, `24/18*/13`), `pass` when no checker can move; `double`, `roll` (no double),
//! `take`, `drop`, `beaver`, `keep` / `reroll` (the opening option); chance outcomes `roll:52`
//! and `opening:5-2` (side O's die first).

use crate::game::{Game, MoveList, ParseError, Turn};

use super::board::{self, opp_at, Side, BAR, CHECKERS, OFF, START};
use super::game::{Backgammon, BgMove, GameResult, Parts, Phase, CENTRE, SIDE_NAMES};
use super::movegen::{apply_step, Play, Step};
use super::rules::BgRules;

fn side_text(side: &Side) -> String {
    let parts: Vec<String> = (1..=BAR)
        .rev()
        .filter(|&p| side[p] > 0)
        .map(|p| {
            if p == BAR {
                format!("barx{}", side[p])
            } else {
                format!("{p}x{}", side[p])
            }
        })
        .collect();
    if parts.is_empty() {
        "-".to_string()
    } else {
        parts.join(",")
    }
}

fn name(side: usize) -> char {
    SIDE_NAMES[side]
}

pub fn format_position(s: &Backgammon) -> String {
    let phase = match s.phase {
        Phase::Opening => "opening".to_string(),
        Phase::OpeningChoice => format!("{}:opening-{}{}", name(s.roller()), s.dice[0], s.dice[1]),
        Phase::CubeDecision => format!("{}:cube", name(s.roller())),
        Phase::Rolling => format!("{}:roll", name(s.roller())),
        Phase::Moving => format!("{}:{}{}", name(s.roller()), s.dice[0], s.dice[1]),
        Phase::Doubled { beavers: 0 } => format!("{}:doubled", name(s.roller())),
        Phase::Doubled { beavers } => format!("{}:doubled+{beavers}", name(s.roller())),
        Phase::Over => match s.result {
            Some(r) => format!("over:{}+{}", name(r.winner as usize), r.points),
            None => "over".to_string(),
        },
    };
    let mut cube = format!("cube={}", s.cube_value());
    if s.owner != CENTRE {
        cube.push(':');
        cube.push(name(s.owner as usize));
    }
    if s.auto_used > 0 {
        cube.push_str(&format!(",auto={}", s.auto_used));
    }
    let m = if s.rules.is_money() {
        match s.paid {
            0 => "money".to_string(),
            p if p > 0 => format!("money:{}+{p}", name(0)),
            p => format!("money:{}+{}", name(1), -(p as i32)),
        }
    } else {
        let mut t = format!(
            "match={}:{}-{}",
            s.rules.match_length, s.score[0], s.score[1]
        );
        if s.crawford {
            t.push_str(":crawford");
        } else if s.post_crawford {
            t.push_str(":post");
        }
        t
    };
    format!(
        "{}:{} {}:{} {phase} {cube} {m}",
        name(0),
        side_text(&s.sides[0]),
        name(1),
        side_text(&s.sides[1])
    )
}

fn parse_side_name(text: &str, c: &str) -> Result<u8, String> {
    match c {
        "O" | "o" => Ok(0),
        "X" | "x" => Ok(1),
        _ => Err(format!("{c:?} in {text:?} is not a side (O or X)")),
    }
}

fn parse_side(field: &str, expect: usize) -> Result<Side, String> {
    let prefix = format!("{}:", name(expect));
    let body = field
        .strip_prefix(&prefix)
        .or_else(|| field.strip_prefix(&prefix.to_ascii_lowercase()))
        .ok_or_else(|| format!("field {field:?} should start with {prefix:?}"))?;
    let mut side = [0u8; 26];
    if body != "-" {
        for part in body.split(',') {
            let (point, count) = part
                .split_once('x')
                .ok_or_else(|| format!("{part:?} should be <point>x<count>, e.g. 13x5"))?;
            let p = if point == "bar" {
                BAR
            } else {
                match point.parse::<usize>() {
                    Ok(p) if (1..=24).contains(&p) => p,
                    _ => return Err(format!("{point:?} is not a point 1..24 or bar")),
                }
            };
            let c: u8 = match count.parse() {
                Ok(c) if (1..=CHECKERS).contains(&c) => c,
                _ => return Err(format!("{count:?} in {part:?} is not a count 1..15")),
            };
            if side[p] > 0 {
                return Err(format!("point {point} given twice"));
            }
            side[p] = c;
        }
    }
    let on = board::on_board(&side);
    if on > CHECKERS {
        return Err(format!(
            "side {} has {on} checkers (15 at most)",
            name(expect)
        ));
    }
    side[OFF] = CHECKERS - on;
    Ok(side)
}

/// Reads the phase field: (phase, side on roll, dice, result).
fn parse_phase(text: &str) -> Result<(Phase, u8, [u8; 2], Option<GameResult>), String> {
    if text == "opening" {
        return Ok((Phase::Opening, 0, [0, 0], None));
    }
    if let Some(rest) = text.strip_prefix("over:") {
        let (who, points) = rest
            .split_once('+')
            .ok_or_else(|| format!("{text:?}: expected over:<side>+<points>"))?;
        let winner = parse_side_name(text, who)?;
        let points: u16 = match points.parse() {
            Ok(p) if p >= 1 => p,
            _ => return Err(format!("{points:?} in {text:?} is not a number of points")),
        };
        return Ok((
            Phase::Over,
            winner,
            [0, 0],
            Some(GameResult { winner, points }),
        ));
    }
    let (who, what) = text
        .split_once(':')
        .ok_or_else(|| format!("phase {text:?} should be <side>:<what> or opening / over:..."))?;
    let roller = parse_side_name(text, who)?;
    let dice_of = |d: &str| -> Result<[u8; 2], String> {
        let b = d.as_bytes();
        if b.len() == 2 && (b'1'..=b'6').contains(&b[0]) && (b'1'..=b'6').contains(&b[1]) {
            let (x, y) = (b[0] - b'0', b[1] - b'0');
            Ok([x.max(y), x.min(y)])
        } else {
            Err(format!("{d:?} in {text:?} is not a roll of two dice 1..6"))
        }
    };
    let phase = match what {
        "cube" => (Phase::CubeDecision, [0, 0]),
        "roll" => (Phase::Rolling, [0, 0]),
        "doubled" => (Phase::Doubled { beavers: 0 }, [0, 0]),
        w if w.starts_with("doubled+") => {
            let n: u8 = w["doubled+".len()..]
                .parse()
                .map_err(|_| format!("{w:?} in {text:?}: doubled+<beavers>"))?;
            (Phase::Doubled { beavers: n }, [0, 0])
        }
        w if w.starts_with("opening-") => {
            let d = dice_of(&w["opening-".len()..])?;
            if d[0] == d[1] {
                return Err(format!("{text:?}: the opening roll is never a double"));
            }
            (Phase::OpeningChoice, d)
        }
        w => (Phase::Moving, dice_of(w)?),
    };
    Ok((phase.0, roller, phase.1, None))
}

/// Reads `cube=V[:side][,auto=n]`.
fn parse_cube(text: &str, rules: &BgRules) -> Result<(u8, u8, u8), String> {
    let body = text
        .strip_prefix("cube=")
        .ok_or_else(|| format!("field {text:?} should start with cube="))?;
    let (cube, auto) = match body.split_once(",auto=") {
        Some((c, a)) => (
            c,
            a.parse::<u8>()
                .map_err(|_| format!("{a:?} in {text:?} is not a number of automatic doubles"))?,
        ),
        None => (body, 0),
    };
    let (value, owner) = match cube.split_once(':') {
        Some((v, o)) => (v, parse_side_name(text, o)?),
        None => (cube, CENTRE),
    };
    let v: u16 = value
        .parse()
        .map_err(|_| format!("{value:?} in {text:?} is not a cube value"))?;
    if !v.is_power_of_two() || v > rules.max_cube {
        return Err(format!(
            "cube value {v} is not a power of two up to max_cube={}",
            rules.max_cube
        ));
    }
    let log = v.trailing_zeros() as u8;
    if owner == CENTRE && log != auto {
        return Err(format!(
            "a centred cube at {v} needs {log} automatic doubles (auto={log})"
        ));
    }
    if owner != CENTRE && log <= auto {
        return Err(format!(
            "an owned cube at {v} must have been doubled after auto={auto}"
        ));
    }
    if auto > rules.auto_doubles {
        return Err(format!(
            "auto={auto} exceeds the rules' auto_doubles={}",
            rules.auto_doubles
        ));
    }
    if !rules.cube && (log > 0 || owner != CENTRE) {
        return Err("the cube is not in play under these rules (cube=false)".into());
    }
    Ok((log, owner, auto))
}

/// Reads `money[:O+n|:X+n]`: the points already paid to a side in this money game.
fn parse_money(text: &str, rules: &BgRules) -> Result<Option<i16>, String> {
    let Some(rest) = text.strip_prefix("money") else {
        return Ok(None);
    };
    if !rules.is_money() {
        return Err(format!(
            "a money position, but the rules play a match to {}",
            rules.match_length
        ));
    }
    if rest.is_empty() {
        return Ok(Some(0));
    }
    let bad = || format!("{text:?}: expected money, money:O+n or money:X+n");
    let (side, n) = rest
        .strip_prefix(':')
        .and_then(|r| r.split_once('+'))
        .ok_or_else(bad)?;
    let n: i16 = n.parse().map_err(|_| bad())?;
    if n <= 0 {
        return Err(bad());
    }
    if rules.beaver_drop != super::rules::BeaverDrop::Continue {
        return Err(format!(
            "{text:?}: points are paid during a game only under beaver_drop=continue"
        ));
    }
    match side {
        "O" => Ok(Some(n)),
        "X" => Ok(Some(-n)),
        _ => Err(bad()),
    }
}

/// Reads `money` or `match=N:a-b[:crawford|:post]`.
fn parse_match(text: &str, rules: &BgRules) -> Result<([u16; 2], bool, bool), String> {
    if text == "money" {
        if !rules.is_money() {
            return Err(format!(
                "a money position, but the rules play a match to {}",
                rules.match_length
            ));
        }
        return Ok(([0, 0], false, false));
    }
    let body = text
        .strip_prefix("match=")
        .ok_or_else(|| format!("field {text:?} should be money or match=N:a-b"))?;
    let mut parts = body.split(':');
    let n: u16 = parts
        .next()
        .and_then(|n| n.parse().ok())
        .ok_or_else(|| format!("{text:?}: bad match length"))?;
    if n != rules.match_length {
        return Err(format!(
            "a match to {n}, but the rules say match={} (give --rules match={n})",
            rules.match_length
        ));
    }
    let score = parts
        .next()
        .and_then(|s| s.split_once('-'))
        .and_then(|(a, b)| Some([a.parse().ok()?, b.parse().ok()?]))
        .ok_or_else(|| format!("{text:?}: the score should be a-b"))?;
    let (mut crawford, mut post) = (false, false);
    match parts.next() {
        None => {}
        Some("crawford") => crawford = true,
        Some("post") => post = true,
        Some(other) => return Err(format!("{other:?} in {text:?}: expected crawford or post")),
    }
    if parts.next().is_some() {
        return Err(format!("{text:?}: too many parts"));
    }
    Ok((score, crawford, post))
}

pub fn parse_position(rules: &BgRules, text: &str) -> Result<Backgammon, ParseError> {
    let t = text.trim();
    if let Some(ids) = t.strip_prefix("gnubg:") {
        return super::gnubg_id::from_ids(rules, ids).map_err(|e| ParseError::position(text, e));
    }
    parse_native(rules, t).map_err(|e| ParseError::position(text, e))
}

fn parse_native(rules: &BgRules, t: &str) -> Result<Backgammon, String> {
    let fields: Vec<&str> = t.split_whitespace().collect();
    if fields.len() != 5 {
        return Err(
            "expected five fields: O:<checkers> X:<checkers> <phase> cube=<v> money|match=N:a-b"
                .into(),
        );
    }
    let sides = [parse_side(fields[0], 0)?, parse_side(fields[1], 1)?];
    let (phase, roller, dice, result) = parse_phase(fields[2])?;
    let (cube_log, owner, auto_used) = parse_cube(fields[3], rules)?;
    let paid = parse_money(fields[4], rules)?;
    let (score, crawford, post_crawford) = match paid {
        Some(_) => ([0, 0], false, false),
        None => parse_match(fields[4], rules)?,
    };
    let paid = paid.unwrap_or(0);
    let state = Backgammon::from_raw(
        *rules,
        Parts {
            sides,
            phase,
            roller,
            dice,
            cube_log,
            owner,
            auto_used,
            score,
            crawford,
            post_crawford,
            result,
            paid,
        },
    );
    validate(&state)?;
    Ok(state)
}

/// The checks that make a state one the rules can reach (shared with the gnubg id and FIBS
/// board readers).
pub(crate) fn validate(s: &Backgammon) -> Result<(), String> {
    let r = &s.rules;
    for p in 1..=24 {
        if s.sides[0][p] > 0 && opp_at(&s.sides[1], p) > 0 {
            return Err(format!(
                "O's point {p} (X's {}) holds checkers of both sides",
                25 - p
            ));
        }
    }
    let finished: Vec<usize> = (0..2).filter(|&p| s.sides[p][OFF] == CHECKERS).collect();
    if finished.len() == 2 {
        return Err("both sides have borne off every checker".into());
    }
    let n = r.match_length;
    if n > 0 && s.phase != Phase::Over {
        if s.crawford && s.post_crawford {
            return Err("a game cannot be both the Crawford game and post-Crawford".into());
        }
        if (s.crawford || s.post_crawford) && !r.crawford {
            return Err("Crawford state without the Crawford rule (crawford=false)".into());
        }
        let leader_at_n1 = s.score.iter().any(|&x| x + 1 == n);
        if (s.crawford || s.post_crawford) && !leader_at_n1 {
            return Err(format!("Crawford state needs a side at {} points", n - 1));
        }
        if s.crawford && s.score.iter().all(|&x| x + 1 == n) {
            return Err("no Crawford game when both sides need one point".into());
        }
        if r.crawford
            && leader_at_n1
            && !s.crawford
            && !s.post_crawford
            && n > 1
            && s.score.iter().any(|&x| x + 1 != n)
        {
            return Err(format!(
                "a side at {} points: the game is the Crawford game or post-Crawford (add :crawford or :post)",
                n - 1
            ));
        }
    }
    match s.phase {
        Phase::Over => {
            let res = s.result.ok_or("a finished game needs its result")?;
            if n > 0 && s.score[res.winner as usize] < n {
                return Err(format!(
                    "the match is over but {} has {} of {n} points",
                    name(res.winner as usize),
                    s.score[res.winner as usize]
                ));
            }
            if n == 0 && res.points as u32 > 3 * r.max_cube as u32 {
                return Err(format!(
                    "{} points exceed three times the highest cube ({})",
                    res.points, r.max_cube
                ));
            }
        }
        _ => {
            if !finished.is_empty() {
                return Err(format!(
                    "{} has borne off every checker: the game is over (over:{}+points)",
                    name(finished[0]),
                    name(finished[0])
                ));
            }
            if n > 0 && s.score.iter().any(|&x| x >= n) {
                return Err(format!("a score of {n} or more ends the match"));
            }
        }
    }
    match s.phase {
        Phase::Opening => {
            if s.sides != [START, START] {
                return Err("the opening roll comes before any checker has moved".into());
            }
        }
        Phase::OpeningChoice => {
            if !r.opening_reroll {
                return Err("the opening choice needs opening_reroll=true".into());
            }
            if s.sides != [START, START] {
                return Err("the opening choice comes before any checker has moved".into());
            }
        }
        Phase::CubeDecision => {
            if !s.may_double() {
                return Err(format!(
                    "{} may not double here (cube owner, Crawford, dead cube or max_cube)",
                    name(s.roller())
                ));
            }
        }
        Phase::Doubled { beavers } => {
            let mut before = *s;
            before.phase = Phase::CubeDecision;
            if !before.may_double() {
                return Err(format!("{} could not have doubled here", name(s.roller())));
            }
            if beavers > r.beavers || (beavers > 0 && !r.is_money()) {
                return Err(format!(
                    "{beavers} beavers exceed the rules' beavers={}",
                    r.beavers
                ));
            }
            if s.cube_log + beavers + 1 > r.max_cube_log() {
                return Err("the offered cube exceeds max_cube".into());
            }
        }
        Phase::Rolling | Phase::Moving | Phase::Over => {}
    }
    if s.crawford && s.owner != CENTRE {
        return Err("the cube cannot have been turned in the Crawford game".into());
    }
    Ok(())
}

// ---- moves ----

fn point_name(p: u8) -> String {
    match p as usize {
        BAR => "bar".to_string(),
        OFF => "off".to_string(),
        _ => p.to_string(),
    }
}

/// gnubg's text of a play (FormatMove): steps ordered by source point, the steps of one checker
/// joined (`24/13`), intermediate points kept only where they hit (`24/18*/13`), identical
/// checker paths counted (`6/4(2)`), and commas between parts.
pub fn format_play(me: &Side, opp: &Side, play: &Play) -> String {
    if play.is_pass() {
        return "pass".to_string();
    }
    // Hits, in the order the steps are played.
    let (mut m, mut o) = (*me, *opp);
    let mut steps: Vec<(Step, bool)> = play
        .steps()
        .iter()
        .map(|s| {
            let hit = apply_step(&mut m, &mut o, s.from as usize, s.to as usize);
            (*s, hit)
        })
        .collect();
    steps.sort_by(|a, b| (b.0.from, b.0.to).cmp(&(a.0.from, a.0.to)));
    // Paths: points of one checker, each with whether it hit there.
    let mut paths: Vec<Vec<(u8, bool)>> = Vec::new();
    let mut used = vec![false; steps.len()];
    for i in 0..steps.len() {
        if used[i] {
            continue;
        }
        used[i] = true;
        let mut path = vec![(steps[i].0.from, false), (steps[i].0.to, steps[i].1)];
        loop {
            let last = path.last().map(|x| x.0).unwrap_or(0);
            if last == OFF as u8 {
                break;
            }
            match (0..steps.len()).find(|&j| !used[j] && steps[j].0.from == last) {
                Some(j) => {
                    used[j] = true;
                    path.push((steps[j].0.to, steps[j].1));
                }
                None => break,
            }
        }
        // Elide intermediate points that did not hit.
        let n = path.len();
        let kept: Vec<(u8, bool)> = path
            .iter()
            .enumerate()
            .filter(|(k, (_, hit))| *k == 0 || *k == n - 1 || *hit)
            .map(|(_, x)| *x)
            .collect();
        paths.push(kept);
    }
    let mut parts: Vec<(String, usize)> = Vec::new();
    for path in paths {
        let text = path
            .iter()
            .map(|&(p, hit)| format!("{}{}", point_name(p), if hit { "*" } else { "" }))
            .collect::<Vec<_>>()
            .join("/");
        match parts.iter_mut().find(|(t, _)| *t == text) {
            Some(entry) => entry.1 += 1,
            None => parts.push((text, 1)),
        }
    }
    parts
        .into_iter()
        .map(|(t, n)| if n > 1 { format!("{t}({n})") } else { t })
        .collect::<Vec<_>>()
        .join(",")
}

pub fn format_move(s: &Backgammon, mv: BgMove) -> String {
    match mv {
        BgMove::Opening(a, b) => format!("opening:{a}-{b}"),
        BgMove::Roll(h, l) => format!("roll:{h}{l}"),
        BgMove::Keep => "keep".into(),
        BgMove::Reroll => "reroll".into(),
        BgMove::Double => "double".into(),
        BgMove::NoDouble => "roll".into(),
        BgMove::Take => "take".into(),
        BgMove::Drop => "drop".into(),
        BgMove::Beaver => "beaver".into(),
        BgMove::Play(p) => {
            let me = s.roller();
            format_play(&s.sides[me], &s.sides[me ^ 1], &p)
        }
    }
}

/// One part of a play text: the checker's points (explicit landings) and how many checkers go
/// that way.
fn parse_part(part: &str) -> Result<(Vec<u8>, usize), String> {
    let (body, count) = match part.find('(') {
        Some(i) => {
            let n = part[i + 1..]
                .strip_suffix(')')
                .and_then(|n| n.parse::<usize>().ok())
                .filter(|&n| (1..=4).contains(&n))
                .ok_or_else(|| format!("{part:?}: a count is (1)..(4)"))?;
            (&part[..i], n)
        }
        None => (part, 1),
    };
    let points: Vec<u8> = body
        .split(['/', '-'])
        .map(|p| {
            let p = p.trim_end_matches('*');
            match p {
                "bar" | "b" | "25" => Ok(BAR as u8),
                "off" | "o" | "0" => Ok(OFF as u8),
                _ => match p.parse::<u8>() {
                    Ok(n) if (1..=24).contains(&n) => Ok(n),
                    _ => Err(format!(
                        "{p:?} in {part:?} is not a point (1..24, bar, off)"
                    )),
                },
            }
        })
        .collect::<Result<_, _>>()?;
    if points.len() < 2 {
        return Err(format!("{part:?}: a checker move is from/to, e.g. 13/8"));
    }
    for w in points.windows(2) {
        if w[1] >= w[0] || w[1] == BAR as u8 || (w[0] == OFF as u8) {
            return Err(format!(
                "{part:?}: checkers move from higher points to lower ones"
            ));
        }
    }
    Ok((points, count))
}

/// Reads a play in gnubg's notation (spaces or commas between parts, `/` or `-` inside) and
/// finds the legal play it denotes: the one leaving the position the text describes (explicit
/// landing points hit blots; `*` marks are optional), or else the only legal play that moves
/// the same checkers.
pub fn parse_play(s: &Backgammon, text: &str) -> Result<Play, String> {
    let me = s.roller();
    let (mine0, theirs0) = (s.sides[me], s.sides[me ^ 1]);
    let mut segments: Vec<(u8, u8)> = Vec::new();
    for part in text.split([',', ' ']).filter(|p| !p.is_empty()) {
        let (points, count) = parse_part(part)?;
        for _ in 0..count {
            for w in points.windows(2) {
                segments.push((w[0], w[1]));
            }
        }
    }
    if segments.is_empty() {
        return Err("no checker moves given".into());
    }
    segments.sort_by(|a, b| b.cmp(a));
    let (mut mine, mut theirs) = (mine0, theirs0);
    for &(f, t) in &segments {
        if mine[f as usize] == 0 {
            return Err(format!("no checker on {} to move", point_name(f)));
        }
        apply_step(&mut mine, &mut theirs, f as usize, t as usize);
    }
    let mut out = Vec::new();
    s.plays(&mut out);
    if let Some(g) = out.iter().find(|g| g.me == mine && g.opp == theirs) {
        return Ok(g.play);
    }
    let same_checkers: Vec<&super::movegen::Generated> =
        out.iter().filter(|g| g.me == mine).collect();
    match same_checkers.len() {
        1 => Ok(same_checkers[0].play),
        0 => Err("not a legal play of this roll".into()),
        _ => Err("ambiguous: name the hits with their intermediate points (24/18*/13)".into()),
    }
}

pub fn parse_move(s: &Backgammon, text: &str) -> Result<BgMove, ParseError> {
    let t = text.trim();
    let err = |why: String| ParseError::mv(text, why);
    let lower = t.to_ascii_lowercase();
    let want_turn = s.turn();
    let mv = match lower.as_str() {
        "double" => BgMove::Double,
        "roll" | "no-double" | "nodouble" => BgMove::NoDouble,
        "take" | "accept" => BgMove::Take,
        "drop" | "pass-cube" | "reject" => BgMove::Drop,
        "beaver" | "redouble" => BgMove::Beaver,
        "keep" => BgMove::Keep,
        "reroll" => BgMove::Reroll,
        "pass" | "none" | "cannot-move" => {
            if s.phase != Phase::Moving {
                return Err(err("pass is a play: only after the roll".into()));
            }
            BgMove::Play(Play::default())
        }
        _ => {
            if let Some(r) = lower.strip_prefix("roll:") {
                let b = r.as_bytes();
                if b.len() != 2 || !b.iter().all(|c| (b'1'..=b'6').contains(c)) {
                    return Err(err("a roll is roll:<die><die>, e.g. roll:52".into()));
                }
                let (x, y) = (b[0] - b'0', b[1] - b'0');
                BgMove::Roll(x.max(y), x.min(y))
            } else if let Some(r) = lower.strip_prefix("opening:") {
                let b = r.as_bytes();
                if b.len() != 3
                    || b[1] != b'-'
                    || ![b[0], b[2]].iter().all(|c| (b'1'..=b'6').contains(c))
                {
                    return Err(err("an opening roll is opening:<O's die>-<X's die>".into()));
                }
                BgMove::Opening(b[0] - b'0', b[2] - b'0')
            } else {
                if s.phase != Phase::Moving {
                    return Err(err(format!(
                        "a checker play, but the position is not after a roll ({})",
                        format_position(s)
                    )));
                }
                BgMove::Play(parse_play(s, &lower).map_err(err)?)
            }
        }
    };
    // Decisions must be legal here; chance outcomes must be outcomes of this node.
    match want_turn {
        Turn::Player(_) => {
            let mut moves = MoveList::new();
            s.legal_moves(&mut moves);
            if !moves.contains(&mv) {
                return Err(err("not a legal move here".into()));
            }
        }
        Turn::Chance => {
            let mut out = Vec::new();
            s.chance_outcomes(&mut out);
            if !out.iter().any(|(m, _)| *m == mv) {
                return Err(err("not an outcome of this chance node".into()));
            }
        }
        Turn::Terminal => return Err(err("the game is over".into())),
    }
    Ok(mv)
}

// ---- drawing ----

/// A board drawn from X's side as gnubg draws it (O's home top right, X's bottom right), with
/// pip counts, cube, score and the gnubg ids.
pub fn render(s: &Backgammon) -> String {
    let cell = |x_point: usize, row: usize| -> String {
        // x_point in X's numbering; O's point is 25 - x_point.
        let x = s.sides[1][x_point];
        let o = s.sides[0][25 - x_point];
        let (c, n) = if x > 0 {
            ('X', x)
        } else if o > 0 {
            ('O', o)
        } else {
            (' ', 0)
        };
        if n as usize > row {
            if row == 4 && n > 5 {
                format!("{n:>2} ")
            } else {
                format!(" {c} ")
            }
        } else {
            "   ".to_string()
        }
    };
    let mut out = String::new();
    out.push_str(" +13-14-15-16-17-18------19-20-21-22-23-24-+\n");
    for row in 0..5 {
        out.push_str(" |");
        for p in 13..=18 {
            out.push_str(&cell(p, row));
        }
        out.push_str(&format!(
            "| {} |",
            if s.sides[0][BAR] > row as u8 {
                'O'
            } else {
                ' '
            }
        ));
        for p in 19..=24 {
            out.push_str(&cell(p, row));
        }
        out.push_str("|\n");
    }
    out.push_str(" |                  |BAR|                  |\n");
    for row in (0..5).rev() {
        out.push_str(" |");
        for p in (7..=12).rev() {
            out.push_str(&cell(p, row));
        }
        out.push_str(&format!(
            "| {} |",
            if s.sides[1][BAR] > row as u8 {
                'X'
            } else {
                ' '
            }
        ));
        for p in (1..=6).rev() {
            out.push_str(&cell(p, row));
        }
        out.push_str("|\n");
    }
    out.push_str(" +12-11-10--9--8--7-------6--5--4--3--2--1-+\n");
    for p in 0..2 {
        out.push_str(&format!(
            " {}: pips {:>3}, off {:>2}, bar {}{}\n",
            name(p),
            board::pip_count(&s.sides[p]),
            s.sides[p][OFF],
            s.sides[p][BAR],
            if s.rules.is_money() {
                String::new()
            } else {
                format!(", score {}", s.score[p])
            }
        ));
    }
    let cube = match s.cube_owner() {
        Some(o) => format!("cube {} owned by {}", s.cube_value(), name(o)),
        None => format!("cube {} centred", s.cube_value()),
    };
    let what = match s.phase {
        Phase::Opening => "opening roll to come".to_string(),
        Phase::OpeningChoice => format!(
            "{} won the opening with {}{}: keep or reroll",
            name(s.roller()),
            s.dice[0],
            s.dice[1]
        ),
        Phase::CubeDecision => format!("{} on roll, may double", name(s.roller())),
        Phase::Rolling => format!("{} to roll", name(s.roller())),
        Phase::Moving => format!("{} to play {}{}", name(s.roller()), s.dice[0], s.dice[1]),
        Phase::Doubled { .. } => format!(
            "{} offered the cube at {}; {} to answer",
            name(s.roller()),
            s.offered_value().unwrap_or(0),
            name(s.responder().unwrap_or(0))
        ),
        Phase::Over => match s.result {
            Some(r) => format!(
                "{} won {} point(s); over",
                name(r.winner as usize),
                r.points
            ),
            None => "over".to_string(),
        },
    };
    let mode = if s.rules.is_money() {
        "money game".to_string()
    } else {
        format!(
            "{}-point match{}",
            s.rules.match_length,
            if s.crawford {
                ", Crawford game"
            } else if s.post_crawford {
                ", post-Crawford"
            } else {
                ""
            }
        )
    };
    out.push_str(&format!(" {cube}; {mode}; {what}\n"));
    if let Some((pos, mat)) = super::gnubg_id::ids(s) {
        out.push_str(&format!(" gnubg position id {pos}, match id {mat}\n"));
    }
    out
}
