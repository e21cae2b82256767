//! A secrets vault: the tool set of the cases about redaction at depth,
//! alternative names and snapshots around failing calls.
package vault;

/// One stored entry.
struct Entry {
    /// The entry's name.
    name: string len 1..,
    /// The entry's secret value.
    @secret token: string,
}

/// A label on the vault.
struct Label {
    /// The label's colour.
    colour: string,
    /// A passphrase that unlocks the label.
    @secret passphrase: string,
}

/// Access with an API key.
struct KeyAuth {
    /// The key.
    @secret key: string,
}

/// Access with a user name and a password.
struct BasicAuth {
    /// The user.
    user: string,
    /// The password.
    @secret password: string,
}

/// How the caller signs in.
union Auth by kind {
    /// With an API key.
    key: KeyAuth,
    /// With a user name and a password.
    basic: BasicAuth,
}

/// Store entries in the vault, with labels, after signing in. A person
/// approves each call before it runs. Returns how many entries were stored.
@allow(W0008)
@core @mutates @confirm @risk(medium)
tool store(
    /// The entries to store.
    entries: [Entry] len 1..,
    /// Labels by name.
    labels: map<string, Label> = {},
    /// How to sign in.
    auth: Auth,
) -> int;

/// Read the names of the stored entries, in the order they were stored.
@core @idempotent @name(openai, "vault_list")
tool list_entries() -> [string];
