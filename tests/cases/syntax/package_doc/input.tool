//! Tools for a vector design editor.
//!Second line, no space.
//!   Indented line keeps all but one space.
package design;

/// Report whether the service is up.
tool ping() -> bool;
