//! Package doc.
//! Second line.
package   demo ;
/// A node id.
type NodeId = string matches r"^\d+:\d+$";
/// Align.
enum Align { left, center, /// right doc
 right, "top-left" }

struct S { a: int,
  b?: [string len 1..=5] len 3 unique, c: map<string, int> keys matches "^x" = {"xk": 1, "x-y": 2}
}
struct Circle { r: number in 0<.. }
union Shape by kind { circle: Circle, "rounded-rect": Circle }
/// Tool doc.
@core @mutates @timeout(5s) @rate_limit(10/min) @requires("a", "b")
tool set_font(id: NodeId, weight: 100 | 200 = 100, opacity?: number in 0<..1 | null, align: Align = left,
) -> S { error not_found "No node." help "Call x." retryable;
  example "Bold" { id: "1:2", weight: 100 }; }
tool ping() -> bool
;
