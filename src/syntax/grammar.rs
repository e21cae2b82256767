//! The pest parser generated from `grammar/tool.pest`.

#![allow(missing_docs)]

use pest_derive::Parser;

#[derive(Parser)]
#[grammar = "../grammar/tool.pest"]
pub struct ToolParser;
