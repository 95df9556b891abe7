package learn

import (
	"errors"
	"fmt"

	"tabuleiro/games"
)

// Lesson is one lesson: where it starts and the steps of its task.
type Lesson struct {
	// ID is unique across games and never changes once shipped, as progress keeps it:
	// "ouri.capture". The lesson's texts are the catalogue's learn.<ID>.title, .text, .task and .done.
	ID    string
	Setup Setup
	// Steps are the learner's decisions, in order; each may be followed by the other side's replies.
	Steps []Step

	game *games.Descriptor
}

// Setup is a lesson's starting position: a game started with Options (or made by Position, where
// the game has a constructor for one), then Moves played in its notation.
type Setup struct {
	Options  games.Options
	Position func() (games.Game, error)
	Moves    []string
}

// Step is one decision of a task.
type Step struct {
	// Check judges the learner's legal decision m: before is the game it was played on, after the
	// game once played. It returns the zero Text when m does the task, otherwise why not.
	Check func(before, after games.Game, m games.Move) games.Text
	// Agree makes the step an offer to end the game by agreement (Attempt.Offer), which the other
	// side accepts; any decision is then wrong and Check says why. Check is not called on the offer.
	Agree bool
	// Replies are the other side's decisions once the learner's is right, in notation.
	Replies []string
}

// Game is the descriptor of the lesson's game.
func (l *Lesson) Game() *games.Descriptor { return l.game }

// Title is the catalogue id of the lesson's title, and so on for its text, task and conclusion.
func (l *Lesson) Title() string { return "learn." + l.ID + ".title" }
func (l *Lesson) Text() string  { return "learn." + l.ID + ".text" }
func (l *Lesson) Task() string  { return "learn." + l.ID + ".task" }
func (l *Lesson) Done() string  { return "learn." + l.ID + ".done" }

// Start builds the lesson's starting position.
func (l *Lesson) Start() (games.Game, error) {
	var g games.Game
	var err error
	if l.Setup.Position != nil {
		g, err = l.Setup.Position()
	} else {
		g, err = l.game.New(l.Setup.Options, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.ID, err)
	}
	if err := playAll(g, l.Setup.Moves); err != nil {
		return nil, fmt.Errorf("lesson %s: setup: %w", l.ID, err)
	}
	return g, nil
}

func playAll(g games.Game, moves []string) error {
	for _, s := range moves {
		m, err := g.Parse(s)
		if err == nil {
			err = g.Play(m)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", s, err)
		}
	}
	return nil
}

// lessons holds each game's lessons in teaching order, registered by the game's file.
var (
	lessons = map[*games.Descriptor][]*Lesson{}
	byID    = map[string]*Lesson{}
)

// register records a game's lessons; each game's file calls it once, from init.
func register(d *games.Descriptor, ls ...*Lesson) {
	if _, twice := lessons[d]; twice {
		panic("learn: the lessons of " + d.Kind + " are registered twice")
	}
	for _, l := range ls {
		if _, dup := byID[l.ID]; dup || len(l.Steps) == 0 {
			panic("learn: lesson " + l.ID + " is registered twice or has no step")
		}
		l.game = d
		byID[l.ID] = l
	}
	lessons[d] = ls
}

// Of lists the lessons of the game d describes, in teaching order; none for a game without lessons.
func Of(d *games.Descriptor) []*Lesson { return lessons[d] }

// Lookup finds a lesson by ID.
func Lookup(id string) (*Lesson, bool) {
	l, ok := byID[id]
	return l, ok
}

// Attempt is a learner working through a lesson: the lesson, the step reached and the game there.
type Attempt struct {
	lesson *Lesson
	played []string // the learner's right decisions, in notation
	game   games.Game
}

// State is an attempt as a plain value, to store and resume: the lesson and the learner's right
// decisions so far, in notation.
type State struct {
	Lesson string
	Played []string
}

// Start begins a lesson at its first step.
func Start(l *Lesson) (*Attempt, error) {
	g, err := l.Start()
	if err != nil {
		return nil, err
	}
	return &Attempt{lesson: l, game: g}, nil
}

// ErrUnknownLesson is Resume's answer to a state naming no lesson (one retired since it was stored).
var ErrUnknownLesson = errors.New("learn: no such lesson")

// Resume continues an attempt from its state. A state whose decisions no longer fit the lesson
// (the lesson changed since it was stored) starts the lesson again.
func Resume(s State) (*Attempt, error) {
	l, ok := Lookup(s.Lesson)
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownLesson, s.Lesson)
	}
	a, err := Start(l)
	if err != nil {
		return nil, err
	}
	for _, d := range s.Played {
		if a.Done() || !a.replay(d).Right {
			return Start(l)
		}
	}
	return a, nil
}

// replay answers a decision as State keeps it: the offer's word at a step that asks for the
// offer, notation otherwise.
func (a *Attempt) replay(d string) Answer {
	if !a.Done() && a.lesson.Steps[a.Step()].Agree && d == a.game.Descriptor().Offer {
		return a.Offer()
	}
	return a.Try(d)
}

// Lesson is the lesson attempted.
func (a *Attempt) Lesson() *Lesson { return a.lesson }

// Game is the position the learner decides on (a copy, to draw or to list the legal decisions of).
func (a *Attempt) Game() games.Game { return a.game.Clone() }

// Step is the number of steps done; the task is complete when it reaches len(Lesson().Steps).
func (a *Attempt) Step() int { return len(a.played) }

// Offering reports whether the step under way asks for the offer to end the game (the game's
// Offer subcommand), not a move.
func (a *Attempt) Offering() bool { return !a.Done() && a.lesson.Steps[a.Step()].Agree }

// Done reports whether the task is complete.
func (a *Attempt) Done() bool { return a.Step() == len(a.lesson.Steps) }

// State is the attempt as a plain value (Resume takes it back).
func (a *Attempt) State() State {
	return State{Lesson: a.lesson.ID, Played: append([]string(nil), a.played...)}
}

// Answer is what a decision did to an attempt.
type Answer struct {
	// Right is true when the decision did the step's task: it was played, with the replies.
	Right bool
	// Done is true when it completed the lesson's task (the lesson's Done text says what it showed).
	Done bool
	// Why says, for a wrong decision, why: the step's reason, or the game's own refusal of an
	// illegal or unreadable one. The attempt is unchanged and the learner may try again.
	Why games.Text
	// Played are, for a right decision, it and then the replies, in notation.
	Played []string
}

// Try reads a decision in the game's notation and judges it.
func (a *Attempt) Try(input string) Answer {
	if a.Done() {
		return Answer{Why: games.Text{ID: "learn.finished"}}
	}
	m, err := a.game.Parse(input)
	if err != nil {
		return Answer{Why: refusal(err)}
	}
	return a.Decide(m)
}

// Decide judges a decision given as a move (a button's).
func (a *Attempt) Decide(m games.Move) Answer {
	if a.Done() {
		return Answer{Why: games.Text{ID: "learn.finished"}}
	}
	after := a.game.Clone()
	if err := after.Play(m); err != nil {
		return Answer{Why: refusal(err)}
	}
	step := a.lesson.Steps[a.Step()]
	if step.Agree {
		why := step.Check(a.game, after, m)
		if why.ID == "" {
			why = games.Text{ID: "learn.offer", Args: games.Args("Offer", a.game.Descriptor().Offer)}
		}
		return Answer{Why: why}
	}
	if why := step.Check(a.game, after, m); why.ID != "" {
		return Answer{Why: why}
	}
	return a.advance(after, a.game.Format(m), step)
}

// Offer is the learner offering to end the game by agreement (the game's Offer subcommand): right
// at a step that asks for it, and then accepted; otherwise explained.
func (a *Attempt) Offer() Answer {
	if a.Done() {
		return Answer{Why: games.Text{ID: "learn.finished"}}
	}
	step := a.lesson.Steps[a.Step()]
	if !step.Agree {
		return Answer{Why: games.Text{ID: "learn.no-offer"}}
	}
	after := a.game.Clone()
	if err := after.End(games.Agreement, games.NoSeat); err != nil {
		return Answer{Why: refusal(err)}
	}
	return a.advance(after, a.game.Descriptor().Offer, step)
}

// advance records a right decision, written as played, and plays the step's replies.
func (a *Attempt) advance(after games.Game, played string, step Step) Answer {
	if err := playAll(after, step.Replies); err != nil {
		// The lesson's tests play every right decision's replies: this is a broken lesson.
		panic(fmt.Sprintf("learn: lesson %s, step %d: reply %v", a.lesson.ID, a.Step()+1, err))
	}
	ans := Answer{Right: true, Played: append([]string{played}, step.Replies...)}
	a.game = after
	a.played = append(a.played, played)
	ans.Done = a.Done()
	return ans
}

// refusal is the game's refusal of a decision as a text: its Problem, or a plain refusal for an
// error the game gave without one.
func refusal(err error) games.Text {
	var p *games.Problem
	if errors.As(err, &p) {
		return p.Text
	}
	return games.Text{ID: "learn.illegal"}
}
