/// A latitude and longitude.
type LatLng = (  number in -90..=90 ,number in -180..=180, );

/// A tuple of one, a nullable tuple and nested tuples.
struct Shapes {
    one: ( string ),
    maybe: (int,int)|null,
    nested: ((LatLng,LatLng), [ (string, int) ]) = [[[0, 0], [1, 1]], [["a", 1]]],
}

/// Measure.
tool measure(points: (LatLng, LatLng)) -> (number,number);
