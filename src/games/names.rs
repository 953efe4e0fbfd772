//! Names and text forms: the one "unknown … (known: …)" message, the `Display` and `FromStr` of
//! simple enums written once from a table of names, `Debug` as `Type(display)`, and serde
//! through the text form.

/// The message for a name that is none of the known ones:
/// `unknown {what} {name:?} (known: a, b, c)`.
///
/// ```
/// use ponder::games::unknown_name;
/// assert_eq!(
///     unknown_name("level", "exp", ["easy", "hard"]),
///     "unknown level \"exp\" (known: easy, hard)"
/// );
/// ```
pub fn unknown_name<S: AsRef<str>>(
    what: &str,
    name: &str,
    known: impl IntoIterator<Item = S>,
) -> String {
    let known: Vec<String> = known
        .into_iter()
        .map(|name| name.as_ref().to_string())
        .collect();
    format!("unknown {what} {name:?} (known: {})", known.join(", "))
}

/// Implements, for an enum of unit variants, `NAMES` and `name()` (the table below, in order),
/// `Display` (the name) and `FromStr` (a name or an alias, ignoring ASCII case; any other text
/// is an [`unknown_name`] error naming `$what`):
///
/// ```ignore
/// named_enum!("level", Level { Easy => "easy", Medium => "medium", Hard => "hard" });
/// ```
macro_rules! named_enum {
    ($what:literal, $ty:ident {
        $($variant:ident => $name:literal $(| $alias:literal)*),+ $(,)?
    }) => {
        impl $ty {
            /// Every name, in declaration order: what `Display` writes and `FromStr` reads.
            pub const NAMES: &'static [&'static str] = &[$($name),+];

            /// The name, as written in specs and options.
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }

        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.name())
            }
        }

        impl ::std::str::FromStr for $ty {
            type Err = String;

            fn from_str(text: &str) -> Result<$ty, String> {
                match text.to_ascii_lowercase().as_str() {
                    $($name $(| $alias)* => Ok($ty::$variant),)+
                    _ => Err($crate::games::unknown_name($what, text, $ty::NAMES)),
                }
            }
        }
    };
}

/// Implements `PartialEq`, `Eq` and `Hash` through the type's `state()`: the fields that make
/// two positions the same game state (a move counter kept only for notation is not one).
macro_rules! identity_by_state {
    ($ty:ident) => {
        impl PartialEq for $ty {
            fn eq(&self, other: &$ty) -> bool {
                self.state() == other.state()
            }
        }

        impl Eq for $ty {}

        impl ::std::hash::Hash for $ty {
            fn hash<H: ::std::hash::Hasher>(&self, hasher: &mut H) {
                self.state().hash(hasher);
            }
        }
    };
}

/// Implements `Debug` as the type's name around its `Display`, e.g. `AtaxxMove(a1a3)`, for
/// types whose notation says everything about them.
macro_rules! debug_as_display {
    ($ty:ident) => {
        impl ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                write!(f, concat!(stringify!($ty), "({})"), self)
            }
        }
    };
}

/// Implements the conversions `#[serde(try_from = "String", into = "String")]` needs, for a
/// type serialized as its text: `TryFrom<String>` reads it with `FromStr`, `From<$ty> for
/// String` writes it with `$write`:
///
/// ```ignore
/// serde_as_text!(Ataxx, |position| position.to_fen());
/// ```
macro_rules! serde_as_text {
    ($ty:ident, |$value:ident| $write:expr) => {
        impl TryFrom<String> for $ty {
            type Error = <$ty as ::std::str::FromStr>::Err;

            fn try_from(text: String) -> Result<$ty, Self::Error> {
                text.parse()
            }
        }

        impl From<$ty> for String {
            fn from($value: $ty) -> String {
                $write
            }
        }
    };
}

pub(crate) use {debug_as_display, identity_by_state, named_enum, serde_as_text};
