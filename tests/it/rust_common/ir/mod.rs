//! Builds IR by hand, so the Rust target can be tested without going through
//! the parser (and on shapes the parser would reject, such as deep nesting).

mod fixture;
mod keywords;

pub use fixture::fixture;
pub use keywords::keywords;

use indexmap::IndexMap;
use serde_json::{Value, json};
use toolc::internal::ir::*;

pub fn ty(kind: TyKind) -> Ty {
    Ty {
        kind,
        nullable: false,
        constraints: Constraints::default(),
        span: Default::default(),
    }
}

pub fn nullable(mut t: Ty) -> Ty {
    t.nullable = true;
    t
}

pub fn with(mut t: Ty, f: impl FnOnce(&mut Constraints)) -> Ty {
    f(&mut t.constraints);
    t
}

pub fn named(package: &str, name: &str) -> Ty {
    ty(TyKind::Named {
        key: TypeKey::new(package, name),
    })
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

pub fn literals(values: &[Value]) -> Ty {
    ty(TyKind::Literals {
        values: values.iter().map(lit).collect(),
    })
}

pub fn lit(v: &Value) -> Literal {
    Literal::new(v.clone(), Default::default())
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

pub fn pattern(source: &str) -> Option<Pattern> {
    Some(Pattern {
        source: source.into(),
        span: Default::default(),
    })
}

pub fn field(name: &str, t: Ty) -> Field {
    Field {
        name: name.into(),
        doc: Some(format!("The {name}.")),
        ty: t,
        optional: false,
        default: None,
        title: None,
        deprecated: None,
        examples: Vec::new(),
        secret: false,
        extra: IndexMap::new(),
        allow: Vec::new(),
        span: Default::default(),
        name_span: Default::default(),
    }
}

pub fn optional(mut f: Field) -> Field {
    f.optional = true;
    f
}

pub fn default(mut f: Field, v: Value) -> Field {
    f.default = Some(lit(&v));
    f
}

pub fn fields(list: Vec<Field>) -> IndexMap<String, Field> {
    list.into_iter().map(|f| (f.name.clone(), f)).collect()
}

pub fn tool(name: &str, params: Vec<Field>, output: Option<Ty>) -> Tool {
    Tool {
        name: name.into(),
        title: None,
        doc: Some(format!("Runs {name}.")),
        params: fields(params),
        output,
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
        span: Default::default(),
        name_span: Default::default(),
    }
}

pub fn typedef(
    package: &str,
    name: &str,
    kind: TypeDefKind,
    recursive: bool,
) -> (TypeKey, TypeDef) {
    (
        TypeKey::new(package, name),
        TypeDef {
            name: name.into(),
            package: package.into(),
            doc: Some(format!("A {name}.")),
            kind,
            recursive,
            open: false,
            deprecated: None,
            allow: Vec::new(),
            span: Default::default(),
            name_span: Default::default(),
        },
    )
}
