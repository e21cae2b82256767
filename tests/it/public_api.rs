//! The library's public API is what a build script needs: `Config` and what
//! it takes and gives back. Everything else is internal, reached by the
//! binary, the tests and the benches through the hidden `toolc::internal`.
//! This test reads `src/lib.rs` and fails when its public items are not
//! exactly those, so the API does not grow by accident.

use std::collections::BTreeSet;
use std::path::Path;

use syn::{Item, UseTree, Visibility};

/// The public items of `src/lib.rs`, besides the hidden module.
const PUBLIC: &[&str] = &[
    "AnthropicExamples",
    "BuildReport",
    "Config",
    "Error",
    "OpenAiApi",
    "Target",
    "Thresholds",
    "TsRuntime",
];

/// The one hidden module, for the crate's own binary, tests and benches.
const HIDDEN: &str = "internal";

#[test]
fn the_public_api_is_the_build_script_api() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs");
    let text = std::fs::read_to_string(&path).expect("read src/lib.rs");
    let (public, hidden) = public_items(&text);
    let expected: BTreeSet<String> = PUBLIC.iter().map(|s| s.to_string()).collect();
    assert_eq!(
        public, expected,
        "src/lib.rs makes public other items than the build-script API.\n\
         What the binary, tests or benches need goes in `toolc::internal` \
         (a module there re-exports the crate's module of the same name); an \
         item build scripts need may be made public, with PUBLIC in \
         tests/it/public_api.rs and the README's build-script section updated \
         to say so."
    );
    assert_eq!(
        hidden,
        [HIDDEN],
        "src/lib.rs must have one public module, `{HIDDEN}`, marked #[doc(hidden)]"
    );
}

#[test]
fn a_public_module_or_reexport_is_found() {
    let text = "mod private;\npub(crate) mod shared;\npub mod leaked;\n\
                pub use a::{B, c::D as E};\npub fn f() {}\n\
                #[doc(hidden)]\npub mod internal {}\n#[macro_export]\nmacro_rules! m { () => {} }\n";
    let (public, hidden) = public_items(text);
    assert_eq!(
        public.into_iter().collect::<Vec<_>>(),
        ["B", "E", "f", "leaked", "m"]
    );
    assert_eq!(hidden, ["internal"]);
}

/// The names `text` makes public, and apart from them the public modules
/// marked `#[doc(hidden)]`.
fn public_items(text: &str) -> (BTreeSet<String>, Vec<String>) {
    let file = syn::parse_file(text).expect("src/lib.rs parses");
    let mut public = BTreeSet::new();
    let mut hidden = Vec::new();
    for item in &file.items {
        match item {
            Item::Mod(m) if is_public(&m.vis) && is_doc_hidden(&m.attrs) => {
                hidden.push(m.ident.to_string());
            }
            Item::Use(u) if is_public(&u.vis) => use_names(&u.tree, &mut public),
            Item::Macro(m) if m.attrs.iter().any(|a| a.path().is_ident("macro_export")) => {
                public.extend(m.ident.as_ref().map(|i| i.to_string()));
            }
            _ => public.extend(public_name(item)),
        }
    }
    (public, hidden)
}

fn public_name(item: &Item) -> Option<String> {
    let (vis, ident) = match item {
        Item::Const(i) => (&i.vis, &i.ident),
        Item::Enum(i) => (&i.vis, &i.ident),
        Item::ExternCrate(i) => (&i.vis, &i.ident),
        Item::Fn(i) => (&i.vis, &i.sig.ident),
        Item::Mod(i) => (&i.vis, &i.ident),
        Item::Static(i) => (&i.vis, &i.ident),
        Item::Struct(i) => (&i.vis, &i.ident),
        Item::Trait(i) => (&i.vis, &i.ident),
        Item::TraitAlias(i) => (&i.vis, &i.ident),
        Item::Type(i) => (&i.vis, &i.ident),
        Item::Union(i) => (&i.vis, &i.ident),
        _ => return None,
    };
    is_public(vis).then(|| ident.to_string())
}

fn use_names(tree: &UseTree, out: &mut BTreeSet<String>) {
    match tree {
        UseTree::Path(p) => use_names(&p.tree, out),
        UseTree::Name(n) => {
            out.insert(n.ident.to_string());
        }
        UseTree::Rename(r) => {
            out.insert(r.rename.to_string());
        }
        UseTree::Glob(_) => {
            out.insert("*".to_string());
        }
        UseTree::Group(g) => g.items.iter().for_each(|t| use_names(t, out)),
    }
}

fn is_public(vis: &Visibility) -> bool {
    matches!(vis, Visibility::Public(_))
}

fn is_doc_hidden(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("doc") && a.parse_args::<syn::Ident>().is_ok_and(|i| i == "hidden")
    })
}
