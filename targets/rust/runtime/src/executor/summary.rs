//! The per-tool statistics behind `Executor::summary()`.

use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use super::record::Millis;
use super::sketch::Durations;

/// The statistics of one tool: counts and sums, and its durations kept
/// as a bounded p95 estimate ([`Durations`]), never a value per call.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct ToolStats {
    calls: u64,
    sum: f64,
    durations: Durations,
    succeeded: u64,
    /// Failure counts by code, in order of first occurrence.
    failed: Vec<(String, u64)>,
}

impl ToolStats {
    pub fn record(&mut self, duration: f64, failed: Option<&str>) {
        self.calls += 1;
        self.sum += duration;
        self.durations.add(duration);
        match failed {
            None => self.succeeded += 1,
            Some(code) => match self.failed.iter_mut().find(|(c, _)| c == code) {
                Some((_, n)) => *n += 1,
                None => self.failed.push((code.to_string(), 1)),
            },
        }
    }

    pub fn calls(&self) -> u64 {
        self.calls
    }

    fn summary(&self) -> ToolSummary {
        let n = self.calls;
        let mean = if n == 0 {
            0.0
        } else {
            let mean = self.sum / n as f64;
            (mean * 1000.0).round() / 1000.0
        };
        ToolSummary {
            calls: n,
            succeeded: self.succeeded,
            failed: Ordered(self.failed.clone()),
            mean_ms: Millis(mean),
            p95_ms: Millis(self.durations.p95(n)),
        }
    }
}

/// A map serialized in the order of its entries (the order a summary
/// promises, which a JSON object map would not keep without
/// serde_json's `preserve_order`).
#[derive(Debug, Clone, PartialEq)]
pub struct Ordered<T>(pub Vec<(String, T)>);

impl<T: Serialize> Serialize for Ordered<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (key, value) in &self.0 {
            map.serialize_entry(key, value)?;
        }
        map.end()
    }
}

/// The summary of one tool.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolSummary {
    /// Its calls.
    pub calls: u64,
    /// Those that succeeded.
    pub succeeded: u64,
    /// Those that failed, by error code in order of first occurrence.
    pub failed: Ordered<u64>,
    /// The mean duration, rounded to 3 decimals.
    pub mean_ms: Millis,
    /// The 95th percentile duration (nearest rank; past 1,000 calls of the
    /// tool, estimated within 1%).
    pub p95_ms: Millis,
}

/// What the calls of an executor came to.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Summary {
    /// Every call, unknown tools included.
    pub calls: u64,
    /// Calls with `isDuplicate`.
    pub duplicates: u64,
    /// Mutating calls whose snapshots showed no change.
    pub noop_mutations: u64,
    /// The sum of every result's `resultBytes`.
    pub total_result_bytes: u64,
    /// Each known tool called at least once, in definition order.
    pub tools: Ordered<ToolSummary>,
}

/// The totals a summary adds up, kept as calls finish.
#[derive(Debug, Default, Clone)]
pub(crate) struct Totals {
    pub calls: u64,
    pub duplicates: u64,
    pub noop_mutations: u64,
    pub result_bytes: u64,
}

/// What a session, or the executor, counts: the totals, and the stats of
/// each tool of the toolbox (by index; made on the first call).
#[derive(Debug, Default)]
pub(crate) struct Stats {
    pub totals: Totals,
    pub tools: Vec<ToolStats>,
}

impl Stats {
    /// Counts one call to the tool at `index` (`None`: no such tool).
    pub fn record(&mut self, index: Option<usize>, call: &Counted<'_>) {
        let totals = &mut self.totals;
        totals.calls += 1;
        totals.duplicates += u64::from(call.duplicate);
        totals.noop_mutations += u64::from(call.noop);
        totals.result_bytes += call.bytes;
        if let Some(index) = index {
            if self.tools.len() <= index {
                self.tools.resize_with(index + 1, ToolStats::default);
            }
            self.tools[index].record(call.duration, call.failed);
        }
    }

    /// The summary, `names[i]` being the name of the tool at index `i`.
    pub fn summary(&self, names: &[&str]) -> Summary {
        summarize(&self.totals, names, &self.tools)
    }
}

/// What [`Stats::record`] counts of one call.
pub(crate) struct Counted<'a> {
    pub duration: f64,
    pub failed: Option<&'a str>,
    pub duplicate: bool,
    pub noop: bool,
    pub bytes: u64,
}

/// The summary of `totals` and the stats of each tool (`names[i]` is the
/// name of `stats[i]`).
pub(crate) fn summarize(totals: &Totals, names: &[&str], stats: &[ToolStats]) -> Summary {
    let tools = names
        .iter()
        .zip(stats)
        .filter(|(_, s)| s.calls() > 0)
        .map(|(name, s)| (name.to_string(), s.summary()))
        .collect();
    Summary {
        calls: totals.calls,
        duplicates: totals.duplicates,
        noop_mutations: totals.noop_mutations,
        total_result_bytes: totals.result_bytes,
        tools: Ordered(tools),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn means_round_and_p95_takes_the_nearest_rank() {
        let mut stats = ToolStats::default();
        for (ms, code) in [
            (1.0, None),
            (2.0, Some("timeout")),
            (2.0, None),
            (0.5, Some("x")),
        ] {
            stats.record(ms, code);
        }
        stats.record(2.0, Some("timeout"));
        let totals = Totals {
            calls: 6,
            ..Totals::default()
        };
        let summary = summarize(&totals, &["a", "b"], &[stats, ToolStats::default()]);
        let json = serde_json::to_string(&summary).unwrap_or_default();
        assert_eq!(
            json,
            r#"{"calls":6,"duplicates":0,"noopMutations":0,"totalResultBytes":0,"tools":{"a":{"calls":5,"succeeded":2,"failed":{"timeout":2,"x":1},"meanMs":1.5,"p95Ms":2}}}"#
        );
        let mut one = ToolStats::default();
        one.record(1.0 / 3.0, None);
        assert_eq!(one.summary().mean_ms, Millis(0.333));
    }
}
