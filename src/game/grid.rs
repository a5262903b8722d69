//! Text for rectangular boards, shared by every grid game: squares as `a1` (files from the
//! left, ranks from the bottom, as chess, GTP, Gomocup GUIs and XBoard write them), and board
//! text as FEN-like rows from the top rank down, separated by `/`, with runs of empty squares
//! written as a number or as `.`s.
//!
//! Games keep their own square indexing; these helpers only read and write the text, so every
//! game refuses malformed text with the same kind of error.

use super::error::ParseError;

/// The letters of the files. GTP (Go, NoGo) leaves out `i`; the others use it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Files {
    /// a, b, c, ... (chess, XBoard, gomoku).
    Letters,
    /// a ... h, j, k, ... (GTP: no `i`).
    LettersWithoutI,
}

impl Files {
    fn letter(self, file: usize) -> Option<char> {
        let skip = matches!(self, Files::LettersWithoutI) && file >= 8;
        let i = file + skip as usize;
        (i < 26).then(|| (b'a' + i as u8) as char)
    }
    fn file(self, letter: char) -> Option<usize> {
        let c = letter.to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return None;
        }
        let i = (c as u8 - b'a') as usize;
        match self {
            Files::Letters => Some(i),
            Files::LettersWithoutI if c == 'i' => None,
            Files::LettersWithoutI => Some(if i > 8 { i - 1 } else { i }),
        }
    }
}

/// A square as (file, rank), both from 0: file 0 is `a`, rank 0 is `1` (the bottom).
pub type FileRank = (usize, usize);

/// `a1` for (0, 0). `None` past the 26th file.
pub fn format_square(files: Files, (file, rank): FileRank) -> String {
    match files.letter(file) {
        Some(c) => format!("{c}{}", rank + 1),
        None => format!("?{}", rank + 1),
    }
}

/// Reads `a1`-style text on a `width` x `height` board (letters in either case).
pub fn parse_square(
    files: Files,
    width: usize,
    height: usize,
    text: &str,
) -> Result<FileRank, ParseError> {
    let bad = |why: &str| ParseError::mv(text, why.to_string());
    let mut chars = text.chars();
    let letter = chars.next().ok_or_else(|| bad("empty square"))?;
    let file = files
        .file(letter)
        .ok_or_else(|| bad("expected a file letter"))?;
    let digits = chars.as_str();
    if digits.is_empty() || digits.len() > 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(bad("expected a rank number after the file"));
    }
    let rank: usize = digits.parse().map_err(|_| bad("bad rank"))?;
    if file >= width || rank == 0 || rank > height {
        return Err(bad(&format!("off the {width}x{height} board")));
    }
    Ok((file, rank - 1))
}

/// Reads board rows: `height` rows from the top rank down, separated by `/`; in each, pieces
/// read by `piece` and runs of empties as a number (`12`) or as `.` characters. Returns the
/// squares rank by rank from the bottom (index `rank * width + file`), `None` for empty.
///
/// `piece` gets the characters of the row at a piece and consumes one piece's text (a letter, or
/// `+P` for a promoted piece), returning `Err(reason)` for text it does not know.
///
/// Errors name a row as the game's moves do: `row_word` is the game's word for it ("row",
/// "rank") and the number counts from the bottom (rank 1 holds `a1`), so the first row of the
/// text is row `height` (issue 41: it was called row 1, the opposite side of the board).
pub fn parse_rows<T: Clone>(
    text: &str,
    width: usize,
    height: usize,
    row_word: &str,
    mut piece: impl FnMut(&mut std::iter::Peekable<std::str::Chars>) -> Result<T, String>,
) -> Result<Vec<Option<T>>, ParseError> {
    let bad = |why: String| ParseError::position(text, why);
    let rows: Vec<&str> = text.split('/').collect();
    if rows.len() != height {
        return Err(bad(format!(
            "expected {height} rows separated by '/', found {}",
            rows.len()
        )));
    }
    let mut squares = vec![None; width * height];
    for (i, row) in rows.iter().enumerate() {
        let rank = height - 1 - i;
        let mut file = 0usize;
        let mut chars = row.chars().peekable();
        while let Some(&c) = chars.peek() {
            if c.is_ascii_digit() {
                let mut run = 0usize;
                while let Some(d) = chars.peek().and_then(|c| c.to_digit(10)) {
                    run = run.saturating_mul(10).saturating_add(d as usize);
                    chars.next();
                }
                if run == 0 {
                    return Err(bad(format!(
                        "{row_word} {}: a run of 0 empty squares",
                        rank + 1
                    )));
                }
                file = file.saturating_add(run);
            } else if c == '.' {
                chars.next();
                file += 1;
            } else {
                let p = piece(&mut chars)
                    .map_err(|why| bad(format!("{row_word} {}: {why}", rank + 1)))?;
                if file < width {
                    squares[rank * width + file] = Some(p);
                }
                file += 1;
            }
            if file > width {
                return Err(bad(format!(
                    "{row_word} {} is longer than {width} squares",
                    rank + 1
                )));
            }
        }
        if file != width {
            return Err(bad(format!(
                "{row_word} {} has {file} squares, not {width}",
                rank + 1
            )));
        }
    }
    Ok(squares)
}

/// Writes board rows as `parse_rows` reads them: top rank first, `/` between rows, runs of
/// empties as numbers (`dots = false`) or as `.`s (`dots = true`). `piece` writes one piece.
pub fn format_rows<T>(
    squares: &[Option<T>],
    width: usize,
    height: usize,
    dots: bool,
    mut piece: impl FnMut(&T, &mut String),
) -> String {
    let mut out = String::new();
    for rank in (0..height).rev() {
        let mut run = 0;
        for file in 0..width {
            match &squares[rank * width + file] {
                None if dots => out.push('.'),
                None => run += 1,
                Some(p) => {
                    if run > 0 {
                        out.push_str(&run.to_string());
                        run = 0;
                    }
                    piece(p, &mut out);
                }
            }
        }
        if run > 0 {
            out.push_str(&run.to_string());
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_round_trip_with_and_without_i() {
        for files in [Files::Letters, Files::LettersWithoutI] {
            for file in 0..19 {
                for rank in 0..19 {
                    let t = format_square(files, (file, rank));
                    assert_eq!(parse_square(files, 19, 19, &t), Ok((file, rank)), "{t}");
                }
            }
        }
        assert_eq!(format_square(Files::LettersWithoutI, (8, 0)), "j1");
        assert!(parse_square(Files::LettersWithoutI, 19, 19, "i5").is_err());
        assert_eq!(parse_square(Files::Letters, 15, 15, "H8"), Ok((7, 7)));
        for bad in [
            "", "a", "a0", "p1", "a16", "1a", "a-1", "a1x", "aa1", "a0001",
        ] {
            assert!(parse_square(Files::Letters, 15, 15, bad).is_err(), "{bad}");
        }
    }

    fn cell(c: &mut std::iter::Peekable<std::str::Chars>) -> Result<char, String> {
        match c.next() {
            Some('+') => match c.next() {
                Some(p) if p.is_ascii_alphabetic() => Ok(p.to_ascii_lowercase()),
                _ => Err("'+' must be followed by a piece letter".into()),
            },
            Some(p @ ('x' | 'o' | 'P')) => Ok(p),
            Some(p) => Err(format!("unknown piece {p:?}")),
            None => Err("end of row".into()),
        }
    }

    #[test]
    fn rows_round_trip_with_numbers_and_dots() {
        let text = "x2o/4/+pP1./12o";
        let sq = parse_rows(text, 4, 4, "row", cell);
        assert!(sq.is_err(), "the last row is too long");
        let sq = parse_rows("x2o/4/+pP../...o", 4, 4, "row", cell).unwrap();
        assert_eq!(sq[3 * 4], Some('x'));
        assert_eq!(sq[4 + 1], Some('P'));
        assert_eq!(sq[4], Some('p'));
        // A promoted piece (read as lower case here) is written back with its '+'.
        let piece = |p: &char, s: &mut String| match p {
            'p' => s.push_str("+P"),
            other => s.push(*other),
        };
        let written = format_rows(&sq, 4, 4, false, piece);
        assert_eq!(written, "x2o/4/+PP2/3o");
        assert_eq!(parse_rows(&written, 4, 4, "row", cell).unwrap(), sq);
        let dotted = format_rows(&sq, 4, 4, true, piece);
        assert_eq!(dotted, "x..o/..../+PP../...o");
        assert_eq!(parse_rows(&dotted, 4, 4, "row", cell).unwrap(), sq);
    }

    #[test]
    fn errors_number_rows_from_the_bottom_as_squares_do() {
        // The text's first row is the top one: row 4 on a 4-row board, where a4 lies.
        let cases = [
            ("5/4/4/4", "rank 4 is longer than 4 squares"),
            ("4/4/4/3", "rank 1 has 3 squares, not 4"),
            ("4/q3/4/4", "rank 3: unknown piece 'q'"),
            ("4/4/0x3/4", "rank 2: a run of 0 empty squares"),
        ];
        for (text, want) in cases {
            let e = parse_rows(text, 4, 4, "rank", cell).unwrap_err();
            assert!(e.reason.contains(want), "{text}: {e}");
        }
    }

    #[test]
    fn malformed_rows_are_errors() {
        for bad in [
            "",
            "4/4/4",
            "4/4/4/4/4",
            "5/4/4/4",
            "3/4/4/4",
            "0x3/4/4/4",
            "q3/4/4/4",
            "+3/4/4/4",
            "99999999999999999999999/4/4/4",
        ] {
            assert!(parse_rows(bad, 4, 4, "row", cell).is_err(), "{bad:?}");
        }
    }
}
