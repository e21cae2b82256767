/// Keywords work as names.
tool tool(
    type: string,
    enum: string,
    struct: string,
    union: string,
    in: int in 1..=2,
    len: string len 1..,
    matches: string matches "x",
    error: string,
    use: string,
    package: string,
    example: string,
    map: map<string, int>,
    unique: [int] unique,
    format: string format uri,
    keys: bool,
    by: int,
) -> bool {
    error error "An error named error.";
    example "example" { type: "t", enum: "e", in: 1 }
}

enum type { type, enum, tool }
struct struct { struct: type = type }
