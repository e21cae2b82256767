// A tool without errors or examples ends with `;`. When it is missing, the
// error is only found at the next item: it points where the `;` goes.

/// Search things.
tool search(
    /// The query.
    q: string len 1..=200,
) -> [Hit]  // the hits, best first

enum Mode { fast, slow }

/// Rank hits again.
tool rerank(hits: [Hit], mode: Mode = fast) -> [Hit]
/// A hit.
struct Hit { id: string }

tool last(a: int)
