//! Weather and market data from third-party services: current conditions,
//! forecasts, history and alerts for a place, and quotes, price history and
//! currency conversion for listed stocks.
//!
//! Every tool here reaches an outside service (`@open_world`) under a call
//! budget, so prefer one call with a wider range to many narrow ones. Places
//! are given as coordinates; use `find_location` to turn a place name into
//! coordinates first. Dates are calendar dates (`2026-11-29`), instants are
//! RFC 3339 date-times in UTC.
package weather;

use "common/types.tool";

/// Degrees north of the equator, from -90 (South Pole) to 90 (North Pole).
type Latitude = number in -90..=90;

/// Degrees east of Greenwich. -180 is left out because it is the same
/// meridian as 180.
type Longitude = number in -180<..=180;

/// A stock ticker symbol: 1 to 5 capital letters, optionally followed by a
/// share-class suffix such as `.B` (`AAPL`, `BRK.B`).
type Ticker = string matches r"^[A-Z]{1,5}(\.[A-Z]{1,2})?$";

/// An ISO 4217 currency code: three capital letters such as `USD` or `EUR`.
type CurrencyCode = string len 3 matches "^[A-Z]{3}$";

/// A calendar date such as `2026-11-29`.
type Date = string format date;

/// Temperature unit for every temperature in a response.
enum TemperatureUnit {
    /// Degrees Celsius.
    celsius,
    /// Degrees Fahrenheit.
    fahrenheit,
    /// Kelvin, from absolute zero.
    kelvin,
}

/// Wind speed unit for every wind speed in a response.
enum WindSpeedUnit {
    /// Kilometres per hour.
    "km/h",
    /// Metres per second.
    "m/s",
    /// Miles per hour.
    mph,
    /// Nautical miles per hour.
    knots,
    /// Beaufort force numbers, kept for old clients.
    @deprecated("use knots or km/h; Beaufort numbers lose precision")
    beaufort,
}

/// A broad description of the sky and precipitation.
enum Condition {
    clear,
    partly_cloudy,
    cloudy,
    fog,
    drizzle,
    rain,
    snow,
    sleet,
    thunderstorm,
}

/// How serious a weather alert is, from the issuing agency.
enum AlertSeverity {
    /// Possible threat; stay informed.
    minor,
    /// Possible threat to life or property.
    moderate,
    /// Significant threat to life or property.
    severe,
    /// Extraordinary threat to life or property.
    extreme,
}

/// A place found by `find_location`.
struct Location {
    /// Place name with region and country, such as `Paris, Île-de-France, FR`.
    name: string,
    /// Latitude of the place.
    latitude: Latitude,
    /// Longitude of the place.
    longitude: Longitude,
    /// The place's GeoNames id.
    geonames_id: int in 1..,
    /// IANA time zone such as `Europe/Paris`.
    time_zone: string,
    /// Height above sea level in metres, when known.
    elevation_m?: number,
}

/// Weather at one moment.
struct Conditions {
    /// When the observation was made.
    observed_at: Timestamp,
    /// The sky and precipitation.
    condition: Condition,
    /// Air temperature, in the requested unit.
    temperature: number,
    /// How warm it feels, with wind and humidity.
    feels_like: number,
    /// Relative humidity from 0 to 1.
    humidity: number in 0..=1,
    /// Sustained wind speed, in the requested unit.
    wind_speed: number in 0..,
    /// Direction the wind blows from, in degrees clockwise from north.
    wind_direction: number in 0..360,
    /// Link to an icon for the condition.
    icon_url: string format uri,
}

/// One day of a forecast.
struct ForecastDay {
    /// The day.
    date: Date,
    /// The day's prevailing condition.
    condition: Condition,
    /// Lowest temperature of the day, in the requested unit.
    temperature_min: number,
    /// Highest temperature of the day, in the requested unit.
    temperature_max: number,
    /// Chance of any precipitation from 0 to 1.
    precipitation_probability: number in 0..=1,
    /// Expected precipitation in millimetres.
    precipitation_mm: number in 0..,
    /// Local sunrise time, such as `07:58:00`.
    sunrise: string format time,
    /// Local sunset time.
    sunset: string format time,
    /// Hourly conditions, present only when requested.
    hours?: [Conditions] len 24,
}

/// A forecast for one place.
struct Forecast {
    /// The place the forecast is for.
    location: Location,
    /// Unit of every temperature in the forecast.
    units: TemperatureUnit,
    /// One entry per day, from the start date.
    days: [ForecastDay] len 1..=16,
}

/// An official weather warning.
struct Alert {
    /// The alert's id, stable across updates of the same alert.
    id: string format uuid,
    /// One-line summary from the issuing agency.
    headline: string,
    /// How serious the hazard is.
    severity: AlertSeverity,
    /// When the alert takes effect.
    onset: Timestamp,
    /// When it ends; null when the agency gave no end.
    expires: Timestamp | null,
    /// How long the agency expects the hazard to last, as an ISO 8601
    /// duration such as `PT6H`.
    expected_duration?: string format duration,
    /// Agency page with the full text.
    source_url: string format uri,
}

/// Alerts in force at a place.
struct AlertList {
    /// The alerts, most severe first.
    alerts: [Alert],
}

/// A stock's latest trade.
struct Quote {
    /// The quoted ticker.
    ticker: Ticker,
    /// Exchange the quote comes from, such as `NASDAQ`.
    exchange: string,
    /// Last trade price in `currency`.
    price: number in 0<..,
    /// Currency of every price in the quote.
    currency: CurrencyCode,
    /// Change since the previous close, in percent; never below -100.
    change_percent: number in -100..,
    /// Highest price of the last 52 weeks.
    "52_week_high": number in 0<..,
    /// Lowest price of the last 52 weeks.
    "52_week_low": number in 0<..,
    /// Time of the last trade.
    traded_at: Timestamp,
    /// Whether the exchange is open now.
    market_open: bool,
}

/// One bar of a price history.
struct PriceBar {
    /// First trading day the bar covers.
    date: Date,
    /// Price at the first trade of the bar.
    open: number in 0<..,
    /// Highest price within the bar.
    high: number in 0<..,
    /// Lowest price within the bar.
    low: number in 0<..,
    /// Price at the last trade of the bar.
    close: number in 0<..,
    /// Shares traded.
    volume: int in 0..,
}

/// Prices of a stock over a period.
struct PriceHistory {
    /// The ticker the prices are for.
    ticker: Ticker,
    /// Currency of every price.
    currency: CurrencyCode,
    /// The bars, oldest first.
    bars: [PriceBar],
    /// Largest fall from an earlier peak within the period, in percent; 0 or
    /// negative.
    max_drawdown_percent: number in ..=0,
}

/// The result of a currency conversion.
struct Conversion {
    /// The converted amount, rounded to the target currency's minor unit.
    amount: number,
    /// Currency of `amount`.
    currency: CurrencyCode,
    /// Units of the target currency per unit of the source currency.
    rate: number in 0<..,
    /// When the rate was fixed.
    rate_time: Timestamp,
}

/// Find places by name, or look one up by its GeoNames id, and return their
/// coordinates, time zone and elevation. Call this first when the user names
/// a place: every weather tool takes coordinates. Returns up to `limit`
/// places, best match first. Fails with `location_not_found` when nothing
/// matches and `rate_limited` when the call budget is spent.
@core @open_world @idempotent @timeout(5s) @rate_limit(60/min) @title("Find location")
tool find_location(
    /// A place name such as `Paris` or `Springfield, IL`, or a numeric
    /// GeoNames id such as `2988507`.
    @example("Paris") @example(2988507) @allow(scalar_union)
    query: string len 1..=200 | int in 1..,
    /// Most places to return.
    limit: int in 1..=10 = 3,
) -> [Location] {
    error location_not_found "No place matches the query." help "Try a larger nearby town, or add the country code.";
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    example "Find by name" { query: "Springfield, IL" }
    example "Look up an id" { query: 2988507, limit: 1 }
}

/// Locate an IP address and return the place it is registered to, for
/// "weather where I am" questions when no place was named. Accepts IPv4 and
/// IPv6. Fails with `location_not_found` for private or unassigned addresses
/// and `rate_limited` when the call budget is spent.
@extended @open_world @idempotent @timeout(5s) @rate_limit(30/min) @title("Locate IP address")
tool locate_ip_address(
    /// An IPv4 address such as `203.0.113.7`; leave it absent when using `ipv6`.
    ipv4?: string format ipv4,
    /// An IPv6 address such as `2001:db8::1`; leave it absent when using `ipv4`.
    ipv6?: string format ipv6,
) -> Location {
    error location_not_found "The address belongs to no known place." help "Ask the user for a place name and call find_location.";
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    example "IPv4 address" { ipv4: "203.0.113.7" }
    example "IPv6 address" { ipv6: "2001:db8::1" }
}

/// Get the weather now at a place: condition, temperature, humidity and
/// wind. Use it for "what is it like outside" questions; use `get_forecast`
/// for anything later than now. Fails with `rate_limited` when the call
/// budget is spent and `provider_unavailable` when the weather service is
/// down.
@core @open_world @idempotent @timeout(5s) @rate_limit(60/min) @requires("weather:read")
@title("Current weather")
tool get_current_weather(
    /// Latitude of the place.
    latitude: Latitude,
    /// Longitude of the place.
    longitude: Longitude,
    /// Unit of every temperature in the result.
    units: TemperatureUnit = celsius,
    /// Unit of the wind speed in the result.
    wind_unit: WindSpeedUnit = "km/h",
) -> Conditions {
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    error provider_unavailable "The weather service did not answer." help "Retry in a few seconds." retryable;
    example "Paris in Celsius" { latitude: 48.8566, longitude: 2.3522 }
    example "New York in Fahrenheit" {
        latitude: 40.7128,
        longitude: -74.006,
        units: fahrenheit,
        wind_unit: mph,
    }
}

/// Get a daily forecast for a place, optionally with hourly detail, starting
/// on a given date. Returns one entry per day with condition, temperature
/// range, precipitation and sun times. Forecasts reach at most 16 days ahead:
/// a range past that fails with `date_out_of_range`. Also fails with
/// `rate_limited` and `provider_unavailable` like the other weather tools.
@core @open_world @idempotent @timeout(8s) @rate_limit(60/min) @requires("weather:read")
@title("Weather forecast")
tool get_forecast(
    /// Latitude of the place.
    latitude: Latitude,
    /// Longitude of the place.
    longitude: Longitude,
    /// First day of the forecast; today when absent.
    start_date?: Date,
    /// Number of days to forecast.
    days: int in 1..=16 = 7,
    /// Include 24 hourly entries per day. Hourly data makes the result much
    /// larger; ask for it only when the user wants times of day.
    hourly: bool = false,
    /// Unit of every temperature in the result.
    units: TemperatureUnit = celsius,
) -> Forecast {
    error date_out_of_range "The forecast range ends more than 16 days from today." help "Start earlier or ask for fewer days.";
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    error provider_unavailable "The weather service did not answer." help "Retry in a few seconds." retryable;
    example "Week ahead in Berlin" { latitude: 52.52, longitude: 13.405 }
    example "Weekend, hourly" {
        latitude: 51.5072,
        longitude: -0.1276,
        start_date: "2026-12-05",
        days: 2,
        hourly: true,
    }
}

/// Get the observed weather of a past day at a place. `day_offset` counts
/// back from today: -1 is yesterday; today is not history yet (use
/// `get_current_weather`). History reaches back ten years: an older day
/// fails with `date_out_of_range`. Past 30 calls a minute it fails with
/// `rate_limited` (wait, then retry).
@extended @open_world @idempotent @timeout(8s) @rate_limit(30/min) @requires("weather:read")
@title("Historical weather")
tool get_historical_weather(
    /// Latitude of the place.
    latitude: Latitude,
    /// Longitude of the place.
    longitude: Longitude,
    /// Days before today, as a negative number: -1 is yesterday.
    day_offset: int in ..0 = -1,
    /// Unit of every temperature in the result.
    units: TemperatureUnit = celsius,
) -> ForecastDay {
    error date_out_of_range "History does not reach back that far." help "Ask for a day within the last ten years.";
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    example "Yesterday in Tokyo" { latitude: 35.6762, longitude: 139.6503 }
    example "A week ago" { latitude: 35.6762, longitude: 139.6503, day_offset: -7, units: kelvin }
}

/// List the official weather alerts in force at a place, most severe first.
/// Use it before advising on travel or outdoor plans. Returns an empty list
/// when there are none. Fails with `rate_limited` when the call budget is
/// spent.
@core @open_world @idempotent @timeout(5s) @rate_limit(60/min) @requires("weather:read")
@title("Weather alerts")
tool list_weather_alerts(
    /// Latitude of the place.
    latitude: Latitude,
    /// Longitude of the place.
    longitude: Longitude,
    /// Leave out alerts below this severity.
    min_severity: AlertSeverity = minor,
) -> AlertList {
    error rate_limited "The call budget for this minute is spent." help "Wait a minute, then retry." retryable;
    example "Severe alerts in Miami" {
        latitude: 25.7617,
        longitude: -80.1918,
        min_severity: severe,
    }
}

/// Get the latest price of a listed stock, with the day's change and its
/// 52-week range. Prices are delayed by up to 15 minutes. Fails with
/// `unknown_ticker` for a symbol no exchange lists and `rate_limited` when
/// the call budget is spent.
@core @open_world @idempotent @timeout(5s) @rate_limit(5/s) @requires("market:read")
@title("Stock quote")
tool get_stock_quote(
    /// The stock's ticker symbol.
    @example("AAPL") @example("BRK.B")
    ticker: Ticker,
    /// Convert the price into this currency; the listing currency when absent.
    currency?: CurrencyCode,
    /// Market data key for the quote provider, sent as an HTTP header by MCP
    /// clients that bind it; never shown in logs.
    @secret @schema("x-mcp-header", "X-Market-Data-Key")
    api_key?: string len 16..=128,
) -> Quote {
    error unknown_ticker "No exchange lists this ticker." help "Check the symbol; share classes use a suffix such as BRK.B.";
    error rate_limited "The call budget for this second is spent." help "Wait a second, then retry." retryable;
    example "Apple" { ticker: "AAPL" }
    example "Berkshire in euros" { ticker: "BRK.B", currency: "EUR" }
}

/// Get daily, weekly or monthly prices of a stock between two dates, with
/// the period's largest drawdown. Use it for performance and trend
/// questions. Fails with `unknown_ticker` for a symbol no exchange lists,
/// `invalid_range` when `to` is before `from`, and `rate_limited`.
@extended @open_world @idempotent @timeout(10s) @rate_limit(100/h) @requires("market:read")
@title("Price history")
tool get_price_history(
    /// The stock's ticker symbol, such as `MSFT`.
    ticker: Ticker,
    /// First day of the period.
    from: Date,
    /// Last day of the period (inclusive).
    to: Date,
    /// Length of one bar.
    interval: "1d" | "1wk" | "1mo" = "1d",
) -> PriceHistory {
    error unknown_ticker "No exchange lists this ticker." help "Check the symbol; share classes use a suffix such as BRK.B.";
    error invalid_range "The period ends before it starts." help "Swap from and to.";
    error rate_limited "The hourly call budget is spent." help "Wait, then retry." retryable;
    example "Microsoft in 2025, monthly" {
        ticker: "MSFT",
        from: "2025-01-01",
        to: "2025-12-31",
        interval: "1mo",
    }
}

/// Convert an amount of money between currencies at the latest rate, or at
/// the rate of a past moment. Fails with `unknown_currency` for a code that
/// is not an active ISO 4217 currency and `rate_limited` when the daily
/// budget is spent.
@extended @open_world @idempotent @timeout(5s) @rate_limit(1000/day) @requires("market:read")
@title("Convert currency")
tool convert_currency(
    /// Amount to convert, in cents at the finest; must be positive.
    amount: number in 0<..1e12 multiple_of 0.01,
    /// Currency of `amount`.
    from: CurrencyCode,
    /// Currency to convert into.
    to: CurrencyCode,
    /// Use the rate of this moment instead of the latest one.
    at?: Timestamp,
) -> Conversion {
    error unknown_currency "The currency code is not an active ISO 4217 code." help "Use a three-letter code such as USD, EUR or JPY.";
    error rate_limited "The daily call budget is spent." help "Retry tomorrow." retryable;
    example "Dollars to euros" { amount: 250, from: "USD", to: "EUR" }
    example "At a past rate" { amount: 19.5, from: "GBP", to: "JPY", at: "2026-01-15T12:00:00Z" }
}
