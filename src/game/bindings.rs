//! The protocols and peer programs a game speaks beyond the line protocol (which every game
//! speaks), as pure text: how a position and a move read in each protocol's words. A game
//! implements the trait of each protocol it speaks in its own folder (`games/<id>/<protocol>.rs`)
//! and names them in `Game::bindings`; the servers (`protocol::`) and the arena's drivers of
//! external programs (`arena::adapters`) ask that hook, so no list of "the games that speak X"
//! exists outside the game's folder, and no code turns a concrete game back into a generic one
//! through `Any`.
//!
//! The traits live here, at the bottom, because a game folder may not import `protocol/` or
//! `arena/`: they say nothing of framing, processes or engines.

use super::{Game, ParseError};

/// Work to do with the game `G` for each protocol it speaks. `Game::bindings` calls the method
/// of every protocol the game implements, and the `where` bound proves it there; a visitor
/// overrides the methods of the protocols it is about (the rest do nothing).
pub trait Bindings<G: Game> {
    /// Hub (Scan's protocol for draughts).
    fn hub(&mut self)
    where
        G: HubNotation,
    {
    }
    /// GTP (the Go Text Protocol, for Go-board games).
    fn gtp(&mut self)
    where
        G: GtpGame,
    {
    }
    /// XBoard (CECP).
    fn xboard(&mut self)
    where
        G: XBoardGame,
    {
    }
    /// Gomocup (piskvork's, for gomoku engines).
    fn gomocup(&mut self)
    where
        G: GomocupBoard,
    {
    }
    /// NBoard (Othello GUIs' protocol; Edax, NTest).
    fn nboard(&mut self)
    where
        G: NBoardGame,
    {
    }
    /// The Zebra Othello program, run once a move on a game file.
    fn zebra(&mut self)
    where
        G: ZebraBoard,
    {
    }
    /// GuiNN_Checkers' own line protocol.
    fn guinn(&mut self)
    where
        G: GuinnBoard,
    {
    }
}

/// The names of the protocols and peer programs `G` speaks (beyond the line protocol), in the
/// order its `Game::bindings` names them.
pub fn names<G: Game>() -> Vec<&'static str> {
    struct Names(Vec<&'static str>);
    impl<G: Game> Bindings<G> for Names {
        fn hub(&mut self)
        where
            G: HubNotation,
        {
            self.0.push("hub");
        }
        fn gtp(&mut self)
        where
            G: GtpGame,
        {
            self.0.push("gtp");
        }
        fn xboard(&mut self)
        where
            G: XBoardGame,
        {
            self.0.push("xboard");
        }
        fn gomocup(&mut self)
        where
            G: GomocupBoard,
        {
            self.0.push("gomocup");
        }
        fn nboard(&mut self)
        where
            G: NBoardGame,
        {
            self.0.push("nboard");
        }
        fn zebra(&mut self)
        where
            G: ZebraBoard,
        {
            self.0.push("zebra");
        }
        fn guinn(&mut self)
        where
            G: GuinnBoard,
        {
            self.0.push("guinn");
        }
    }
    let mut names = Names(Vec::new());
    G::bindings(&mut names);
    names.0
}

/// A game's positions and moves in the Hub protocol's text.
pub trait HubNotation: Game {
    /// The `variant` the engine announces (`normal` for international draughts).
    const HUB_VARIANT: &'static str;
    /// Evaluation units a `score=` of 1.0 stands for (draughts: 100, one man).
    const HUB_SCORE_UNIT: f64 = 100.0;
    /// Reads a Hub `pos=` value.
    fn parse_hub_position(rules: &Self::Rules, text: &str) -> Result<Self, ParseError>;
    /// This position as a Hub `pos=` value (`parse_hub_position` reads it back).
    fn hub_position(&self) -> String;
    /// A move as Hub writes it.
    fn hub_move(&self, mv: Self::Move) -> String;
    /// The engine file (its TOML text) `serve --protocol hub` plays without `--engine`.
    fn hub_default_engine() -> &'static str;
}

/// A Go-board game in GTP's terms: moves are GTP vertices (`game::grid`, files without `i`),
/// black is seat 0 and white seat 1.
pub trait GtpGame: Game {
    /// The largest board side the game plays (what `boardsize` names when a size is too large).
    const MAX_BOARD_SIZE: usize;
    /// The side of this position's board.
    fn board_size(&self) -> usize;
    /// `rules` with the board side set to `size`, or why that side is not played.
    fn rules_with_size(rules: &Self::Rules, size: usize) -> Result<Self::Rules, String>;
    /// The moves (black first, colours alternating) that take a GTP board holding `played`
    /// (moves from the empty board, black first, alternating) to this position; None when no
    /// continuation of `played` reaches it, and the board must be cleared first
    /// (`continue_from(&[])` is then never None).
    fn continue_from(&self, played: &[Self::Move]) -> Option<Vec<Self::Move>>;
}

/// What a game tells XBoard (its moves are its own move text).
pub trait XBoardGame: Game {
    /// The variant names this game answers to, each with the rule text it means (on top of the
    /// defaults). The first is the one `new` starts.
    fn xboard_variants() -> &'static [(&'static str, &'static str)];
    /// The `{comment}` of a finished game's result line.
    fn result_comment(&self) -> String {
        "game over".to_string()
    }
}

/// A board of stones in the Gomocup protocol's terms: points are numbered row by row from
/// boardlab's first row (`row * size + column`), and the manager names them `x,y` from the top.
/// Stones are colours (0 black, 1 white), not seats: an opening rule may swap who plays black.
pub trait GomocupBoard: Game {
    /// The board's side.
    fn gomocup_size(&self) -> usize;
    /// The colour of the stone on `point`, None when it is empty.
    fn gomocup_stone(&self, point: usize) -> Option<usize>;
    /// The colour of the next stone.
    fn gomocup_side(&self) -> usize;
    /// `INFO rule`'s bitmask for these rules, or why the protocol cannot express them.
    fn gomocup_rule(&self) -> Result<u32, String>;
    /// Ok when an engine decides this position (a stone to place), else why not.
    fn gomocup_decides(&self) -> Result<(), String>;
    /// The move that places a stone on `point`, in the game's move text.
    fn gomocup_move(&self, point: usize) -> String;
}

/// A game in the NBoard protocol's terms.
pub trait NBoardGame: Game {
    /// This position as the GGF game NBoard's `set game` sends (no moves, players unnamed).
    fn nboard_game(&self) -> String;
}

/// A position as the Zebra program reads it.
pub trait ZebraBoard: Game {
    /// The game file Zebra reads with `-g`.
    fn zebra_game_file(&self) -> String;
    /// The empty squares left (what the clock is shared over).
    fn zebra_empties(&self) -> u32;
    /// Whether black (Zebra's first `-time` pair) is to move.
    fn zebra_black_to_move(&self) -> bool;
}

/// A position as GuiNN_Checkers reads it.
pub trait GuinnBoard: Game {
    /// GuiNN's FEN of this position.
    fn guinn_fen(&self) -> String;
    /// Ok when GuiNN plays these rules, else why not.
    fn guinn_plays(&self) -> Result<(), String>;
}
