//! The misère quotient beside a nim sequence (`sq=N`): what the card shows
//! of `cgt::impartial::quotient` (Plambeck and Siegel 2008), as plain data
//! tested natively; the card itself is `quotient_card` (wasm32 only).
//!
//! Why on this page: the sequence says who wins a sum under normal play
//! (the nim-sum of the heaps' values); the quotient says it for misère
//! play, where sums do not reduce to nim-heaps, by the product of the
//! heaps' elements.

use cgt::impartial::quotient::known::KNOWN;
use cgt::impartial::{HeapRule, MisereQuotient};

/// What the card shows of a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientView {
    pub title: String,
    pub presentation: String,
    pub order: usize,
    pub p_portion: String,
    /// Heap `n` (from 1) and its element's name.
    pub heaps: Vec<(usize, String)>,
    /// The heap from which the order no longer grows, and the order.
    pub settled: Option<(usize, usize)>,
    /// A published quotient it matches.
    pub source: Option<&'static str>,
}

impl QuotientView {
    pub fn of(q: &MisereQuotient) -> QuotientView {
        let orders = q.orders();
        let settled = orders.last().map(|&last| (orders.iter().position(|&o| o == last).unwrap_or(0), last));
        let source = KNOWN
            .iter()
            .find(|k| k.max_heap == q.max_heap() && k.order == q.order() && k.rule.parse::<HeapRule>().ok().as_ref() == Some(q.rule()))
            .map(|k| k.source);
        QuotientView {
            title: format!("Misère quotient of {} with heaps to {}", q.rule(), q.max_heap()),
            presentation: q.to_string(),
            order: q.order(),
            p_portion: q.p_portion_text(),
            heaps: (1..=q.max_heap()).map(|n| (n, q.element_name(q.pretending()[n]))).collect(),
            settled,
            source,
        }
    }

    /// The view as it travels from the worker: seven tab-separated fields
    /// (no field holds a tab: names are the core's texts).
    pub fn encode(&self) -> String {
        let names: Vec<&str> = self.heaps.iter().map(|(_, e)| e.as_str()).collect();
        let settled = self.settled.map_or("-".to_string(), |(from, order)| format!("{from} {order}"));
        let source = self.source.and_then(|s| KNOWN.iter().position(|k| k.source == s)).map_or("-".to_string(), |i| i.to_string());
        [self.title.clone(), self.presentation.clone(), self.order.to_string(), self.p_portion.clone(), names.join(" "), settled, source]
            .map(|f| f.replace('\t', " "))
            .join("\t")
    }

    /// A view from [`Self::encode`]'s fields; `None` when they are not one.
    pub fn decode(f: &[&str]) -> Option<QuotientView> {
        let [title, presentation, order, p_portion, names, settled, source] = f else { return None };
        let settled = match *settled {
            "-" => None,
            s => {
                let (from, order) = s.split_once(' ')?;
                Some((from.parse().ok()?, order.parse().ok()?))
            }
        };
        let source = match *source {
            "-" => None,
            i => Some(KNOWN.get(i.parse::<usize>().ok()?)?.source),
        };
        let heaps = if names.is_empty() { Vec::new() } else { names.split(' ').enumerate().map(|(i, e)| (i + 1, e.to_string())).collect() };
        Some(QuotientView {
            title: title.to_string(),
            presentation: presentation.to_string(),
            order: order.parse().ok()?,
            p_portion: p_portion.to_string(),
            heaps,
            settled,
            source,
        })
    }

    /// "Order 8 from heap 5 on (to heap 30)."
    pub fn settled_text(&self, max_heap: usize) -> String {
        match self.settled {
            Some((from, order)) if from < max_heap => {
                format!("Order {order} from heap {from} on (to heap {max_heap}): each heap past {from} is an element already there.")
            }
            Some((_, order)) => format!("Order {order}, reached only with heap {max_heap}: a larger bound may add elements."),
            None => String::new(),
        }
    }
}

/// The heap bound the card offers first: the sequence's `N`, at most 30
/// (a quotient grows costly with the bound, and most settle early).
pub fn default_bound(length: usize) -> usize {
    length.clamp(1, 30)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_card_shows_what_the_core_computes() {
        let rule: HeapRule = "0.75".parse().unwrap();
        let q = cgt::impartial::misere_quotient(&rule, 30, 1_000_000_000).unwrap();
        let v = QuotientView::of(&q);
        assert_eq!(v.order, 8);
        assert_eq!(v.p_portion, "{a, b²}");
        assert_eq!(v.heaps[0], (1, "a".to_string()));
        assert_eq!(v.heaps.len(), 30);
        assert_eq!(v.settled, Some((5, 8)));
        assert!(v.source.unwrap().starts_with("Plambeck (2005)"));
        assert!(v.settled_text(30).starts_with("Order 8 from heap 5 on"));
        // No published quotient for this bound.
        let q = cgt::impartial::misere_quotient(&rule, 10, 1_000_000_000).unwrap();
        assert_eq!(QuotientView::of(&q).source, None);
        assert_eq!((default_bound(200), default_bound(0), default_bound(12)), (30, 1, 12));
    }

    #[test]
    fn the_card_travels_from_the_worker_whole() {
        for (code, bound) in [("0.75", 30), ("0.75", 10), ("0.[3]", 1), ("0.77", 12)] {
            let rule: HeapRule = code.parse().unwrap();
            let v = QuotientView::of(&cgt::impartial::misere_quotient(&rule, bound, 1_000_000_000).unwrap());
            let text = v.encode();
            let fields: Vec<&str> = text.split('\t').collect();
            assert_eq!(QuotientView::decode(&fields), Some(v), "{code} to {bound}");
        }
        assert_eq!(QuotientView::decode(&["a", "b"]), None);
        assert_eq!(QuotientView::decode(&["t", "p", "x", "{}", "", "-", "-"]), None);
    }
}
