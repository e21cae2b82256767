//! W0002 on parameter descriptions as public tool sets write them:
//! short ones that name what the value is (`Node ID`, `Width`, `Commit
//! SHA`) pass; those that are only a type, filler or a placeholder (`The
//! value`, `A boolean`, `TODO`) or too short to say anything (`ID`, `q`)
//! are flagged.
package params;

/// Takes one parameter of every kind real tool sets describe briefly.
@allow(w0007, w0008, w0011, w0015)
tool take_everything(
    /// Node ID
    node_id?: string,
    /// Width
    width?: number,
    /// Height
    height?: number,
    /// File key
    file_key?: string,
    /// Page URL
    page_url?: string,
    /// Issue number
    issue_number?: int,
    /// Repository owner
    owner?: string,
    /// Branch name
    branch?: string,
    /// Search query
    query?: string,
    /// Max results
    max_results?: int,
    /// X position
    x?: number,
    /// Y position
    y?: number,
    /// Opacity
    opacity?: number,
    /// Commit SHA
    sha?: string,
    /// Channel ID
    channel_id?: string,
    /// Email address
    email?: string,
    /// Font size
    font_size?: number,
    /// Tab index
    index?: int,
    /// Timeout (ms)
    timeout?: int,
    /// Unix timestamp
    since?: int,
    /// Sort order
    order?: string,
    /// Page number
    page?: int,
    /// Language code
    lang?: string,
    /// Team ID
    team_id?: string,
    /// User ID
    user_id?: string,
    /// Issue title
    title?: string,
    /// Comment body
    body?: string,
    /// File path
    path?: string,
    /// Repository name
    repo?: string,
    /// Git ref
    ref?: string,
    /// Hex color
    color?: string,
    /// Corner radius
    radius?: number,
    /// Rotation
    rotation?: number,
    /// Limit
    limit?: int,
    /// Offset
    offset?: int,
    /// Name
    name?: string,
    /// ID
    id?: string,
    /// The value
    value?: string,
    /// Data
    data?: json,
    /// Input
    input?: string,
    /// Text
    text?: string,
    /// A boolean
    flag?: bool,
    /// Parameters
    params?: json,
    /// Optional
    options?: json,
    /// TODO
    arg?: string,
    /// String
    s?: string,
    /// Number
    n?: int,
    /// url
    url?: string,
    /// q
    q?: string,
);
