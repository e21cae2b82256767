/// Return item number 0 with the fields the caller asks for.
tool get_item_0(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 1 with the fields the caller asks for.
tool get_item_1(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 2 with the fields the caller asks for.
tool get_item_2(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 3 with the fields the caller asks for.
tool get_item_3(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 4 with the fields the caller asks for.
tool get_item_4(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 5 with the fields the caller asks for.
tool get_item_5(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 6 with the fields the caller asks for.
tool get_item_6(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 7 with the fields the caller asks for.
tool get_item_7(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 8 with the fields the caller asks for.
tool get_item_8(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 9 with the fields the caller asks for.
tool get_item_9(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 10 with the fields the caller asks for.
tool get_item_10(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 11 with the fields the caller asks for.
tool get_item_11(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 12 with the fields the caller asks for.
tool get_item_12(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 13 with the fields the caller asks for.
tool get_item_13(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 14 with the fields the caller asks for.
tool get_item_14(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 15 with the fields the caller asks for.
tool get_item_15(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 16 with the fields the caller asks for.
tool get_item_16(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 17 with the fields the caller asks for.
tool get_item_17(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 18 with the fields the caller asks for.
tool get_item_18(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 19 with the fields the caller asks for.
tool get_item_19(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 20 with the fields the caller asks for.
tool get_item_20(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 21 with the fields the caller asks for.
tool get_item_21(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 22 with the fields the caller asks for.
tool get_item_22(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 23 with the fields the caller asks for.
tool get_item_23(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 24 with the fields the caller asks for.
tool get_item_24(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 25 with the fields the caller asks for.
tool get_item_25(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 26 with the fields the caller asks for.
tool get_item_26(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);

/// Return item number 27 with the fields the caller asks for.
tool get_item_27(
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    a: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    b: string,
    /// Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. Text that the model reads before it fills this parameter in. 
    c: string,
);
