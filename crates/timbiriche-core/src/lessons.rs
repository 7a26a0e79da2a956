//! The five-step "Learn" section as engine content, so every host teaches
//! the same thing: five small positions, one per idea, each with its goal
//! in words and a check of the learner's move that says whether it met the
//! goal and why.
//!
//! ```
//! use timbiriche_core::lessons::{lessons, LessonId};
//!
//! let all = lessons();
//! assert_eq!(all.len(), 5);
//! let take = &all[1];
//! assert_eq!(take.id, LessonId::TakeBoxMoveAgain);
//! assert!(take.check_text("a2-b2").met);
//! assert!(!take.check_text("c1-c2").met);
//! ```

use serde::{Deserialize, Serialize};

use crate::board::{BoardSize, Line};
use crate::notation::{parse_line, parse_lines, NotationError};
use crate::position::Position;

/// The five lessons, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum LessonId {
    /// Draw a line between two neighbouring dots.
    DrawLine,
    /// Take a box and move again.
    TakeBoxMoveAgain,
    /// One line closing two boxes.
    TwoBoxesOneLine,
    /// Do not draw a 3rd side: play a safe line.
    AvoidThirdSide,
    /// The double-cross at the end of a chain.
    DoubleCross,
}

/// One lesson: a position, the learner to move, and the goal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lesson {
    /// Which idea.
    pub id: LessonId,
    /// Short title.
    pub title: String,
    /// The goal, in words.
    pub goal: String,
    /// The position; the learner is the player to move.
    pub position: Position,
}

/// The verdict on a learner's move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LessonCheck {
    /// Whether the move met the goal.
    pub met: bool,
    /// Why, in one or two sentences.
    pub explanation: String,
}

fn setup(size: BoardSize, lines: &str) -> Position {
    let list = parse_lines(size, lines).unwrap_or_default();
    Position::from_lines(size, &list).unwrap_or_else(|_| Position::standard(size))
}

fn size(r: u32, c: u32) -> BoardSize {
    BoardSize::new(r, c).unwrap_or(BoardSize::SMALL)
}

/// The five lessons, in teaching order.
#[must_use]
pub fn lessons() -> Vec<Lesson> {
    vec![
        Lesson {
            id: LessonId::DrawLine,
            title: "Draw a line".into(),
            goal: "Draw any line: join two neighbouring dots, across or down.".into(),
            position: Position::standard(size(2, 2)),
        },
        Lesson {
            id: LessonId::TakeBoxMoveAgain,
            title: "Take a box and move again".into(),
            goal: "The top-left box has three sides. Draw its 4th side to take it: then it is your turn again."
                .into(),
            position: setup(size(2, 2), "a1-b1,c2-c3,a1-a2,b3-c3,b1-b2"),
        },
        Lesson {
            id: LessonId::TwoBoxesOneLine,
            title: "One line, two boxes".into(),
            goal: "Find the line that closes two boxes at once. You still get only one extra move."
                .into(),
            position: setup(size(2, 2), "a1-b1,b1-c1,a1-a2,c1-c2,a2-b2,b2-c2"),
        },
        Lesson {
            id: LessonId::AvoidThirdSide,
            title: "Avoid the 3rd side".into(),
            goal: "Draw a safe line: one that gives no box its 3rd side, or your rival takes the box."
                .into(),
            position: setup(size(3, 3), "a1-b1,a1-a2,c1-d1,d1-d2,a4-b4,d3-d4,b2-c2,b3-c3"),
        },
        Lesson {
            id: LessonId::DoubleCross,
            title: "The double-cross".into(),
            goal: "Your rival opened the 2-chain at the top left; a 3-chain waits below. Do not take the two boxes: draw the line at the far end of the chain, so your rival takes them and must open the 3-chain for you."
                .into(),
            position: setup(
                size(2, 3),
                "a3-b3,b3-c3,c3-d3,a2-b2,b2-c2,c2-d2,a1-b1,c1-d1,c1-c2,d1-d2,a1-a2",
            ),
        },
    ]
}

impl Lesson {
    /// Check the learner's move given in dot notation (diagonal or long
    /// lines are explained, not rejected silently).
    #[must_use]
    pub fn check_text(&self, text: &str) -> LessonCheck {
        match parse_line(self.position.size(), text) {
            Ok(line) => self.check(line),
            Err(e) => LessonCheck {
                met: false,
                explanation: match e {
                    NotationError::Line(crate::board::LineError::Diagonal)
                    | NotationError::Line(crate::board::LineError::TooLong) => {
                        "Lines only join two neighbouring dots, across or down: no diagonals, no long lines."
                            .into()
                    }
                    other => format!("That is not a line of this board: {other}."),
                },
            },
        }
    }

    /// Check the learner's move.
    #[must_use]
    pub fn check(&self, line: Line) -> LessonCheck {
        let mut after = self.position.clone();
        let outcome = match after.play(line) {
            Ok(o) => o,
            Err(e) => {
                return LessonCheck {
                    met: false,
                    explanation: format!("That line cannot be drawn: {e}."),
                }
            }
        };
        let gives_third = self.position.third_side_lines().contains(&line);
        let (met, explanation): (bool, String) = match self.id {
            LessonId::DrawLine => (
                true,
                "Well done: a line joins two neighbouring dots. It closed no box, so the turn passes."
                    .into(),
            ),
            LessonId::TakeBoxMoveAgain => {
                if outcome.completed > 0 {
                    (true, "You took the box, and taking a box means you move again.".into())
                } else {
                    (
                        false,
                        "That line closes no box, so the turn passes. Look for the box with three sides and draw its 4th."
                            .into(),
                    )
                }
            }
            LessonId::TwoBoxesOneLine => match outcome.completed {
                2 => (
                    true,
                    "Two boxes with one line! You move again, but only once.".into(),
                ),
                1 => (
                    false,
                    "You took one box; the line in the middle closes both at once.".into(),
                ),
                _ => (
                    false,
                    "That line closes nothing. Find the side both open boxes share.".into(),
                ),
            },
            LessonId::AvoidThirdSide => {
                if gives_third {
                    (
                        false,
                        "That line gives a box its 3rd side: your rival draws the 4th, takes it and moves again."
                            .into(),
                    )
                } else {
                    (
                        true,
                        "A safe line: no box got its 3rd side, so your rival has nothing to take.".into(),
                    )
                }
            }
            LessonId::DoubleCross => {
                let decline = parse_line(self.position.size(), "b1-c1").ok();
                if Some(line) == decline {
                    (
                        true,
                        "A double-cross: you gave two boxes away, but your rival must take them and then open the 3-chain for you."
                            .into(),
                    )
                } else if outcome.completed > 0 {
                    (
                        false,
                        "Taking the boxes looks good, but then you must open the 3-chain and your rival takes all three."
                            .into(),
                    )
                } else {
                    (
                        false,
                        "Decline the two boxes with the line at the far end of the chain (b1-c1).".into(),
                    )
                }
            }
        };
        LessonCheck { met, explanation }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::solve;
    use games_common::{Budget, CancelFlag};

    #[test]
    fn five_lessons_each_with_a_winning_and_a_losing_move() {
        let all = lessons();
        assert_eq!(all.len(), 5);
        let good = ["a1-b1", "a2-b2", "b1-b2", "b1-c1", "b1-c1"];
        let bad = ["a1-b2", "b2-c2", "a2-a3", "b1-b2", "b1-b2"];
        for ((lesson, g), b) in all.iter().zip(good).zip(bad) {
            let ok = lesson.check_text(g);
            assert!(ok.met, "{:?} {g}: {}", lesson.id, ok.explanation);
            let no = lesson.check_text(b);
            assert!(!no.met, "{:?} {b}: {}", lesson.id, no.explanation);
            assert!(!lesson.goal.is_empty() && !no.explanation.is_empty());
        }
    }

    #[test]
    fn lesson_positions_are_what_they_claim() {
        let all = lessons();
        assert_eq!(all[1].position.capturing_lines().len(), 1);
        assert_eq!(all[2].position.capturing_lines().len(), 1);
        assert!(!all[3].position.safe_lines().is_empty());
        assert!(!all[3].position.third_side_lines().is_empty());
        // The double-cross is the optimal move there.
        let s = solve(&all[4].position, Budget::UNLIMITED, &CancelFlag::new());
        let b1c1 = parse_line(all[4].position.size(), "b1-c1").unwrap();
        assert!(s.best_moves.contains(&b1c1));
        let take = parse_line(all[4].position.size(), "b1-b2").unwrap();
        assert!(!s.best_moves.contains(&take));
    }
}
