/// A short code.
type Code = string len 1..=8;

/// Look up records by their code and a name pattern.
@allow(missing_example)
tool find_records(
    /// Name of the record.
    name: string len 1..=2 len 5..=9,
    /// How many records to return.
    limit: int in 0..=10 in 5..=6,
    /// Both patterns would have to hold; only one can be written.
    pattern: string matches "^a" matches "b$",
    /// A contact address.
    email: string format email format uuid,
    /// Narrowing an alias's own `len` where it is used is fine.
    code: Code len 1..=4,
    /// Labels, each once.
    labels: [string] unique unique,
);
