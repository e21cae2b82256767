/// Send a message to the channel and return its id.
@title("\ud800") @requires("\ud800") @meta("\ud800", 1)
tool send_message(
    /// The text to send.
    @schema("\ud800", 1) text: string matches "\ud800",
    /// The channel.
    channel: "\ud800" | "b",
) -> string {
    error code_x "\ud800" help "\ud800";
}
