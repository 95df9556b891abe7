package learn

import (
	"errors"
	"reflect"
	"testing"

	"tabuleiro/games/catalog"
)

func TestProgressRoundTrips(t *testing.T) {
	for _, p := range []struct {
		name string
		p    Progress
	}{
		{"nothing done", Progress{}},
		{"a lesson under way", Progress{Current: State{Lesson: "ouri.slam", Played: []string{"f"}}}},
		{"lessons done and one under way", Progress{Done: []string{"ouri.sow", "ouri.capture"},
			Current: State{Lesson: "oolong.move", Played: []string{"move c.n se.c"}}}},
		{"every lesson done", Progress{Done: allIDs()}},
	} {
		t.Run(p.name+" decodes as it was", func(t *testing.T) {
			got, err := DecodeProgress(p.p.Encode())
			if err != nil || !reflect.DeepEqual(got, p.p) {
				t.Errorf("got %+v, %v; want %+v", got, err, p.p)
			}
		})
	}
}

func allIDs() []string {
	var ids []string
	for _, d := range catalog.All() {
		for _, l := range Of(d) {
			ids = append(ids, l.ID)
		}
	}
	return ids
}

func TestBadProgressIsRefused(t *testing.T) {
	for _, c := range []struct {
		name string
		b    []byte
	}{
		{"an unknown version", []byte{9, 0, 0, 0}},
		{"a list cut short", []byte{1, 2, 3, 'a', 'b', 'c'}},
		{"a text longer than the bytes", []byte{1, 1, 40, 'a'}},
		{"bytes after the progress", []byte{1, 0, 0, 0, 7}},
		{"a text that is not UTF-8", []byte{1, 1, 1, 0xff, 0, 0}},
		{"a list too long", []byte{1, 0xff, 0x7f}},
	} {
		t.Run(c.name+" is an error", func(t *testing.T) {
			if p, err := DecodeProgress(c.b); err == nil {
				t.Errorf("decoded %+v", p)
			}
		})
	}
}

// TestNextContinuesWhereTheLearnerLeft follows a learner through a game's lessons as the bot
// would, storing the encoded progress after every answer.
func TestNextContinuesWhereTheLearnerLeft(t *testing.T) {
	d, _ := catalog.Lookup("ouri")
	var stored []byte
	load := func() Progress {
		p, err := DecodeProgress(stored)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	for i, l := range Of(d) {
		a, err := Next(d, load())
		if err != nil || a.Lesson() != l || a.Step() != 0 {
			t.Fatalf("lesson %d: Next gave %v at step %d, %v; want %s from its start", i+1, a.Lesson().ID, a.Step(), err, l.ID)
		}
		for _, r := range playThroughs[l.ID].right {
			answer(a, playThroughs[l.ID].wrong)
			stored = load().Record(a).Encode()
			answer(a, r)
			stored = load().Record(a).Encode()
			if !a.Done() {
				// The learner leaves mid-lesson and comes back.
				b, err := Next(d, load())
				if err != nil || b.Lesson() != l || b.Step() != a.Step() || b.Game().Hash() != a.Game().Hash() {
					t.Fatalf("%s: resumed at step %d, %v; want step %d of the same game", l.ID, b.Step(), err, a.Step())
				}
				a = b
			}
		}
		if p := load(); !p.Finished(l.ID) || p.Current.Lesson != "" {
			t.Fatalf("%s done but the progress is %+v", l.ID, p)
		}
	}
	if _, err := Next(d, load()); !errors.Is(err, ErrAllDone) {
		t.Errorf("every lesson done: Next says %v, want ErrAllDone", err)
	}
	o, _ := catalog.Lookup("ordo")
	if a, err := Next(o, load()); err != nil || a.Lesson() != Of(o)[0] {
		t.Errorf("another game's lessons start at its first: %v, %v", a, err)
	}
}

func TestALessonTakenAgainIsResumedWhereTheLearnerLeftIt(t *testing.T) {
	l, _ := Lookup("ouri.slam")
	a, err := Start(l)
	if err != nil {
		t.Fatal(err)
	}
	answer(a, "f")
	p := Progress{Done: []string{"ouri.sow", "ouri.slam"}}.Record(a)
	b, err := Next(l.Game(), p)
	if err != nil || b.Lesson() != l || b.Step() != 1 {
		t.Errorf("Next gave %v at step %d, %v; want ouri.slam at step 2", b.Lesson().ID, b.Step(), err)
	}
}

func TestResume(t *testing.T) {
	t.Run("a state naming no lesson is an error", func(t *testing.T) {
		if _, err := Resume(State{Lesson: "chess.castling"}); !errors.Is(err, ErrUnknownLesson) {
			t.Errorf("got %v, want ErrUnknownLesson", err)
		}
	})
	t.Run("a state whose decisions no longer fit starts the lesson again", func(t *testing.T) {
		a, err := Resume(State{Lesson: "ouri.slam", Played: []string{"a"}})
		if err != nil || a.Step() != 0 {
			t.Errorf("step %d, %v; want a fresh start", a.Step(), err)
		}
	})
	t.Run("an offer kept in the state is replayed as the offer", func(t *testing.T) {
		a, err := Resume(State{Lesson: "ouri.agree", Played: []string{"end"}})
		if err != nil || !a.Done() {
			t.Errorf("done %v, %v; want the lesson done", a.Done(), err)
		}
	})
}

func TestAnOfferWhereNoneIsAskedIsExplained(t *testing.T) {
	l, _ := Lookup("ouri.sow")
	a, _ := Start(l)
	if ans := a.Offer(); ans.Right || ans.Why.ID != "learn.no-offer" || a.Step() != 0 {
		t.Errorf("got %+v at step %d", ans, a.Step())
	}
}

// FuzzDecodeProgress: no input panics; what decodes encodes to bytes that decode to the same.
func FuzzDecodeProgress(f *testing.F) {
	f.Add(Progress{Done: []string{"ouri.sow"}, Current: State{Lesson: "ouri.slam", Played: []string{"f"}}}.Encode())
	f.Add([]byte{})
	f.Add([]byte{1, 0x80, 0x00, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := DecodeProgress(b)
		if err != nil {
			return
		}
		q, err := DecodeProgress(p.Encode())
		if err != nil || !reflect.DeepEqual(p, q) {
			t.Fatalf("%x decodes to %+v, which encodes and decodes to %+v, %v", b, p, q, err)
		}
	})
}
