//! The stored tree: the top of the minimax tree, kept between searches and re-rooted on
//! every move, so that the next search starts from what is known.

mod arena;
mod node;
mod rooted;

pub use arena::Tree;
pub(crate) use rooted::RootedTree;
pub use rooted::TreeStats;

#[cfg(test)]
mod tests;
