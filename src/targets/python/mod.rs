//! The `python` target: one module per package, `<package>.py`, over the
//! `toolc-runtime` package (`toolc_runtime`, source in
//! `targets/python/runtime/`).
//!
//! A file without tools that packages use is a module of types of its
//! own, `<module>.py` (see `module.rs`), which the packages import by its
//! plain name (see `imports.rs`).
//!
//! The module holds pydantic v2 models for every named type and for each
//! tool's arguments (`<Tool>Input` as a model sends them, `<Tool>Args`
//! after validation, defaults applied) and output (`<Tool>Output`), the
//! type table and each tool's `ToolSpec` as Python literals (the same JSON
//! the TypeScript module carries, so the runtimes read one format), one
//! `define_tool` per tool, the `CORE_TOOLS` / `EXTENDED_TOOLS` /
//! `ALL_TOOLS` registries, a `Handlers` protocol with one async method per
//! tool, and `package`, `create_executor` and `validate_args`.
//!
//! The tables are the TypeScript module's JSON (see
//! `targets/descriptors.rs` and `targets/tool_spec.rs`, which both targets
//! use), printed as Python literals by `literal.rs`; a `ref` names the
//! module's own type, which is the TypeScript name too unless one of the
//! two languages had to escape it (a struct named `Exception` is
//! `Exception_` here).
//!
//! ```python
//! class Location(_Model): ...            # structs (and `<Name>Input` where
//! TemperatureUnit: TypeAlias = Literal[...]  # a default makes the shape a
//! Shape: TypeAlias = Annotated[Union[ShapeCircle, ShapeSquare],  # model
//!     Field(discriminator="kind")]       # sends differ), enums, tagged unions
//! class FindLocationInput(_Model): ...   # as a model sends them
//! class FindLocationArgs(_Model): ...    # defaults applied
//! FindLocationOutput: TypeAlias = list[Location]
//! TYPE_TABLE: Final[dict[str, TypeDef]] = {...}
//! FIND_LOCATION: Final[ToolDef] = define_tool(TYPE_TABLE, {...},
//!     args=FindLocationArgs, method="find_location")
//! CORE_TOOLS, EXTENDED_TOOLS, ALL_TOOLS: Final[tuple[ToolDef, ...]]
//! class Handlers(Protocol):
//!     async def find_location(self, args: FindLocationArgs,
//!                             ctx: HandlerContext) -> FindLocationOutput: ...
//! def package(handlers) -> Package; def create_executor(handlers, **options)
//! def validate_args(name, args) -> ValidationResult
//! ```
//!
//! Python names that are keywords, builtins, pydantic's model attributes
//! or the module's own names get a `_` suffix (`class_`, `list_`,
//! `json_`); a field whose attribute is not its JSON name takes it as a
//! validation and serialization alias, and either name fills it.
//!
//! The runtime's validator is authoritative: it checks the JSON first,
//! with the same verdicts as the other runtimes, and only then builds the
//! arguments' model. The models therefore accept every value the
//! validator accepts and carry only the constraints pydantic decides the
//! same way (see `types`). The module is clean under `mypy --strict` and
//! pyright's strict mode, on Python 3.10 and later.

mod imports;
pub(crate) mod literal;
mod models;
mod module;
pub(crate) mod names;
mod order;
mod render;
mod reserved;
pub mod stub;
mod types;
pub(crate) mod view;

use super::{GenContext, Generator, OutputFile, Target, templates};
use crate::diagnostics::Diagnostics;
use crate::ir::Package;

pub struct Python;

impl Generator for Python {
    fn target(&self) -> Target {
        Target::Python
    }

    fn generate<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let (context, size) = view::build(cx.program, package).into_context();
        let rendered = render::environment(cx.options.template_dir.as_deref())
            .and_then(|env| render::render(&env, "package.py", context, size))
            .map(|contents| {
                let name = format!("{}.py", package.name);
                vec![OutputFile { name, contents }]
            });
        templates::rendered(Target::Python, "package", package, rendered)
    }

    /// `<module>.py`: the models of a file without tools and their entries
    /// of the type table, which the packages import.
    fn generate_module<'p>(
        &self,
        cx: &GenContext<'p>,
        package: &'p Package,
    ) -> (Vec<OutputFile>, Diagnostics) {
        let (context, size) = module::build(cx.program, package).into_context();
        let rendered = render::environment(cx.options.template_dir.as_deref())
            .and_then(|env| render::render(&env, "module.py", context, size))
            .map(|contents| {
                let name = format!("{}.py", package.name);
                vec![OutputFile { name, contents }]
            });
        templates::rendered(Target::Python, "module", package, rendered)
    }
}
