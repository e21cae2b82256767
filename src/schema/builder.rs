//! [`Lowering`]: the IR -> schema tree builder every JSON target shares.

use foldhash::{HashMap, HashMapExt, HashSet, HashSetExt};
use std::borrow::Cow;

use indexmap::IndexMap;

use super::SchemaOptions;
use super::node::{Node, Obj};
use crate::ir::{Field, Program, Tool, TypeDef, TypeKey};

/// Lowers IR types into schema trees, collecting the `$defs` they need.
pub struct Lowering<'p> {
    pub(super) program: &'p Program,
    pub(super) options: SchemaOptions,
    /// Definition name -> schema. A `Null` placeholder marks a definition
    /// being lowered, which is how recursion ends.
    pub(super) defs: Obj<'p>,
    /// Index of a named type in `program.types` -> its definition name.
    names: HashMap<usize, String>,
    taken: HashSet<String>,
    /// Named types (by index) being inlined right now: meeting one again
    /// means the IR did not mark a recursive type, and a reference ends the
    /// recursion.
    pub(super) inlining: Vec<usize>,
}

impl<'p> Lowering<'p> {
    pub fn new(program: &'p Program, options: SchemaOptions) -> Self {
        Lowering {
            program,
            options,
            defs: Obj::new(),
            names: HashMap::new(),
            taken: HashSet::new(),
            inlining: Vec::new(),
        }
    }

    /// Keeps `name` from being used for a named type's definition (the
    /// `json-schema` target reserves its `<Tool>Input` names this way).
    pub fn reserve(&mut self, name: &str) {
        self.taken.insert(name.to_string());
    }

    /// The object schema of a tool's parameters (closed unless the tool is
    /// `@open`), properties in source order. `$defs` are not attached; see [`Lowering::finish`].
    pub fn tool_input<'t>(&mut self, tool: &'t Tool) -> Node<'t>
    where
        'p: 't,
    {
        self.object(&tool.params, tool.open)
    }

    /// The schema of a tool's return type, or `None` when it returns nothing
    /// structured. A recursive struct at the root is inlined once (its inner
    /// uses refer to `$defs`).
    pub fn tool_output<'t>(&mut self, tool: &'t Tool) -> Option<Node<'t>>
    where
        'p: 't,
    {
        let ty = tool.output.as_ref()?;
        Some(self.root_ty(ty))
    }

    /// An object with one property per field: closed unless `open` (an
    /// `@open struct`, whose undeclared keys the dispatchers keep).
    pub fn object<'t>(&mut self, fields: &'t IndexMap<String, Field>, open: bool) -> Node<'t>
    where
        'p: 't,
    {
        let mut properties = Obj::with_capacity(fields.len());
        let mut required = Vec::new();
        for (name, field) in fields {
            properties.push(name.as_str(), self.field(field));
            if field.is_required() {
                required.push(Node::from(name.as_str()));
            }
        }
        let mut object = Obj::with_capacity(4);
        object.push("type", "object");
        if !properties.is_empty() {
            object.push("properties", properties);
        }
        if !required.is_empty() {
            object.push("required", required);
        }
        if !open {
            object.push("additionalProperties", false);
        }
        Node::Obj(object)
    }

    /// The definitions collected so far, in first-use order.
    pub fn take_defs(&mut self) -> Obj<'p> {
        std::mem::take(&mut self.defs)
    }

    /// Attaches the collected `$defs` to `root` (an object schema).
    pub fn finish<'t>(mut self, root: Node<'t>) -> Node<'t>
    where
        'p: 't,
    {
        attach_defs(root, self.take_defs())
    }

    /// The definition name of a named type: its own name unless another type
    /// or a reserved name already has it, then `<package>_<Name>`.
    pub(super) fn def_name(&mut self, index: usize, key: &TypeKey, def: &TypeDef) -> String {
        if let Some(name) = self.names.get(&index) {
            return name.clone();
        }
        let mut name = def.name.clone();
        if self.taken.contains(&name) {
            name = key.0.replace('.', "_");
            let mut n = 2;
            while self.taken.contains(&name) {
                name = format!("{}_{n}", key.0.replace('.', "_"));
                n += 1;
            }
        }
        self.taken.insert(name.clone());
        self.names.insert(index, name.clone());
        name
    }
}

/// Adds `$defs` to an object schema when there are any.
pub fn attach_defs<'t>(root: Node<'t>, defs: Obj<'t>) -> Node<'t> {
    match root {
        Node::Obj(mut map) if !defs.is_empty() => {
            map.insert(Cow::Borrowed("$defs"), defs);
            Node::Obj(map)
        }
        other => other,
    }
}
