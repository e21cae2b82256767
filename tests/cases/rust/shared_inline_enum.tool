//! One inline literal union written in two tools is one Rust type, named
//! after where it is first met; a different union gets its own.
package weather;

/// Get the current weather for a city, in the unit asked for.
tool get_weather(
    /// The city, such as Paris.
    city: string,
    /// Temperature unit.
    unit: "celsius" | "fahrenheit" = "celsius",
) -> number;

/// Get the forecast for the next days of a city, in the unit asked for.
tool get_forecast(
    /// The city, such as Paris.
    city: string,
    /// Temperature unit.
    unit: "celsius" | "fahrenheit" = "celsius",
    /// How much detail the forecast gives.
    detail: "brief" | "full" = "brief",
) -> [number];
