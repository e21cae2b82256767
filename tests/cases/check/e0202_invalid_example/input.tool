/// Set the font family and weight of a text node. Returns the updated node.
tool set_font(
    /// Node to change.
    id: string matches "^[0-9]+:[0-9]+$",
    /// Font family name, such as Inter.
    font: string len 1..=120,
    /// CSS font weight.
    weight: 100 | 400 | 700 = 400,
) {
    example "Bold" { id: "1:2", font: "Inter", weight: 750 }
    example { wieght: 700, font: "" }
    example "Bad id" { id: "node-1", font: "Inter" }
    example "Quoted" { id: "1:2", font: "Inter", weight: "700" }
}
