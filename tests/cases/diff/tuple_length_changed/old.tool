//! Tools of a case.
package cases;

/// Pan the map to a point.
tool pan(
    /// Latitude and longitude.
    center: (number, number),
);
