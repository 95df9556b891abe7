package table

import (
	"errors"
	"testing"

	"tabuleiro/ai/puzzle"
	"tabuleiro/games"
)

// keepingNow are the moves that keep the win in the attempt's position, and those that lose it.
func keepingNow(t *testing.T, a *puzzle.Attempt) (keep, lose []games.Move) {
	t.Helper()
	truth, _ := puzzle.TruthOf(a.Game.Descriptor())
	keep, lose, err := truth.Keeping(a.Game, a.Puzzle.Plies-len(a.Played))
	if err != nil {
		t.Fatal(err)
	}
	return keep, lose
}

// The table judges a learner's decisions on the shipped puzzles: right ones are answered by the
// defence and stored, the last settles the puzzle solved and rated; a wrong one ends it failed
// with the moves that kept the win and the refutation; stale and illegal decisions change nothing.
func TestTheTableJudgesAPuzzlesDecisions(t *testing.T) {
	f := newFixture(t)
	if _, err := f.tab.AnswerPuzzle("alice", "ordo", "a3-a4", -1); !errors.Is(err, ErrNoPuzzle) {
		t.Fatalf("a decision with no puzzle under way: %v, want ErrNoPuzzle", err)
	}
	v, err := f.tab.Puzzle("alice", "ordo")
	if err != nil || v.Pick.Resumed || v.Try == nil || v.Step != nil || v.Result != nil {
		t.Fatalf("the first puzzle: %+v, %v", v, err)
	}
	if again, err := f.tab.Puzzle("alice", "ordo"); err != nil || !again.Pick.Resumed || again.Pick.Attempt.Puzzle != v.Pick.Attempt.Puzzle {
		t.Fatalf("asking again resumes it: %+v, %v", again, err)
	}
	if _, err := f.tab.AnswerPuzzle("alice", "ordo", "z9", -1); err == nil {
		t.Fatal("an unreadable decision is judged")
	}
	a := v.Try
	for !a.Over {
		keep, _ := keepingNow(t, a)
		played := a.Game.Format(keep[0])
		saw := len(a.Played)
		if _, err := a.Play(keep[0]); err != nil {
			t.Fatal(err)
		}
		got, err := f.tab.AnswerPuzzle("alice", "ordo", played, saw)
		if err != nil || got.Step == nil || !got.Step.Right || got.Step.Played[0] != played {
			t.Fatalf("%s: %+v, %v; want it right", played, got.Step, err)
		}
		if len(got.Try.Played) != len(a.Played) {
			t.Fatalf("%s: the table's attempt %v, the truth's %v", played, got.Try.Played, a.Played)
		}
		if _, err := f.tab.AnswerPuzzle("alice", "ordo", played, saw); err == nil {
			t.Fatalf("%s answered twice on the same position", played)
		}
		if a.Over && (got.Result == nil || !got.Result.Solved || !got.Result.Rated) {
			t.Fatalf("the last right move: %+v; want it solved and rated", got.Result)
		}
		if !a.Over && got.Result != nil {
			t.Fatalf("settled before its end: %+v", got.Result)
		}
	}

	v, err = f.tab.Puzzle("alice", "ordo")
	if err != nil || v.Pick.Attempt.Puzzle == a.Puzzle.ID {
		t.Fatalf("the next puzzle: %+v, %v", v.Pick, err)
	}
	keep, lose := keepingNow(t, v.Try)
	if _, err := f.tab.PuzzleShown("alice", "ordo", 1); !errors.Is(err, ErrPuzzleMoved) {
		t.Fatalf("a position not shown: %v, want ErrPuzzleMoved", err)
	}
	wrong := v.Try.Game.Format(lose[0])
	got, err := f.tab.AnswerPuzzle("alice", "ordo", wrong, 0)
	if err != nil || got.Step.Right || got.Step.Move != wrong || len(got.Step.Keeping) != len(keep) {
		t.Fatalf("%s: %+v, %v; want it wrong, with the %d moves that kept the win", wrong, got.Step, err, len(keep))
	}
	if got.Result == nil || got.Result.Solved || !got.Result.Rated || !got.Try.Over {
		t.Fatalf("%s: %+v; want the puzzle failed and rated", wrong, got.Result)
	}
	if under, _ := f.tab.PuzzleUnderWay("alice", "ordo"); under {
		t.Fatal("a failed puzzle stays under way")
	}
}
