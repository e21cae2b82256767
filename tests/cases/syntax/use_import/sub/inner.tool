/// A coordinate.
type Coord = number;
