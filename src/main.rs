//! The `toolc` command line.

mod cli;

// Many small short-lived allocations (JSON values, strings) dominate toolc's
// work; mimalloc serves them with far fewer instructions than glibc malloc.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay`. libmimalloc-sys does not name it, but
/// its value is fixed: mimalloc keeps retired options in the enum so that
/// the numbers of the others never change (15 in both its v2 and v3 headers).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

fn main() -> std::process::ExitCode {
    // By default mimalloc hands freed memory back to the kernel 10 ms after
    // it is freed, and the next allocation faults it in again, zeroed. A
    // command lives for a fraction of a second and frees and reuses memory
    // throughout (one package's output text after another), so purging only
    // costs: a 20,000-tool build took 228,000 page faults with it and 88,000
    // without, and a 2,000-tool build writing to disk about 7% more wall
    // time. -1 turns purging off; all memory returns to the system when the
    // process exits.
    //
    // SAFETY: setting an option is a plain store in mimalloc's option table,
    // valid at any time and from any thread.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) };
    cli::run()
}
