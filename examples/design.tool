//! Core tools of a vector design editor in the style of Figma: read and
//! change the selection, inspect the node tree, create and edit shapes and
//! text, lay frames out, export and undo.
//!
//! Node ids look like `12:34`. Coordinates and sizes are canvas pixels, with
//! x and y relative to the parent's top-left corner; angles are degrees.
//! Every change can be reverted with `undo`. Core tools cover everyday
//! editing; extended tools (styles, variables, plugin data, sharing) are
//! offered on demand.
package design;

/// A node id such as `1:23`: the page number and the node's serial number.
type NodeId = string matches r"^\d+:\d+$";

/// An sRGB colour as `#RRGGBB` or, with alpha, `#RRGGBBAA`.
type Color = string matches r"^#[0-9A-Fa-f]{6}([0-9A-Fa-f]{2})?$";

/// Opacity from 0 (transparent) to 1 (opaque).
type Opacity = number in 0..=1;

/// A size in canvas pixels; zero is not a size.
type Size = number in 0<..=100000;

/// A position in canvas pixels, relative to the parent's top-left corner.
type Coordinate = number in -1000000..=1000000;

/// Up to 200 distinct node ids, for tools that act on several nodes at once.
type NodeIds = [NodeId] len 1..=200 unique;

/// What kind of thing a node is.
enum NodeKind {
    /// A container that clips its children and can use auto layout.
    FRAME,
    /// A container without geometry of its own.
    GROUP,
    RECTANGLE,
    ELLIPSE,
    /// A text layer.
    TEXT,
    /// A free-form path.
    VECTOR,
    /// A reusable master design.
    COMPONENT,
    /// A copy of a component that follows its changes.
    INSTANCE,
}

/// The direction an auto-layout frame stacks its children in.
enum LayoutMode {
    /// No auto layout: children keep their own positions.
    none,
    /// Children in a row, left to right.
    horizontal,
    /// Children in a column, top to bottom.
    vertical,
}

/// How an auto-layout frame places children along its main axis.
enum AxisAlign {
    /// Packed at the start.
    start,
    center,
    /// Packed at the end.
    end,
    /// Spread out with equal gaps between them.
    "space-between",
    /// The old name of `start`.
    @deprecated("use start")
    min,
}

/// Where a stroke sits relative to the shape's outline.
enum StrokeAlign {
    inside,
    center,
    outside,
}

/// How an image fills its shape.
enum ScaleMode {
    /// Cover the shape, cropping the image.
    fill,
    /// Show the whole image, leaving empty bands.
    fit,
    /// Repeat the image at its own size.
    tile,
}

/// A file format for `export_node`.
enum ExportFormat {
    /// Bitmap; honours `scale`.
    png,
    /// Bitmap without transparency; honours `scale` and `quality`.
    jpg,
    /// Vector; `scale` is ignored.
    svg,
    /// Vector, one page per node.
    pdf,
}

/// A collaborator's access to the document.
enum ShareRole {
    /// Can look and comment.
    viewer,
    /// Can change the document.
    editor,
}

/// A node's id, name, kind and parent.
struct NodeSummary {
    /// The node's id.
    id: NodeId,
    /// The layer name shown in the layers panel.
    name: string,
    /// What kind of node this is.
    kind: NodeKind,
    /// The parent's id; null for a node directly on the page.
    parent_id: NodeId | null,
}

/// A node with its geometry and, down to the requested depth, its children.
/// The type is recursive: each child is a `NodeTree` too.
struct NodeTree {
    /// The node's id.
    id: NodeId,
    /// The layer name shown in the layers panel.
    name: string,
    /// What kind of node this is.
    kind: NodeKind,
    /// Left edge, relative to the parent.
    x: Coordinate,
    /// Top edge, relative to the parent.
    y: Coordinate,
    /// Width in pixels.
    width: number in 0..,
    /// Height in pixels.
    height: number in 0..,
    /// Clockwise rotation in degrees.
    rotation: number in -180<..=180,
    /// False when the user hid the layer.
    visible: bool,
    /// True when the layer is locked against edits.
    locked: bool,
    /// The layer's own opacity.
    opacity: Opacity,
    /// Text content; present only on TEXT nodes.
    characters?: string,
    /// Child nodes, bottom-most first. Empty past the depth limit even when
    /// `child_count` is not zero.
    children: [NodeTree],
    /// Number of children the node really has.
    child_count: int in 0..,
}

/// A flat colour.
struct SolidPaint {
    /// The colour.
    color: Color,
    /// How opaque the colour is.
    opacity: Opacity = 1,
}

/// A colour at one point of a gradient.
struct ColorStop {
    /// Where the stop sits along the gradient, from 0 to 1.
    position: number in 0..=1,
    /// The colour at this point.
    color: Color,
}

/// A linear gradient between two or more colour stops.
struct LinearGradient {
    /// Direction in degrees: 0 runs left to right, 90 top to bottom.
    angle: number in 0..360 = 90,
    /// The colour stops, ordered by position.
    stops: [ColorStop] len 2..=16,
}

/// An image already uploaded to the document.
struct ImagePaint {
    /// The image's content hash, as `get_node` reports it.
    image_hash: string len 40 matches "^[0-9a-f]+$",
    /// How the image is fitted into the shape.
    scale_mode: ScaleMode = fill,
}

/// A paint for fills: the `type` field says which kind.
union Paint by type {
    /// A flat colour.
    solid: SolidPaint,
    /// A linear gradient.
    "linear-gradient": LinearGradient,
    /// A bitmap image.
    image: ImagePaint,
}

/// A named colour or gradient that many nodes can share.
struct PaintStyle {
    /// The style's key, for `apply_style`.
    key: string,
    /// What the style is for, as its author wrote it.
    description: string,
    /// The style's paints, bottom-most first.
    paints: [Paint],
}

/// A named text style.
struct TextStyle {
    /// The style's key, for `apply_style`.
    key: string,
    /// Font family name.
    font_family: string,
    /// CSS font weight.
    font_weight: int in 100..=900 multiple_of 100,
    /// Font size in pixels.
    font_size: number in 1..=1000,
    /// Line height in pixels; null for the font's own.
    line_height: number | null,
}

/// The document's shared styles, keyed by style name such as `Brand/Primary`.
/// Both catalogues are maps because style names are chosen by the document's
/// authors.
struct StyleCatalog {
    /// Paint styles by name.
    paint_styles: map<string, PaintStyle>,
    /// Text styles by name.
    text_styles: map<string, TextStyle>,
}

/// An exported file.
struct ExportResult {
    /// The exported node.
    node_id: NodeId,
    /// The file's format.
    format: ExportFormat,
    /// Where the file can be downloaded for the next hour.
    url: string format uri,
    /// Size of the file in bytes.
    bytes: int in 1..,
    /// Pixel width of bitmaps; null for vector formats.
    pixel_width: int in 1.. | null,
    /// Pixel height of bitmaps; null for vector formats.
    pixel_height: int in 1.. | null,
}

/// What a deletion did.
struct DeleteResult {
    /// Ids of the nodes removed (descendants not listed).
    deleted: [NodeId],
}

/// What `undo` or `redo` did.
struct HistoryResult {
    /// Steps actually taken; fewer than asked when history ran out.
    steps: int in 0..,
    /// Descriptions of the reverted or reapplied actions, latest first.
    actions: [string],
}

/// The selection after a change.
struct Selection {
    /// The selected nodes, in layer order.
    nodes: [NodeSummary],
}

/// An invitation to the document.
struct ShareResult {
    /// The invited address.
    email: string format email,
    /// The access granted.
    role: ShareRole,
    /// True when the person had access before and only the role changed.
    updated: bool,
}

/// Get the nodes the user has selected on the canvas, in layer order. Start
/// here when the user says "this", "these" or "the selected frame". Returns
/// an empty list when nothing is selected.
@core @idempotent @timeout(500ms) @requires("document:read") @title("Get selection")
tool get_selection() -> Selection;

/// Replace the user's selection with the given nodes and scroll them into
/// view. Use it to show the user what you changed or found. Pass an empty
/// list to clear the selection. Fails with `node_not_found` when an id does
/// not exist.
@core @mutates @idempotent @risk(low) @timeout(2s) @requires("document:read")
@title("Set selection")
tool set_selection(
    /// Nodes to select; empty to clear the selection.
    ids: [NodeId] len ..=200 unique,
) -> Selection {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    example "Select two layers" { ids: ["1:2", "1:7"] }
    example "Clear the selection" { ids: [] }
}

/// Get a node with its geometry, style summary and children down to
/// `depth` levels. Use it to inspect a frame before changing it. Fails with
/// `node_not_found` when the id does not exist.
@core @idempotent @timeout(5s) @requires("document:read") @title("Get node")
tool get_node(
    /// Node to read.
    @example("1:2")
    id: NodeId,
    /// Levels of children to include; 0 returns the node alone.
    depth: int in 0..=5 = 1,
) -> NodeTree {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    example "A frame and its direct children" { id: "1:2" }
    example "Just the node" { id: "4:17", depth: 0 }
}

/// Find nodes whose layer name contains the given text, optionally only of
/// some kinds and only inside one frame. Use it to turn a layer name the
/// user mentions into ids. Returns matches in layer order with their parent
/// ids. Fails with `node_not_found` when `within` does not exist.
@core @idempotent @timeout(10s) @requires("document:read") @title("Find nodes")
tool find_nodes(
    /// Text to look for in layer names, case-insensitive.
    name_contains: string len 1..=200,
    /// Only nodes of these kinds; every kind when absent.
    kinds?: [NodeKind] len 1..=8 unique,
    /// Search only inside this node; the whole page when absent.
    within?: NodeId,
    /// Most nodes to return.
    limit: int in 1..=500 = 50,
) -> [NodeSummary] {
    error node_not_found "The `within` node does not exist." help "Leave `within` out to search the whole page.";
    example "Every button" { name_contains: "button" }
    example "Text layers in a card" {
        name_contains: "title",
        kinds: [TEXT],
        within: "3:14",
        limit: 10,
    }
}

/// Find nodes by exact layer name. Superseded by `find_nodes`, which also
/// matches parts of names and filters by kind. Returns matching nodes in
/// layer order.
@extended @idempotent @requires("document:read") @deprecated("use find_nodes")
tool search_nodes_by_name(
    /// The exact layer name.
    name: string len 1..=200,
) -> [NodeSummary] {
    example { name: "Header" }
}

/// Create a frame, rectangle or ellipse. Frames hold other nodes and can use
/// auto layout; rectangles can have rounded corners. The new node goes on
/// top of its parent's children. Returns the new node. Fails with
/// `node_not_found` when the parent does not exist and `not_a_container`
/// when it cannot hold children.
@core @mutates @timeout(5s) @requires("document:write") @title("Create shape")
tool create_shape(
    /// What to create.
    kind: "frame" | "rectangle" | "ellipse",
    /// Parent frame or group; the page when absent.
    parent_id?: NodeId,
    /// Left edge, relative to the parent.
    x: Coordinate = 0,
    /// Top edge, relative to the parent.
    y: Coordinate = 0,
    /// Width in pixels.
    width: Size,
    /// Height in pixels.
    height: Size,
    /// Layer name; the kind's default ("Frame 1", ...) when absent.
    @title("Layer name")
    name?: string len 1..256,
    /// Solid fill colour; frames default to white, other shapes to grey.
    fill?: Color,
    /// Corner radius of frames and rectangles; ignored for ellipses.
    corner_radius: number in 0..=10000 = 0,
) -> NodeSummary {
    error node_not_found "The parent does not exist." help "Call find_nodes to look the parent up.";
    error not_a_container "The parent cannot hold children." help "Use a frame or a group as the parent.";
    example "A card" {
        kind: "frame",
        parent_id: "1:2",
        x: 40,
        y: 40,
        width: 320,
        height: 200,
        name: "Card",
        corner_radius: 12,
    }
    example "A red dot" { kind: "ellipse", width: 8, height: 8, fill: "#FF3B30" }
}

/// Create a text layer. Returns the new node. Fails with `node_not_found`
/// when the parent does not exist, `not_a_container` when it cannot hold
/// children, and `font_unavailable` when the font is not installed.
@core @mutates @timeout(5s) @requires("document:write") @title("Create text")
tool create_text(
    /// The text to show; `\n` starts a new line.
    characters: string len 1..=100000,
    /// Parent frame or group; the page when absent.
    parent_id?: NodeId,
    /// Left edge of the text box, relative to the parent.
    x: Coordinate = 0,
    /// Top edge of the text box, relative to the parent.
    y: Coordinate = 0,
    /// Font family; it must be installed. Family names are given bare,
    /// without CSS quotes or backslashes.
    @example("Inter")
    font_family: string len 1..=120 matches r#"^[^"\\]+$"# = "Inter",
    /// Font size in pixels.
    font_size: number in 1..=1000 = 16,
    /// Text colour.
    color: Color = "#000000",
) -> NodeSummary {
    error node_not_found "The parent does not exist." help "Call find_nodes to look the parent up.";
    error not_a_container "The parent cannot hold children." help "Use a frame or a group as the parent.";
    error font_unavailable "The font is not installed." help "Use a font the document already uses, such as Inter.";
    example "A heading" {
        characters: "Welcome back",
        parent_id: "1:2",
        x: 24,
        y: 24,
        font_size: 32,
    }
}

/// Replace the fills of one or more nodes with a list of paints, top-most
/// last: solid colours, linear gradients or images. An empty list removes
/// every fill. Fails with `node_not_found` when an id does not exist and
/// `image_not_found` when an image hash is unknown.
@core @mutates @idempotent @timeout(5s) @requires("document:write") @title("Set fill")
tool set_fill(
    /// Nodes whose fills to replace.
    ids: NodeIds,
    /// The new fills, bottom-most first.
    @allow(nested_params)
    paints: [Paint] len ..=8,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error image_not_found "No image with this hash is in the document." help "Read an image fill's hash from get_node.";
    example "Solid blue" { ids: ["1:2"], paints: [{ type: "solid", color: "#0A84FF" }] }
    example "Sunset gradient" {
        ids: ["1:2", "1:3"],
        paints: [
            {
                type: "linear-gradient",
                angle: 90,
                stops: [{ position: 0, color: "#FF9500" }, { position: 1, color: "#FF2D55" }],
            },
        ],
    }
}

/// Set the stroke (outline) of one or more nodes: colour, weight and where
/// it sits. A weight of 0 removes the stroke. Fails with `node_not_found`
/// when an id does not exist.
@core @mutates @idempotent @timeout(5s) @requires("document:write") @title("Set stroke")
tool set_stroke(
    /// Nodes to outline.
    ids: NodeIds,
    /// Stroke colour.
    color: Color,
    /// Stroke width in pixels, in quarter-pixel steps; 0 removes the stroke.
    weight: number in 0..=1000 multiple_of 0.25 = 1,
    /// Where the stroke sits relative to the outline.
    align: StrokeAlign = inside,
    /// Dash and gap lengths, such as [4, 2]; a solid line when absent.
    dash_pattern?: [number in 0<..=1000] len 2..=8,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    example "Hairline border" { ids: ["2:5"], color: "#D1D1D6" }
    example "Dashed outline" {
        ids: ["2:5"],
        color: "#000000",
        weight: 2,
        align: outside,
        dash_pattern: [4, 2],
    }
}

/// Replace the text of a text layer, keeping its font and style. Fails with
/// `node_not_found` when the id does not exist and `not_a_text_node` when
/// the node is not text.
@core @mutates @idempotent @timeout(5s) @requires("document:write") @title("Set text")
tool set_text(
    /// The text layer to change.
    id: NodeId,
    /// The new text; `\n` starts a new line.
    characters: string len ..=100000,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    error not_a_text_node "The node is not a text layer." help "Use find_nodes with kinds [TEXT] to find text layers.";
    example "Change a label" { id: "3:9", characters: "Sign in" }
}

/// Set the font family, weight, size and style of text layers. Returns the
/// updated nodes. Fails with `node_not_found` when an id does not exist,
/// `not_a_text_node` when a node is not text and `font_unavailable` when
/// the font is not installed in that weight.
@core @mutates @idempotent @risk(low) @timeout(5s) @requires("document:write") @title("Set font")
tool set_font(
    /// Text layers to change.
    ids: NodeIds,
    /// Font family name, such as Inter or JetBrains Mono.
    @example("Inter") @example("JetBrains Mono")
    font_family: string len 1..=120,
    /// CSS font weight: 400 is regular, 700 bold.
    weight: 100 | 200 | 300 | 400 | 500 | 600 | 700 | 800 | 900 = 400,
    /// Font size in pixels; the current size when absent.
    size?: number in 1..=1000,
    /// Use the italic style of the family.
    italic: bool = false,
    /// The old name of `font_family`.
    @deprecated("use font_family")
    family?: string,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error not_a_text_node "A node is not a text layer." help "Pass only TEXT nodes.";
    error font_unavailable "The font is not installed in this weight." help "Try weight 400 or another family.";
    example "Make a title bold" { ids: ["1:2"], font_family: "Inter", weight: 700 }
    example "Code style" { ids: ["5:1", "5:2"], font_family: "JetBrains Mono", size: 13 }
}

/// Turn auto layout on or off for a frame and set its direction, spacing,
/// padding and alignment. With auto layout, the frame places its children
/// itself and `move_nodes` cannot move them. Fails with `node_not_found`
/// and `not_a_frame` when the node is not a frame.
@core @mutates @idempotent @timeout(5s) @requires("document:write") @title("Set auto layout")
tool set_auto_layout(
    /// The frame to lay out.
    id: NodeId,
    /// Stacking direction; `none` turns auto layout off.
    mode: LayoutMode,
    /// Gap between children in pixels.
    spacing: number in 0..=1000 multiple_of 0.5 = 0,
    /// Padding on all four sides in pixels.
    padding: number in 0..=1000 = 0,
    /// Placement along the stacking direction.
    align: AxisAlign = start,
    /// Let the frame grow and shrink to fit its children.
    hug_contents: bool = true,
) -> NodeTree {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    error not_a_frame "Only frames can use auto layout." help "Wrap the nodes in a frame with create_shape and reparent_nodes first.";
    example "Vertical stack" { id: "1:2", mode: vertical, spacing: 8, padding: 16 }
    example "Toolbar row" {
        id: "1:9",
        mode: horizontal,
        spacing: 4,
        align: "space-between",
        hug_contents: false,
    }
    example "Turn it off" { id: "1:2", mode: none }
}

/// Resize nodes to a width and height in pixels. Give one of the two and
/// `keep_aspect_ratio` to scale proportionally. Fails with `node_not_found`
/// and `size_required` when neither width nor height is given.
@core @mutates @idempotent @timeout(5s) @requires("document:write") @title("Resize nodes")
tool resize_nodes(
    /// Nodes to resize.
    ids: NodeIds,
    /// New width in pixels.
    width?: Size,
    /// New height in pixels.
    height?: Size,
    /// Derive the missing dimension from the current aspect ratio.
    keep_aspect_ratio: bool = false,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error size_required "Neither width nor height was given." help "Pass width, height or both.";
    example "Exact size" { ids: ["1:2"], width: 1440, height: 900 }
    example "Scale to a width" { ids: ["1:2"], width: 720, keep_aspect_ratio: true }
}

/// Move nodes to a position, or by an offset, within their parent. Children
/// of auto-layout frames cannot move; that fails with `auto_layout_child`.
/// Fails with `node_not_found` when an id does not exist.
@core @mutates @timeout(5s) @requires("document:write") @title("Move nodes")
tool move_nodes(
    /// Nodes to move.
    ids: NodeIds,
    /// New left edge, or horizontal offset when `relative` is true.
    x: Coordinate,
    /// New top edge, or vertical offset when `relative` is true.
    y: Coordinate,
    /// Treat x and y as an offset from the current position instead.
    relative: bool = false,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error auto_layout_child "A node sits in an auto-layout frame and cannot be moved." help "Change the order with reparent_nodes, or turn auto layout off.";
    example "Place at the origin" { ids: ["1:4"], x: 0, y: 0 }
    example "Nudge right" { ids: ["1:4", "1:5"], x: 8, y: 0, relative: true }
}

/// Move nodes into another parent, keeping their place on the canvas, at a
/// position in the parent's children (0 is the bottom). A null parent moves
/// them onto the page itself. Fails with `node_not_found`,
/// `not_a_container` when the new parent cannot hold children and
/// `would_create_cycle` when a node would go inside itself.
@extended @mutates @timeout(5s) @requires("document:write") @title("Reparent nodes")
tool reparent_nodes(
    /// Nodes to move into the new parent.
    ids: NodeIds,
    /// The new parent; null for the page.
    parent_id: NodeId | null,
    /// Index among the new parent's children; on top when absent.
    index?: int in 0..,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error not_a_container "The new parent cannot hold children." help "Use a frame or a group as the parent.";
    error would_create_cycle "A node cannot go inside itself or its own descendants." help "Pick a parent outside the moved nodes.";
    example "Into a frame" { ids: ["1:4"], parent_id: "1:2" }
    example "Onto the page, at the bottom" { ids: ["1:4"], parent_id: null, index: 0 }
}

/// Duplicate nodes with their children, offset so the copies do not cover
/// the originals. Returns the copies in the order of `ids`. Fails with
/// `node_not_found`.
@extended @mutates @timeout(10s) @requires("document:write") @title("Duplicate nodes")
tool duplicate_nodes(
    /// Nodes to copy.
    ids: NodeIds,
    /// Offset of each copy from its original, in pixels.
    offset_x: number in -10000..=10000 = 20,
    /// Vertical offset of each copy from its original, in pixels.
    offset_y: number in -10000..=10000 = 20,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    example "Copy a card" { ids: ["3:14"] }
}

/// Group nodes that share a parent into a new group. Returns the group.
/// Fails with `node_not_found` and `different_parents` when the nodes do not
/// share a parent.
@extended @mutates @timeout(5s) @requires("document:write") @title("Group nodes")
tool group_nodes(
    /// Nodes to group; at least two.
    ids: [NodeId] len 2..=200 unique,
    /// Layer name of the new group.
    name: string len 1..256 = "Group",
) -> NodeSummary {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error different_parents "The nodes do not share a parent." help "Call reparent_nodes to bring them together first.";
    example "Group an icon" { ids: ["4:1", "4:2", "4:3"], name: "Icon/Close" }
}

/// Rename a layer. Slashes in names build component and style folders
/// (`Button/Primary`). Fails with `node_not_found`.
@extended @mutates @idempotent @risk(low) @timeout(2s) @requires("document:write")
@title("Rename node")
tool rename_node(
    /// The node to rename.
    id: NodeId,
    /// The new layer name.
    name: string len 1..256,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    example "Name a frame" { id: "1:2", name: "Screen/Login" }
}

/// Delete nodes and everything inside them. `undo` brings them back, but a
/// wrong deletion is easy to miss in a large file, so a person confirms each
/// call. Fails with `node_not_found` (nothing is deleted then) and
/// `node_locked` when a node is locked.
@core @mutates @destructive @confirm @risk(high) @timeout(5s) @requires("document:write")
@title("Delete nodes")
tool delete_nodes(
    /// Nodes to delete, with everything inside them.
    ids: NodeIds,
) -> DeleteResult {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error node_locked "A node is locked." help "Ask the user to unlock it in the layers panel.";
    example "Remove a layer" { ids: ["7:3"] }
}

/// Export a node as PNG, JPG, SVG or PDF and return a download link valid
/// for an hour. Bitmaps honour `scale` (2 for retina). Fails with
/// `node_not_found`, `export_too_large` when the bitmap would exceed
/// 16384 pixels on a side, and `rate_limited` past 30 exports a minute
/// (wait, then retry).
@core @idempotent @timeout(1m) @rate_limit(30/min) @requires("document:read") @title("Export node")
@meta("ui/icon", "download")
tool export_node(
    /// The node to export.
    id: NodeId,
    /// File format.
    format: ExportFormat = png,
    /// Pixel density for bitmaps, above 0 and up to 4.
    scale: number in 0<..=4 = 1,
    /// JPG quality from 0 to 100; ignored by other formats.
    quality: int in 0..=100 = 90,
) -> ExportResult {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    error export_too_large "The bitmap would exceed 16384 pixels on a side." help "Lower the scale or export as SVG.";
    error rate_limited "Too many exports this minute." help "Wait a minute, then retry." retryable;
    example "Retina PNG" { id: "1:2", scale: 2 }
    example "Vector logo" { id: "9:1", format: svg }
}

/// Undo the latest changes, as Ctrl+Z does, up to `steps` at once. Returns
/// what was undone; fewer steps than asked when history runs out.
@core @mutates @timeout(5s) @requires("document:write") @title("Undo")
tool undo(
    /// How many changes to undo.
    steps: int in 1..=50 = 1,
) -> HistoryResult {
    example "Undo once" {}
    example "Undo three changes" { steps: 3 }
}

/// Redo changes that `undo` reverted, up to `steps` at once. Returns what was
/// redone.
@extended @mutates @timeout(5s) @requires("document:write") @title("Redo")
tool redo(
    /// How many undone changes to redo.
    steps: int in 1..=50 = 1,
) -> HistoryResult {
    example { steps: 1 }
}

/// List the document's shared paint and text styles by name. Use it before
/// `apply_style` to find style keys. The catalogue is a map from style name
/// to style because the names are the document's own.
@extended @idempotent @timeout(5s) @requires("document:read") @title("Get styles")
tool get_styles() -> StyleCatalog;

/// Apply a shared paint or text style to nodes, by the key from
/// `get_styles`. Fails with `node_not_found` and `style_not_found` when the
/// key is unknown.
@extended @mutates @idempotent @timeout(5s) @requires("document:write") @title("Apply style")
tool apply_style(
    /// Nodes to style.
    ids: NodeIds,
    /// Key of the paint or text style, from get_styles.
    style_key: string len 1..=200,
) -> [NodeSummary] {
    error node_not_found "No node has one of these ids." help "Call find_nodes to look the ids up.";
    error style_not_found "No style has this key." help "Call get_styles to list the keys.";
    example "Brand colour" { ids: ["1:2"], style_key: "S:ab12cd" }
}

/// Set colour variables (design tokens) in a collection, creating the ones
/// that do not exist. This tool takes a map from variable name to colour on
/// purpose, because variable names are the document's own; the map keeps it
/// out of OpenAI strict mode. Fails with `collection_not_found`.
@extended @mutates @idempotent @timeout(10s) @requires("document:write")
@title("Set color variables") @allow(not_strict, gemini_json_schema)
tool set_color_variables(
    /// Name of the variable collection, such as `Brand`.
    collection: string len 1..=120,
    /// Variable name to colour, such as `{"color/primary": "#0A84FF"}`.
    @allow(map_param)
    values: map<string, Color> keys matches "^[a-z][a-z0-9/_-]*$" len 1..=100,
) -> int in 0.. {
    error collection_not_found "No variable collection has this name." help "Check the name in the Variables panel.";
    example "Brand colours" {
        collection: "Brand",
        values: { "color/primary": "#0A84FF", "color/danger": "#FF3B30" },
    }
}

/// Store a plugin's own data on a node under a key, replacing what was
/// there. The value is any JSON on purpose, since each plugin defines its
/// own format; that keeps this tool out of OpenAI strict mode. Returns the
/// node. Fails with `node_not_found` and `value_too_large` over 100 kB.
@extended @mutates @idempotent @timeout(5s) @requires("document:write", "plugin:data")
@title("Set plugin data") @name(openai, "set_plugin_data_v2") @allow(not_strict, gemini_json_schema)
tool set_plugin_data(
    /// The node to store the data on.
    id: NodeId,
    /// The data's key, unique within the plugin.
    key: string len 1..=64 matches "^[a-z][a-z0-9_.]*$",
    /// Any JSON value; null removes the key.
    @allow(json_param)
    value: json,
) -> NodeSummary {
    error node_not_found "No node has this id." help "Call find_nodes to look the id up.";
    error value_too_large "The value is larger than 100 kB once serialised." help "Store less, or split it across keys.";
    example "Record a review state" {
        id: "1:2",
        key: "review.state",
        value: { status: "approved", by: ["ana", "li"] },
    }
}

/// Invite someone to the document by email, or change their role if they
/// already have access. They receive an email at once, so this reaches
/// outside the document. Fails with `invalid_recipient` when the address
/// cannot receive invitations, and `rate_limited` past 20 invitations an
/// hour (wait, then retry).
@extended @mutates @idempotent @open_world @risk(medium) @timeout(10s) @rate_limit(20/h)
@requires("document:share") @title("Share document")
tool share_document(
    /// Address of the person to invite.
    @example("ana@example.com")
    email: string format email,
    /// Access to grant.
    role: ShareRole = viewer,
    /// A short note included in the invitation.
    message?: string len ..=500,
) -> ShareResult {
    error invalid_recipient "The address cannot receive invitations." help "Check the address with the user.";
    error rate_limited "Too many invitations this hour." help "Wait, then retry." retryable;
    example "Invite a reviewer" { email: "ana@example.com" }
    example "Make an editor" {
        email: "li@example.com",
        role: editor,
        message: "Can you fix the spacing?",
    }
}
