/// A node identifier such as "1:23".
type NodeId = string matches "^[0-9]+:[0-9]+$";
type ShortId = NodeId len ..=20;
type Tags = [string] len ..=10;
type Headers = map<string, string>;

/// Narrow aliases at the use site.
tool f(
    id: NodeId len 3..,
    tags: Tags len 1..,
    headers: Headers len ..=5,
    short: ShortId,
) -> bool;
