/// Return item number 0 of the current list.
tool get_item_0();

/// Return item number 1 of the current list.
tool get_item_1();

/// Return item number 2 of the current list.
tool get_item_2();

/// Return item number 3 of the current list.
tool get_item_3();

/// Return item number 4 of the current list.
tool get_item_4();

/// Return item number 5 of the current list.
tool get_item_5();

/// Return item number 6 of the current list.
tool get_item_6();

/// Return item number 7 of the current list.
tool get_item_7();

/// Return item number 8 of the current list.
tool get_item_8();

/// Return item number 9 of the current list.
tool get_item_9();

/// Return item number 10 of the current list.
tool get_item_10();

/// Return item number 11 of the current list.
tool get_item_11();

/// Return item number 12 of the current list.
tool get_item_12();

/// Return item number 13 of the current list.
tool get_item_13();

/// Return item number 14 of the current list.
tool get_item_14();

/// Return item number 15 of the current list.
tool get_item_15();

/// Return item number 16 of the current list.
tool get_item_16();

/// Return item number 17 of the current list.
tool get_item_17();

/// Return item number 18 of the current list.
tool get_item_18();

/// Return item number 19 of the current list.
tool get_item_19();

/// Return item number 20 of the current list.
tool get_item_20();

/// Return item number 21 of the current list.
tool get_item_21();

/// Return item number 22 of the current list.
tool get_item_22();

/// Return item number 23 of the current list.
tool get_item_23();

/// Return item number 24 of the current list.
tool get_item_24();

/// Return item number 25 of the current list.
tool get_item_25();

/// Return item number 26 of the current list.
tool get_item_26();

/// Return item number 27 of the current list.
tool get_item_27();

/// Return item number 28 of the current list.
tool get_item_28();

/// Return item number 29 of the current list.
tool get_item_29();

/// Return item number 30 of the current list.
tool get_item_30();
