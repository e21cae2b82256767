/// Formats.
tool f(a: string format emial, b: string format date_time, c: string format colour, d: string format phone) -> bool;
