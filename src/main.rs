//! The `toolc` command line.

mod cli;
mod lsp;

// Many small short-lived allocations (JSON values, strings) dominate toolc's
// work; mimalloc serves them more cheaply than the system allocator.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    cli::run()
}
