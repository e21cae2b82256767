//! Tools of a case.
package cases;

/// List the items.
tool list_items();
