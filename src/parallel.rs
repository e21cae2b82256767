//! Independent pieces of work (files to parse, packages to generate, files to
//! write) spread over the machine's cores.
//!
//! Results always come back in input order, so everything downstream (output
//! bytes, diagnostic order) is the same as a sequential run. Work is handed
//! out one item at a time from a shared counter, so a thread that drew small
//! items keeps going while another is busy with a large one.
//!
//! The threads are scoped threads spawned for each map, as many as the
//! cores the process may use: a pool kept between maps measured no faster
//! (benches/README.md, "One thread backend").

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// `f` applied to every item, on up to one thread per core.
///
/// Fewer than `min_per_thread` items per thread is not worth a thread: with
/// few items the work runs on the calling thread alone. A panic in `f` is
/// resumed on the calling thread.
pub fn map<T, R, F>(items: &[T], min_per_thread: usize, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    map_with(items, min_per_thread, || (), |(), item| f(item))
}

/// [`map`] where each thread first builds its own working state with
/// `init` (a scratch copy of something `f` needs to own) and `f` gets it
/// with every item.
pub fn map_with<T, S, R, I, F>(items: &[T], min_per_thread: usize, init: I, f: F) -> Vec<R>
where
    T: Sync,
    R: Send,
    I: Fn() -> S + Sync,
    F: Fn(&mut S, &T) -> R + Sync,
{
    let sequential = || {
        let mut state = init();
        items.iter().map(|item| f(&mut state, item)).collect()
    };
    // Decided before asking for the thread count: a small build never
    // starts a thread.
    let wanted = items.len().div_ceil(min_per_thread.max(1));
    if wanted <= 1 {
        return sequential();
    }
    let threads = workers::count().min(wanted);
    if threads <= 1 {
        return sequential();
    }
    let next = AtomicUsize::new(0);
    let results = Mutex::new(Vec::with_capacity(items.len()));
    workers::run(threads, || {
        let mut state = init();
        let mut done = Vec::new();
        loop {
            let i = next.fetch_add(1, Ordering::Relaxed);
            let Some(item) = items.get(i) else { break };
            done.push((i, f(&mut state, item)));
        }
        // The lock is held only to append finished results, which cannot
        // stop halfway: even a lock poisoned by a panic elsewhere holds
        // whole data.
        results
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .extend(done);
    });
    let mut results = results
        .into_inner()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    results.sort_unstable_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// [`map`], except that the items `heavy` picks run after the others, one
/// at a time on the calling thread: each holds so much memory while it runs
/// that two at once, or one freed on another thread's allocator, would raise
/// the peak more than their cores would save time. Results still come back
/// in input order.
pub fn map_heavy_alone<T, R, F>(
    items: &[T],
    min_per_thread: usize,
    heavy: impl Fn(&T) -> bool,
    f: F,
) -> Vec<R>
where
    T: Sync,
    R: Send,
    F: Fn(&T) -> R + Sync,
{
    let light: Vec<&T> = items.iter().filter(|item| !heavy(item)).collect();
    let mut light = map(&light, min_per_thread, |item| f(item)).into_iter();
    let mut heavy_done = items.iter().filter(|item| heavy(item)).map(&f);
    // Both halves are in input order, so taking from whichever half each
    // item belongs to restores it.
    items
        .iter()
        .filter_map(|item| match heavy(item) {
            true => heavy_done.next(),
            false => light.next(),
        })
        .collect()
}

/// Scoped threads, spawned for each map.
mod workers {
    /// The cores this process may use, asked once: `available_parallelism`
    /// reads the cgroup's CPU quota from three files on every call.
    pub fn count() -> usize {
        static CORES: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
        *CORES.get_or_init(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
    }

    /// Runs `work` on `threads` threads at once (the caller's turn included)
    /// and returns when all are done; a panic in one is resumed here.
    pub fn run(threads: usize, work: impl Fn() + Sync) {
        std::thread::scope(|scope| {
            let helpers: Vec<_> = (1..threads).map(|_| scope.spawn(&work)).collect();
            work();
            for helper in helpers {
                if let Err(panic) = helper.join() {
                    std::panic::resume_unwind(panic);
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::{map, map_heavy_alone, map_with};

    #[test]
    fn keeps_input_order_whatever_the_thread_count() {
        let items: Vec<u64> = (0..1000).collect();
        for min in [1, 7, 2000] {
            let out = map(&items, min, |x| x * x);
            assert_eq!(out, items.iter().map(|x| x * x).collect::<Vec<_>>());
        }
    }

    #[test]
    fn each_thread_keeps_its_own_state() {
        use std::collections::BTreeMap;
        use std::sync::atomic::{AtomicUsize, Ordering};

        let items: Vec<u32> = (0..500).collect();
        let states_made = AtomicUsize::new(0);
        // Each state is (its own id, items it has seen so far); every result
        // says which state handled the item and what its count was then.
        let seen = map_with(
            &items,
            1,
            || (states_made.fetch_add(1, Ordering::Relaxed), 0usize),
            |(id, count), &item| {
                *count += 1;
                (*id, *count, item)
            },
        );
        let handled: Vec<u32> = seen.iter().map(|&(_, _, item)| item).collect();
        assert_eq!(handled, items, "every item once, in input order");
        let mut counts_by_state: BTreeMap<usize, Vec<usize>> = BTreeMap::new();
        for &(id, count, _) in &seen {
            counts_by_state.entry(id).or_default().push(count);
        }
        // A thread draws rising indices, so in input order a state nobody
        // shares counts 1, 2, 3, ... with no gap or repeat.
        for counts in counts_by_state.values() {
            assert_eq!(*counts, (1..=counts.len()).collect::<Vec<_>>());
        }
        let made = states_made.load(Ordering::Relaxed);
        assert!(made <= super::workers::count().max(1));
        assert!(counts_by_state.len() <= made);
    }

    #[test]
    fn heavy_items_run_alone_on_the_calling_thread_in_input_order() {
        use std::sync::atomic::{AtomicUsize, Ordering};

        let caller = std::thread::current().id();
        let items: Vec<u32> = (0..400).collect();
        let heavy = |x: &u32| x % 50 == 7;
        let heavy_running = AtomicUsize::new(0);
        let out = map_heavy_alone(&items, 1, heavy, |&x| {
            if heavy(&x) {
                assert_eq!(std::thread::current().id(), caller);
                assert_eq!(
                    heavy_running.fetch_add(1, Ordering::SeqCst),
                    0,
                    "two heavy at once"
                );
                std::thread::yield_now();
                heavy_running.fetch_sub(1, Ordering::SeqCst);
            }
            x * 3
        });
        assert_eq!(out, items.iter().map(|x| x * 3).collect::<Vec<_>>());
    }

    #[test]
    fn empty_input_gives_empty_output() {
        let out: Vec<u8> = map(&[] as &[u8], 1, |x| *x);
        assert!(out.is_empty());
    }

    #[test]
    #[should_panic(expected = "item 3")]
    fn a_panic_reaches_the_caller() {
        let items: Vec<u32> = (0..8).collect();
        map(&items, 1, |&x| {
            if x == 3 {
                panic!("item 3");
            }
            x
        });
    }
}
