package table

import (
	"errors"

	"tabuleiro/games"
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
