//! Tools of a case.
package cases;

/// Pan the map to a point.
tool pan(
    /// Latitude and longitude, and a label.
    center: (number in -90..=90, int, bool),
);
