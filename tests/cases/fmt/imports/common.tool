/// A place.
struct Place { name: string }
