package table

import (
	"errors"

	"tabuleiro/learn"
)

// The lessons' refusals.
var (
	ErrLessonsDone = refuse(Refused, "learn.refuse.all-done")
	ErrLessonMoved = refuse(Stale, "learn.refuse.moved")
)

// LessonAt is the lesson and step a person answered on (a button of an older message carries
// them); Lesson "" answers wherever they are (a typed move).
type LessonAt struct {
	Lesson string
	Step   int
}

// Lesson is the person's lesson of the game: the one under way, or the next not done, from their
// stored progress. Every lesson done is ErrLessonsDone.
func (t *Table) Lesson(user, kind string) (*learn.Attempt, error) {
	d := Describe(kind)
	if d == nil || user == "" {
		return nil, errNoPersonOrGame
	}
	b, err := t.st.LessonProgress(user, kind)
	if err != nil {
		return nil, err
	}
	p, err := learn.DecodeProgress(b)
	if err != nil {
		// A progress this build cannot read starts over rather than locking the person out.
		t.log.Warn("lesson progress unreadable; starting over", "user", user, "kind", kind, "err", err)
		p = learn.Progress{}
	}
	a, err := learn.Next(d, p)
	if errors.Is(err, learn.ErrAllDone) {
		return nil, ErrLessonsDone
	}
	return a, err
}

// AnswerLesson gives the person's answer to their lesson of the game and stores their progress,
// in one transaction: answer runs on the lesson as stored (maybe more than once, so it must only
// answer: a.Try, a.Decide or a.Offer), and two answers racing each see the other's. An answer on
// a step that is no longer the lesson's (a double click) is ErrLessonMoved and changes nothing.
func (t *Table) AnswerLesson(user, kind string, at LessonAt, answer func(*learn.Attempt) learn.Answer) (*learn.Attempt, learn.Answer, error) {
	d := Describe(kind)
	if d == nil || user == "" {
		return nil, learn.Answer{}, errNoPersonOrGame
	}
	var a *learn.Attempt
	var ans learn.Answer
	_, err := t.st.ChangeLessonProgress(user, kind, func(old []byte) ([]byte, error) {
		p, err := learn.DecodeProgress(old)
		if err != nil {
			p = learn.Progress{}
		}
		if a, err = learn.Next(d, p); errors.Is(err, learn.ErrAllDone) {
			return nil, ErrLessonsDone
		} else if err != nil {
			return nil, err
		}
		if at.Lesson != "" && (a.Lesson().ID != at.Lesson || a.Step() != at.Step) {
			return nil, ErrLessonMoved
		}
		ans = answer(a)
		return p.Record(a).Encode(), nil
	})
	if err != nil {
		return nil, learn.Answer{}, err
	}
	return a, ans, nil
}

// StartLesson is Lesson, recorded as under way: a typed move then answers it (LessonUnderWay).
func (t *Table) StartLesson(user, kind string) (*learn.Attempt, error) {
	a, _, err := t.AnswerLesson(user, kind, LessonAt{}, func(*learn.Attempt) learn.Answer { return learn.Answer{} })
	return a, err
}

// LessonUnderWay reports whether the person has a lesson of the game under way: one shown to
// them and not finished.
func (t *Table) LessonUnderWay(user, kind string) (bool, error) {
	b, err := t.st.LessonProgress(user, kind)
	if err != nil || len(b) == 0 {
		return false, err
	}
	p, err := learn.DecodeProgress(b)
	return err == nil && p.Current.Lesson != "", nil
}

// RetakeLesson starts the game's lesson n (1-based, in the game's order) again for the person,
// done or not, as their lesson under way; the lessons they did stay done.
func (t *Table) RetakeLesson(user, kind string, n int) (*learn.Attempt, error) {
	d := Describe(kind)
	if d == nil || user == "" {
		return nil, errNoPersonOrGame
	}
	all := learn.Of(d)
	if n < 1 || n > len(all) {
		return nil, ErrLessonMoved
	}
	a, err := learn.Start(all[n-1])
	if err != nil {
		return nil, err
	}
	_, err = t.st.ChangeLessonProgress(user, kind, func(old []byte) ([]byte, error) {
		p, err := learn.DecodeProgress(old)
		if err != nil {
			p = learn.Progress{}
		}
		return p.Record(a).Encode(), nil
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}
