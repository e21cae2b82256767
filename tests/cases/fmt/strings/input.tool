package strings;

/// Quotes "inside", a backslash \ and unicode: é ü 日本 and a separator .
tool say(
    /// Escapes of every kind.
    text: string = "tab\there \"quoted\" back\\slash \/ slash \u00e9 \b\f\n\r",
    /// Raw strings stay raw.
    pattern: string matches r"^\d+\.\d+$" = "1.2",
    /// A raw string that needs hashes.
    quoted: string matches r#"^"[a-z]+"$"# = "\"ab\"",
    /// Control characters are escaped as \u.
    control: string = "bell\u0007",
);
