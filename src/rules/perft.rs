//! Perft: counting the leaves of the legal move tree, to check move generation against
//! published numbers and against independent implementations.

use super::Position;
use super::movegen::{
    BB, CMove, Spec, State, count_quiet, dispatch, gen_captures, gen_quiet, has_capture,
    retain_best,
};
use super::variant::CaptureChoice;
use crate::rules::Move;

/// The number of legal move sequences of `depth` plies from `pos` (1 for depth 0). The last
/// ply is bulk-counted: quiet moves are counted with population counts, not generated. In a
/// position on the way whose capture search stops at [`crate::rules::CAPTURE_SEARCH_LIMIT`]
/// only the captures found before the limit are counted ([`crate::rules::MoveList::is_complete`]
/// tells such a position); no position reached by play from a start position comes near it.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    dispatch!(pos.variant(), perft_of(pos, depth))
}

/// [`perft`] split by the first move: each legal move of `pos` with the perft of the position
/// after it at `depth - 1`. Empty for depth 0.
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut child = pos.clone();
            child.play(&m);
            let n = perft(&child, depth - 1);
            (m, n)
        })
        .collect()
}

fn perft_of<V: Spec>(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let s = State::<BB<V>>::of(pos);
    let mut bufs: Vec<Vec<CMove<BB<V>>>> = (0..depth).map(|_| Vec::with_capacity(64)).collect();
    walk::<V>(&s, depth, &mut bufs)
}

fn walk<V: Spec>(s: &State<BB<V>>, depth: u32, bufs: &mut [Vec<CMove<BB<V>>>]) -> u64 {
    let Some((buf, rest)) = bufs.split_first_mut() else {
        return 1;
    };
    buf.clear();
    if s.first_king_made::<V>() {
        // Over: no move (Breakthrough's first king).
        return 0;
    }
    if has_capture::<V>(s) {
        // A search stopped at the limit counts the captures it found (see `perft`).
        let _complete = gen_captures::<V, _>(s, buf);
        if V::CHOICE != CaptureChoice::Free {
            retain_best(buf);
        }
    } else {
        if depth == 1 {
            return count_quiet::<V>(s);
        }
        gen_quiet::<V, _>(s, buf);
    }
    if depth == 1 {
        return buf.len() as u64;
    }
    let mut n = 0;
    for m in buf.iter() {
        n += walk::<V>(&s.play(m), depth - 1, rest);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Variant;

    #[test]
    fn depth_zero_and_one() {
        for v in Variant::ALL {
            let p = Position::start(v);
            assert_eq!(perft(&p, 0), 1);
            assert_eq!(perft(&p, 1), p.legal_moves().len() as u64);
            assert_eq!(perft_divide(&p, 1).len(), p.legal_moves().len());
        }
    }
}
