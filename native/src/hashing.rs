//! The one integer hash the engines share.

/// splitmix64's finaliser: a well-spread 64-bit value for an integer (a position, a field, a
/// vertex or an edge id). A bijection on `u64`, so distinct ids never collide before the
/// engines fold the values into sums or exclusive-ors; `escapology.nemesis.checkers.base.mix`
/// computes the same function in Python.
#[inline(always)]
pub fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::mix;

    #[test]
    fn mix_is_splitmix64_and_the_checkers() {
        // splitmix64 seeded with 0 outputs mix(0), then mix(0x9E37...); mix(0) and mix(1) are
        // also what the Python checker's escapology.nemesis.checkers.base.mix gives
        assert_eq!(mix(0), 0xE220_A839_7B1D_CDAF);
        assert_eq!(mix(0x9E37_79B9_7F4A_7C15), 0x6E78_9E6A_A1B9_65F4);
        assert_eq!(mix(1), 0x910A_2DEC_8902_5CC1);
    }
}
