//! Every type and constraint the language has, on parameters.
package features;

/// A tree of labelled nodes.
struct Tree {
    label: string len 1..=20,
    children?: [Tree] len ..=3,
}

/// A positive integer id.
type Id = int in 1..;

/// Where a file lives.
struct Location {
    path: string,
    line?: int in 1..,
}

/// Things that can be sent.
union Message by type {
    text: TextMessage,
    ping: PingMessage,
}

/// A text message.
struct TextMessage {
    body: string len 1..=100,
    /// Recipients.
    to: [string format email] len 1.. unique,
}

/// A ping.
struct PingMessage {
}

/// Check every format and numeric constraint.
@extended @open_world @timeout(2m) @rate_limit(10/min) @requires("net", "files:read")
@title("Check values") @meta("x-owner", "team-a") @name(mcp, "check.values")
@deprecated("use check_values_v2")
tool check_values(
    /// A timestamp.
    at?: string format date-time,
    /// A date.
    day?: string format date,
    /// A time of day.
    clock?: string format time,
    /// A duration.
    span?: string format duration,
    /// An address.
    email?: string format email,
    /// A host.
    host?: string format hostname,
    /// IPv4.
    v4?: string format ipv4,
    /// IPv6.
    v6?: string format ipv6,
    /// A URI.
    link?: string format uri,
    /// A UUID.
    id?: string format uuid,
    /// Exclusive range.
    ratio?: number in 0<..1,
    /// Negative range with a step.
    offset?: int in -10..=10 multiple_of 5,
    /// A float step.
    step?: number multiple_of 0.1,
    /// A step of three.
    triple?: number multiple_of 3,
    /// Narrowed alias.
    small_id?: Id in ..=9,
    /// Numeric literals, one negative.
    level?: -1 | 0 | 1 | 2.5,
    /// Scalar union.
    key?: string | int,
    /// Nullable struct.
    where?: Location | null,
    /// Map with entry counts.
    env?: map<string, string len ..=10> len 1..=3,
    /// A secret.
    @secret @title("API token") token?: string,
    /// Deprecated parameter.
    @deprecated("use key") old_key?: string,
    /// Examples on a parameter.
    @example("a") @example("b") labelled?: string,
    /// Extra schema keys.
    @schema("x-mcp-header", "Region") region?: string,
) -> Location {
    example "all formats" {
        at: "2024-01-02T03:04:05.678Z",
        day: "2024-02-29",
        clock: "23:59:60Z",
        span: "P1Y2M3DT4H5M6S",
        email: "a.b@example.com",
        host: "example.com",
        v4: "192.168.0.1",
        v6: "2001:db8::1",
        link: "https://example.com/a?b=c#d",
        id: "123e4567-e89b-12d3-a456-426614174000",
        ratio: 0.5,
        offset: -5,
        step: 0.3,
        small_id: 3,
        level: -1,
        key: 7,
        where: { path: "a.txt", line: 3 },
        env: { A: "1" },
    }
}

/// Walk a tree.
tool walk(
    /// The tree.
    tree: Tree,
    /// Messages to send.
    messages?: [Message],
) -> Tree {
    example { tree: { label: "root", children: [{ label: "a" }, { label: "b", children: [] }] }, messages: [{ type: "text", body: "hi", to: ["x@y.z"] }, { type: "ping" }] }
}
