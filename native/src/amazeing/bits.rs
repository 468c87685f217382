//! Sets of cells as bitsets of `W` machine words: bit `r * cols + c` is the cell `(r, c)`.
//!
//! The width is a compile-time constant so that a 7x7 board (`W = 1`) costs one word per set;
//! the search is instantiated for a few widths and the binding picks the smallest that fits.

use std::ops::{BitAnd, BitOr, BitXor, Not, Shl, Shr};

/// A set of cells `0 .. 64 * W`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const ZERO: Self = Bits([0; W]);

    /// The set holding only `cell`.
    #[inline]
    pub fn cell(cell: usize) -> Self {
        let mut b = Self::ZERO;
        b.0[cell / 64] = 1 << (cell % 64);
        b
    }

    /// Whether `cell` is in the set.
    #[inline]
    pub fn has(&self, cell: usize) -> bool {
        self.0[cell / 64] >> (cell % 64) & 1 == 1
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_zero(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Whether the two sets meet.
    #[inline]
    pub fn meets(&self, other: &Self) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// `self` without the cells of `other`.
    #[inline]
    pub fn andnot(self, other: Self) -> Self {
        let mut out = self;
        for (o, b) in out.0.iter_mut().zip(other.0.iter()) {
            *o &= !b;
        }
        out
    }

    /// The cells, in increasing order.
    pub fn cells(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                if w == 0 {
                    return None;
                }
                let b = w.trailing_zeros() as usize;
                w &= w - 1;
                Some(64 * i + b)
            })
        })
    }

    /// The number of cells.
    pub fn count(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
}

impl<const W: usize> BitAnd for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitand(mut self, rhs: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
            *a &= b;
        }
        self
    }
}

impl<const W: usize> BitOr for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitor(mut self, rhs: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
            *a |= b;
        }
        self
    }
}

impl<const W: usize> BitXor for Bits<W> {
    type Output = Self;
    #[inline]
    fn bitxor(mut self, rhs: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(rhs.0.iter()) {
            *a ^= b;
        }
        self
    }
}

impl<const W: usize> Not for Bits<W> {
    type Output = Self;
    #[inline]
    fn not(mut self) -> Self {
        for a in self.0.iter_mut() {
            *a = !*a;
        }
        self
    }
}

impl<const W: usize> Shl<usize> for Bits<W> {
    type Output = Self;
    /// Every cell `c` to `c + s` (cells past the last word drop out).
    #[inline]
    fn shl(self, s: usize) -> Self {
        let (q, r) = (s / 64, s % 64);
        let mut out = Self::ZERO;
        for i in q..W {
            let mut w = self.0[i - q] << r;
            if r > 0 && i > q {
                w |= self.0[i - q - 1] >> (64 - r);
            }
            out.0[i] = w;
        }
        out
    }
}

impl<const W: usize> Shr<usize> for Bits<W> {
    type Output = Self;
    /// Every cell `c >= s` to `c - s` (the others drop out).
    #[inline]
    fn shr(self, s: usize) -> Self {
        let (q, r) = (s / 64, s % 64);
        let mut out = Self::ZERO;
        for i in 0..W.saturating_sub(q) {
            let mut w = self.0[i + q] >> r;
            if r > 0 && i + q + 1 < W {
                w |= self.0[i + q + 1] << (64 - r);
            }
            out.0[i] = w;
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set<const W: usize>(cells: &[usize]) -> Bits<W> {
        cells.iter().fold(Bits::ZERO, |b, &c| b | Bits::cell(c))
    }

    #[test]
    fn shifts_cross_word_boundaries() {
        let b: Bits<3> = set(&[0, 63, 64, 130]);
        assert_eq!((b << 1).cells().collect::<Vec<_>>(), vec![1, 64, 65, 131]);
        assert_eq!((b << 70).cells().collect::<Vec<_>>(), vec![70, 133, 134]);
        assert_eq!((b >> 1).cells().collect::<Vec<_>>(), vec![62, 63, 129]);
        assert_eq!((b >> 64).cells().collect::<Vec<_>>(), vec![0, 66]);
        assert_eq!((b >> 200), Bits::ZERO);
        assert_eq!(b.count(), 4);
    }

    #[test]
    fn set_operations() {
        let a: Bits<2> = set(&[1, 2, 100]);
        let b: Bits<2> = set(&[2, 3]);
        assert_eq!((a & b).cells().collect::<Vec<_>>(), vec![2]);
        assert_eq!(a.andnot(b).cells().collect::<Vec<_>>(), vec![1, 100]);
        assert!(a.meets(&b) && !a.andnot(b).meets(&b));
        assert!(a.has(100) && !a.has(99));
    }
}
