/// Shared id.
type Shared = string;
