//! The stored tree: the top of the minimax tree, kept between searches and re-rooted on
//! every move, so that the next search starts from what is known.

mod arena;
mod node;
mod search;

pub use arena::Tree;
pub use node::{Bound, Node};
pub use search::{TreeSearch, TreeStats};

#[cfg(test)]
mod tests;
