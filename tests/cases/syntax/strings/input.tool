/// Escapes and raw strings.
tool f(
    a: string = "quote \" backslash \\ slash \/ b\b f\f n\n r\r t\t u\u00e9 pair \ud83d\ude00",
    b: string matches r"^\d+\.\w$",
    c: string matches r#"say "hi" \n"#,
    d: string matches r##"a "# b"##,
    e: string = "U+2028 is ordinary text:   and  ",
) -> bool;
