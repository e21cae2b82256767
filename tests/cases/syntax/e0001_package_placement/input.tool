/// A tool before the package.
tool f() -> bool;
package late;
package twice;
