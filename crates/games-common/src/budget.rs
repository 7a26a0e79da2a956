//! Search budgets and cancellation, shared by every AI.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use serde::{Deserialize, Serialize};

/// How much a search may do before it must answer with its best move so far.
///
/// `None` means no limit of that kind. With both limits `None` a search runs
/// until it is complete or cancelled. Node limits are deterministic (same
/// position, same seed, same answer); time limits depend on the machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Budget {
    /// Most nodes (positions visited, or playouts, as each AI documents).
    pub max_nodes: Option<u64>,
    /// Most wall-clock time.
    pub max_time: Option<Duration>,
}

impl Budget {
    /// No limit at all.
    pub const UNLIMITED: Budget = Budget {
        max_nodes: None,
        max_time: None,
    };

    /// A node limit only.
    #[must_use]
    pub const fn nodes(max_nodes: u64) -> Budget {
        Budget {
            max_nodes: Some(max_nodes),
            max_time: None,
        }
    }

    /// A time limit only.
    #[must_use]
    pub const fn time(max_time: Duration) -> Budget {
        Budget {
            max_nodes: None,
            max_time: Some(max_time),
        }
    }

    /// Both limits; the first one reached stops the search.
    #[must_use]
    pub const fn nodes_and_time(max_nodes: u64, max_time: Duration) -> Budget {
        Budget {
            max_nodes: Some(max_nodes),
            max_time: Some(max_time),
        }
    }
}

/// A flag another thread sets to stop a running search.
///
/// Clones share the flag. A search checks it regularly and answers with
/// its best move so far once it is set.
#[derive(Clone, Debug, Default)]
pub struct CancelFlag(Arc<AtomicBool>);

impl CancelFlag {
    /// A flag that is not set.
    #[must_use]
    pub fn new() -> CancelFlag {
        CancelFlag::default()
    }

    /// Ask every search watching this flag to stop.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Clear the flag so it can be used for another search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether [`CancelFlag::cancel`] was called since the last reset.
    #[must_use]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum StopReason {
    /// The search finished: its answer does not depend on the budget.
    Completed,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The cancel flag was set.
    Cancelled,
}

/// What a search did: reported with every AI answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchStats {
    /// Nodes visited.
    pub nodes: u64,
    /// Wall-clock time spent.
    pub elapsed: Duration,
    /// Why the search stopped.
    pub stop: StopReason,
}

/// The running side of a [`Budget`]: counts nodes, watches the clock and the
/// cancel flag. A search calls [`SearchControl::tick`] once per node.
#[derive(Debug)]
pub struct SearchControl<'a> {
    budget: Budget,
    cancel: &'a CancelFlag,
    start: Instant,
    nodes: u64,
    stop: Option<StopReason>,
}

/// How many ticks pass between two looks at the clock.
const CLOCK_EVERY: u64 = 256;

impl<'a> SearchControl<'a> {
    /// Start the clock for a search under `budget`, watching `cancel`.
    #[must_use]
    pub fn new(budget: Budget, cancel: &'a CancelFlag) -> SearchControl<'a> {
        SearchControl {
            budget,
            cancel,
            start: Instant::now(),
            nodes: 0,
            stop: None,
        }
    }

    /// Count one node. Returns `false` once the search must stop (and keeps
    /// returning `false` from then on); the node is then not counted.
    pub fn tick(&mut self) -> bool {
        if self.stop.is_some() {
            return false;
        }
        if let Some(max) = self.budget.max_nodes {
            if self.nodes >= max {
                self.stop = Some(StopReason::NodeLimit);
                return false;
            }
        }
        if self.nodes % CLOCK_EVERY == 0 && !self.check_clock_and_flag() {
            return false;
        }
        self.nodes += 1;
        true
    }

    /// Look at the cancel flag and the clock now (not only every few
    /// nodes). Returns `false` when the search must stop.
    pub fn check_clock_and_flag(&mut self) -> bool {
        if self.stop.is_some() {
            return false;
        }
        if self.cancel.is_cancelled() {
            self.stop = Some(StopReason::Cancelled);
            return false;
        }
        if let Some(max) = self.budget.max_time {
            if self.start.elapsed() >= max {
                self.stop = Some(StopReason::TimeLimit);
                return false;
            }
        }
        true
    }

    /// Whether the search has been told to stop.
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stop.is_some()
    }

    /// Nodes counted so far.
    #[must_use]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The statistics of the search so far; [`StopReason::Completed`] when it
    /// was never told to stop.
    #[must_use]
    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            elapsed: self.start.elapsed(),
            stop: self.stop.unwrap_or(StopReason::Completed),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn node_limit_stops_after_exactly_that_many_ticks() {
        let cancel = CancelFlag::new();
        let mut c = SearchControl::new(Budget::nodes(1000), &cancel);
        let mut n = 0;
        while c.tick() {
            n += 1;
        }
        assert_eq!(n, 1000);
        assert_eq!(c.stats().stop, StopReason::NodeLimit);
        assert!(!c.tick(), "stays stopped");
    }

    #[test]
    fn cancel_flag_is_seen_and_shared_between_clones() {
        let cancel = CancelFlag::new();
        let other = cancel.clone();
        let mut c = SearchControl::new(Budget::UNLIMITED, &cancel);
        assert!(c.tick());
        other.cancel();
        assert!(!c.check_clock_and_flag());
        assert_eq!(c.stats().stop, StopReason::Cancelled);
        cancel.reset();
        assert!(!other.is_cancelled());
    }

    #[test]
    fn zero_time_budget_stops_at_once() {
        let cancel = CancelFlag::new();
        let mut c = SearchControl::new(Budget::time(Duration::ZERO), &cancel);
        assert!(!c.tick());
        assert_eq!(c.stats().stop, StopReason::TimeLimit);
    }

    #[test]
    fn unlimited_search_reports_completed() {
        let cancel = CancelFlag::new();
        let mut c = SearchControl::new(Budget::UNLIMITED, &cancel);
        for _ in 0..5000 {
            assert!(c.tick());
        }
        assert_eq!(c.stats().stop, StopReason::Completed);
        assert_eq!(c.stats().nodes, 5000);
    }
}
