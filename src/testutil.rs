//! Small builders for hand-made IR values in unit tests.

use indexmap::IndexMap;
use serde_json::Value;

use crate::ir::*;
use crate::source::Span;

pub fn sp() -> Span {
    Span::default()
}

pub fn ty(kind: TyKind) -> Ty {
    Ty {
        kind,
        nullable: false,
        constraints: Constraints::default(),
        span: sp(),
    }
}

pub fn with(mut t: Ty, f: impl FnOnce(&mut Constraints)) -> Ty {
    f(&mut t.constraints);
    t
}

pub fn nullable(mut t: Ty) -> Ty {
    t.nullable = true;
    t
}

pub fn array(items: Ty) -> Ty {
    ty(TyKind::Array {
        items: Box::new(items),
    })
}

pub fn map(values: Ty) -> Ty {
    ty(TyKind::Map {
        values: Box::new(values),
    })
}

pub fn named(key: &str) -> Ty {
    ty(TyKind::Named {
        key: TypeKey(key.into()),
    })
}

pub fn lit(v: Value) -> Literal {
    Literal::new(v, sp())
}

pub fn literals(vs: Vec<Value>) -> Ty {
    ty(TyKind::Literals {
        values: vs.into_iter().map(lit).collect(),
    })
}

pub fn bound(v: Value, exclusive: bool) -> Option<Bound> {
    match v {
        Value::Number(n) => Some(Bound {
            value: n,
            exclusive,
        }),
        _ => None,
    }
}

pub fn pat(s: &str) -> Option<Pattern> {
    Some(Pattern {
        source: s.into(),
        span: sp(),
    })
}

pub fn field(name: &str, t: Ty) -> Field {
    Field {
        name: name.into(),
        doc: Some(format!("The {name} value to use.")),
        ty: t,
        optional: false,
        default: None,
        title: None,
        deprecated: None,
        examples: Vec::new(),
        secret: false,
        extra: IndexMap::new(),
        allow: Vec::new(),
        span: sp(),
        name_span: sp(),
    }
}

pub fn optional(mut f: Field) -> Field {
    f.optional = true;
    f
}

pub fn fields(fs: Vec<Field>) -> IndexMap<String, Field> {
    fs.into_iter().map(|f| (f.name.clone(), f)).collect()
}

pub fn tool(name: &str, params: Vec<Field>) -> Tool {
    Tool {
        name: name.into(),
        title: None,
        doc: Some(format!(
            "Run {name} over the current document and report what changed."
        )),
        params: fields(params),
        output: None,
        tier: Tier::Core,
        mutates: false,
        risk: Risk::Low,
        idempotent: false,
        open_world: false,
        destructive: false,
        confirm: false,
        open: false,
        timeout_ms: None,
        rate_limit: None,
        task_support: None,
        permissions: Vec::new(),
        deprecated: None,
        errors: IndexMap::new(),
        examples: Vec::new(),
        meta: IndexMap::new(),
        target_names: IndexMap::new(),
        allow: Vec::new(),
        span: sp(),
        name_span: sp(),
    }
}

pub fn typedef(name: &str, kind: TypeDefKind) -> TypeDef {
    TypeDef {
        name: name.into(),
        package: "p".into(),
        doc: Some(format!("The {name} type.")),
        kind,
        recursive: false,
        open: false,
        deprecated: None,
        allow: Vec::new(),
        span: sp(),
        name_span: sp(),
    }
}

/// A program with package `p` holding `tools` and `types` (keyed `p.Name`).
pub fn program(tools: Vec<Tool>, types: Vec<TypeDef>) -> Program {
    let keys: Vec<TypeKey> = types.iter().map(|t| TypeKey::new("p", &t.name)).collect();
    let package = Package {
        name: "p".into(),
        doc: None,
        path: "p.tool".into(),
        tools: tools.into_iter().map(|t| (t.name.clone(), t)).collect(),
        types: keys.clone(),
        span: sp(),
    };
    Program {
        format_version: IR_FORMAT_VERSION,
        packages: [("p".to_string(), package)].into_iter().collect(),
        imported: Default::default(),
        types: keys.into_iter().zip(types).collect(),
    }
}
