//! Go positions to and from SGF (Smart Game Format, FF\[4\]), the text files
//! Go players, servers and editors exchange games and problems in: a
//! position drawn in any Go editor, or the end of a downloaded game, can be
//! brought to the Go ruleset, and a position from here opened there.
//!
//! [`board_from_sgf`] reads the board size (`SZ`), the setup stones (`AB`,
//! `AW`, `AE`) and the moves (`B`, `W`, played with captures) of a record's
//! main line, and gives the final position in the Go text format: rows top
//! to bottom separated by `|`, `x` black, `o` white, `.` empty.
//! [`sgf_from_board`] writes a position text as a setup record.
//!
//! SGF has no safe stones (`X`, `O`) and no points off the board (`#`), so
//! they travel as markup, which editors show but do not interpret: safe
//! stones are written as ordinary stones and also listed under `TR`
//! (triangles), off-board points are left empty and listed under `SQ`
//! (squares). Reading takes these marks from the root node only (where
//! [`sgf_from_board`] writes them), so every position text survives the
//! round trip, while the markup of later nodes of a game stays markup.
//!
//! The reader is written for untrusted text (a pasted file, a URL): it
//! never panics, it scans the text in one loop without recursion (SGF
//! variations nest as deep as the file likes), and it refuses texts of
//! more than [`MAX_SGF_BYTES`]. Only the main line matters for a position,
//! so the reader stops at the first `)`: later variations and game trees
//! are not read. It follows the FF\[4\] rules where they say how to read a
//! record, and is lenient where old files differ: lower-case letters in
//! property names (FF\[3\]'s `AddBlack`) are dropped, `B[tt]` is a pass on
//! boards up to 19 x 19, and rectangles `aa:cc` may name their corners in
//! any order.

use crate::quote::snippet;
use std::fmt;

/// Most points on a side: SGF names columns and rows with `a`-`z` then
/// `A`-`Z`.
pub const MAX_SIDE: usize = 52;

/// Longest SGF text read (1 MB = 2^20 bytes): game records are a few
/// kilobytes, and the bound keeps a hostile text from costing much time.
pub const MAX_SGF_BYTES: usize = 1 << 20;

/// The board size when the root has no `SZ` (FF\[4\]'s default for Go).
const DEFAULT_SIZE: usize = 19;

/// Why an SGF text is not a Go position, or a position text cannot be
/// written as SGF: says where (byte offset and property, or row and
/// column) and what was expected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SgfError {
    /// The text is `bytes` long, more than [`MAX_SGF_BYTES`].
    TooLarge { bytes: usize },
    /// No `(` where the first game tree should start; `found` is `None` at
    /// the end of the text.
    ExpectedGameTree { offset: usize, found: Option<char> },
    /// No `;` after a `(`: a game tree starts with a node.
    ExpectedNode { offset: usize, found: Option<char> },
    /// Something that is neither a property nor `;`, `(` or `)`.
    Unexpected { offset: usize, found: char },
    /// The text ends before the main line's game tree is closed by `)`.
    Unclosed { offset: usize },
    /// A property name not followed by a value `[...]`.
    MissingValue { offset: usize, property: String, found: Option<char> },
    /// A value `[` at `offset` with no `]` before the end of the text.
    UnterminatedValue { offset: usize, property: String },
    /// A property that takes one value (`SZ`, `GM`, `B`, `W`) has `count`.
    TooManyValues { offset: usize, property: String, count: usize },
    /// `GM[value]` names a game other than Go (`GM[1]`).
    NotGo { offset: usize, value: String },
    /// `SZ[value]` is not a size from 1 to [`MAX_SIDE`] or `columns:rows`.
    BadSize { offset: usize, value: String },
    /// `property[value]` is not a point (two letters) or, in a list, a
    /// rectangle of two points.
    BadPoint { offset: usize, property: String, value: String },
    /// `property[point]` lies outside the `columns` x `rows` board.
    OffBoard { offset: usize, property: String, point: String, columns: usize, rows: usize },
    /// In a position text: row `row`, column `column` (1-based, from the
    /// top left) holds `found`, which is no point.
    BoardPoint { row: usize, column: usize, found: char },
    /// In a position text: row `row` has `len` points where row 1 has
    /// `expected`.
    BoardRagged { row: usize, len: usize, expected: usize },
    /// In a position text: `rows` rows of `columns` points, not 1 to
    /// [`MAX_SIDE`] of each.
    BoardSize { rows: usize, columns: usize },
}

/// A character as a message quotes it, or the end of the text.
struct Found(Option<char>);

impl fmt::Display for Found {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Some(c) => write!(f, "{c:?}"),
            None => f.write_str("the end of the text"),
        }
    }
}

/// The last column or row letter of a side of `n` points.
fn last_letter(n: usize) -> char {
    letter(n.clamp(1, MAX_SIDE) - 1)
}

impl fmt::Display for SgfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SgfError::*;
        match self {
            TooLarge { bytes } => write!(f, "the SGF text is {bytes} bytes; at most {MAX_SGF_BYTES} are read"),
            ExpectedGameTree { offset, found } => {
                write!(f, "byte {offset}: expected `(` to start a game tree, found {}", Found(*found))
            }
            ExpectedNode { offset, found } => write!(f, "byte {offset}: expected `;` to start a node, found {}", Found(*found)),
            Unexpected { offset, found } => {
                write!(f, "byte {offset}: expected a property name (upper-case letters), `;`, `(` or `)`, found {found:?}")
            }
            Unclosed { offset } => write!(f, "byte {offset}: the text ends inside a game tree; expected `)`"),
            MissingValue { offset, property, found } => {
                write!(f, "byte {offset}: property {property} has no value; expected `[`, found {}", Found(*found))
            }
            UnterminatedValue { offset, property } => {
                write!(f, "byte {offset}: the value of {property} is not closed; expected `]` before the end of the text")
            }
            TooManyValues { offset, property, count } => {
                write!(f, "byte {offset}: {property} takes one value, found {count}")
            }
            NotGo { offset, value } => write!(f, "byte {offset}: GM[{value}] is not Go; expected GM[1]"),
            BadSize { offset, value } => write!(
                f,
                "byte {offset}: SZ[{value}] is not a board size; expected points per side from 1 to {MAX_SIDE}, or `columns:rows`"
            ),
            BadPoint { offset, property, value } => write!(
                f,
                "byte {offset}: {property}[{value}] is not a point; expected two letters from a-z, A-Z (column, then row), or in a list a rectangle like `aa:cc`"
            ),
            OffBoard { offset, property, point, columns, rows } => write!(
                f,
                "byte {offset}: point {property}[{point}] is outside the {columns}x{rows} board; expected columns a to {} and rows a to {}",
                last_letter(*columns),
                last_letter(*rows)
            ),
            BoardPoint { row, column, found } => write!(
                f,
                "row {row}, column {column}: {found:?} is not a point; expected `x`, `o`, `.`, `X`, `O` or `#`"
            ),
            BoardRagged { row, len, expected } => write!(f, "row {row} has {len} points; expected {expected}, as row 1 has"),
            BoardSize { rows, columns } => write!(
                f,
                "the board has {rows} rows of {columns} points; expected 1 to {MAX_SIDE} rows and columns"
            ),
        }
    }
}

impl std::error::Error for SgfError {}

/// SGF's name of column or row `i` (`a`-`z`, then `A`-`Z`).
fn letter(i: usize) -> char {
    if i < 26 {
        (b'a' + i as u8) as char
    } else {
        (b'A' + (i - 26) as u8) as char
    }
}

/// The column or row an SGF letter names.
fn index(b: u8) -> Option<usize> {
    match b {
        b'a'..=b'z' => Some((b - b'a') as usize),
        b'A'..=b'Z' => Some((b - b'A') as usize + 26),
        _ => None,
    }
}

/// One value of a property: where its `[` is, and its text with escapes
/// resolved.
struct Value {
    offset: usize,
    text: String,
}

/// A property the reader uses, with its values.
struct Prop {
    /// The upper-case letters of the name (`AB` for `AddBlack`).
    id: String,
    offset: usize,
    values: Vec<Value>,
}

/// Properties that shape the position; the rest (comments, game info,
/// other markup) are skipped without keeping their values, so a long
/// comment costs no memory.
const USED: &[&str] = &["SZ", "GM", "AB", "AW", "AE", "B", "W", "TR", "SQ"];

/// The character at byte `i` (a character boundary: the scanner only
/// stops on ASCII bytes or after a whole value).
fn char_at(text: &str, i: usize) -> Option<char> {
    text.get(i..).and_then(|rest| rest.chars().next())
}

/// The nodes of the first game tree's main line, each a list of the
/// properties in [`USED`].
///
/// The main line is the first tree's sequence, then its first variation's,
/// and so on; since the scan always enters the first variation, the first
/// `)` it meets closes the deepest tree of the main line, and everything
/// after it is other variations or other trees. So `(` only deepens and no
/// stack of open trees is needed, however deep the file nests.
fn main_line(text: &str) -> Result<Vec<Vec<Prop>>, SgfError> {
    let b = text.as_bytes();
    let mut i = if text.starts_with('\u{feff}') { 3 } else { 0 };
    let skip_ws = |mut i: usize| {
        while i < b.len() && b[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    i = skip_ws(i);
    if b.get(i) != Some(&b'(') {
        return Err(SgfError::ExpectedGameTree { offset: i, found: char_at(text, i) });
    }
    i += 1;
    let mut nodes: Vec<Vec<Prop>> = Vec::new();
    // A `(` must be followed by a node: SGF has no empty sequences.
    let mut need_node = true;
    loop {
        i = skip_ws(i);
        let Some(&c) = b.get(i) else {
            return Err(SgfError::Unclosed { offset: i });
        };
        if need_node && c != b';' {
            return Err(SgfError::ExpectedNode { offset: i, found: char_at(text, i) });
        }
        match c {
            b';' => {
                nodes.push(Vec::new());
                need_node = false;
                i += 1;
            }
            b'(' => {
                need_node = true;
                i += 1;
            }
            b')' => return Ok(nodes),
            c if c.is_ascii_alphabetic() => {
                let start = i;
                while i < b.len() && b[i].is_ascii_alphabetic() {
                    i += 1;
                }
                let raw = &text[start..i];
                let id: String = raw.chars().filter(char::is_ascii_uppercase).collect();
                let name = if id.is_empty() { snippet(raw) } else { id.clone() };
                let keep = USED.contains(&id.as_str());
                let mut values = Vec::new();
                i = skip_ws(i);
                if b.get(i) != Some(&b'[') {
                    return Err(SgfError::MissingValue { offset: i, property: name, found: char_at(text, i) });
                }
                while b.get(i) == Some(&b'[') {
                    let open = i;
                    let mut bytes = Vec::new();
                    i += 1;
                    loop {
                        match b.get(i) {
                            None => return Err(SgfError::UnterminatedValue { offset: open, property: name }),
                            Some(b']') => break,
                            // A backslash keeps the next byte literally
                            // (`\]`, `\\`); a lone one at the end leaves the
                            // value unterminated.
                            Some(b'\\') => {
                                if let Some(&next) = b.get(i + 1) {
                                    if keep {
                                        bytes.push(next);
                                    }
                                    i += 2;
                                } else {
                                    i += 1;
                                }
                            }
                            Some(&other) => {
                                if keep {
                                    bytes.push(other);
                                }
                                i += 1;
                            }
                        }
                    }
                    i += 1;
                    if keep {
                        // Dropping backslashes from UTF-8 keeps it UTF-8;
                        // lossy decoding only guards against surprises.
                        values.push(Value { offset: open, text: String::from_utf8_lossy(&bytes).into_owned() });
                    }
                    i = skip_ws(i);
                }
                if keep {
                    if let Some(node) = nodes.last_mut() {
                        node.push(Prop { id, offset: start, values });
                    }
                }
            }
            _ => {
                // Multi-byte characters start on a boundary here, so the
                // whole character is quoted.
                let found = char_at(text, i).unwrap_or('\u{fffd}');
                return Err(SgfError::Unexpected { offset: i, found });
            }
        }
    }
}

/// A point's content while a record is played.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cell {
    Empty,
    Black,
    White,
}

impl Cell {
    fn opponent(self) -> Cell {
        match self {
            Cell::Black => Cell::White,
            Cell::White => Cell::Black,
            Cell::Empty => Cell::Empty,
        }
    }
}

/// The board a record sets up and plays on.
struct Board {
    columns: usize,
    rows: usize,
    cells: Vec<Cell>,
    /// Per point, the flood fill that last reached it: marking by number
    /// saves clearing a whole board before each liberty count.
    seen: Vec<u32>,
    stamp: u32,
}

impl Board {
    fn new(columns: usize, rows: usize) -> Board {
        Board { columns, rows, cells: vec![Cell::Empty; columns * rows], seen: vec![0; columns * rows], stamp: 0 }
    }

    fn neighbours(&self, p: usize) -> impl Iterator<Item = usize> {
        let (c, r, w, h) = (p % self.columns, p / self.columns, self.columns, self.rows);
        [(c > 0).then(|| p - 1), (c + 1 < w).then(|| p + 1), (r > 0).then(|| p - w), (r + 1 < h).then(|| p + w)].into_iter().flatten()
    }

    fn next_stamp(&mut self) -> u32 {
        if self.stamp == u32::MAX {
            self.seen.iter_mut().for_each(|s| *s = 0);
            self.stamp = 0;
        }
        self.stamp += 1;
        self.stamp
    }

    /// Removes the group at `p` if it has no liberty. The fill stops at
    /// the first liberty, so a living group costs only the part searched.
    fn capture_if_dead(&mut self, p: usize) {
        let colour = self.cells[p];
        if colour == Cell::Empty {
            return;
        }
        let stamp = self.next_stamp();
        let mut stack = vec![p];
        let mut group = Vec::new();
        self.seen[p] = stamp;
        while let Some(q) = stack.pop() {
            group.push(q);
            for n in self.neighbours(q) {
                match self.cells[n] {
                    Cell::Empty => return,
                    c if c == colour && self.seen[n] != stamp => {
                        self.seen[n] = stamp;
                        stack.push(n);
                    }
                    _ => {}
                }
            }
        }
        for q in group {
            self.cells[q] = Cell::Empty;
        }
    }

    /// A move as FF\[4\] plays it: the stone overwrites the point, then
    /// opposing neighbours without liberties go, then the mover's own group
    /// if it has none (suicide, which some rules allow).
    fn play(&mut self, p: usize, colour: Cell) {
        self.cells[p] = colour;
        let neighbours: Vec<usize> = self.neighbours(p).collect();
        for n in neighbours {
            if self.cells[n] == colour.opponent() {
                self.capture_if_dead(n);
            }
        }
        self.capture_if_dead(p);
    }

    /// The point an SGF point names, checked against the board.
    fn point(&self, prop: &str, v: &Value, text: &str) -> Result<usize, SgfError> {
        let bytes = text.as_bytes();
        let bad = || SgfError::BadPoint { offset: v.offset, property: prop.to_string(), value: snippet(&v.text) };
        if bytes.len() != 2 {
            return Err(bad());
        }
        let (Some(c), Some(r)) = (index(bytes[0]), index(bytes[1])) else {
            return Err(bad());
        };
        if c >= self.columns || r >= self.rows {
            return Err(SgfError::OffBoard { offset: v.offset, property: prop.to_string(), point: text.to_string(), columns: self.columns, rows: self.rows });
        }
        Ok(r * self.columns + c)
    }

    /// The points a list value names: one point or a rectangle `aa:cc`.
    /// An empty value names none (FF\[4\]'s empty lists).
    fn points(&self, prop: &Prop, v: &Value) -> Result<Vec<usize>, SgfError> {
        let t = v.text.trim();
        if t.is_empty() {
            return Ok(Vec::new());
        }
        let Some((a, z)) = t.split_once(':') else {
            return Ok(vec![self.point(&prop.id, v, t)?]);
        };
        let (a, z) = (self.point(&prop.id, v, a.trim())?, self.point(&prop.id, v, z.trim())?);
        let (c0, c1) = ((a % self.columns).min(z % self.columns), (a % self.columns).max(z % self.columns));
        let (r0, r1) = ((a / self.columns).min(z / self.columns), (a / self.columns).max(z / self.columns));
        Ok((r0..=r1).flat_map(|r| (c0..=c1).map(move |c| (r, c))).map(|(r, c)| r * self.columns + c).collect())
    }
}

/// The one value of a property that takes one.
fn single(prop: &Prop) -> Result<&Value, SgfError> {
    match prop.values.as_slice() {
        [v] => Ok(v),
        vs => Err(SgfError::TooManyValues { offset: prop.offset, property: prop.id.clone(), count: vs.len() }),
    }
}

/// `SZ`'s value: `n` for a square board, `columns:rows` otherwise.
fn size(v: &Value) -> Result<(usize, usize), SgfError> {
    let bad = || SgfError::BadSize { offset: v.offset, value: snippet(&v.text) };
    let side = |s: &str| s.trim().parse::<usize>().ok().filter(|n| (1..=MAX_SIDE).contains(n)).ok_or_else(bad);
    match v.text.split_once(':') {
        Some((c, r)) => Ok((side(c)?, side(r)?)),
        None => {
            let n = side(&v.text)?;
            Ok((n, n))
        }
    }
}

/// The position an SGF record sets up: the board size from SZ (default
/// 19; `SZ[w:h]` rectangular allowed; sizes 1..=52 per side) and the
/// stones of AB / AW (point lists, including compressed `aa:cc`
/// rectangles) in the root node and any later setup nodes of the main line
/// (AE clears points). Moves (B[..]/W[..]) in the main line are played too,
/// with captures (opposing groups without liberties go, then the mover's
/// own group if it has none), so a record of a game gives the position at
/// its end; passes (`B[]`, and `B[tt]` on boards up to 19 x 19) are
/// ignored. Returns rows text: `x`/`o`/`.`, rows separated by `|`.
///
/// The root's markup is read back as [`sgf_from_board`] writes it: a stone
/// on a `TR` point is safe (`X`, `O`; a mark on an empty point means
/// nothing), and an `SQ` point is off the board (`#`), in the final
/// position. A root `GM` other than 1 is refused.
pub fn board_from_sgf(text: &str) -> Result<String, SgfError> {
    if text.len() > MAX_SGF_BYTES {
        return Err(SgfError::TooLarge { bytes: text.len() });
    }
    let nodes = main_line(text)?;
    let empty = Vec::new();
    let root = nodes.first().unwrap_or(&empty);
    let (mut columns, mut rows) = (DEFAULT_SIZE, DEFAULT_SIZE);
    for prop in root {
        match prop.id.as_str() {
            "GM" => {
                let v = single(prop)?;
                if v.text.trim() != "1" {
                    return Err(SgfError::NotGo { offset: v.offset, value: snippet(&v.text) });
                }
            }
            "SZ" => (columns, rows) = size(single(prop)?)?,
            _ => {}
        }
    }
    let mut board = Board::new(columns, rows);
    for node in &nodes {
        // Setup before moves: FF[4] forbids mixing them in one node, and a
        // record that does most likely means the stones to be there first.
        for prop in node {
            let cell = match prop.id.as_str() {
                "AB" => Cell::Black,
                "AW" => Cell::White,
                "AE" => Cell::Empty,
                _ => continue,
            };
            for v in &prop.values {
                for p in board.points(prop, v)? {
                    board.cells[p] = cell;
                }
            }
        }
        for prop in node {
            let colour = match prop.id.as_str() {
                "B" => Cell::Black,
                "W" => Cell::White,
                _ => continue,
            };
            let v = single(prop)?;
            let t = v.text.trim();
            if t.is_empty() || (t == "tt" && columns <= 19 && rows <= 19) {
                continue;
            }
            let p = board.point(&prop.id, v, t)?;
            board.play(p, colour);
        }
    }
    let mut out: Vec<char> = board
        .cells
        .iter()
        .map(|c| match c {
            Cell::Empty => '.',
            Cell::Black => 'x',
            Cell::White => 'o',
        })
        .collect();
    for prop in root {
        for v in &prop.values {
            match prop.id.as_str() {
                "TR" => {
                    for p in board.points(prop, v)? {
                        out[p] = out[p].to_ascii_uppercase();
                    }
                }
                "SQ" => {
                    for p in board.points(prop, v)? {
                        out[p] = '#';
                    }
                }
                _ => {}
            }
        }
    }
    let lines: Vec<String> = out.chunks(columns).map(|row| row.iter().collect()).collect();
    Ok(lines.join("|"))
}

/// The rows of a position text, checked: 1 to [`MAX_SIDE`] rows of the
/// same number of points, each one of `x o . X O #`.
fn board_rows(text: &str) -> Result<Vec<Vec<char>>, SgfError> {
    let mut rows: Vec<Vec<char>> = Vec::new();
    for (r, line) in text.split('|').enumerate() {
        let row: Vec<char> = line.chars().collect();
        if let Some((c, &found)) = row.iter().enumerate().find(|(_, ch)| !"xo.XO#".contains(**ch)) {
            return Err(SgfError::BoardPoint { row: r + 1, column: c + 1, found });
        }
        if let Some(first) = rows.first() {
            if row.len() != first.len() {
                return Err(SgfError::BoardRagged { row: r + 1, len: row.len(), expected: first.len() });
            }
        }
        rows.push(row);
    }
    let columns = rows[0].len();
    if !(1..=MAX_SIDE).contains(&rows.len()) || !(1..=MAX_SIDE).contains(&columns) {
        return Err(SgfError::BoardSize { rows: rows.len(), columns });
    }
    Ok(rows)
}

/// An SGF record of a position text (rows top to bottom separated by
/// `|`; `x`, `o`, `.`, safe stones `X`, `O`, off-board points `#`):
/// `GM[1]FF\[4\]SZ[..]` and the stones as `AB` / `AW` lists in row-major
/// order. Safe stones are written as ordinary stones and listed again under
/// `TR` (triangle markup), off-board points are left empty and listed
/// under `SQ` (square markup), since SGF has neither; [`board_from_sgf`]
/// reads both back, so the text round-trips. A text that is not a
/// position is refused with its row and column.
pub fn sgf_from_board(text: &str) -> Result<String, SgfError> {
    let rows = board_rows(text)?;
    let (h, w) = (rows.len(), rows[0].len());
    let mut lists: [(&str, String); 4] = [("AB", String::new()), ("AW", String::new()), ("TR", String::new()), ("SQ", String::new())];
    for (r, row) in rows.iter().enumerate() {
        for (c, &ch) in row.iter().enumerate() {
            let point = format!("[{}{}]", letter(c), letter(r));
            let (colour, mark) = match ch {
                'x' => (Some(0), None),
                'o' => (Some(1), None),
                'X' => (Some(0), Some(2)),
                'O' => (Some(1), Some(2)),
                '#' => (None, Some(3)),
                _ => (None, None),
            };
            for list in [colour, mark].into_iter().flatten() {
                lists[list].1.push_str(&point);
            }
        }
    }
    let size = if w == h { w.to_string() } else { format!("{w}:{h}") };
    let mut out = format!("(;GM[1]FF[4]SZ[{size}]");
    // SGF lists may not be empty, so an unused property is left out.
    for (id, list) in &lists {
        if !list.is_empty() {
            out.push_str(id);
            out.push_str(list);
        }
    }
    out.push(')');
    Ok(out)
}
