package table

import (
	"errors"

	"tabuleiro/games"
	"tabuleiro/store"
)

// Code groups refusals for adapters, logs and tests.
type Code string

// Codes of a Refusal.
const (
	Refused   Code = "refused"    // the person may not do that (not their game, not their turn, …)
	Invalid   Code = "invalid"    // the input was wrong (an illegal move, a bad option)
	Stale     Code = "stale"      // the board or challenge used is out of date
	NotFound  Code = "not_found"  // no such game or challenge
	Internal  Code = "internal"   // our fault
	NoContext Code = "no_context" // used where games cannot be played
)

// Refusal is a refusal whose Text, worded in the reader's language by the adapter, is safe to show
// the person who asked: it says what was wrong and what to do instead. Nothing changed.
type Refusal struct {
	Code Code
	games.Text
}

func (r *Refusal) Error() string { return r.Text.String() }

// Refuse is a refusal: message id of the catalogue with its values as name, value pairs.
func Refuse(code Code, id string, kv ...any) error {
	return &Refusal{Code: code, Text: games.Text{ID: id, Args: games.Args(kv...)}}
}

func refuse(code Code, id string, kv ...any) error { return Refuse(code, id, kv...) }

// Refusing is what a person reads for err: the one place where the store's errors become refusals.
// The store, the table and the bot pass its errors on as they are, and the adapter words the
// refusal Refusing gives. A refusal stays itself; an error nobody refuses with (a failing disk, a
// bug) is Internal, and so is a stored record that cannot be read.
func Refusing(err error) *Refusal {
	var r *Refusal
	var full *store.FullError
	var corrupt *store.CorruptError
	switch {
	case errors.As(err, &r):
		return r
	case errors.As(err, &full):
		return newRefusal(Refused, "refusal.tournament.full", "Max", full.Max)
	case errors.As(err, &corrupt) && corrupt.Bucket == "challenges":
		return newRefusal(Internal, "error.corrupt-challenge", "Key", corrupt.Key)
	case errors.As(err, &corrupt):
		return newRefusal(Internal, "error.corrupt-game", "Key", corrupt.Key)
	}
	for _, s := range storeRefusals {
		if errors.Is(err, s.err) {
			return newRefusal(s.code, s.id)
		}
	}
	return newRefusal(Internal, "error.internal")
}

// storeRefusals are the store's refusals, each worded once; a narrower error (a tournament not
// found) comes before the one it wraps (a record not found).
var storeRefusals = []struct {
	err  error
	code Code
	id   string
}{
	{store.ErrNoTournament, NotFound, "refusal.tournament.gone"},
	{store.ErrTournamentStarted, Stale, "refusal.tournament.started"},
	{store.ErrPaired, Stale, "refusal.tournament.started"},
	{store.ErrTournamentClosed, Stale, "refusal.tournament.closed"},
	{store.ErrEntered, Refused, "refusal.tournament.entered"},
	{store.ErrNotEntered, Refused, "refusal.tournament.not-entered"},
	{store.ErrNoAttempt, Stale, "puzzle.refuse.none"},
	{store.ErrAttemptMoved, Stale, "puzzle.refuse.moved"},
	{store.ErrMovedOn, Stale, "error.moved-on"},
	{store.ErrNotFound, NotFound, "error.not-found"},
	{store.ErrBusy, Refused, "error.busy"},
	{store.ErrClosed, Stale, "error.closed"},
	{store.ErrExpired, Stale, "error.expired"},
}

func newRefusal(code Code, id string, kv ...any) *Refusal {
	return &Refusal{Code: code, Text: games.Text{ID: id, Args: games.Args(kv...)}}
}

// Problem is the refusal of what the rules refused (an illegal move, a bad option): their Text,
// or, from an engine that still speaks English, its message.
func Problem(code Code, err error) error {
	var p *games.Problem
	if errors.As(err, &p) {
		return &Refusal{Code: code, Text: p.Text}
	}
	return refuse(code, "refusal.engine", "Error", UpperFirst(err.Error()))
}

// StaleBoard is the note for a control used on a board that is not the newest.
const StaleBoard = "refusal.stale-board"

// UpperFirst capitalises an engine's error for a person.
func UpperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
