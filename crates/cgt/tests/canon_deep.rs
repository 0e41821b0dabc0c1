//! `Canon`'s comparison, sum and negation do not recurse: forms thousands
//! of moves deep are compared, added and negated on a thread with a small
//! stack (the page's main thread has no more).

use cgt::canonical::{Canon, CanonId, Relation};
use cgt::numbers::Q;

/// `G_0 = 0`, `G_{k+1} = {G_k | -(k+1)}`: each level's Left option is the
/// level below, a canonical form `depth` moves deep.
fn chain(c: &mut Canon, depth: i64) -> CanonId {
    let mut g = c.zero();
    for k in 1..=depth {
        let right = c.num(Q::from_int(-k)).expect("an integer");
        g = c.options(&[g], &[right]);
    }
    g
}

fn on_small_stack(f: impl FnOnce() + Send + 'static) {
    std::thread::Builder::new().stack_size(256 * 1024).spawn(f).expect("a thread").join().expect("no overflow, no panic");
}

#[test]
fn deep_forms_compare_add_and_negate_without_recursion() {
    on_small_stack(|| {
        let depth = 3000;
        let mut c = Canon::new();
        let g = chain(&mut c, depth);
        assert_eq!(c.birthday(g), Q::from_int(depth + 1), "G_k is born on day k + 1");
        let n = c.neg(g);
        assert_eq!(c.neg(n), g, "-(-G) = G");
        assert_eq!(c.relation(g, n), Relation::Less, "G < -G: G's stops are -(depth - 1) and -depth");
        let one = c.num(Q::from_int(1)).expect("1");
        let g1 = c.add(g, one);
        assert_eq!(c.relation(g, g1), Relation::Less, "G < G + 1");
        let star = c.nimber(1);
        let gs = c.add(g, star);
        let back = c.add(gs, star);
        assert_eq!(back, g, "G + * + * = G");
        assert_eq!(c.stops(gs).0, c.stops(g).0);
    });
}
