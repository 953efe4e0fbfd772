//! What the human types: lines read on a thread of their own (so the board can show the
//! engine's pondering while the human thinks), split into entries.

use crossbeam_channel::{Receiver, RecvTimeoutError};
use std::collections::VecDeque;
use std::io::BufRead;
use std::time::Duration;

/// One thing the human asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Entry {
    /// A move in the game's notation.
    Move(String),
    /// Take back the last move of a human seat and everything after it.
    Undo,
    /// Suggest a move.
    Hint,
    /// Save the game to a file.
    Save(String),
    /// Load a game from a file.
    Load(String),
    /// List the legal moves.
    Moves,
    /// Draw the board again.
    Board,
    /// Show the commands.
    Help,
    /// Leave.
    Quit,
    /// A command used wrongly, with what to say.
    Bad(String),
}

/// Reads a line into entries: a line that starts with a command word is that command; any
/// other line is one or more moves separated by spaces, tried in turn.
pub(super) fn parse_line(line: &str) -> Vec<Entry> {
    let mut words = line.split_whitespace();
    let Some(first) = words.next() else {
        return Vec::new();
    };
    let rest: Vec<&str> = words.collect();
    let file = |make: fn(String) -> Entry, name: &str| match rest.as_slice() {
        [path] => make((*path).to_string()),
        [] => Entry::Bad(format!("{name} needs a file name, e.g. `{name} game.json`")),
        _ => Entry::Bad(format!("{name} takes one file name (no spaces)")),
    };
    let entry = match first.to_ascii_lowercase().as_str() {
        "undo" | "u" | "takeback" => Entry::Undo,
        "hint" | "h" => Entry::Hint,
        "save" => file(Entry::Save, "save"),
        "load" => file(Entry::Load, "load"),
        "moves" | "legal" => Entry::Moves,
        "board" | "b" => Entry::Board,
        "help" | "?" => Entry::Help,
        "quit" | "exit" | "q" => Entry::Quit,
        _ => {
            return std::iter::once(first)
                .chain(rest.iter().copied())
                .map(|word| Entry::Move(word.to_string()))
                .collect();
        }
    };
    if matches!(entry, Entry::Save(_) | Entry::Load(_) | Entry::Bad(_)) || rest.is_empty() {
        vec![entry]
    } else {
        vec![Entry::Bad(format!("{first} takes no argument"))]
    }
}

/// The help text.
pub(super) const HELP: &str = "\
Enter a move in the game's notation (several moves separated by spaces are tried in turn), or:
  undo         take back your last move (and the replies after it)
  hint         ask the engine for a move
  moves        list the legal moves
  board        draw the board again
  save FILE    save the game as JSON
  load FILE    load a saved game and carry on from it
  help         this text
  quit         leave the game";

/// What [`Input::next`] found.
pub(super) enum Next {
    /// An entry.
    Entry(Entry),
    /// Nothing yet (the wait timed out); ask again.
    Waiting,
    /// The input has ended.
    Ended,
}

/// Lines from a reader thread, queued as entries.
pub(super) struct Input {
    lines: Receiver<String>,
    queue: VecDeque<Entry>,
}

impl Input {
    /// Starts a thread reading `reader` line by line (it ends at the end of the input).
    pub(super) fn spawn(reader: Box<dyn BufRead + Send>) -> Input {
        let (sender, lines) = crossbeam_channel::bounded(64);
        std::thread::Builder::new()
            .name("play-input".into())
            .spawn(move || {
                for line in reader.lines() {
                    let Ok(line) = line else { break };
                    if sender.send(line).is_err() {
                        break;
                    }
                }
            })
            .expect("spawning the input thread");
        Input {
            lines,
            queue: VecDeque::new(),
        }
    }

    /// The next entry, waiting at most `wait` for a line.
    pub(super) fn next(&mut self, wait: Duration) -> Next {
        loop {
            if let Some(entry) = self.queue.pop_front() {
                return Next::Entry(entry);
            }
            match self.lines.recv_timeout(wait) {
                Ok(line) => self.queue.extend(parse_line(&line)),
                Err(RecvTimeoutError::Timeout) => return Next::Waiting,
                Err(RecvTimeoutError::Disconnected) => return Next::Ended,
            }
        }
    }

    /// Forgets entries queued from earlier lines (after an error the rest of a typed line is
    /// not played blindly in a terminal).
    pub(super) fn clear_queue(&mut self) {
        self.queue.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_become_entries() {
        assert_eq!(parse_line("  "), vec![]);
        assert_eq!(parse_line("undo"), vec![Entry::Undo]);
        assert_eq!(
            parse_line("SAVE g.json"),
            vec![Entry::Save("g.json".into())]
        );
        assert!(matches!(parse_line("save")[..], [Entry::Bad(_)]));
        assert!(matches!(parse_line("hint now")[..], [Entry::Bad(_)]));
        assert_eq!(
            parse_line("2 5 a1b3"),
            vec![
                Entry::Move("2".into()),
                Entry::Move("5".into()),
                Entry::Move("a1b3".into())
            ]
        );
    }
}
