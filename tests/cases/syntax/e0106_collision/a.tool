struct Point { x: number }
type Shared = string;
