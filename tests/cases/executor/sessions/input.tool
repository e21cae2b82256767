//! A small service many agents share: the tool set of the cases about
//! sessions (isolation, budgets, grants, expiry), shared rate limits,
//! deferred approval, guards, progress, suggestions and secrets.
package sessions;

/// Keep a short note; answers the note back.
@core @idempotent
tool note(
    /// The note's text.
    text: string len 1..=40,
) -> string;

/// Search the shared index; at most two searches a minute, for everyone.
@allow(W0023)
@core @idempotent @rate_limit(2/min)
tool search(
    /// The text to find.
    query: string len 1..,
) -> [string];

/// Read a secret of the vault by name.
@core @idempotent @requires("vault:read")
tool read_secret(
    /// The secret's name.
    name: string,
) -> string;

/// Send money to someone. A person approves each call before it runs.
@allow(W0007, W0008)
@core @mutates @confirm @risk(high)
tool transfer(
    /// Who gets the money.
    to: string len 1..,
    /// How much, in whole units.
    amount: int in 1..=1000,
) -> string;

/// Unlock the door with a pin, a mode, a code and a list of digits.
@allow(W0008)
@core @mutates
tool unlock(
    /// The door's pin.
    @secret pin: int in 1000..=9999,
    /// How to unlock.
    @secret mode: "fast" | "safe" = "safe",
    /// A four-letter code.
    @secret code: string len 4..=4 = "abcd",
    /// Up to three digits.
    @secret digits: [int in 0..=9] len 1..=3 = [1],
) -> bool;

/// Build a target; reports its progress. Fails with `no_target` when no
/// target has this name.
@core @idempotent
tool build(
    /// The target's name.
    target: string,
) -> string {
    error no_target "No target has this name." help "Pick one of the suggested targets.";
}

/// Seal an envelope; every argument is secret, so that the cases can show
/// each validator's message without the value.
@allow(W0004, W0008, W0011, W0014, W0016)
@core @mutates
tool seal(
    /// A weight above zero and below a hundred, in hundredths.
    @secret weight: number in 0<..100 multiple_of 0.01 = 1,
    /// A name or a number.
    @secret mark: string len 1..=3 | int in 1.. = 1,
    /// Labels by key, at most two.
    @secret labels: map<string, int in 0..=9> len ..=2 keys matches "^[a-z]+$" = {},
    /// A side and a count.
    @secret pair: ("left" | "right", int) = ["left", 1],
) -> bool;
