package imports;
use "common.tool";   use "more.tool";
/// Uses imported types.
tool locate(place: Place, kind: Kind);
