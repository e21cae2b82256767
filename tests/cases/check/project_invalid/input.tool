tool get_x();
