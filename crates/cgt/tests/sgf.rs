//! SGF in and out of Go position texts: hand-made records give the boards
//! a Go player would draw from them (setup lists, rectangles, sizes, moves
//! with captures), position texts round-trip through SGF, bad input is an
//! error that says where, and no input, however broken, panics.

use cgt::rulesets::sgf::{board_from_sgf, sgf_from_board, SgfError, MAX_SGF_BYTES};
use proptest::prelude::*;

fn board(sgf: &str) -> String {
    board_from_sgf(sgf).unwrap_or_else(|e| panic!("{sgf}: {e}"))
}

fn error(sgf: &str) -> SgfError {
    match board_from_sgf(sgf) {
        Ok(b) => panic!("{sgf} read as {b}, expected an error"),
        Err(e) => e,
    }
}

#[test]
fn setup_lists_and_a_rectangle() {
    // A 9 x 9 corner: a black wall from a rectangle and single points.
    let sgf = "(;GM[1]FF[4]SZ[9]AB[aa:cb][ec]AW[da][db][dc]\n[ad])";
    assert_eq!(board(sgf), "xxxo.....|xxxo.....|...ox....|o........|.........|.........|.........|.........|.........");
    // Corners in either order name the same rectangle.
    assert_eq!(board("(;SZ[3]AB[cb:aa])"), board("(;SZ[3]AB[aa:cb])"));
    assert_eq!(board("(;SZ[3]AB[aa:cb])"), "xxx|xxx|...");
}

#[test]
fn sizes() {
    assert_eq!(board("(;SZ[9])"), vec![".".repeat(9); 9].join("|"));
    // Columns, then rows.
    assert_eq!(board("(;SZ[5:3]AB[ec]AW[aa])"), "o....|.....|....x");
    assert_eq!(board("(;SZ[1])"), ".");
    // No SZ: FF[4]'s 19 x 19.
    assert_eq!(board("(;AB[ss])").split('|').count(), 19);
    assert!(board("(;AB[ss])").ends_with("..x"));
    // Upper-case letters go past z on big boards.
    let big = board("(;SZ[52]AB[ZZ]AW[Aa])");
    let rows: Vec<&str> = big.split('|').collect();
    assert_eq!(rows.len(), 52);
    assert_eq!(&rows[0][26..27], "o");
    assert_eq!(&rows[51][51..], "x");
}

#[test]
fn moves_capture() {
    // White's two stones on the edge lose their last liberty to d1.
    let sgf = "(;SZ[5]AW[ba][ca]AB[aa][bb][cb];B[da])";
    assert_eq!(board(sgf), "x..x.|.xx..|.....|.....|.....");
    // White's move at the corner would have no liberty, but it first takes
    // the two black stones that had only that point left.
    let sgf = "(;SZ[3]AB[ba][ab]AW[ca][bb][ac];W[aa])";
    assert_eq!(board(sgf), "o.o|.o.|o..");
    // A true suicide removes the mover's stone (FF[4] plays it as given).
    assert_eq!(board("(;SZ[3]AB[ba][ab];W[aa])"), ".x.|x..|...");
    // ... and a suicide of a group takes the whole group.
    assert_eq!(board("(;SZ[3]AB[ca][cb][ac][bc]AW[aa][ba][ab];W[bb])"), "..x|..x|xx.");
    // A game: moves alternate and a black pair is taken in the corner.
    let game = "(;GM[1]FF[4]SZ[5];B[aa];W[ba];B[ab];W[bb];B[cc];W[ac])";
    assert_eq!(board(game), ".o...|.o...|o.x..|.....|.....");
    // A move overwrites whatever is there, as FF[4] says.
    assert_eq!(board("(;SZ[2]AW[aa];B[aa])"), "x.|..");
}

#[test]
fn passes_and_setup_nodes() {
    assert_eq!(board("(;SZ[3];B[];W[tt];B[bb])"), "...|.x.|...");
    // `tt` is a point on boards larger than 19.
    let big = board("(;SZ[20];B[tt])");
    assert_eq!(big.split('|').nth(19).unwrap(), format!("{}x", ".".repeat(19)));
    // Later setup nodes add and clear; AE empties a point.
    assert_eq!(board("(;SZ[3]AB[aa:cc];AE[bb];AW[cc])"), "xxx|x.x|xxo");
}

#[test]
fn main_line_only() {
    // The first variation is the main line; the second tree is not read.
    let sgf = "(;SZ[3];B[aa](;W[bb](;B[cc])(;B[ca]))(;W[ac]))(;SZ[5]AB[ee])";
    assert_eq!(board(sgf), "x..|.o.|..x");
    // Deep nesting, as an editor writes a long game: no recursion.
    let mut deep = String::from("(;SZ[3]");
    for _ in 0..10_000 {
        deep.push_str("(;C[move]");
    }
    deep.push_str(";B[bb]");
    deep.push_str(&")".repeat(10_001));
    assert_eq!(board(&deep), "...|.x.|...");
    // Unclosed deep nesting is an error, not a stack overflow.
    let open = "(;".repeat(50_000);
    assert!(matches!(error(&open), SgfError::Unclosed { offset: 100_000 }));
}

#[test]
fn lenient_syntax() {
    // FF[3] names: only the upper-case letters count.
    assert_eq!(board("(;SiZe[3]AddBlack[aa]AddWhite[bb])"), "x..|.o.|...");
    // Escapes, brackets and parentheses inside values, whitespace anywhere.
    let sgf = "\u{feff}  (\n ;GM [1]\r\n SZ[3] C[a \\] bracket; (and) \\\\]\n AB [aa]\n\t[bb] ;\nW[cc]\n)";
    assert_eq!(board(sgf), "x..|.x.|..o");
    // Markup of later nodes is markup, not safe stones.
    assert_eq!(board("(;SZ[2]AB[aa];TR[aa]SQ[bb])"), "x.|..");
    // Unknown properties and empty list values are skipped.
    assert_eq!(board("(;SZ[2]KM[6.5]PB[Honinbo]AB[]AW[ab])"), "..|o.");
}

#[test]
fn writes_setup_records() {
    assert_eq!(sgf_from_board("xo|.X").unwrap(), "(;GM[1]FF[4]SZ[2]AB[aa][bb]AW[ba]TR[bb])");
    assert_eq!(sgf_from_board("...").unwrap(), "(;GM[1]FF[4]SZ[3:1])");
    assert_eq!(sgf_from_board("#O|o.|x.").unwrap(), "(;GM[1]FF[4]SZ[2:3]AB[ac]AW[ba][ab]TR[ba]SQ[aa])");
}

#[test]
fn round_trips() {
    for text in [".", "x", "O", "#", "XXXXXX|X....O|XOOOOO", "##x..|#o.X.|....O", "xo.XO#|#OX.ox"] {
        let sgf = sgf_from_board(text).unwrap();
        assert_eq!(board_from_sgf(&sgf).unwrap(), text, "{sgf}");
    }
    let big: String = (0..52).map(|r| (0..52).map(|c| "xo.XO#".as_bytes()[(r * 7 + c * 3) % 6] as char).collect::<String>()).collect::<Vec<_>>().join("|");
    assert_eq!(board_from_sgf(&sgf_from_board(&big).unwrap()).unwrap(), big);
}

#[test]
fn bad_board_texts_name_row_and_column() {
    let e = sgf_from_board("x.|.z").unwrap_err();
    assert_eq!(e, SgfError::BoardPoint { row: 2, column: 2, found: 'z' });
    assert!(e.to_string().contains("row 2, column 2"), "{e}");
    let e = sgf_from_board("xo|x").unwrap_err();
    assert_eq!(e, SgfError::BoardRagged { row: 2, len: 1, expected: 2 });
    assert!(e.to_string().contains("row 2 has 1 points; expected 2"), "{e}");
    assert_eq!(sgf_from_board("").unwrap_err(), SgfError::BoardSize { rows: 1, columns: 0 });
    let wide = ".".repeat(53);
    assert!(sgf_from_board(&wide).unwrap_err().to_string().contains("1 rows of 53 points"));
    let tall = vec!["."; 53].join("|");
    assert_eq!(sgf_from_board(&tall).unwrap_err(), SgfError::BoardSize { rows: 53, columns: 1 });
    assert_eq!(sgf_from_board("x é").unwrap_err(), SgfError::BoardPoint { row: 1, column: 2, found: ' ' });
}

#[test]
fn bad_records_say_where() {
    let sgf = "(;SZ[9]AB[aa][jj])";
    let e = error(sgf);
    assert_eq!(e, SgfError::OffBoard { offset: 13, property: "AB".into(), point: "jj".into(), columns: 9, rows: 9 });
    assert_eq!(e.to_string(), "byte 13: point AB[jj] is outside the 9x9 board; expected columns a to i and rows a to i");
    let e = error("(;SZ[5:3];B[ad])");
    assert!(e.to_string().contains("point B[ad] is outside the 5x3 board"), "{e}");
    let e = error("(;SZ[9]AB[aa");
    assert_eq!(e, SgfError::UnterminatedValue { offset: 9, property: "AB".into() });
    assert!(e.to_string().starts_with("byte 9: the value of AB is not closed"), "{e}");
    // An escaped bracket does not close a value.
    assert!(matches!(error("(;C[x\\]"), SgfError::UnterminatedValue { offset: 3, .. }));
    let e = error("(;SZ[9]AB[a1])");
    assert!(e.to_string().contains("byte 9: AB[a1] is not a point"), "{e}");
    let e = error("(;SZ[53])");
    assert_eq!(e, SgfError::BadSize { offset: 4, value: "53".into() });
    assert!(e.to_string().contains("byte 4: SZ[53] is not a board size"), "{e}");
    assert!(matches!(error("(;SZ[0:3])"), SgfError::BadSize { .. }));
    assert!(matches!(error("(;SZ[9][9])"), SgfError::TooManyValues { offset: 2, count: 2, .. }));
    assert!(matches!(error("(;SZ[3];B[aa:bb])"), SgfError::BadPoint { offset: 9, .. }));
    let e = error("(;GM[2])");
    assert_eq!(e.to_string(), "byte 4: GM[2] is not Go; expected GM[1]");
    let e = error("  x(;)");
    assert_eq!(e, SgfError::ExpectedGameTree { offset: 2, found: Some('x') });
    assert_eq!(error(""), SgfError::ExpectedGameTree { offset: 0, found: None });
    assert!(error("").to_string().contains("found the end of the text"));
    assert_eq!(error("(SZ[3])"), SgfError::ExpectedNode { offset: 1, found: Some('S') });
    assert_eq!(error("(;SZ[3]();)"), SgfError::ExpectedNode { offset: 8, found: Some(')') });
    let e = error("(;SZ[3] é)");
    assert_eq!(e, SgfError::Unexpected { offset: 8, found: 'é' });
    assert!(e.to_string().starts_with("byte 8: expected a property name"), "{e}");
    let e = error("(;SZ 3)");
    assert_eq!(e, SgfError::MissingValue { offset: 5, property: "SZ".into(), found: Some('3') });
    assert!(e.to_string().contains("byte 5: property SZ has no value"), "{e}");
    assert_eq!(error("(;SZ[3]"), SgfError::Unclosed { offset: 7 });
    let huge = format!("(;C[{}])", "x".repeat(MAX_SGF_BYTES));
    let e = error(&huge);
    assert_eq!(e, SgfError::TooLarge { bytes: MAX_SGF_BYTES + 6 });
    assert!(e.to_string().contains(&format!("at most {MAX_SGF_BYTES}")), "{e}");
    // Every error is an std error with a message.
    let boxed: Box<dyn std::error::Error> = Box::new(error("("));
    assert!(!boxed.to_string().is_empty());
}

/// Bytes SGF gives meaning to, and a few it does not.
const SGF_BYTES: &[u8] = b"();[]:\\ \nABWESZGMTRQtaicsz19:-";

fn valid_board() -> impl Strategy<Value = String> {
    (1usize..=12, 1usize..=12).prop_flat_map(|(w, h)| {
        prop::collection::vec(prop::sample::select(vec!['x', 'o', '.', 'X', 'O', '#']), w * h)
            .prop_map(move |cells| cells.chunks(w).map(|r| r.iter().collect::<String>()).collect::<Vec<_>>().join("|"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn random_bytes_never_panic(bytes in prop::collection::vec(any::<u8>(), 0..400)) {
        let text = String::from_utf8_lossy(&bytes);
        let _ = board_from_sgf(&text);
        let _ = sgf_from_board(&text);
        let mut framed = String::from("(;");
        framed.push_str(&text);
        let _ = board_from_sgf(&framed);
    }

    #[test]
    fn mutated_records_never_panic(
        edits in prop::collection::vec((any::<prop::sample::Index>(), 0u8..3, prop::sample::select(SGF_BYTES.to_vec())), 1..8)
    ) {
        let mut bytes = b"(;GM[1]FF[4]SZ[5:4]AB[aa:bb][ec]AW[ca][cb]TR[aa]SQ[dd];B[cc];W[dc](;B[db];W[])(;B[ab]))".to_vec();
        for (at, op, b) in edits {
            let i = at.index(bytes.len() + 1);
            match op {
                0 if i < bytes.len() => { bytes.remove(i); }
                1 if i < bytes.len() => bytes[i] = b,
                _ => bytes.insert(i, b),
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        if let Ok(board) = board_from_sgf(&text) {
            // Whatever is read is a position that writes and reads back.
            let sgf = sgf_from_board(&board).unwrap();
            prop_assert_eq!(board_from_sgf(&sgf).unwrap(), board);
        }
    }

    #[test]
    fn valid_boards_round_trip(text in valid_board()) {
        let sgf = sgf_from_board(&text).unwrap();
        prop_assert_eq!(board_from_sgf(&sgf).unwrap(), text);
    }
}
