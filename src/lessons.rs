//! Guided lessons: each a short sequence of page states (plain query
//! strings, the same text as a shared link) with a sentence or two for the
//! class. The URL holds `lesson=<id>&ls=<step>` beside the step's own keys,
//! so every step is a link. Data only; the lesson bar in the app walks it.

use crate::references::{cite, Cite};
use crate::state::Link;
use cgt::side::Side;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LessonStep {
    /// What to say and look at.
    pub text: &'static str,
    /// The page state, as a query string without `?` (percent-encoding
    /// optional: `{`, `|` and spaces are read as written).
    pub query: &'static str,
    /// A question the engine checks ([`crate::lesson_doc::Ask`] and its
    /// game), as in a teacher's lesson.
    pub ask: Option<(crate::lesson_doc::Ask, &'static str)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lesson {
    pub id: &'static str,
    pub title: &'static str,
    /// Where the lesson comes from (keys of [`crate::references`]).
    pub sources: &'static [Cite],
    pub steps: &'static [LessonStep],
    /// What the steps claim about values and rules, checked against the
    /// engine by the tests (each claimed value is also in a step's text).
    pub claims: &'static [Claim],
}

/// A claim a lesson's text makes, in a form the engine can check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// The mean and temperature of a game (explorer notation).
    MeanTemperature { game: &'static str, mean: &'static str, temperature: &'static str },
    /// A heap-go move: `side` moving in heap `heap` (0-based) of `heaps`
    /// takes the counters `takes` (text, top first) and scores `scores`.
    HeapGoMove { heaps: &'static str, heap: usize, side: Side, takes: &'static str, scores: &'static str },
    /// The exact value of a Hackenbush position.
    Hackenbush { position: &'static str, value: &'static str },
    /// The value of a position of any ruleset on the board page.
    Game { ruleset: &'static str, position: &'static str, value: &'static str },
    /// What the game algebra makes of a game: `op` is `cool` (by `t`),
    /// `chill`, `warm`, `reduced` or `atomic_weight`; `value` as CGSuite
    /// names it.
    Algebra { op: &'static str, game: &'static str, t: &'static str, value: &'static str },
    /// Who wins an impartial position under misère play (the player who
    /// cannot move wins): `first_player_wins`, said in the step's text as
    /// "the player to move wins" or "loses".
    Misere { ruleset: &'static str, position: &'static str, first_player_wins: bool },
    /// A nim sequence's period and preperiod (the least `Q` with
    /// `G(n + period) = G(n)` for every `n >= Q`), proven.
    Period { rule: &'static str, period: usize, preperiod: usize },
}

const fn step(text: &'static str, query: &'static str) -> LessonStep {
    LessonStep { text, query, ask: None }
}

/// A step with a question.
const fn ask(text: &'static str, query: &'static str, a: crate::lesson_doc::Ask, game: &'static str) -> LessonStep {
    LessonStep { text, query, ask: Some((a, game)) }
}

pub const LESSONS: &[Lesson] = &[
    Lesson {
        id: "switches",
        title: "Switches and the mean as an average",
        sources: &[cite("muller2025", "slides on LS, RS, mean and temperature"), cite("yedwab1985", "ch. 2")],
        steps: &[
            step("A switch {5|-5}: whoever moves first takes 5. Its left wall and right wall start at the stops 5 and -5 and meet at t = 5; the mast stands at 0, the average.", "g={5|-5}"),
            step("{8|2}: the stops are 8 and 2. Taxing each move by t brings them together at t = 3: the temperature is half the gap, and the mean 5 is the average of 8 and 2.", "g={8|2}"),
            step("A sum of the two: means add (5 + 0 = 5), and the hotter switch sets the temperature.", "g={8|2} + {5|-5}"),
            step("On the Sums page the same two: with Left first the result is 7 (she takes the hotter switch, Right the other), with Right first 3; the mean 5 lies between.", "page=sums&s={8|2} + {5|-5}"),
        ],
        claims: &[
            Claim::MeanTemperature { game: "{5|-5}", mean: "0", temperature: "5" },
            Claim::MeanTemperature { game: "{8|2}", mean: "5", temperature: "3" },
            Claim::MeanTemperature { game: "{8|2} + {5|-5}", mean: "5", temperature: "5" },
        ],
    },
    Lesson {
        id: "sente",
        title: "Sente and gote",
        sources: &[cite("muller2025", "gote and sente examples"), cite("spight-sl", "Bill Spight's example")],
        steps: &[
            ask("A gote position {-2|-4}: either player gains by moving, and neither move threatens anything. Its mean is the average of -2 and -4.", "g={-2|-4}", crate::lesson_doc::Ask::Mean, "{-2|-4}"),
            step("Bill Spight's example {{-2|-4}|-7} (Sensei's Library): Left's move leads to the gote above. The construction below the picture builds it step by step (click it, then the arrow keys step it): the walls slide together, mean -5, temperature 2.", "g={{-2|-4}|-7}&build=1"),
            ask("{{4|-4}|-7}: Left's move threatens 4, so Right answers at once: the move is sente. The count is the follow-up -4, not the average -3.5 of 0 and -7.", "g={{4|-4}|-7}", crate::lesson_doc::Ask::Sente, "{{4|-4}|-7}"),
            step("Three copies, Left first: Right always answers, -4 each: -12 (Sensei's Library's discussion). The left wall is vertical: Left's move gains nothing at any temperature.", "g={{4|-4}|-7} + {{4|-4}|-7} + {{4|-4}|-7}"),
        ],
        claims: &[
            Claim::MeanTemperature { game: "{-2|-4}", mean: "-3", temperature: "1" },
            Claim::MeanTemperature { game: "{{-2|-4}|-7}", mean: "-5", temperature: "2" },
            Claim::MeanTemperature { game: "{{4|-4}|-7}", mean: "-4", temperature: "" },
        ],
    },
    Lesson {
        id: "taxation",
        title: "Taxation and temperature",
        sources: &[cite("yedwab1985", "ch. 2-3"), cite("muller2025", "thermograph construction")],
        steps: &[
            step("14|2|||-2||-14|-16: a game of switches inside switches. Read the stops at t = 0: Left gets 2, Right -2.", "g=14|2|||-2||-14|-16"),
            step("Tax every move by t: Left's values drop by t, Right's rise by t. Move the pointer over the picture to read tVL(t) and tVR(t).", "g=14|2|||-2||-14|-16"),
            step("Select Left's option {14|2} in the tree: it has its own mast at 8 from t = 6.", "g=14|2|||-2||-14|-16&node=L0"),
            step("And Right's option: mast -17/2 from t = 13/2. The whole game's walls meet at t = 33/4, mean -1/4.", "g=14|2|||-2||-14|-16&node=R0"),
            step("The root's construction, at its scaffolds: Left's is 2, then 8 - t from t = 6; Right's -2, then -17/2 + t from t = 13/2. Step on to see them meet.", "g=14|2|||-2||-14|-16&build=20"),
        ],
        claims: &[
            Claim::MeanTemperature { game: "{14|2}", mean: "8", temperature: "6" },
            Claim::MeanTemperature { game: "-2||-14|-16", mean: "-17/2", temperature: "13/2" },
            Claim::MeanTemperature { game: "14|2|||-2||-14|-16", mean: "-1/4", temperature: "33/4" },
        ],
    },
    Lesson {
        id: "greedy",
        title: "Why greedy play fails",
        sources: &[cite("muller2025", "'Why greedy play can be bad'"), cite("yedwab1985", "ch. 5")],
        steps: &[
            step("{4|0} + {{10|-3}|-5}, Left to move. Greedy takes the biggest immediate swing: 4 in the first component.", "page=sums&s={4|0} + {{10|-3}|-5}"),
            step("Greedy's game: Left takes 4, Right takes -5, and the score is -1.", "page=sums&s={4|0} + {{10|-3}|-5}&sp=LL_sentestrat_0-0.1-0"),
            step("The sente move first: Left threatens 10, Right must answer with -3, then Left takes 4: +1. The exact value VL is 1.", "page=sums&s={4|0} + {{10|-3}|-5}&sp=LL_sentestrat_1-0.1-0.0-0"),
            step("Run the tournament: greedy loses where sentestrat and the exact player win. Bounds from the thermographs bracket VL without searching.", "page=sums&s={4|0} + {{10|-3}|-5}"),
        ],
        claims: &[],
    },
    Lesson {
        id: "mt",
        title: "Heap-go and MT-search",
        sources: &[cite("kao2012", "heap-go, MT-search, Figure 7")],
        steps: &[
            step("Heap-go: Left takes counters from the top of a heap down to and including the first red one (or the whole heap), Right down to and including the first blue one; each scores the weights taken. Here Left's move in the first heap takes b5 and r3 for 8 points; Right's takes b5 alone for 5.", "page=heapgo&h=b5,r3,b2/r7,b1/b4,r6"),
            step("MT-search on Figure 7 of Kao et al. (2012): before any path, mean and temperature are only known to lie in wide intervals.", "page=mt-search&mt=fig7"),
            step("After three paths the upper and lower walls have closed in.", "page=mt-search&mt=fig7&n=3"),
            step("On a heap-go sum: 40 paths. Play on to watch the bounds narrow until the mean and temperature are exact.", "page=mt-search&h=b5,r3,b2/r7,b1/b4,r6&ord=temperature&seed=0&n=40"),
        ],
        claims: &[
            Claim::HeapGoMove { heaps: "b5,r3,b2/r7,b1/b4,r6", heap: 0, side: Side::Left, takes: "b5,r3", scores: "8" },
            Claim::HeapGoMove { heaps: "b5,r3,b2/r7,b1/b4,r6", heap: 0, side: Side::Right, takes: "b5", scores: "5" },
        ],
    },
    Lesson {
        id: "hackenbush",
        title: "Hackenbush stalks and the Scale Method",
        sources: &[cite("koene2024", "stalk values, the Scale Method")],
        steps: &[
            step("A blue edge with three red on top: Berlekamp's rule gives 1 - 1/2 - 1/4 - 1/8 = 1/8.", "page=hackenbush&hb=stalk:brrr"),
            step("A longer stalk, BRBRRBBR: 77/128. The first change of colour decides the integer part, then every edge halves.", "page=hackenbush&hb=0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r"),
            step("The Scale Method weighs a position against stalks of known value by letting two Monte Carlo players play the sum: open the Scale Method panel and run it.", "page=hackenbush&hb=0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r"),
        ],
        claims: &[
            Claim::Hackenbush { position: "stalk:brrr", value: "1/8" },
            Claim::Hackenbush { position: "0-1:b 1-2:r 2-3:b 3-4:r 4-5:r 5-6:b 6-7:b 7-8:r", value: "77/128" },
        ],
    },
    Lesson {
        id: "cooling",
        title: "Cooling and chilling: from Go endgames to infinitesimals",
        sources: &[cite("berlekampwolfe1994", "ch. 2-3"), cite("winningways", "ch. 6 and 8"), cite("siegel2013", "II.5-II.7")],
        steps: &[
            step("A switch {4|0}: whoever moves first gains 2 over the mean 2; its temperature is 2. Below the picture, the Algebra card shows what each move is worth to its mover (its incentive) and the game cooled.", "g={4|0}"),
            step("Cooling by t taxes every move t: {4|0} cooled by 1 is {3|1}. Move the slider: the cooled game's thermograph is the original's above the line, moved down by t.", "g={4|0}&cool=1"),
            step("At its temperature the game freezes: cooled by 2 it is 2*, its mean plus a star. Cooled any further it is just the mean, 2.", "g={4|0}&cool=2"),
            step("Chilling is cooling by 1, and a Go endgame chilled is a number plus infinitesimals: {3||2|0} chills to 2^, two points and an up. Sums of such values are played by counting ups and stars, which is how chilling gets the last point.", "g={3||2|0}&cool=1"),
            step("Infinitesimals are measured in ups by their atomic weight: {0||0|v*} has atomic weight 1, and its reduced canonical form is 0 (it is infinitesimally close to 0).", "g={0||0|v*}"),
            step("Warming undoes chilling on Go values: 1* warms to {2|0}. Press Open beside a chilled or warmed value to follow it.", "g=1*"),
        ],
        claims: &[
            Claim::MeanTemperature { game: "{4|0}", mean: "2", temperature: "2" },
            Claim::Algebra { op: "cool", game: "{4|0}", t: "1", value: "{3|1}" },
            Claim::Algebra { op: "cool", game: "{4|0}", t: "2", value: "2*" },
            Claim::Algebra { op: "cool", game: "{4|0}", t: "3", value: "2" },
            Claim::Algebra { op: "chill", game: "{3||2|0}", t: "", value: "2^" },
            Claim::Algebra { op: "atomic_weight", game: "{0||0|v*}", t: "", value: "1" },
            Claim::Algebra { op: "reduced", game: "{0||0|v*}", t: "", value: "0" },
            Claim::Algebra { op: "warm", game: "1*", t: "", value: "{2|0}" },
        ],
    },
    Lesson {
        id: "boards",
        title: "Games on boards: one engine for every ruleset",
        sources: &[
            cite("winningways", "ch. 1-2"),
            cite("lip2019", "ch. 1-2"),
            cite("clobber2005", "the values of small positions"),
            cite("berlekamp2000", "areas as a sum"),
        ],
        steps: &[
            step("Domineering on a 2 x 2 square: Left places dominoes vertically, Right horizontally, and whoever moves first leaves the other one move. The value is ±1, a switch. Click a square to play; Edit board changes the position.", "page=game&r=domineering&p=..|.."),
            step("Cutcake: Left cuts vertically, Right horizontally. A strip 4x1 is worth 3 (Left has three cuts Right cannot spoil) and a square cake 2x2 is 0; the two side by side are a sum, 4x1 2x2, worth 3.", "page=game&r=cutcake&p=4x1 2x2"),
            step("Toads and Frogs: TTF.F is v (down), an infinitesimal in Right's favour. The value card shows its atomic weight, -1: about one down.", "page=game&r=toads-and-frogs&p=TTF.F"),
            step("Clobber is all-small: whenever one side can move, so can the other, and every position is an infinitesimal. xxo is ^ (up), of atomic weight 1. Build a move by clicking a stone, then the stone it takes.", "page=game&r=clobber&p=xxo"),
            step("Amazons falls into separate areas, and each is a game of its own: x.#.o is two areas worth 1 (Left's) and -1 (Right's). Their sum is 0: whoever moves first runs out of moves first.", "page=game&r=amazons&p=x.#.o"),
            step("Konane: in xo.o. Left's stone jumps the first Right stone and may stop there or go on over the second; Right has no jump at all, and the value is 1.", "page=game&r=konane&p=xo.o."),
            step("Snort on a path of three vertices is ±2: whoever colours the middle vertex keeps both ends, which the other may no longer colour next to it.", "page=game&r=snort&p=...:0-1,1-2"),
            step("Col forbids the other thing: a player may not colour next to their own colour. A single vertex is * (whoever colours it leaves nothing), and two joined vertices are 0: after the first colour the other player takes the other end.", "page=game&r=col&p=..:0-1"),
        ],
        claims: &[
            Claim::Game { ruleset: "domineering", position: "..|..", value: "±1" },
            Claim::Game { ruleset: "cutcake", position: "4x1", value: "3" },
            Claim::Game { ruleset: "cutcake", position: "2x2", value: "0" },
            Claim::Game { ruleset: "cutcake", position: "4x1 2x2", value: "3" },
            Claim::Game { ruleset: "toads-and-frogs", position: "TTF.F", value: "v" },
            Claim::Algebra { op: "atomic_weight", game: "v", t: "", value: "-1" },
            Claim::Game { ruleset: "clobber", position: "xxo", value: "^" },
            Claim::Algebra { op: "atomic_weight", game: "^", t: "", value: "1" },
            Claim::Game { ruleset: "amazons", position: "x.#.o", value: "0" },
            Claim::Game { ruleset: "amazons", position: "x.", value: "1" },
            Claim::Game { ruleset: "snort", position: "...:0-1,1-2", value: "±2" },
            Claim::Game { ruleset: "konane", position: "xo.o.", value: "1" },
            Claim::Game { ruleset: "col", position: "..:0-1", value: "0" },
        ],
    },
    Lesson {
        id: "go-counting",
        title: "Counting an endgame: gote, sente, reverse sente",
        sources: &[cite("berlekampwolfe1994", "ch. 1-2"), cite("spight-sl", "Infinitesimals; Practical Endgame Test 8"), cite("muller2025", "slides on gote and sente"), cite("muller1995", "Go as a sum of local games")],
        steps: &[
            step("A white stone in atari on the edge. Black takes it for a count of 2 (a prisoner and the point it stood on); White saves it for 0. The region is {2|0}: its mean 1 is the count a Go player writes down, and its temperature 1 is the size of the move, a 1-point gote in miai counting (2 points in deiri counting). Safe stones are drawn with a mark: they live whatever happens.", "page=game&r=go&p=XXX|O.o"),
            step("Sente: here White's move takes a point and threatens to rescue four stones, so Black must answer. The region is {9|{8|0}}, its count 8; the card says White's sente, and Black's move there is the reverse sente, worth as much but played in gote.", "page=game&r=go&p=OXXXXXX|O..oooo"),
            step("A board is a sum of regions. Here a stone to take or save, {2|0}, and a half-point corridor, {1|*}: the board's value is {{3|2*}|{1|*}}, its count 3/2, the sum of the means, and the hottest region is where to play first. Send it to Sums to see the bounds and the strategies play it out.", "page=game&r=go&p=XXX#OXX|O.o#O.."),
        ],
        claims: &[
            Claim::Game { ruleset: "go", position: "XXX|O.o", value: "{2|0}" },
            Claim::MeanTemperature { game: "{2|0}", mean: "1", temperature: "1" },
            Claim::Game { ruleset: "go", position: "OXXXXXX|O..oooo", value: "{9|{8|0}}" },
            Claim::MeanTemperature { game: "{9|{8|0}}", mean: "8", temperature: "" },
            Claim::Game { ruleset: "go", position: "XXX#OXX|O.o#O..", value: "{{3|2*}|{1|*}}" },
            Claim::MeanTemperature { game: "{2|0} + {1|*}", mean: "3/2", temperature: "" },
        ],
    },
    Lesson {
        id: "go-chilling",
        title: "Chilling gets the last point",
        sources: &[cite("berlekampwolfe1994", "ch. 2-4"), cite("spight-sl", "Infinitesimals; Tinies and Minies")],
        steps: &[
            step("A dame between two walls is *: filling it gains no point, but it is a move. Mathematical Go removes the one-point tax on every move by chilling (cooling by 1), and the region's card shows the chilled value beside the value.", "page=game&r=go&p=XXO|X.O|XOO"),
            step("A corridor of two points with a white stone at its end is {3|{2|0}}, and chilled it is 2^: two points and an up. Ups and stars add like counters, and the side with more ups gets the last point of a close game.", "page=game&r=go&p=XXXX|O..o"),
            step("The half-point corridor {1|*} chills to 1/2: a number, so in chilled play nobody needs to move there before the ups and stars are settled, and its half point is a count, not a move to make.", "page=game&r=go&p=OXX|O.."),
            step("Warming undoes chilling for Go's even positions: 1* warms to {2|0}, the stone to take or save. Open the explorer to see both thermographs.", "g=1*"),
        ],
        claims: &[
            Claim::Game { ruleset: "go", position: "XXO|X.O|XOO", value: "*" },
            Claim::Game { ruleset: "go", position: "XXXX|O..o", value: "{3|{2|0}}" },
            Claim::Algebra { op: "chill", game: "{3|{2|0}}", t: "", value: "2^" },
            Claim::Algebra { op: "chill", game: "{1|*}", t: "", value: "1/2" },
            Claim::Algebra { op: "warm", game: "1*", t: "", value: "{2|0}" },
        ],
    },
    Lesson {
        id: "nim",
        title: "Nim and the nim-sum",
        sources: &[cite("bouton1902", ""), cite("winningways", "ch. 2"), cite("lip2019", "ch. 7")],
        steps: &[
            step("Nim: heaps of counters, and a move takes any number of counters (at least one) from one heap. Both players have the same moves, so the game is impartial, and whoever takes the last counter wins. Click a counter to take it and every counter above it.", "page=game&r=nim&p=3 5 7"),
            step("Bouton (1902) solved it: write the heaps in binary, 3 = 011, 5 = 101 and 7 = 111, and add each column without carrying (an odd number of ones gives 1). This nim-sum 3 ^ 5 ^ 7 is 001 = 1, not 0, so the player to move wins, and the value of 3 5 7 is *: a nimber, like a single heap of one.", "page=game&r=nim&p=3 5 7"),
            step("The winning move leaves nim-sum 0: take 1 from heap 1, so 2 5 7 is left, and 2 ^ 5 ^ 7 = 0. From a nim-sum of 0 every move makes it nonzero, and the winner answers each move by making it 0 again until the heaps are gone. The card lists the winning moves; play against the computer to try.", "page=game&r=nim&p=2 5 7"),
            step("Marienbad's heaps 1 3 5 7 have nim-sum 0 (1 ^ 3 ^ 5 ^ 7 = 0): the player to move loses whatever they do, and the value is 0. Two equal heaps always cancel, so the second player copies the first in the other heap (Tweedledum and Tweedledee).", "page=game&r=nim&p=1 3 5 7"),
            ask("A sum of nimbers is the nimber of the nim-sum. What is *3 + *5 + *7?", "page=game&r=nim&p=3 5 7", crate::lesson_doc::Ask::Value, "*3 + *5 + *7"),
        ],
        claims: &[
            Claim::Game { ruleset: "nim", position: "3 5 7", value: "*" },
            Claim::Game { ruleset: "nim", position: "2 5 7", value: "0" },
            Claim::Game { ruleset: "nim", position: "1 3 5 7", value: "0" },
        ],
    },
    Lesson {
        id: "sprague-grundy",
        title: "Every impartial game is a nimber (Sprague-Grundy)",
        sources: &[cite("sprague1935", ""), cite("grundy1939", ""), cite("winningways", "ch. 3-4"), cite("siegel2013", "ch. IV"), cite("gardner1974", "")],
        steps: &[
            step("Kayles: a row of pins, and a move knocks down one pin or two next to each other, which may split the row in two. It is impartial, and the Sprague-Grundy theorem (Sprague 1935, Grundy 1939) says every impartial game equals a Nim heap: its nim-value G is the least number that is not the value of an option (the mex). A row of 3 pins has options worth *2 (knock an end pin), 0 (the middle one, leaving two single pins) and * (two pins), so it is *3.", "page=game&r=kayles&p=xxx"),
            step("A position of several rows is a sum, and its value is the nim-sum of the rows' values: rows of 3 and 5 pins are *3 + *4 = *7. The nim-sum table on the card adds each row's value in binary, and the winning move makes the total 0.", "page=game&r=kayles&p=xxx.xxxxx"),
            step("Cram is Domineering where both players may place a domino either way, so it is impartial too. A strip of three squares (typed ... in the position field) is * (one domino fits, and it ends the game); a 2 x 2 square is 0, for the second player copies every move turned half a turn about the centre.", "page=game&r=cram&p=..|.."),
            step("Grundy's game: split a heap into two heaps of different sizes. A heap of 7 is 0, so whoever must split it loses; heaps of 5 and 13 are worth *2 + *3 = *. Nimbers add with any game: send a position to Sums and put it beside a switch.", "page=game&r=grundy&p=5 13"),
        ],
        claims: &[
            Claim::Game { ruleset: "kayles", position: "xxx", value: "*3" },
            Claim::Game { ruleset: "kayles", position: "xxx.xxxxx", value: "*7" },
            Claim::Game { ruleset: "cram", position: "...", value: "*" },
            Claim::Game { ruleset: "cram", position: "..|..", value: "0" },
            Claim::Game { ruleset: "grundy", position: "7", value: "0" },
            Claim::Game { ruleset: "grundy", position: "5 13", value: "*" },
        ],
    },
    Lesson {
        id: "kayles-periodicity",
        title: "Kayles and periodicity",
        sources: &[cite("guysmith1956", ""), cite("winningways", "ch. 4"), cite("oeis", "A002186, A002187")],
        steps: &[
            step("The nim-values of Kayles heaps, G(0), G(1), ...: 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, ... Kayles is the octal game 0.77: the code's digits say how a heap may be reduced by one token, by two, and what may be left. The table's rows are 12 long; read down a column.", "page=sequences&sr=0.77&sn=200"),
            step("From heap 71 on the values repeat with period 12 for ever: the preperiod is 71. Guy and Smith (1956) proved why: for an octal code, checking that the period holds for a stretch about twice the period past the preperiod proves it for every heap. The page says when a period is proven and when it is only observed.", "page=sequences&sr=0.77&sn=200"),
            step("Dawson's Kayles, 0.07, knocks down exactly two pins next to each other, which may split the row (the code's second digit, 7, allows leaving no row, one or two). Its values repeat with period 34 from heap 53 on, proven the same way.", "page=sequences&sr=0.07&sn=300"),
            step("Click a heap size in the table to play it. A row of 12 pins is *4: the player to move wins by leaving a position worth 0.", "page=game&r=kayles&p=xxxxxxxxxxxx"),
        ],
        claims: &[
            Claim::Period { rule: "0.77", period: 12, preperiod: 71 },
            Claim::Period { rule: "0.07", period: 34, preperiod: 53 },
            Claim::Game { ruleset: "kayles", position: "xxxxxxxxxxxx", value: "*4" },
        ],
    },
    Lesson {
        id: "misere-nim",
        title: "Misère Nim",
        sources: &[cite("bouton1902", ""), cite("winningways", "ch. 13"), cite("conway1976", "ch. 12"), cite("plambecksiegel2008", "")],
        steps: &[
            step("Misère play turns the last move into a loss: whoever takes the last counter loses. With heaps 1 1 1 the player to move loses: each move leaves one heap fewer, and the player to move at 1 takes the last counter. The switch above the board changes the play; it is in the link.", "page=game&r=nim&gp=misere&p=1 1 1"),
            step("Bouton's rule for misère Nim: play exactly as in normal play, to nim-sum 0, until your move would leave only heaps of one; then leave an odd number of heaps of one instead of an even number. Heaps 2 2 still lose for the player to move (nim-sum 0, as in normal play).", "page=game&r=nim&gp=misere&p=2 2"),
            step("So in 3 5 7 the player to move wins in misère play too, by the same move as in normal play, and the strategy differs only at the very end. The card shows the misère canonical form and the genus, Conway's summary of how a position behaves in misère sums.", "page=game&r=nim&gp=misere&p=3 5 7"),
            step("Other games are harder: misère play does not reduce to nim-heaps, and misère Kayles is wild. In a row of 5 pins the player to move wins, but the card calls the row wild: it does not behave like any position of misère Nim. Plambeck and Siegel (2008) describe such games by a misère quotient instead.", "page=game&r=kayles&gp=misere&p=xxxxx"),
        ],
        claims: &[
            Claim::Misere { ruleset: "nim", position: "1 1 1", first_player_wins: false },
            Claim::Misere { ruleset: "nim", position: "2 2", first_player_wins: false },
            Claim::Misere { ruleset: "nim", position: "3 5 7", first_player_wins: true },
            Claim::Misere { ruleset: "kayles", position: "xxxxx", first_player_wins: true },
        ],
    },
];

pub fn find(id: &str) -> Option<&'static Lesson> {
    LESSONS.iter().find(|l| l.id == id)
}

impl Lesson {
    /// The lesson as a document ([`crate::lesson_doc`]): what the lesson
    /// bar shows, and what a teacher opens in the editor to change.
    pub fn doc(&self) -> crate::lesson_doc::LessonDoc {
        crate::lesson_doc::LessonDoc {
            title: self.title.to_string(),
            steps: self
                .steps
                .iter()
                .map(|s| crate::lesson_doc::DocStep {
                    text: s.text.to_string(),
                    link: s.query.to_string(),
                    ask: s.ask.map(|(a, g)| crate::lesson_doc::Question { ask: a, game: g.to_string() }),
                })
                .collect(),
        }
    }
}

/// The lesson the shell names, as a document: a teacher's (`ld`) first,
/// else a built-in one (`lesson`); with the built-in's id (empty for a
/// teacher's).
pub fn current(shell: &crate::state::ShellState) -> Option<(&'static str, crate::lesson_doc::LessonDoc)> {
    if !shell.lesson_doc.is_empty() {
        return shell.lesson_doc.parse().ok().map(|d| ("", d));
    }
    find(&shell.lesson).map(|l| (l.id, l.doc()))
}

/// `%XX` escapes decoded (a step's link may be written with them or not:
/// `{`, `|` and spaces read as written); a `%` not followed by two hex
/// digits stays.
pub fn percent_decoded(v: &str) -> String {
    let b = v.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        let hex = |c: u8| (c as char).to_digit(16);
        if b[i] == b'%' && i + 2 < b.len() {
            if let (Some(h), Some(l)) = (hex(b[i + 1]), hex(b[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The link of step `k` of the lesson `shell` names: the step's own page
/// state, with the lesson's keys (every page not named at its defaults).
pub fn doc_step_state(shell: &crate::state::ShellState, doc: &crate::lesson_doc::LessonDoc, k: usize) -> Option<Link> {
    let step = doc.steps.get(k)?;
    let pairs = step.link.split('&').filter_map(|kv| kv.split_once('=')).map(|(k, v)| (k, percent_decoded(v)));
    let mut st = Link::from_pairs(pairs);
    st.shell.lesson = if shell.lesson_doc.is_empty() { shell.lesson.clone() } else { String::new() };
    st.shell.lesson_doc = shell.lesson_doc.clone();
    st.shell.lesson_step = k;
    Some(st)
}

/// A link that names a lesson step and nothing else (`?lesson=boards&ls=0`,
/// typed by hand: `keys` are the link's keys) opens that step's own page
/// and state; a link that carries a page's keys opens what it says (a
/// student who moved on from the step's position shares where they are).
pub fn open_step_link(keys: &[&str], link: Link) -> Link {
    let only_lesson = keys.iter().all(|k| matches!(*k, "v" | "lesson" | "ls" | "ld"));
    if !only_lesson {
        return link;
    }
    let Some((_, doc)) = current(&link.shell) else { return link };
    let k = link.shell.lesson_step.min(doc.steps.len().saturating_sub(1));
    doc_step_state(&link.shell, &doc, k).unwrap_or(link)
}

/// The link of step `k` of `lesson` (lesson fields set; every page not
/// named by the step at its defaults).
pub fn step_state(lesson: &Lesson, k: usize) -> Option<Link> {
    let shell = crate::state::ShellState { lesson: lesson.id.to_string(), ..Default::default() };
    doc_step_state(&shell, &lesson.doc(), k)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::{Page, ShellState};

    #[test]
    fn links_may_be_percent_encoded() {
        assert_eq!(percent_decoded("{4|0}%20%2B%20*"), "{4|0} + *");
        assert_eq!(percent_decoded("a%26b%3Dc%"), "a&b=c%");
        assert_eq!(percent_decoded("%zz%4"), "%zz%4");
        assert_eq!(percent_decoded("%e2%86%91"), "↑");
        assert_eq!(percent_decoded("%é"), "%é");
    }

    /// Issue 43 item 19: `?lesson=boards&ls=0` typed by hand showed the
    /// step's text over the explorer's default game.
    #[test]
    fn a_bare_step_link_opens_the_steps_page() {
        let l = find("boards").expect("the boards lesson");
        for k in 0..l.steps.len() {
            let ls = k.to_string();
            let pairs = [("lesson", "boards"), ("ls", ls.as_str())];
            let (link, notes) = Link::open(pairs);
            assert!(notes.is_empty(), "{notes:?}");
            let keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
            let opened = open_step_link(&keys, link);
            let want = step_state(l, k).unwrap();
            assert_eq!(opened.to_pairs(), want.to_pairs(), "step {k}");
        }
        // A link with a page's keys keeps them.
        let pairs = [("lesson", "boards"), ("ls", "0"), ("g", "{7|1}")];
        let (link, _) = Link::open(pairs);
        let keys: Vec<&str> = pairs.iter().map(|(k, _)| *k).collect();
        assert_eq!(open_step_link(&keys, link).explorer.game, "{7|1}");
        // No lesson: nothing changes.
        let (link, _) = Link::open([("ls", "0")]);
        assert_eq!(open_step_link(&["ls"], link.clone()).to_pairs(), link.to_pairs());
    }

    /// The built-in lessons are documents of the teachers' format: each
    /// prints as one and reads back the same, its questions included.
    #[test]
    fn built_in_lessons_are_documents() {
        let mut asked = 0;
        for l in LESSONS {
            let d = l.doc();
            let back: crate::lesson_doc::LessonDoc = d.to_string().parse().unwrap_or_else(|e| panic!("{}: {e}", l.id));
            assert_eq!(back, d, "{}", l.id);
            for s in &d.steps {
                if let Some(q) = &s.ask {
                    asked += 1;
                    q.answer().unwrap_or_else(|e| panic!("{}: {e}", l.id));
                }
            }
        }
        assert!(asked >= 2);
    }

    /// Every step opens a working page: only the shell's keys and its own
    /// page's (a step's link is what the app writes for it), and the game,
    /// sum, heaps, game record or Hackenbush position it names parses.
    #[test]
    fn every_step_is_a_working_page() {
        for l in LESSONS {
            assert!(find(l.id).is_some() && !l.steps.is_empty());
            for (k, s) in l.steps.iter().enumerate() {
                for kv in s.query.split('&') {
                    let (key, _) = kv.split_once('=').unwrap_or_else(|| panic!("{} step {k}: {kv}", l.id));
                    assert!(crate::state::KEYS.contains(&key), "{} step {k}: unknown key {key}", l.id);
                }
                let st = step_state(l, k).unwrap();
                assert_eq!((st.shell.lesson.as_str(), st.shell.lesson_step), (l.id, k));
                let ctx = format!("{} step {}", l.id, k + 1);
                for kv in s.query.split('&') {
                    let key = kv.split_once('=').map_or(kv, |p| p.0);
                    assert!(ShellState::KEYS.contains(&key) || st.shell.page.keys().contains(&key), "{ctx}: key {key} is not the {:?} page's", st.shell.page);
                }
                match st.shell.page {
                    Page::Explorer => {
                        let ex = &st.explorer;
                        crate::pages::explorer::model::Explored::parse(&ex.game).unwrap_or_else(|e| panic!("{ctx}: {e:?}"));
                        if ex.build > 0 {
                            let t = cgt::notation::GameTree::parse_with(&ex.game, &cgt::notation::ParseLimits::INTERACTIVE).unwrap();
                            let steps = cgt::construction::construction(t.arena(), t.root()).unwrap();
                            assert!(ex.build <= steps.len(), "{ctx}: build={} of {}", ex.build, steps.len());
                        }
                    }
                    Page::Sums => {
                        let g = crate::pages::sums::model::parse_sum(&st.sums.sum).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        if !st.sums.play.is_empty() {
                            let rec: crate::pages::sums::model::PlayRecord = st.sums.play.parse().unwrap();
                            crate::pages::sums::model::replay_game(&g, &rec).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        }
                    }
                    Page::HeapGo => {
                        st.heapgo.heaps.parse::<cgt::rulesets::heapgo::HeapGo>().unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    }
                    Page::MtSearch => {
                        st.mtsearch.heaps.parse::<cgt::rulesets::heapgo::HeapGo>().unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    }
                    Page::Hackenbush => {
                        st.hackenbush.position.parse::<cgt::rulesets::hackenbush::Hackenbush>().unwrap_or_else(|e| panic!("{ctx}: {e}"));
                    }
                    Page::Game => {
                        let snap = crate::pages::game::model::load(&mut None, &st.game).unwrap_or_else(|e| panic!("{ctx}: {e}"));
                        assert!(snap.record_error.is_none(), "{ctx}: {:?}", snap.record_error);
                    }
                    Page::Sequences => {
                        crate::pages::sequences::model::parse_rule(&st.sequences.rule).unwrap_or_else(|e| panic!("{ctx}: {}", e.message));
                    }
                }
                // The URL written for the step reads back as the step: the
                // whole state (every page not named at its defaults).
                assert_eq!(Link::from_pairs(st.to_pairs()), st, "{ctx}");
            }
        }
        assert!(step_state(&LESSONS[0], 99).is_none());
        assert!(find("nope").is_none());
    }

    /// Every claim a lesson makes about values and rules is what the engine
    /// computes, and what it claims is said in one of its steps' text.
    #[test]
    fn claims_hold_in_the_engine_and_are_in_the_text() {
        use cgt::rulesets::heapgo::HeapGo;
        let mut n = 0;
        for l in LESSONS {
            let said = |v: &str| l.steps.iter().any(|s| s.text.contains(v));
            for c in l.claims {
                n += 1;
                match *c {
                    Claim::MeanTemperature { game, mean, temperature } => {
                        let t = cgt::notation::GameTree::parse_with(game, &cgt::notation::ParseLimits::INTERACTIVE)
                            .unwrap_or_else(|e| panic!("{}: {game}: {e:?}", l.id));
                        let th = cgt::thermograph::thermograph(t.arena(), t.root());
                        assert_eq!(th.mean().to_string(), mean, "{}: mean of {game}", l.id);
                        assert!(said(mean), "{}: the mean {mean} of {game} is not in the text", l.id);
                        if !temperature.is_empty() {
                            assert_eq!(th.temperature().to_string(), temperature, "{}: temperature of {game}", l.id);
                            assert!(said(temperature), "{}: the temperature {temperature} of {game} is not in the text", l.id);
                        }
                    }
                    Claim::HeapGoMove { heaps, heap, side, takes, scores } => {
                        let g: HeapGo = heaps.parse().unwrap();
                        let (to, gained) = g.take(heap, 0, side).unwrap_or_else(|| panic!("{}: no move in heap {heap}", l.id));
                        let taken: HeapGo = takes.parse().unwrap();
                        assert_eq!(&g.heaps()[heap][..to], &taken.heaps()[0][..], "{}: {side:?} in heap {heap} of {heaps}", l.id);
                        assert_eq!(gained.to_string(), scores, "{}: {side:?}'s score", l.id);
                        let listed = takes.split(',').collect::<Vec<_>>().join(" and ");
                        assert!(said(&format!("takes {listed}")) || said(&format!("takes {listed} alone")), "{}: 'takes {listed}' not in the text", l.id);
                        assert!(said(&format!("for {scores}")), "{}: the score {scores} is not in the text", l.id);
                    }
                    Claim::Algebra { op, game, t, value } => {
                        let mut c = cgt::canonical::Canon::new();
                        let mut a = cgt::algebra::Algebra::default();
                        let (ex, root) = cgt::notation::parse_expr(game, &cgt::notation::ParseLimits::INTERACTIVE).unwrap();
                        let g = c.from_exprs(&ex, root).unwrap();
                        let r = match op {
                            "cool" => a.cool(&mut c, g, &t.parse().unwrap()),
                            "chill" => a.chill(&mut c, g),
                            "warm" => a.warm(&mut c, g),
                            "reduced" => a.reduced(&mut c, g),
                            "atomic_weight" => a.atomic_weight(&mut c, g),
                            other => panic!("{}: unknown operation {other}", l.id),
                        }
                        .unwrap_or_else(|e| panic!("{}: {op} of {game}: {e}", l.id));
                        assert_eq!(c.name(r), value, "{}: {op} of {game} by {t}", l.id);
                        assert!(said(value) && said(game), "{}: {op} of {game} = {value} is not in the text", l.id);
                    }
                    Claim::Game { ruleset, position, value } => {
                        let mut s = cgt::rulesets::registry::session(ruleset, position, 100_000).unwrap();
                        assert_eq!(s.report().unwrap().canonical, value, "{}: {ruleset} {position}", l.id);
                        // The position is named in a step's text or opened by its link.
                        let shown = l.steps.iter().any(|s| s.text.contains(position) || s.query.ends_with(&format!("p={position}")));
                        assert!(said(value) && shown, "{}: {ruleset} {position} = {value} is not in the lesson", l.id);
                    }
                    Claim::Misere { ruleset, position, first_player_wins } => {
                        let mut s = cgt::rulesets::registry::session(ruleset, position, 100_000).unwrap();
                        s.set_misere(true).unwrap();
                        let imp = s.report().unwrap().impartial.unwrap_or_else(|| panic!("{}: {ruleset} is not impartial", l.id));
                        assert!(imp.misere);
                        assert_eq!(imp.first_player_wins, first_player_wins, "{}: misère {ruleset} {position}", l.id);
                        let step = l.steps.iter().find(|s| s.query.ends_with(&format!("gp=misere&p={position}")));
                        let step = step.unwrap_or_else(|| panic!("{}: no misère step opens {position}", l.id));
                        let says = if first_player_wins { "the player to move wins" } else { "lose" };
                        assert!(step.text.contains(says), "{}: {position}: the step does not say {says}", l.id);
                    }
                    Claim::Period { rule, period, preperiod } => {
                        let r: cgt::impartial::HeapRule = rule.parse().unwrap();
                        let seq = cgt::impartial::nim_sequence(&r, 6 * (period + preperiod)).unwrap();
                        let p = seq.period().unwrap_or_else(|| panic!("{}: {rule} has no period", l.id));
                        assert_eq!((p.period, p.preperiod), (period, preperiod), "{}: {rule}", l.id);
                        assert!(seq.proven(), "{}: {rule}'s period is not proven", l.id);
                        assert!(said(&format!("period {period}")) && said(&format!("heap {preperiod}")), "{}: {rule}'s period is not in the text", l.id);
                    }
                    Claim::Hackenbush { position, value } => {
                        let mut s = cgt::rulesets::registry::session("hackenbush", position, 100_000).unwrap();
                        assert_eq!(s.report().unwrap().canonical, value, "{}: {position}", l.id);
                        assert!(said(value), "{}: the value {value} of {position} is not in the text", l.id);
                    }
                }
            }
        }
        assert!(n >= 12, "only {n} claims checked");
    }

    /// A lesson names its sources by works a user can look up.
    #[test]
    fn sources_are_references_and_texts_use_no_internal_names() {
        for l in LESSONS {
            assert!(!l.sources.is_empty(), "{}", l.id);
            for c in l.sources {
                assert!(c.reference().is_some(), "{}: unknown reference {}", l.id, c.key);
            }
            assert_eq!(crate::references::unlookupable(l.title), None, "{}", l.id);
            for s in l.steps {
                assert_eq!(crate::references::unlookupable(s.text), None, "{}: {}", l.id, s.text);
            }
        }
    }

    /// The lessons' claims hold: the game records in the greedy lesson
    /// score -1 and +1, and the sente lesson's three copies give -12.
    #[test]
    fn the_lessons_say_what_the_engine_computes() {
        let greedy = find("greedy").unwrap();
        let score = |k: usize| {
            let st = step_state(greedy, k).unwrap();
            let g = crate::pages::sums::model::parse_sum(&st.sums.sum).unwrap();
            crate::pages::sums::model::replay_game(&g, &st.sums.play.parse().unwrap()).unwrap().score.unwrap().to_string()
        };
        assert_eq!((score(1), score(2)), ("-1".to_string(), "1".to_string()));
        let one = crate::pages::sums::model::exact_readout("{{4|-4}|-7}", 1000).unwrap();
        assert_eq!(one.vl, "-4");
        let three = crate::pages::sums::model::exact_readout("{{4|-4}|-7} + {{4|-4}|-7} + {{4|-4}|-7}", 100_000).unwrap();
        assert_eq!(three.vl, "-12");
        // The taxation lesson opens the root's scaffolds.
        let tax = find("taxation").unwrap();
        let st = step_state(tax, tax.steps.len() - 1).unwrap();
        let t = cgt::notation::GameTree::parse_with(&st.explorer.game, &cgt::notation::ParseLimits::INTERACTIVE).unwrap();
        let steps = cgt::construction::construction(t.arena(), t.root()).unwrap();
        let s = &steps[st.explorer.build - 1];
        assert_eq!((s.node, s.phase), (t.root(), cgt::construction::Phase::Scaffolds));
        let sw = crate::pages::sums::model::exact_readout("{8|2} + {5|-5}", 1000).unwrap();
        assert_eq!(sw.vl, "7");
    }
}
