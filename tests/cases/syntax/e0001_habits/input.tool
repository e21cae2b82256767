//! Habits from other languages and other orders, each with its own help.

/* A block comment. */

/// Search the catalogue for products by text.
tool search_products(
    /// Most results to return.
    limit: int = 100 in 1..=1000,
);

/// Sizes of the shirts we sell.
enum Size { 1, 2 }

/// List the orders placed since a time.
tool list_orders(
    /// Since when.
    since: string format "date-time",
);

/// Delete one order for good.
@mutates @destructive @confirm @risk("high")
tool delete_order(
    /// The order to delete. A person approves each call.
    id: string,
);
