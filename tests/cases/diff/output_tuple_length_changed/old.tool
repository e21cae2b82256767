//! Tools of a case.
package cases;

/// Read the map's center.
tool center() -> (number, number, number);
