//! The one random number generator of the core: seeded, reproducible on
//! every platform, no global state. Every search and generator that draws
//! takes a seed in its config (the Monte Carlo players, MT-search's
//! random orders, the Scale Method, the fuzzers and the benchmarks'
//! trees), so a run is repeated exactly by its seed.

/// SplitMix64: tiny, seeded, reproducible on every platform.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> Self {
        SplitMix64(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }
}
