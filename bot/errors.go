package bot

import (
	"errors"
	"fmt"

	"tabuleiro/store"
	"tabuleiro/table"
)

// publicError turns any error into the message a person sees, and says whether it is our fault.
func publicError(err error) (msg string, internal bool) {
	var r *table.Refusal
	var corrupt *store.CorruptError
	switch {
	case errors.As(err, &r):
		return r.Message, r.Code == table.Internal
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
		return table.UpperFirst(err.Error()) + ".", false
	}
	return "Something went wrong on our side — please try again in a moment.", true
}
