//! The helpers of the exact search's pruning rules, one file per concept. The rules themselves,
//! and the proof that they lose no optimal plan, are in [`super::search`]; this module holds what
//! decides them.
//!
//! # Notation
//!
//! As in [`super::search`]: `R` is the set of positions the avatar can stand on, `CG` the goal's
//! component; `band(p)` the line of push `p` and the two next to it. Every edge a push changes
//! has both ends in its band, and only the fields of its line move. A position *enters* a line if
//! it lies on it, or next to it with a connection pointing at it
//! ([`Flags`](super::walks::Flags)). A push is *idle* (R-idle) when its band misses `R`; `R_q`,
//! `C_q` are the avatar's set and the goal's component after a push `q` alone.
//!
//! # The rules and what decides them
//!
//! - Rules 1-3, the last push ([`last_push`]: [`LastPush`]): no reverse after an idle push (1); after
//!   an idle push, no push of the same orientation on another line (2); the last push on a line
//!   both `R` and `CG` enter (3). Its candidates are answered by [`joins_after`] ([`joins`]), or
//!   without a walk by the kept walks ([`kept_walks`]: [`KeptWalks`]; invariant: where
//!   `lid[s][k]` is the current node's id, the kept bitset and entry lines are that walk's).
//! - Rule 4 ([`zone`]: [`reaches_zone`]): two pushes before the end, a push changing only one of
//!   `R` and `CG` must give it a position entering a line the other set enters; the parent's walk
//!   is reused when an idle push cannot have changed it ([`walk_reuse`]: [`walk_unchanged`]).
//! - Rule 5 ([`idle_lines`]: [`useful_idle_lines`]): two pushes before the end, a push touching
//!   neither set only on lines whose changed fields may border both `R_q` and `C_q` for some last
//!   push `q`; invariant: `qa[q]` holds the lines it lets through for the last push `q`, so below
//!   such a push only those `q` are tried.
//! - Rule 6 ([`idle_lines_early`]: [`Rule6`]): the same three pushes before the end, by condition (A)
//!   on `R_q` or `C_q` and (B) on the sets after the last two pushes; invariant: after
//!   [`Rule6::useful_idle_lines3`] at a node, its tables say, for the node's subtree, which last
//!   pushes each next push lets through ([`Rule6::lets_last`]).
//!
//! # Shared pieces
//!
//! - [`lines`]: line sets ([`LinePair`]), the pushes on them, bands, and distances around the
//!   board's edge;
//! - [`moved_fields`]: where the fields a push changed can be some pushes later ([`near`]), which
//!   rules 5 and 6 test against the sets;
//! - [`scratch`]: the walks' scratch space ([`Scratch`]; invariant: its queues hold `n * n`
//!   entries) and the entry lines of a walk ([`walk_entries`]);
//! - [`joins`]: `R` as marks and line sets ([`RSet`]) and the two walks in step of
//!   [`joins_after`].

pub mod idle_lines;
pub mod idle_lines_early;
pub mod joins;
pub mod kept_walks;
pub mod last_push;
pub mod lines;
pub mod moved_fields;
pub mod scratch;
#[cfg(test)]
mod test_boards;
pub mod walk_reuse;
pub mod zone;

pub use idle_lines::useful_idle_lines;
pub use idle_lines_early::Rule6;
pub use joins::{joins_after, RSet};
pub use kept_walks::KeptWalks;
pub use last_push::LastPush;
pub use lines::{band_lines, full, lines_of, pushes_on, spread, LinePair};
pub use moved_fields::{crossing, near};
pub use scratch::{walk_entries, Scratch};
pub use walk_reuse::walk_unchanged;
pub use zone::reaches_zone;
