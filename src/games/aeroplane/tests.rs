//! Aeroplane chess tests: every rule the seed names on a position (launch, extra rolls and
//! three 6s, stacks blocking, crashing and the 6 on top, jumps, flights and their chaining,
//! hits, the exact finish, the scoring with the seed's own example, teams), the options, the
//! modules, text, and the piece movement against a second, slow implementation written here
//! square by square on the absolute track.

use rand::SeedableRng;

use super::board::{step_of, track_square, FINISH, HANGAR, SHORTCUT_FROM, SHORTCUT_TO};
use super::game::{Aero, AeroMove};
use super::moves::Choice;
use super::rules::{AeroRules, Obligation};
use crate::game::playout::random_step;
use crate::game::rules::Presets;
use crate::game::{Game, MoveList, RuleSet, Turn};

/// The rules of the tests written for the common game (jumps and flights over stacks, any plane
/// after a launch, the crossing rule); `seed_rules` for the source text's readings.
fn rules(text: &str) -> AeroRules {
    AeroRules::parse(&format!("preset=common,{text}")).expect("rules")
}

fn seed_rules(text: &str) -> AeroRules {
    AeroRules::parse(&format!("preset=seed,{text}")).expect("rules")
}

fn pos(r: &AeroRules, text: &str) -> Aero {
    Aero::parse_position(r, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn legal(s: &Aero) -> Vec<String> {
    let mut m = MoveList::new();
    s.legal_moves(&mut m);
    m.iter().map(|&mv| s.format_move(mv)).collect()
}

fn after(s: &Aero, mv: &str) -> String {
    let mut c = *s;
    c.play_text(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", s.format_position()));
    c.format_position()
}

/// Why `mv` is refused at `s`.
fn refused(s: &Aero, mv: &str) -> String {
    let mut c = *s;
    c.play_text(mv).unwrap_err().to_string()
}

/// Green's route step on the track square of red's route step `red` (green walks every square
/// but the two just behind its entry, red's steps 38 and 39).
fn g(red: u8) -> u8 {
    step_of(3, track_square(0, red)).unwrap()
}

const EMPTY: &str = "y:h,h,h,h b:h,h,h,h g:h,h,h,h";

// ---------------------------------------------------------------- launch and rolls

#[test]
fn launch_needs_a_six_and_a_six_rolls_again() {
    let r = rules("");
    let s = pos(&r, &format!("r:h,h,h,h {EMPTY} a5"));
    assert_eq!(legal(&s), vec!["pass"], "a 5 does not launch");
    assert_eq!(after(&s, "pass"), format!("r:h,h,h,h {EMPTY} b?"));
    let s = pos(&r, &format!("r:h,h,h,h {EMPTY} a6"));
    assert_eq!(legal(&s), vec!["launch"]);
    assert_eq!(
        after(&s, "launch"),
        format!("r:0,h,h,h {EMPTY} a? sixes=1"),
        "another roll"
    );
    // From the takeoff point the first step is the first track square.
    let s = pos(&r, &format!("r:0,h,h,h {EMPTY} a? sixes=1"));
    let mut t = s;
    t.play(AeroMove::Roll(1));
    assert_eq!(legal(&t), vec!["0-1"]);
    assert_eq!(after(&t, "0-1"), format!("r:1,h,h,h {EMPTY} b?"));
}

#[test]
fn launch_options() {
    let five = rules("launch=5");
    let s = pos(&five, &format!("r:h,h,h,h {EMPTY} a5"));
    assert_eq!(legal(&s), vec!["launch"]);
    assert_eq!(
        after(&s, "launch"),
        format!("r:0,h,h,h {EMPTY} b?"),
        "a 5 launches but gives no roll"
    );
    let even = rules("launch=even");
    let s = pos(&even, &format!("r:h,h,h,h {EMPTY} a4"));
    assert_eq!(legal(&s), vec!["launch"]);
    let s = pos(&even, &format!("r:h,h,h,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["pass"]);
}

#[test]
fn three_sixes_send_everything_home_and_end_the_turn() {
    let on = rules("three_sixes=true");
    let text = format!("r:56,20,0,h {EMPTY} a? sixes=2");
    let mut s = pos(&on, &text);
    s.play(AeroMove::Roll(6));
    assert_eq!(
        s.format_position(),
        format!("r:h,h,h,h {EMPTY} b?"),
        "even the piece home"
    );
    // Off (the default): the third 6 is a roll like another.
    let mut s = pos(&rules(""), &text);
    s.play(AeroMove::Roll(6));
    assert_eq!(s.turn(), Turn::Player(0));
    assert!(legal(&s).contains(&"launch".to_string()));
}

// ---------------------------------------------------------------- stacks

#[test]
fn a_stack_blocks_crashes_and_lets_a_six_stop_on_top() {
    let r = rules("");
    // A green stack three squares ahead of red's piece on step 10.
    let gs = g(13);
    let base = format!("r:10,h,h,h y:h,h,h,h b:h,h,h,h g:{gs},{gs},h,h");
    // Exactly onto it: the lander and the stack go to the hangar.
    let s = pos(&r, &format!("{base} a3"));
    assert_eq!(legal(&s), vec!["10-h"]);
    assert_eq!(after(&s, "10-h"), format!("r:h,h,h,h {EMPTY} b?"));
    // Beyond it: back from the stack by the excess (5 = 3 to the stack, 2 back: step 11).
    let s = pos(&r, &format!("{base} a5"));
    assert_eq!(
        after(&s, "10"),
        format!("r:11,h,h,h y:h,h,h,h b:h,h,h,h g:{gs},{gs},h,h b?")
    );
    // A 6 beyond it: on top of the stack, no crash; the extra roll must move that piece.
    let s = pos(
        &r,
        &format!("r:10,0,h,h y:h,h,h,h b:h,h,h,h g:{gs},{gs},h,h a6"),
    );
    let t = after(&s, "10");
    assert_eq!(
        t,
        format!("r:0,13,h,h y:h,h,h,h b:h,h,h,h g:{gs},{gs},h,h a? sixes=1 forced=13")
    );
    let mut u = pos(&r, &t);
    u.play(AeroMove::Roll(6));
    assert_eq!(
        legal(&u),
        vec!["13-19"],
        "only the piece on the stack (no launch, no other piece)"
    );
    // An own stack does not block its owner, nor one enemy piece anyone.
    let s = pos(&r, &format!("r:10,13,13,h {EMPTY} a5"));
    assert!(legal(&s).contains(&"10-15".to_string()));
}

// ---------------------------------------------------------------- jumps and flights

#[test]
fn own_colour_jumps_four_and_the_shortcut_chains() {
    let r = rules("");
    // Step 6 is red: stopping there jumps to 10.
    let s = pos(&r, &format!("r:3,h,h,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["3-10"]);
    // Landing on the shortcut square (18) flies to 30, then jumps to 34.
    let s = pos(&r, &format!("r:15,h,h,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["15-34"]);
    // Jumping onto the shortcut square (from 14) flies to 30 and stops.
    let s = pos(&r, &format!("r:11,h,h,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["11-30"]);
    // No jump from the last track square (50): the route turns in there.
    let s = pos(&r, &format!("r:48,h,h,h {EMPTY} a2"));
    assert_eq!(legal(&s), vec!["48-50"]);
    // Other colours' squares do nothing.
    let s = pos(&r, &format!("r:3,h,h,h {EMPTY} a2"));
    assert_eq!(legal(&s), vec!["3-5"]);
    assert_eq!((SHORTCUT_FROM, SHORTCUT_TO), (18, 30));
}

#[test]
fn the_flight_hits_the_crossed_square_and_a_stack_there_grounds_it() {
    let r = rules("");
    // Red's shortcut crosses blue's home column at its third square (blue step 53).
    let s = pos(&r, "r:15,h,h,h y:h,h,h,h b:53,h,h,h g:h,h,h,h a3");
    assert_eq!(
        after(&s, "15"),
        "r:34,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h b?"
    );
    let s = pos(&r, "r:15,h,h,h y:h,h,h,h b:53,53,h,h g:h,h,h,h a3");
    assert_eq!(
        legal(&s),
        vec!["15-18"],
        "a stack on the crossing keeps the piece from flying"
    );
    let off = rules("crossing_hits=false");
    let s = pos(&off, "r:15,h,h,h y:h,h,h,h b:53,53,h,h g:h,h,h,h a3");
    assert_eq!(
        after(&s, "15"),
        "r:34,h,h,h y:h,h,h,h b:53,53,h,h g:h,h,h,h b?"
    );
    let other = rules("crossing=5");
    let s = pos(&other, "r:15,h,h,h y:h,h,h,h b:53,h,h,h g:h,h,h,h a3");
    assert_eq!(
        after(&s, "15"),
        "r:34,h,h,h y:h,h,h,h b:53,h,h,h g:h,h,h,h b?"
    );
}

#[test]
fn the_seed_preset_grounds_jumps_and_flights_over_stacks_and_moves_the_launched_plane() {
    assert_eq!(AeroRules::default(), seed_rules(""));
    assert_eq!(AeroRules::default().preset_name(), "seed");
    assert!(!AeroRules::default().crossing_hits);
    assert_eq!(rules("").preset_name(), "common");
    assert_eq!(AeroRules::parse(&rules("").to_text()).unwrap(), rules(""));
    assert_eq!(seed_rules("crossing_hits=true").preset_name(), "custom");
    // A green stack between red's step 6 and the square it jumps to (10): "敌方的棋子不能在迭子
    // 上面飞过". The text: no jump; the common game: the jump goes over it.
    let text = "r:5,h,h,h y:h,h,h,h b:h,h,h,h g:21,21,h,h a1";
    assert_eq!(legal(&pos(&seed_rules(""), text)), vec!["5-6"]);
    assert_eq!(legal(&pos(&rules(""), text)), vec!["5-10"]);
    // A blue stack on the crossed home-column square keeps the flight on the ground under the
    // text even without the crossing rule's hits.
    let text = "r:15,h,h,h y:h,h,h,h b:53,53,h,h g:h,h,h,h a3";
    assert_eq!(legal(&pos(&seed_rules(""), text)), vec!["15-18"]);
    assert_eq!(
        legal(&pos(&rules("crossing_hits=false"), text)),
        vec!["15-34"]
    );
    // ... and a lone blue piece there is not hit (crossing_hits is not in the text).
    let text = "r:15,h,h,h y:h,h,h,h b:53,h,h,h g:h,h,h,h a3";
    assert_eq!(
        after(&pos(&seed_rules(""), text), "15"),
        "r:34,h,h,h y:h,h,h,h b:53,h,h,h g:h,h,h,h b?"
    );
    // The roll a launch earns moves the launched plane ("确定棋子的前进步数").
    let text = "r:10,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a6";
    let mut s = pos(&seed_rules(""), text);
    s.play_text("launch").unwrap();
    assert_eq!(
        s.format_position(),
        "r:0,10,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a? sixes=1 forced=0"
    );
    s.play(AeroMove::Roll(6));
    assert_eq!(legal(&s), vec!["0-10"]);
    let mut c = pos(&rules(""), text);
    c.play_text("launch").unwrap();
    c.play(AeroMove::Roll(6));
    assert_eq!(legal(&c), vec!["launch", "0-10", "10-16"]);
}

// ---------------------------------------------------------------- hits and the finish

#[test]
fn landing_on_an_enemy_sends_it_to_the_hangar() {
    let r = rules("");
    let s = pos(
        &r,
        &format!("r:10,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h a2", g(12)),
    );
    assert_eq!(after(&s, "10"), format!("r:12,h,h,h {EMPTY} b?"));
    // Also where a jump lands.
    let s = pos(
        &r,
        &format!("r:3,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h a3", g(10)),
    );
    assert_eq!(after(&s, "3"), format!("r:10,h,h,h {EMPTY} b?"));
    // Own pieces stack.
    let s = pos(&r, &format!("r:10,12,h,h {EMPTY} a2"));
    assert_eq!(after(&s, "10"), format!("r:12,12,h,h {EMPTY} b?"));
    // The first track square is a square like any other.
    let s = pos(
        &r,
        &format!("r:0,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h a1", g(1)),
    );
    assert_eq!(after(&s, "0"), format!("r:1,h,h,h {EMPTY} b?"));
}

#[test]
fn the_finish_needs_the_exact_roll_and_bounces_back() {
    let r = rules("");
    let s = pos(&r, &format!("r:53,h,h,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["53-56"]);
    let s = pos(&r, &format!("r:53,h,h,h {EMPTY} a5"));
    assert_eq!(legal(&s), vec!["53-54"], "3 to the finish, 2 back");
    let any = rules("exact=false");
    let s = pos(&any, &format!("r:53,h,h,h {EMPTY} a5"));
    assert_eq!(legal(&s), vec!["53-56"]);
    // Home pieces do not move; the last one home wins.
    let s = pos(&r, &format!("r:56,56,56,55 {EMPTY} a1"));
    assert_eq!(legal(&s), vec!["55-56"]);
    let mut t = s;
    t.play_text("55-56").unwrap();
    assert_eq!(t.turn(), Turn::Terminal);
}

#[test]
fn the_seeds_scoring_example() {
    // 第一名进4棋 第二名进3棋 第三名2棋 第四名1棋: 1000 points a room, 250 a piece:
    // -750, -500, -250 and 250 + 500 + 750 = 1500 (returns in rooms).
    let r = rules("");
    let s = pos(&r, "r:56,56,56,56 y:56,56,56,h b:56,56,h,h g:56,h,h,h a#");
    assert_eq!(s.returns().as_slice(), &[1.5, -0.25, -0.5, -0.75]);
    let w = rules("scoring=win");
    let s = pos(&w, "r:56,56,56,56 y:56,56,56,h b:56,56,h,h g:56,h,h,h a#");
    assert_eq!(s.returns().as_slice(), &[1.0, -1.0, -1.0, -1.0]);
    // Partners share the winnings equally (对家合作...在两个玩家间平分).
    let t = rules("teams=true");
    let s = pos(&t, "r:56,56,56,56 y:56,56,56,h b:56,56,56,56 g:56,h,h,h a#");
    assert_eq!(s.returns().as_slice(), &[0.5, -0.25, 0.5, -0.75]);
    // Two players.
    let two = rules("players=2");
    let s = pos(&two, "r:56,h,h,h b:56,56,56,56 b#");
    assert_eq!(s.returns().as_slice(), &[-0.75, 0.75]);
}

#[test]
fn partners_do_not_hit_each_other_and_help_when_home() {
    let t = rules("teams=true");
    // Blue (seat c) is red's partner: red lands on it without hitting; together they stack.
    let bs = step_of(2, track_square(0, 12)).unwrap();
    let s = pos(
        &t,
        &format!("r:10,h,h,h y:h,h,h,h b:{bs},h,h,h g:h,h,h,h a2"),
    );
    assert_eq!(
        after(&s, "10"),
        format!("r:12,h,h,h y:h,h,h,h b:{bs},h,h,h g:h,h,h,h b?")
    );
    // That team stack is a stack to the enemy (green): landing on it crashes.
    let gs = g(9);
    let s = pos(
        &t,
        &format!("r:12,h,h,h y:h,h,h,h b:{bs},h,h,h g:{gs},h,h,h d3"),
    );
    assert_eq!(legal(&s), vec![format!("{gs}-h")]);
    assert_eq!(
        after(&s, &format!("{gs}")),
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a?"
    );
    // Red all home: red's player rolls for blue.
    let s = pos(&t, "r:56,56,56,56 y:h,h,h,h b:5,h,h,h g:h,h,h,h a2");
    assert_eq!(legal(&s), vec!["5-7"]);
    assert_eq!(s.turn(), Turn::Player(0));
    // team_end=first: red's player finishing ends the game.
    let f = rules("teams=true,team_end=first");
    let s = pos(&f, "r:56,56,56,55 y:h,h,h,h b:5,h,h,h g:h,h,h,h a1");
    let mut u = s;
    u.play_text("55").unwrap();
    assert_eq!(u.turn(), Turn::Terminal);
    assert_eq!(u.returns().as_slice(), &[1.0, -1.0, 1.0, -1.0]);
}

// ---------------------------------------------------------------- modules

#[test]
fn storms_come_and_go_and_stop_planes() {
    let r = rules("weather=true");
    let mut s = Aero::new(&r);
    assert_eq!(s.turn(), Turn::Chance);
    let mut out = Vec::new();
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 52, "a storm appears on a random track square");
    s.play_text("storm@20").unwrap();
    assert!(s.format_position().ends_with("a? storm=20/3"));
    // A plane passing the storm stops there (no jump from it).
    let red_at = step_of(0, 20).unwrap();
    let s = pos(&r, &format!("r:{},h,h,h {EMPTY} a5 storm=20/3", red_at - 2));
    assert_eq!(legal(&s), vec![format!("{}-{red_at}", red_at - 2)]);
    // Three rounds on, three rounds off, then a new one.
    let mut s = pos(&r, &format!("r:h,h,h,h {EMPTY} d1 storm=20/1"));
    s.play_text("pass").unwrap();
    assert!(
        s.format_position().ends_with("a? storm=-/3"),
        "{}",
        s.format_position()
    );
    let mut s = pos(&r, &format!("r:h,h,h,h {EMPTY} d1 storm=-/1"));
    s.play_text("pass").unwrap();
    assert_eq!(s.turn(), Turn::Chance);
    assert!(s.format_position().ends_with("a? storm=?"));
}

#[test]
fn items_are_picked_up_and_used_before_the_roll() {
    let r = rules("items=true");
    let s = Aero::new(&r);
    let mut out = Vec::new();
    s.chance_outcomes(&mut out);
    assert_eq!(out.len(), 104, "52 squares x 2 kinds");
    // Landing on the item's square picks it up (for the player who moved).
    let sq = track_square(0, 12);
    let s = pos(
        &r,
        &format!("r:10,h,h,h {EMPTY} a2 item={sq}/six held=0.0,0.0,0.0,0.0"),
    );
    let t = pos(&r, &after(&s, "10"));
    assert_eq!(t.held(0), [1, 0]);
    assert!(t.item().is_none());
    // Before the roll: roll, or use the six-die (a 6 at once), or the booster (steps doubled).
    let s = pos(
        &r,
        &format!("r:11,h,h,h {EMPTY} a? item=- held=1.1,0.0,0.0,0.0"),
    );
    assert_eq!(legal(&s), vec!["roll", "six", "boost"]);
    let u = pos(&r, &after(&s, "six"));
    assert_eq!(u.roll(), Some(6));
    assert_eq!(u.held(0), [0, 1]);
    let mut v = pos(&r, &after(&s, "boost"));
    assert_eq!(v.turn(), Turn::Chance);
    v.play(AeroMove::Roll(2));
    assert_eq!(legal(&v), vec!["11-15"], "2 doubled: 4 steps");
    // An item that appears under a standing plane is not taken by it.
    let mut w = pos(
        &r,
        &format!("r:10,h,h,h {EMPTY} a? item=? held=0.0,0.0,0.0,0.0"),
    );
    w.play(AeroMove::Item(track_square(0, 10), 0));
    assert_eq!(w.held(0), [0, 0]);
}

// ---------------------------------------------------------------- text

#[test]
fn positions_and_moves_refuse_bad_text() {
    let r = rules("");
    for bad in [
        "",
        "r:h,h,h,h a?",
        "r:h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a?",
        "r:57,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a?",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h e?",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a7",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a#",
        "r:56,56,56,56 y:h,h,h,h b:h,h,h,h g:h,h,h,h a?",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a? sixes=3",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a? forced=5",
        "r:h,h,h,h y:h,h,h,h b:h,h,h,h g:h,h,h,h a? storm=3/1",
        "y:h,h,h,h r:h,h,h,h b:h,h,h,h g:h,h,h,h a?",
    ] {
        assert!(Aero::parse_position(&r, bad).is_err(), "{bad:?}");
    }
    let s = pos(&r, &format!("r:10,h,h,h {EMPTY} a2"));
    for bad in [
        "11", "10-13", "launch", "r7", "storm@3", "roll", "56", "10-", "-",
    ] {
        assert!(s.parse_move(bad).is_err(), "{bad:?}");
    }
    assert!(AeroRules::parse("players=3,teams=true").is_err());
    assert!(AeroRules::parse("crossing=6").is_err());
}

// ---------------------------------------------------------------- a slow second implementation

/// Where every piece ends after moving the red piece on `from` by the roll, worked out square
/// by square on the absolute track from the rules' words (four players, no teams, no modules),
/// hitting and taking jumps and flights as `choice` says.
fn slow_move(s: &Aero, from: u8, choice: Choice) -> [[u8; 4]; 4] {
    let r = *s.rules_ref();
    let face = s.roll().unwrap();
    let mut all = [*s.pieces(0), *s.pieces(1), *s.pieces(2), *s.pieces(3)];
    let k = all[0].iter().position(|&p| p == from).unwrap();
    all[0][k] = 200; // lifted while it moves
                     // The absolute square of a piece, if on the track.
    let square = |c: usize, p: u8| (1..=50).contains(&p).then(|| track_square(c, p));
    let enemies_on = |all: &[[u8; 4]; 4], sq: u8| -> Vec<(usize, usize)> {
        let mut v = Vec::new();
        for c in 1..4 {
            for i in 0..4 {
                if square(c, all[c][i]) == Some(sq) {
                    v.push((c, i));
                }
            }
        }
        v
    };
    let is_stack = |all: &[[u8; 4]; 4], sq: u8| {
        (1..4).any(|c| (0..4).filter(|&i| square(c, all[c][i]) == Some(sq)).count() >= 2)
    };
    // Stops at red step `p`: false if red crashed into a stack (which goes home with every
    // enemy there, hit or not); single enemies go home if red hits.
    let stop = |all: &mut [[u8; 4]; 4], p: u8| -> bool {
        if let Some(sq) = square(0, p) {
            let crash = is_stack(all, sq);
            if crash || choice.hit {
                for (c, i) in enemies_on(all, sq) {
                    all[c][i] = HANGAR;
                }
            }
            return !crash;
        }
        true
    };
    // The jumps and flights red takes after its steps.
    let links = choice.links;
    let mut p = from;
    let mut i = 0;
    let mut forward = true;
    let end;
    loop {
        if i == face {
            // After the steps: stop, jump, fly.
            if p == FINISH {
                end = FINISH;
                break;
            }
            if !stop(&mut all, p) {
                end = HANGAR;
                break;
            }
            let own = |p: u8| square(0, p).is_some_and(|sq| sq % 4 == 0) && p != 50;
            let fly = |all: &mut [[u8; 4]; 4]| -> Option<bool> {
                let blue_at_cross: Vec<usize> =
                    (0..4).filter(|&i| all[2][i] == 50 + r.crossing).collect();
                if blue_at_cross.len() >= 2 {
                    return None;
                }
                for i in blue_at_cross {
                    all[2][i] = HANGAR;
                }
                Some(true)
            };
            if own(p) && links == 0 {
                end = p;
            } else if own(p) {
                if p == 18 {
                    match fly(&mut all) {
                        None => end = 18,
                        Some(_) => {
                            if !stop(&mut all, 30) {
                                end = HANGAR;
                            } else if links < 2 {
                                end = 30;
                            } else if !stop(&mut all, 34) {
                                end = HANGAR;
                            } else {
                                end = 34;
                            }
                        }
                    }
                } else {
                    let j = p + 4;
                    if !stop(&mut all, j) {
                        end = HANGAR;
                    } else if j == 18 && links < 2 {
                        end = 18;
                    } else if j == 18 {
                        end = match fly(&mut all) {
                            None => 18,
                            Some(_) => {
                                if stop(&mut all, 30) {
                                    30
                                } else {
                                    HANGAR
                                }
                            }
                        };
                    } else {
                        end = j;
                    }
                }
            } else {
                end = p;
            }
            break;
        }
        if p == FINISH {
            forward = false;
        }
        p = if forward { p + 1 } else { p - 1 };
        i += 1;
        if forward {
            if let Some(sq) = square(0, p) {
                if is_stack(&all, sq) {
                    if i == face {
                        stop(&mut all, p);
                        end = HANGAR;
                        break;
                    }
                    if face == 6 {
                        end = p;
                        break;
                    }
                    // Walk back the excess from the stack, then stop there like any landing.
                    let back = face - i;
                    p = p.saturating_sub(back);
                    i = face;
                    continue;
                }
            }
        }
    }
    all[0][k] = end;
    for c in 0..4 {
        all[c].sort_unstable();
    }
    all
}

#[test]
fn moves_equal_a_slow_implementation_on_random_positions() {
    // The must rules (every move hits and jumps), then the may rules (every choice a move).
    for (text, least) in [("", 20_000), ("hit=may,jump=may", 20_000)] {
        let r = rules(text);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        let (mut checked, mut chosen) = (0, 0);
        for _ in 0..400 {
            let mut s = Aero::new(&r);
            let mut plies = 0;
            while !s.is_terminal() && plies < 3000 {
                if s.to_move() == 0 && s.roll().is_some() && s.forced().is_none() {
                    let mut moves = MoveList::new();
                    s.legal_moves(&mut moves);
                    for &mv in &moves {
                        let (from, choice) = match mv {
                            AeroMove::Move(from) => (from, Choice::ALL),
                            AeroMove::MoveChoosing(from, choice) => {
                                chosen += 1;
                                (from, choice)
                            }
                            _ => continue,
                        };
                        let mut c = s;
                        c.play(mv);
                        let got = [*c.pieces(0), *c.pieces(1), *c.pieces(2), *c.pieces(3)];
                        assert_eq!(
                            got,
                            slow_move(&s, from, choice),
                            "{} at {} ({text})",
                            s.format_move(mv),
                            s.format_position()
                        );
                        checked += 1;
                    }
                }
                random_step(&mut s, &mut rng);
                plies += 1;
            }
        }
        assert!(checked > least, "{checked} moves compared ({text})");
        assert_eq!(
            chosen > 1000,
            !text.is_empty(),
            "{chosen} chosen moves ({text})"
        );
    }
}

#[test]
fn conformance_on_random_games() {
    for text in [
        "",
        "players=2",
        "players=3,launch=5",
        "teams=true",
        "teams=true,team_end=first,three_sixes=true",
        "launch=even,exact=false,crossing=1,scoring=win",
        "weather=true,items=true",
        "players=2,weather=true,items=true,three_sixes=true",
        "hit=may,jump=may",
        "teams=true,hit=may",
        "players=3,jump=may,weather=true,items=true",
    ] {
        let s = Aero::new(&rules(text));
        let cov = crate::game::conformance::check_random_games(&s, 25, 100_000, 17).unwrap();
        assert_eq!(cov.terminals, 25, "every game ends ({text})");
    }
    // The text's readings with the mover's choices.
    let s = Aero::new(&seed_rules("hit=may,jump=may"));
    let cov = crate::game::conformance::check_random_games(&s, 25, 100_000, 17).unwrap();
    assert_eq!(cov.terminals, 25);
}

// ---------------------------------------------------------------- hit=may and jump=may (可)

#[test]
fn under_jump_may_the_mover_stops_before_any_jump_or_flight() {
    // Must (the default): the jump and the flight happen, one move a piece.
    let s = pos(&seed_rules(""), &format!("r:3,11,15,h {EMPTY} a3"));
    assert_eq!(legal(&s), vec!["3-10", "11-30", "15-34"]);
    let e = refused(&s, "3-6");
    assert!(e.contains("that piece ends on 10"), "{e}");
    // May: every place the chain can stop is a move of its own.
    let s = pos(&seed_rules("jump=may"), &format!("r:3,11,15,h {EMPTY} a3"));
    assert_eq!(
        legal(&s),
        vec!["3-10", "3-6", "11-30", "11-18", "11-14", "15-34", "15-30", "15-18"]
    );
    assert_eq!(after(&s, "3-6"), format!("r:6,11,15,h {EMPTY} b?"));
    assert_eq!(after(&s, "11-18"), format!("r:3,15,18,h {EMPTY} b?"));
    assert_eq!(after(&s, "15-30"), format!("r:3,11,30,h {EMPTY} b?"));
    // A move given by its start alone takes every jump and flight.
    assert_eq!(after(&s, "3"), format!("r:10,11,15,h {EMPTY} b?"));
    let e = refused(&s, "3-7");
    assert!(e.contains("that piece ends on 10 or 6"), "{e}");
    assert_eq!(
        AeroRules::parse("jump=may").unwrap().to_text(),
        "preset=seed,players=4,teams=false,team_end=both,launch=6,three_sixes=false,exact=true,\
         crossing=3,crossing_hits=false,scoring=points,weather=false,items=false,\
         stack_flight=blocked,launch_roll=launched,jump=may"
    );
}

#[test]
fn under_hit_may_the_mover_may_share_a_square_with_an_enemy() {
    let text = format!("r:10,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h a2", g(12));
    // Must (the default): the enemy goes home.
    let s = pos(&seed_rules(""), &text);
    assert_eq!(legal(&s), vec!["10-12"]);
    assert!(refused(&s, "10-12/nohit").contains("that piece ends on 12"));
    // May: hitting and not hitting are two moves; without a hit both stay.
    let s = pos(&seed_rules("hit=may"), &text);
    assert_eq!(legal(&s), vec!["10-12", "10-12/nohit"]);
    assert_eq!(after(&s, "10-12"), format!("r:12,h,h,h {EMPTY} b?"));
    assert_eq!(
        after(&s, "10-12/nohit"),
        format!("r:12,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h b?", g(12))
    );
    // Nothing to hit: one move.
    let s = pos(&seed_rules("hit=may"), &format!("r:10,h,h,h {EMPTY} a2"));
    assert_eq!(legal(&s), vec!["10-12"]);
    // A stack is no hit to decline: landing on it crashes either way.
    let s = pos(
        &seed_rules("hit=may"),
        &format!("r:10,h,h,h y:h,h,h,h b:h,h,h,h g:{0},{0},h,h a2", g(12)),
    );
    assert_eq!(legal(&s), vec!["10-h"]);
    // Both: a jump's landing square is a stop too, hit or not.
    let s = pos(
        &seed_rules("hit=may,jump=may"),
        &format!("r:3,h,h,h y:h,h,h,h b:h,h,h,h g:{},h,h,h a3", g(10)),
    );
    assert_eq!(legal(&s), vec!["3-10", "3-6", "3-10/nohit"]);
    assert_eq!(AeroRules::parse("hit=may").unwrap().hit, Obligation::May);
    assert!(AeroRules::parse("hit=sometimes").is_err());
}
