package table

import "fmt"

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

// Refusal is a refusal whose Message is safe to show the person who asked: it says what was wrong
// and what to do instead. Nothing changed.
type Refusal struct {
	Code    Code
	Message string
}

func (r *Refusal) Error() string { return r.Message }

func refuse(code Code, format string, a ...any) error {
	return &Refusal{Code: code, Message: fmt.Sprintf(format, a...)}
}

// StaleBoard is the note for a control used on a board that is not the newest.
const StaleBoard = "That board is out of date — the game has moved on; use the newest board."

// UpperFirst capitalises an engine's error for a person.
func UpperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
