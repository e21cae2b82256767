/// A password with at least one digit.
type Password = string matches "^(?=.*[0-9]).{8,}$";

/// Log in to the design service with a user name and password.
@allow(missing_example, not_strict)
tool login_user(
    /// User name, repeated twice.
    name: string matches r"^(\w+)-\1$",
    /// The password to check.
    password: Password,
    /// Headers keyed by name.
    @allow(map_param)
    headers: map<string, string> keys matches "([a-z]",
    /// Unknown escape in a pattern.
    code: string matches r"\a+",
);
