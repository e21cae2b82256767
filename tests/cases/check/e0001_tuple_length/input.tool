/// Nothing at all.
type Nothing = ();

/// Thirteen items: more than a tuple may hold.
type Long = (int, int, int, int, int, int, int, int, int, int, int, int, int);

/// Twelve items: the most a tuple may hold.
type Twelve = (int, int, int, int, int, int, int, int, int, int, int, int);

/// One item: a tuple of one.
type One = (string);
