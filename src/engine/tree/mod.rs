//! The stored tree: the top of the minimax tree, kept between searches and re-rooted on
//! every move, so that the next search starts from what is known.

mod arena;
mod node;
mod store;

pub use arena::Tree;
pub(crate) use node::Node;
pub use store::TreeStats;
pub(crate) use store::TreeStore;

#[cfg(test)]
mod tests;
