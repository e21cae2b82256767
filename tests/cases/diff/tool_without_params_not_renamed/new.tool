//! Tools of a case.
package cases;

/// List the shelves.
tool list_shelves();
