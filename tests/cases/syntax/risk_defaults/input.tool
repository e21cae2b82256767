/// Read-only: low by default.
tool read_it() -> bool;
/// Mutating: medium by default.
@mutates tool write_it() -> bool;
/// Explicit risk wins.
@mutates @risk(critical) tool wipe_it() -> bool;
@risk(medium) tool look_hard() -> bool;
