//! The p95 of a tool's durations in bounded memory: exact (nearest rank)
//! while a tool has at most [`EXACT`] durations, then a DDSketch with
//! relative accuracy 0.01 over all of them. Both runtimes compute it the
//! same way, so their summaries agree.

use std::collections::BTreeMap;

/// Durations kept as they are before the sketch takes over.
pub(crate) const EXACT: usize = 1000;

/// `(1 + 0.01) / (1 - 0.01)`: a bucket's bounds are a factor of gamma
/// apart, so its representative is within 1% of every value in it.
const GAMMA: f64 = 1.01 / 0.99;

/// The durations of one tool: the values themselves, or a sketch of them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Durations {
    /// At most [`EXACT`] values.
    Exact(Vec<f64>),
    /// Every value's bucket.
    Sketch(Sketch),
}

impl Default for Durations {
    fn default() -> Self {
        Durations::Exact(Vec::new())
    }
}

/// A DDSketch: counts per logarithmic bucket, and of values at or below 0.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Sketch {
    zero: u64,
    buckets: BTreeMap<i32, u64>,
}

impl Sketch {
    fn add(&mut self, x: f64) {
        if x <= 0.0 || x.is_nan() {
            self.zero += 1;
        } else {
            *self.buckets.entry(index(x)).or_default() += 1;
        }
    }

    /// The value at `rank` (1-based, in ascending order).
    fn at(&self, rank: u64) -> f64 {
        let mut seen = self.zero;
        if rank <= seen {
            return 0.0;
        }
        for (i, n) in &self.buckets {
            seen += n;
            if rank <= seen {
                return 2.0 * GAMMA.powf(f64::from(*i)) / (GAMMA + 1.0);
            }
        }
        0.0
    }
}

/// The bucket of a positive value: `ceil(ln(x) / ln(gamma))`.
fn index(x: f64) -> i32 {
    // Durations are far inside i32's range of buckets (gamma^i2^31 is
    // beyond any double); the cast saturates regardless.
    (x.ln() / GAMMA.ln()).ceil() as i32
}

impl Durations {
    pub fn add(&mut self, x: f64) {
        match self {
            Durations::Exact(values) if values.len() < EXACT => values.push(x),
            Durations::Exact(values) => {
                let mut sketch = Sketch::default();
                for value in values.iter() {
                    sketch.add(*value);
                }
                sketch.add(x);
                *self = Durations::Sketch(sketch);
            }
            Durations::Sketch(sketch) => sketch.add(x),
        }
    }

    /// The 95th percentile of `count` durations (nearest rank), 0 for none.
    pub fn p95(&self, count: u64) -> f64 {
        let rank = (0.95 * count as f64).ceil() as u64;
        match self {
            Durations::Exact(values) => {
                let mut sorted = values.clone();
                sorted.sort_by(f64::total_cmp);
                let at = (rank as usize).saturating_sub(1);
                sorted.get(at).copied().unwrap_or(0.0)
            }
            Durations::Sketch(sketch) => sketch.at(rank.max(1)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_up_to_a_thousand_then_within_one_percent() {
        let mut durations = Durations::default();
        for n in 1..=1000 {
            durations.add(f64::from(n));
        }
        assert!(matches!(durations, Durations::Exact(_)));
        assert_eq!(durations.p95(1000), 950.0);
        for n in 1001..=100_000 {
            durations.add(f64::from(n));
        }
        let Durations::Sketch(sketch) = &durations else {
            panic!("a sketch past 1000 durations");
        };
        // Bounded: a bucket per 2% of range, not a value per call.
        assert!(sketch.buckets.len() < 700, "{}", sketch.buckets.len());
        let p95 = durations.p95(100_000);
        assert!((p95 - 95_000.0).abs() <= 95_000.0 * 0.01, "{p95}");
    }

    #[test]
    fn values_at_or_below_zero_count_as_zero() {
        let mut durations = Durations::default();
        for _ in 0..1001 {
            durations.add(0.0);
        }
        durations.add(-5.0);
        durations.add(10.0);
        assert_eq!(durations.p95(1003), 0.0);
        assert_eq!(Durations::default().p95(0), 0.0);
    }

    #[test]
    fn the_representative_is_the_buckets_midpoint() {
        // 1 is in bucket 0 ((1/gamma, 1]), represented by 2/(gamma+1).
        assert_eq!(index(1.0), 0);
        let mut sketch = Sketch::default();
        sketch.add(1.0);
        assert_eq!(sketch.at(1), 2.0 / (GAMMA + 1.0));
    }
}
