//! The 17 piece types of Wa shogi and their 14 promoted forms: names, letters, movement and
//! promotion. The movement table is the one in docs/rules/washogi.md (the seed's diagrams were
//! lost; the table agrees with CrazyWa's and HaChu's piece tables and ShogiVar's `Wa.rul`).
//!
//! A piece *kind* is 0..=30: the 16 types that can be held in hand (0..=15), the Crane King (16),
//! and the promoted forms of types 0..=13 (17 + type). A promoted piece is its own kind even when
//! it moves like another piece (a promoted Running Rabbit moves as a Treacherous Fox but returns
//! to the hand as a Running Rabbit, and cannot promote again).

/// Number of kinds (16 hand types, the king, 14 promoted forms).
pub const KINDS: usize = 31;
/// Types that can be held in hand (everything unpromoted but the king).
pub const HAND_TYPES: usize = 16;

pub const PAWN: u8 = 0;
pub const OXCART: u8 = 1;
pub const LIBERATED_HORSE: u8 = 2;
pub const STRUTTING_CROW: u8 = 3;
pub const SWOOPING_OWL: u8 = 4;
pub const CLIMBING_MONKEY: u8 = 5;
pub const FLYING_GOOSE: u8 = 6;
pub const FLYING_COCK: u8 = 7;
pub const BLIND_DOG: u8 = 8;
pub const VIOLENT_STAG: u8 = 9;
pub const VIOLENT_WOLF: u8 = 10;
pub const SWALLOWS_WINGS: u8 = 11;
pub const RUNNING_RABBIT: u8 = 12;
pub const FLYING_FALCON: u8 = 13;
pub const TREACHEROUS_FOX: u8 = 14;
pub const CLOUD_EAGLE: u8 = 15;
pub const KING: u8 = 16;
/// The promoted form of type `t` (for `t <= FLYING_FALCON`) is `PROMOTED + t`.
pub const PROMOTED: u8 = 17;
/// Types up to this one promote.
pub const LAST_PROMOTING: u8 = FLYING_FALCON;

/// "Unlimited" slide: farther than any line on the board.
pub const FAR: u8 = 10;

/// The XBoard letter of each unpromoted kind (HaChu's and CrazyWa's letters; promoted kinds are
/// `+` and the letter of the type they came from).
pub const LETTERS: [u8; 17] = *b"POHULMGCDVWSRFXEK";

/// English and original names of every kind, for documentation and `show`.
pub const NAMES: [(&str, &str); KINDS] = [
    ("Sparrow Pawn", "萑歩"),
    ("Oxcart", "牛車"),
    ("Liberated Horse", "風馬"),
    ("Strutting Crow", "烏行"),
    ("Swooping Owl", "鴟行"),
    ("Climbing Monkey", "登猿"),
    ("Flying Goose", "鳫飛"),
    ("Flying Cock", "雞飛"),
    ("Blind Dog", "盲犬"),
    ("Violent Stag", "猛鹿"),
    ("Violent Wolf", "猛狼"),
    ("Swallow's Wings", "燕羽"),
    ("Running Rabbit", "走兎"),
    ("Flying Falcon", "飛鷹"),
    ("Treacherous Fox", "隠狐"),
    ("Cloud Eagle", "雲鷲"),
    ("Crane King", "靏玉"),
    ("Golden Bird", "金鳥"),
    ("Plodding Ox", "歬牛"),
    ("Heavenly Horse", "天馬"),
    ("Flying Falcon (promoted Crow)", "飛鷹"),
    ("Cloud Eagle (promoted Owl)", "雲鷲"),
    ("Violent Stag (promoted Monkey)", "猛鹿"),
    ("Swallow's Wings (promoted Goose)", "燕羽"),
    ("Raiding Falcon", "延鷹"),
    ("Violent Wolf (promoted Dog)", "猛狼"),
    ("Roaming Boar", "行豬"),
    ("Bear's Eyes", "熊眼"),
    ("Gliding Swallow", "燕行"),
    ("Treacherous Fox (promoted Rabbit)", "隠狐"),
    ("Tenacious Falcon", "勁鷹"),
];

/// How a kind moves, seen from the player at the bottom (forward = up), in the groups of the
/// rules table: forward, forward diagonals, sideways, backward, backward diagonals. Each entry is
/// the range (0 none, 1..=3 up to that many squares, `FAR` any distance; slides stop at the first
/// piece). `jump` adds a jump to the second square in every direction that has a step (the
/// Treacherous Fox); `narrow_knight` is the Heavenly Horse's four jumps to (±1, ±2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Movement {
    pub forward: u8,
    pub forward_diagonal: u8,
    pub sideways: u8,
    pub backward: u8,
    pub backward_diagonal: u8,
    pub jump: bool,
    pub narrow_knight: bool,
}

const fn steps(f: u8, fd: u8, s: u8, b: u8, bd: u8) -> Movement {
    Movement {
        forward: f,
        forward_diagonal: fd,
        sideways: s,
        backward: b,
        backward_diagonal: bd,
        jump: false,
        narrow_knight: false,
    }
}

const KING_STEPS: Movement = steps(1, 1, 1, 1, 1);
const FOX: Movement = Movement {
    jump: true,
    ..steps(1, 1, 0, 1, 1)
};
const FALCON: Movement = steps(1, FAR, 0, 0, FAR);
const EAGLE: Movement = steps(FAR, 3, 1, FAR, 1);
const SWALLOW: Movement = steps(1, 0, FAR, 1, 0);
const STAG: Movement = steps(1, 1, 0, 0, 1);
const WOLF: Movement = steps(1, 1, 1, 1, 0);

/// The movement of every kind, in kind order.
pub const MOVEMENT: [Movement; KINDS] = [
    steps(1, 0, 0, 0, 0),   // Sparrow Pawn
    steps(FAR, 0, 0, 0, 0), // Oxcart
    steps(FAR, 0, 0, 2, 0), // Liberated Horse
    steps(1, 0, 0, 0, 1),   // Strutting Crow
    steps(1, 0, 0, 0, 1),   // Swooping Owl
    steps(1, 1, 0, 1, 0),   // Climbing Monkey
    steps(1, 1, 0, 1, 0),   // Flying Goose
    steps(0, 1, 1, 0, 0),   // Flying Cock
    steps(0, 1, 1, 1, 0),   // Blind Dog
    STAG,                   // Violent Stag
    WOLF,                   // Violent Wolf
    SWALLOW,                // Swallow's Wings
    steps(FAR, 1, 0, 1, 1), // Running Rabbit
    FALCON,                 // Flying Falcon
    FOX,                    // Treacherous Fox
    EAGLE,                  // Cloud Eagle
    KING_STEPS,             // Crane King
    WOLF,                   // Golden Bird (+P)
    KING_STEPS,             // Plodding Ox (+O)
    Movement {
        narrow_knight: true,
        ..steps(0, 0, 0, 0, 0)
    }, // Heavenly Horse (+H)
    FALCON,                 // +U moves as a Flying Falcon
    EAGLE,                  // +L moves as a Cloud Eagle
    STAG,                   // +M moves as a Violent Stag
    SWALLOW,                // +G moves as Swallow's Wings
    steps(FAR, 1, 1, FAR, 0), // Raiding Falcon (+C)
    WOLF,                   // +D moves as a Violent Wolf
    steps(1, 1, 1, 0, 1),   // Roaming Boar (+V)
    KING_STEPS,             // Bear's Eyes (+W)
    steps(FAR, 0, FAR, FAR, 0), // Gliding Swallow (+S)
    FOX,                    // +R moves as a Treacherous Fox
    steps(FAR, FAR, 1, FAR, FAR), // Tenacious Falcon (+F)
];

/// The kind a kind promotes to, if it promotes.
#[inline]
pub const fn promoted(kind: u8) -> Option<u8> {
    if kind <= LAST_PROMOTING {
        Some(PROMOTED + kind)
    } else {
        None
    }
}

/// The hand type a captured piece of this kind becomes (promoted pieces return unpromoted).
#[inline]
pub const fn unpromoted(kind: u8) -> u8 {
    if kind >= PROMOTED {
        kind - PROMOTED
    } else {
        kind
    }
}

#[inline]
pub const fn is_promoted(kind: u8) -> bool {
    kind >= PROMOTED
}

/// The XBoard text of a kind: `P`, `+P`, ... (upper case).
pub fn kind_text(kind: u8) -> String {
    if is_promoted(kind) {
        format!("+{}", LETTERS[(kind - PROMOTED) as usize] as char)
    } else {
        (LETTERS[kind as usize] as char).to_string()
    }
}

/// The unpromoted kind of a letter (either case).
pub fn kind_of_letter(letter: char) -> Option<u8> {
    let up = letter.to_ascii_uppercase() as u8;
    LETTERS.iter().position(|&l| l == up).map(|i| i as u8)
}

/// Default material values in centipawns (a Sparrow Pawn is 100), roughly HaChu's and CrazyWa's
/// tables scaled; engine files override them by name.
pub const VALUES: [f64; KINDS] = [
    100.0, // Sparrow Pawn
    190.0, // Oxcart
    210.0, // Liberated Horse
    130.0, // Strutting Crow
    145.0, // Swooping Owl
    220.0, // Climbing Monkey
    240.0, // Flying Goose
    165.0, // Flying Cock
    190.0, // Blind Dog
    250.0, // Violent Stag
    275.0, // Violent Wolf
    325.0, // Swallow's Wings
    325.0, // Running Rabbit
    475.0, // Flying Falcon
    490.0, // Treacherous Fox
    540.0, // Cloud Eagle
    0.0,   // Crane King (captured only under royal=capture, where it ends the game)
    275.0, // Golden Bird
    325.0, // Plodding Ox
    275.0, // Heavenly Horse
    475.0, // +U (Flying Falcon)
    540.0, // +L (Cloud Eagle)
    250.0, // +M (Violent Stag)
    325.0, // +G (Swallow's Wings)
    360.0, // Raiding Falcon
    275.0, // +D (Violent Wolf)
    300.0, // Roaming Boar
    325.0, // Bear's Eyes
    625.0, // Gliding Swallow
    490.0, // +R (Treacherous Fox)
    900.0, // Tenacious Falcon
];

/// The feature-name slug of a kind (`sparrow_pawn`, `plus_sparrow_pawn`, ...).
pub const SLUGS: [&str; KINDS] = [
    "sparrow_pawn",
    "oxcart",
    "liberated_horse",
    "strutting_crow",
    "swooping_owl",
    "climbing_monkey",
    "flying_goose",
    "flying_cock",
    "blind_dog",
    "violent_stag",
    "violent_wolf",
    "swallows_wings",
    "running_rabbit",
    "flying_falcon",
    "treacherous_fox",
    "cloud_eagle",
    "crane_king",
    "golden_bird",
    "plodding_ox",
    "heavenly_horse",
    "promoted_crow",
    "promoted_owl",
    "promoted_monkey",
    "promoted_goose",
    "raiding_falcon",
    "promoted_dog",
    "roaming_boar",
    "bears_eyes",
    "gliding_swallow",
    "promoted_rabbit",
    "tenacious_falcon",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_are_distinct_and_round_trip() {
        for kind in 0..=KING {
            let c = LETTERS[kind as usize] as char;
            assert_eq!(kind_of_letter(c), Some(kind));
            assert_eq!(kind_of_letter(c.to_ascii_lowercase()), Some(kind));
        }
        assert_eq!(kind_of_letter('A'), None);
        assert_eq!(kind_text(promoted(PAWN).unwrap()), "+P");
    }

    #[test]
    fn promotion_is_one_way_and_returns_to_the_hand_unpromoted() {
        for kind in 0..KINDS as u8 {
            if let Some(p) = promoted(kind) {
                assert!(is_promoted(p));
                assert_eq!(promoted(p), None);
                assert_eq!(unpromoted(p), kind);
            }
        }
        for k in [TREACHEROUS_FOX, CLOUD_EAGLE, KING] {
            assert_eq!(promoted(k), None);
        }
    }
}
