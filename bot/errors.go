package bot

import (
	"errors"
	"fmt"

	"tabuleiro/store"
)

// Error is a refusal or failure whose Message is safe to show the person who asked: it says what was
// wrong and what to do instead. Code groups refusals for logs and tests.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string { return e.Message }

// Codes of Error.
const (
	CodeRefused   = "refused"    // the person may not do that (not their game, not their turn, …)
	CodeInvalid   = "invalid"    // the input was wrong (an illegal move, a bad option)
	CodeStale     = "stale"      // the board or challenge clicked is out of date
	CodeNotFound  = "not_found"  // no such game or challenge
	CodeInternal  = "internal"   // our fault
	CodeNoContext = "no_context" // used outside a server channel
)

func refuse(code, format string, a ...any) error {
	return &Error{Code: code, Message: fmt.Sprintf(format, a...)}
}

// staleBoard is the note for a click on a board that is not the newest.
const staleBoard = "That board is out of date — the game has moved on; use the newest board."

// publicError turns any error into the message a person sees, and says whether it is our fault.
func publicError(err error) (msg string, internal bool) {
	var e *Error
	var corrupt *store.CorruptError
	switch {
	case errors.As(err, &e):
		return e.Message, e.Code == CodeInternal
	case errors.As(err, &corrupt):
		what := "game"
		if corrupt.Bucket == "challenges" {
			what = "challenge"
		}
		return fmt.Sprintf("The stored record of this %s (#%s) is damaged and cannot be read, so nothing was changed — "+
			"please tell the server admin; the bot's log names the record.", what, corrupt.Key), true
	case errors.Is(err, store.ErrMovedOn):
		return "The game moved on: someone decided first — look at the newest board and try again.", false
	case errors.Is(err, store.ErrNotFound), errors.Is(err, store.ErrBusy),
		errors.Is(err, store.ErrClosed), errors.Is(err, store.ErrExpired):
		return upperFirst(err.Error()) + ".", false
	}
	return "Something went wrong on our side — please try again in a moment.", true
}

func upperFirst(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}
