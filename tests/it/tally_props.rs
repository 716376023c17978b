//! `tally::Tally`: whatever the budget, however the counts are split among tallies absorbed one
//! into another, what comes back is what a map would hold, in key order and ranked.

use std::collections::BTreeMap;

use pdnkit::tally::Tally;
use proptest::prelude::*;

/// Keys from a small alphabet, so that they repeat; counts small or huge.
fn entries() -> impl Strategy<Value = Vec<(String, u64, usize)>> {
    prop::collection::vec(
        (
            "[ab\u{e9}\u{0}]{0,6}",
            prop_oneof![0u64..5, Just(u64::MAX / 1024)],
            0usize..3,
        ),
        0..400,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn tallies_give_back_what_a_map_holds(entries in entries(), budget in 0usize..3000) {
        let mut model: BTreeMap<String, u64> = BTreeMap::new();
        let mut tallies: Vec<Tally<u64>> = (0..3).map(|_| Tally::new(budget)).collect();
        for (k, n, t) in &entries {
            *model.entry(k.clone()).or_default() += n;
            tallies[*t].add(k, |c| *c += n);
        }
        let mut all = Tally::new(budget);
        for t in tallies {
            all.absorb(t);
        }
        prop_assert!(all.trouble().is_none());
        let mut ranked_model: Vec<(String, u64)> = model.clone().into_iter().collect();
        ranked_model.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        // The same tally read back twice is not possible (reading takes it), so build it again
        // for the ranking.
        let sorted: Vec<(String, u64)> = all.sorted().unwrap().map(Result::unwrap).collect();
        prop_assert_eq!(sorted, model.clone().into_iter().collect::<Vec<_>>());

        let mut again = Tally::new(budget);
        for (k, n, _) in &entries {
            again.add(k, |c| *c += n);
        }
        let mut seen = BTreeMap::new();
        let ranked = again.ranked(|k, n| { seen.insert(k.to_string(), *n); }).unwrap();
        prop_assert_eq!(ranked.distinct(), model.len() as u64);
        prop_assert_eq!(&seen, &model);
        let ranked: Vec<(String, u64)> = ranked.map(Result::unwrap).collect();
        prop_assert_eq!(ranked, ranked_model);
    }
}
