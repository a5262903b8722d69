//! Boards as pictures: the one drawing hook (`Draw`) every game implements, and the small SVG
//! writer the games draw with.
//!
//! A drawing is a plain SVG string with **one element a line**. The HTML replay
//! (`boardlab replay`) relies on that: it keeps every distinct line once and stores each ply as a
//! list of line numbers, so a thousand games of Othello cost a few bytes a ply, not a picture a
//! ply. Drawings therefore put what changes (a disc, a piece, a highlight) in elements of their
//! own and keep the board's background in lines that repeat exactly from ply to ply.
//!
//! Elements that stand for a square or a piece carry data attributes (`data-sq`, `data-piece`),
//! so tests and scripts can read the board from the picture.

use std::fmt::Write as _;

use super::contract::Game;

/// A game's board as SVG. The default draws the game's text `render()` in a box, so a game
/// without its own drawing still shows something; games override `svg` with the board their
/// players know.
pub trait Draw: Game {
    /// This position as SVG, one element a line; `last` is the position before and the move
    /// that led here (drawn highlighted where the game can show it).
    fn svg(&self, last: Option<(&Self, Self::Move)>) -> String {
        let _ = last;
        text_svg(&self.render())
    }
    /// What `viewer` may see of this position (`None`: a spectator who sees no hidden
    /// facts). Games with hidden information (Junqi) override it; for the others everyone sees
    /// everything, and it is `svg`.
    fn svg_seen_by(
        &self,
        last: Option<(&Self, Self::Move)>,
        viewer: Option<super::PlayerId>,
    ) -> String {
        let _ = viewer;
        self.svg(last)
    }
}

/// Escapes text for SVG/XML content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '&' => out.push_str("&amp;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() => {}
            c => out.push(c),
        }
    }
    out
}

/// The highlight colour of the last move (one colour in every game).
pub const HIGHLIGHT: &str = "#e8452c";

/// An SVG document written one element a line.
#[derive(Clone, Debug)]
pub struct Svg {
    out: String,
}

impl Svg {
    /// A `width` x `height` picture (user units = pixels at scale 1).
    pub fn new(width: f64, height: f64) -> Svg {
        let mut out = String::new();
        let _ = writeln!(
            out,
            r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" width="{width}" height="{height}" font-family="DejaVu Sans, Arial, sans-serif">"#
        );
        Svg { out }
    }
    /// One element, written as given (it must be one line).
    pub fn raw(&mut self, element: &str) -> &mut Self {
        self.out.push_str(&element.replace('\n', " "));
        self.out.push('\n');
        self
    }
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, style: &str) -> &mut Self {
        self.raw(&format!(
            r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" {style}/>"#
        ))
    }
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, style: &str) -> &mut Self {
        self.raw(&format!(r#"<circle cx="{cx}" cy="{cy}" r="{r}" {style}/>"#))
    }
    pub fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, style: &str) -> &mut Self {
        self.raw(&format!(
            r#"<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" {style}/>"#
        ))
    }
    /// Text centred on (x, y).
    pub fn text(&mut self, x: f64, y: f64, size: f64, text: &str, style: &str) -> &mut Self {
        self.raw(&format!(
            r#"<text x="{x}" y="{y}" font-size="{size}" text-anchor="middle" dominant-baseline="central" {style}>{}</text>"#,
            escape(text)
        ))
    }
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// The default drawing: the text rows in a monospace box.
pub fn text_svg(text: &str) -> String {
    let lines: Vec<&str> = text.lines().collect();
    let cols = lines
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
        .max(1);
    let (cw, lh, pad) = (9.6, 19.0, 14.0);
    let w = (cols as f64 * cw + 2.0 * pad).ceil();
    let h = (lines.len().max(1) as f64 * lh + 2.0 * pad).ceil();
    let mut svg = Svg::new(w, h);
    svg.rect(
        0.0,
        0.0,
        w,
        h,
        r##"rx="8" fill="#f7f3e8" stroke="#8a7f66""##,
    );
    for (i, l) in lines.iter().enumerate() {
        svg.raw(&format!(
            r##"<text x="{pad}" y="{}" font-family="DejaVu Sans Mono, monospace" font-size="16" xml:space="preserve" fill="#222" data-row="{i}">{}</text>"##,
            pad + (i as f64 + 0.78) * lh,
            escape(l)
        ));
    }
    svg.finish()
}

/// A rectangular board of `files` x `ranks` cells with coordinates around it: the frame most grid
/// games draw on. Rank 0 is the bottom row unless `top_first` (Othello writes rank 1 on top).
#[derive(Clone, Copy, Debug)]
pub struct GridBoard {
    pub files: usize,
    pub ranks: usize,
    pub cell: f64,
    /// Margin for the coordinates.
    pub margin: f64,
    /// Rank 0 drawn on top.
    pub top_first: bool,
    /// Lines are drawn through the cell centres (Go-like boards: gomoku, NoGo), not around them.
    pub on_points: bool,
    /// Room below the board for a status line.
    pub below: f64,
}

impl GridBoard {
    pub fn new(files: usize, ranks: usize, cell: f64) -> GridBoard {
        GridBoard {
            files,
            ranks,
            cell,
            margin: (cell * 0.6).round(),
            top_first: false,
            on_points: false,
            below: 0.0,
        }
    }
    pub fn width(&self) -> f64 {
        self.files as f64 * self.cell + 2.0 * self.margin
    }
    pub fn height(&self) -> f64 {
        self.ranks as f64 * self.cell + 2.0 * self.margin + self.below
    }
    /// The top-left corner of cell (file, rank).
    pub fn corner(&self, file: usize, rank: usize) -> (f64, f64) {
        let row = if self.top_first {
            rank
        } else {
            self.ranks - 1 - rank
        };
        (
            self.margin + file as f64 * self.cell,
            self.margin + row as f64 * self.cell,
        )
    }
    /// The centre of cell (file, rank).
    pub fn centre(&self, file: usize, rank: usize) -> (f64, f64) {
        let (x, y) = self.corner(file, rank);
        (x + self.cell / 2.0, y + self.cell / 2.0)
    }
    /// The square's name `a1` (letters, with `i`).
    pub fn name(&self, file: usize, rank: usize) -> String {
        super::grid::format_square(super::grid::Files::Letters, (file, rank))
    }
    /// The frame: background, cells (`cell_fill(file, rank)`, or lines through the points) and
    /// coordinates on all four sides, with `files` naming the letters.
    pub fn frame(
        &self,
        background: &str,
        cell_fill: impl Fn(usize, usize) -> Option<String>,
        files: super::grid::Files,
    ) -> Svg {
        let (w, m, c) = (self.width(), self.margin, self.cell);
        // The bottom edge of the coordinates (the status room lies below it).
        let h = self.height() - self.below;
        let mut svg = Svg::new(w, self.height());
        svg.rect(
            0.0,
            0.0,
            w,
            self.height(),
            &format!(r#"fill="{background}""#),
        );
        if self.on_points {
            let half = c / 2.0;
            for f in 0..self.files {
                let x = m + half + f as f64 * c;
                svg.line(
                    x,
                    m + half,
                    x,
                    h - m - half,
                    r##"stroke="#333" stroke-width="1""##,
                );
            }
            for r in 0..self.ranks {
                let y = m + half + r as f64 * c;
                svg.line(
                    m + half,
                    y,
                    w - m - half,
                    y,
                    r##"stroke="#333" stroke-width="1""##,
                );
            }
        } else {
            for f in 0..self.files {
                for r in 0..self.ranks {
                    let (x, y) = self.corner(f, r);
                    let fill = cell_fill(f, r).unwrap_or_else(|| "none".into());
                    svg.raw(&format!(
                        r##"<rect x="{x}" y="{y}" width="{c}" height="{c}" fill="{fill}" stroke="#222" stroke-width="1" data-sq="{}"/>"##,
                        self.name(f, r)
                    ));
                }
            }
        }
        let size = (c * 0.34).clamp(9.0, 16.0);
        let style = r##"fill="#333""##;
        for f in 0..self.files {
            let (x, _) = self.centre(f, 0);
            let label = super::grid::format_square(files, (f, 0));
            let letter = label.trim_end_matches(|ch: char| ch.is_ascii_digit());
            svg.text(x, m / 2.0, size, letter, style);
            svg.text(x, h - m / 2.0, size, letter, style);
        }
        for r in 0..self.ranks {
            let (_, y) = self.centre(0, r);
            let n = (r + 1).to_string();
            svg.text(m / 2.0, y, size, &n, style);
            svg.text(w - m / 2.0, y, size, &n, style);
        }
        svg
    }
    /// A status line (whose turn, the dice) in the room below the board.
    pub fn status(&self, svg: &mut Svg, text: &str) {
        svg.raw(&format!(
            r##"<text x="{}" y="{}" font-size="15" text-anchor="middle" dominant-baseline="central" fill="#222" data-status="1">{}</text>"##,
            self.width() / 2.0,
            self.height() - self.below / 2.0,
            escape(text)
        ));
    }
    /// A ring around cell (file, rank): the last-move highlight.
    pub fn highlight(&self, svg: &mut Svg, file: usize, rank: usize) {
        let (x, y) = self.corner(file, rank);
        let inset = 2.0;
        svg.raw(&format!(
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{HIGHLIGHT}" stroke-width="3" data-last="{}"/>"#,
            x + inset,
            y + inset,
            self.cell - 2.0 * inset,
            self.cell - 2.0 * inset,
            self.name(file, rank)
        ));
    }
}

/// A Go-like board (gomoku, NoGo): lines through the points of a `size` x `size` board, black
/// and white stones (`stone(file, rank)` gives the colour 0 or 1), the last move's point marked,
/// and a status line. Files are lettered with `files`.
pub fn stones_svg(
    size: usize,
    files: super::grid::Files,
    stone: impl Fn(usize, usize) -> Option<usize>,
    last: Option<(usize, usize)>,
    status: &str,
) -> String {
    let mut board = GridBoard::new(size, size, if size > 13 { 30.0 } else { 40.0 });
    board.on_points = true;
    board.below = 36.0;
    let mut svg = board.frame("#dcb35c", |_, _| None, files);
    for f in 0..size {
        for r in 0..size {
            let name = super::grid::format_square(files, (f, r));
            let (x, y) = board.centre(f, r);
            match stone(f, r) {
                Some(0) => disc(&mut svg, x, y, board.cell * 0.45, "#111", &name, "b"),
                Some(_) => disc(&mut svg, x, y, board.cell * 0.45, "#f4f4f4", &name, "w"),
                None => {}
            }
        }
    }
    if let Some((f, r)) = last {
        let (x, y) = board.centre(f, r);
        svg.raw(&format!(
            r#"<circle cx="{x}" cy="{y}" r="{}" fill="{HIGHLIGHT}" data-last="{}"/>"#,
            board.cell * 0.14,
            super::grid::format_square(files, (f, r))
        ));
    }
    board.status(&mut svg, status);
    svg.finish()
}

/// A round stone or disc at (x, y): `fill` with a darker edge, and data attributes naming it.
pub fn disc(svg: &mut Svg, x: f64, y: f64, r: f64, fill: &str, sq: &str, piece: &str) {
    let edge = if fill == "#fff" || fill == "#ffffff" || fill == "#f4f4f4" {
        "#333"
    } else {
        "#000"
    };
    svg.raw(&format!(
        r#"<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}" stroke="{edge}" stroke-width="1.2" data-sq="{sq}" data-piece="{piece}"/>"#
    ));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_element_a_line_and_escaped_text() {
        let svg = text_svg("a < b & \"c\"\nsecond");
        assert!(svg.starts_with("<svg "));
        assert!(svg.contains("a &lt; b &amp; &quot;c&quot;"));
        for line in svg.lines() {
            assert!(line.starts_with('<') && line.ends_with('>'), "{line}");
        }
        let mut s = Svg::new(10.0, 10.0);
        s.raw("<g>\n</g>");
        assert_eq!(s.finish().lines().count(), 3);
    }

    #[test]
    fn grid_ranks_run_upwards_unless_top_first() {
        let mut g = GridBoard::new(8, 8, 10.0);
        assert!(g.corner(0, 0).1 > g.corner(0, 7).1);
        g.top_first = true;
        assert!(g.corner(0, 0).1 < g.corner(0, 7).1);
        assert_eq!(g.name(3, 4), "d5");
    }
}
