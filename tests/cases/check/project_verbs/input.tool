/// Frobnicates the widget until it shines again.
tool frobnicate_widget(
    /// The widget's id.
    id: string,
);

/// Gets one contact of the customer database by its id.
tool acme_crm_get_contact(
    /// The contact's id.
    id: string,
);

/// Gets one contact of the customer database by its id.
tool acme_crmget_contact(
    /// The contact's id.
    id: string,
);

/// Zorbles the widgets of the customer database.
tool acme_crm_zorble_widgets(
    /// The widget's id.
    id: string,
);
