/// Fetch one message by its snowflake id from the chat service.
tool get_message(
    /// Snowflake id of the message.
    id: int in 0..=9223372036854775807,
    /// Legacy id of the message.
    legacy: int = 9007199254740993,
    /// A safe id: 2^53 itself.
    safe: int in ..=9007199254740992,
);
