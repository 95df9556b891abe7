package table

import (
	"errors"
	"log/slog"
	"testing"

	"tabuleiro/games/catalog"
	"tabuleiro/learn"
	"tabuleiro/store"
)

func TestALessonKeepsItsPlaceAcrossARestartAndRefusesAStaleAnswer(t *testing.T) {
	f := newFixture(t)
	try := func(s string) func(*learn.Attempt) learn.Answer {
		return func(a *learn.Attempt) learn.Answer { return a.Try(s) }
	}
	a, err := f.tab.Lesson("alice", "ouri")
	if err != nil || a.Lesson().ID != "ouri.sow" || a.Step() != 0 {
		t.Fatalf("the first lesson: %v, %v", a, err)
	}
	steps := []struct {
		name  string
		at    LessonAt
		move  string
		right bool
		err   error
	}{
		{"a wrong answer is explained", LessonAt{"ouri.sow", 0}, "a", false, nil},
		{"the right answer completes the lesson", LessonAt{"ouri.sow", 0}, "d", true, nil},
		{"the same button again is stale", LessonAt{"ouri.sow", 0}, "d", false, ErrLessonMoved},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			_, ans, err := f.tab.AnswerLesson("alice", "ouri", s.at, try(s.move))
			if !errors.Is(err, s.err) || ans.Right != s.right {
				t.Fatalf("%s: right %v, %v; want %v, %v", s.move, ans.Right, err, s.right, s.err)
			}
			if err == nil && !s.right && ans.Why.ID == "" {
				t.Fatalf("%s: wrong, and not explained", s.move)
			}
		})
	}
	f.tab.Wait()
	f.st.Close()
	st, err := store.Open(f.path, store.Options{Decode: catalog.Decode, Now: f.clock})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	f.st = st
	f.tab = New(st, f.heard, Config{Now: f.clock, Log: slog.New(slog.DiscardHandler), AI: testAI})
	if a, err := f.tab.Lesson("alice", "ouri"); err != nil || a.Lesson().ID != "ouri.capture" {
		t.Fatalf("after the restart: %v, %v; want ouri.capture", a.Lesson().ID, err)
	}
	if a, err := f.tab.Lesson("bob", "ouri"); err != nil || a.Lesson().ID != "ouri.sow" {
		t.Fatalf("another person: %v, %v; want ouri.sow", a.Lesson().ID, err)
	}
	var all learn.Progress
	for _, l := range learn.Of(Describe("ouri")) {
		all.Done = append(all.Done, l.ID)
	}
	st.ChangeLessonProgress("carol", "ouri", func([]byte) ([]byte, error) { return all.Encode(), nil })
	if _, err := f.tab.Lesson("carol", "ouri"); !errors.Is(err, ErrLessonsDone) {
		t.Errorf("every lesson done: %v, want ErrLessonsDone", err)
	}
	if _, _, err := f.tab.AnswerLesson("carol", "ouri", LessonAt{}, try("d")); !errors.Is(err, ErrLessonsDone) {
		t.Errorf("answering with every lesson done: %v, want ErrLessonsDone", err)
	}
}

func TestALessonShownIsUnderWayUntilItIsDone(t *testing.T) {
	f := newFixture(t)
	under := func(want bool) {
		t.Helper()
		if got, err := f.tab.LessonUnderWay("alice", "ouri"); err != nil || got != want {
			t.Fatalf("under way: %v, %v; want %v", got, err, want)
		}
	}
	under(false)
	if a, err := f.tab.StartLesson("alice", "ouri"); err != nil || a.Lesson().ID != "ouri.sow" || a.Step() != 0 {
		t.Fatalf("the first lesson started: %v, %v", a, err)
	}
	under(true)
	if _, ans, err := f.tab.AnswerLesson("alice", "ouri", LessonAt{}, func(a *learn.Attempt) learn.Answer { return a.Try("d") }); err != nil || !ans.Done {
		t.Fatalf("the right answer: %+v, %v", ans, err)
	}
	under(false)
	if under, _ := f.tab.LessonUnderWay("alice", "ordo"); under {
		t.Fatal("a lesson of another game is under way")
	}
}
