//! A toolbox: the tools one agent can reach, from one or more packages,
//! each package with its handlers or a factory that makes them for each
//! session on its first call.

use std::sync::Arc;

use serde_json::Value;

use crate::{ToolDescriptor, Toolset};

/// What a handler factory is told about the session it makes handlers
/// for.
#[derive(Debug, Clone, Copy)]
pub struct SessionInfo<'a> {
    /// The session's id.
    pub id: &'a str,
    /// Its principal, when it has one.
    pub principal: Option<&'a str>,
    /// Its context object (`null` when none was given).
    pub context: &'a Value,
}

pub(crate) type Factory = Arc<dyn Fn(&SessionInfo<'_>) -> Box<dyn Toolset> + Send + Sync>;

/// A package's handlers: one toolset for every session, or a factory.
#[derive(Clone)]
pub(crate) enum Handlers {
    Shared(Arc<dyn Toolset>),
    Factory(Factory),
}

/// Several packages' tools under one namespace. A name (or an alias) that
/// two packages both give is an error when the second is added, unless it
/// is added as an override, which replaces the earlier tools of that name.
#[derive(Clone, Default)]
pub struct Toolbox {
    packages: Vec<Handlers>,
    /// Each package's name (its tools' `package`; empty when it has none).
    names: Vec<&'static str>,
    /// Every tool, in the order added, with its package's index.
    tools: Vec<(usize, &'static ToolDescriptor)>,
}

/// A tool name two packages of a toolbox both give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DuplicateTool {
    /// The name.
    pub name: String,
}

impl std::fmt::Display for DuplicateTool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = serde_json::Value::from(self.name.as_str());
        write!(
            f,
            "two packages of the toolbox have a tool named {name}; add the later one as an override to replace the earlier"
        )
    }
}

impl std::error::Error for DuplicateTool {}

impl Toolbox {
    /// An empty toolbox.
    pub fn new() -> Self {
        Toolbox::default()
    }

    /// Adds a package's toolset, shared by every session.
    pub fn with(self, toolset: impl Toolset + 'static) -> Result<Self, DuplicateTool> {
        let tools = toolset.tools();
        self.put(tools, Handlers::Shared(Arc::new(toolset)), false)
    }

    /// Adds a package's toolset, its tools replacing any earlier ones of
    /// the same name (user tools over system tools, say).
    pub fn with_override(self, toolset: impl Toolset + 'static) -> Self {
        let tools = toolset.tools();
        self.put_override(tools, Handlers::Shared(Arc::new(toolset)))
    }

    /// Adds a package of `tools` (its generated `TOOLS`) whose toolset
    /// `factory` makes for each session, on the session's first call to one
    /// of them (a handler holding the session's principal or context).
    pub fn with_factory<T, F>(
        self,
        tools: &'static [ToolDescriptor],
        factory: F,
    ) -> Result<Self, DuplicateTool>
    where
        T: Toolset + 'static,
        F: Fn(&SessionInfo<'_>) -> T + Send + Sync + 'static,
    {
        self.put(tools, factory_of(factory), false)
    }

    /// [`Toolbox::with_factory`], as an override.
    pub fn with_factory_override<T, F>(self, tools: &'static [ToolDescriptor], factory: F) -> Self
    where
        T: Toolset + 'static,
        F: Fn(&SessionInfo<'_>) -> T + Send + Sync + 'static,
    {
        self.put_override(tools, factory_of(factory))
    }

    /// The names of its packages that have one (their `.tool` files'
    /// `package`), in the order added: what the executor's rate-limit keys
    /// are namespaced by unless told otherwise.
    pub fn package_names(&self) -> Vec<&'static str> {
        self.names
            .iter()
            .copied()
            .filter(|n| !n.is_empty())
            .collect()
    }

    /// Every tool, in the order added.
    pub fn tools(&self) -> impl Iterator<Item = &'static ToolDescriptor> + '_ {
        self.tools.iter().map(|(_, t)| *t)
    }

    /// Adds a package; an earlier tool sharing a name with one of its
    /// tools is an error unless `replace`, when it goes (the new tool takes
    /// the place of the first it replaces).
    fn put(
        mut self,
        tools: &'static [ToolDescriptor],
        handlers: Handlers,
        replace: bool,
    ) -> Result<Self, DuplicateTool> {
        let shared = |a: &ToolDescriptor, b: &ToolDescriptor| {
            a.names.iter().find(|n| b.names.contains(n)).copied()
        };
        if !replace {
            for tool in tools {
                if let Some(name) = self.tools().find_map(|t| shared(t, tool)) {
                    return Err(DuplicateTool {
                        name: name.to_string(),
                    });
                }
            }
        }
        let package = self.packages.len();
        for tool in tools {
            let clash = |(p, t): &(usize, &'static ToolDescriptor)| {
                *p != package && shared(t, tool).is_some()
            };
            match self.tools.iter().position(clash) {
                Some(at) => {
                    self.tools[at] = (package, tool);
                    let mut i = at + 1;
                    while i < self.tools.len() {
                        if clash(&self.tools[i]) {
                            self.tools.remove(i);
                        } else {
                            i += 1;
                        }
                    }
                }
                None => self.tools.push((package, tool)),
            }
        }
        self.packages.push(handlers);
        self.names.push(tools.first().map_or("", |t| t.package));
        Ok(self)
    }

    /// [`Toolbox::put`] of an override, which cannot fail.
    fn put_override(self, tools: &'static [ToolDescriptor], handlers: Handlers) -> Self {
        match self.put(tools, handlers, true) {
            Ok(toolbox) => toolbox,
            Err(_) => unreachable!("an override replaces, it never clashes"),
        }
    }

    /// The descriptors, by index.
    pub(crate) fn descriptors(&self) -> Vec<&'static ToolDescriptor> {
        self.tools().collect()
    }

    /// The package of the tool at `index`.
    pub(crate) fn package_of(&self, index: usize) -> Option<usize> {
        self.tools.get(index).map(|(p, _)| *p)
    }

    pub(crate) fn handlers(&self, package: usize) -> Option<&Handlers> {
        self.packages.get(package)
    }

    pub(crate) fn packages(&self) -> usize {
        self.packages.len()
    }
}

fn factory_of<T, F>(factory: F) -> Handlers
where
    T: Toolset + 'static,
    F: Fn(&SessionInfo<'_>) -> T + Send + Sync + 'static,
{
    Handlers::Factory(Arc::new(move |info| Box::new(factory(info))))
}

impl<T: Toolset + 'static> From<T> for Toolbox {
    /// A toolbox of one package.
    fn from(toolset: T) -> Self {
        Toolbox::new().with_override(toolset)
    }
}
