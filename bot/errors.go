package bot

import (
	"errors"

	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// publicError turns any error into the message a person sees, and says whether it is our fault.
func publicError(err error, w *say.Words) (msg say.Rich, internal bool) {
	var r *table.Refusal
	var corrupt *store.CorruptError
	switch {
	case errors.As(err, &r):
		return refusalText(r, w), r.Code == table.Internal
	case errors.As(err, &corrupt):
		id := "error.corrupt-game"
		if corrupt.Bucket == "challenges" {
			id = "error.corrupt-challenge"
		}
		return w.Rich(id, map[string]any{"Key": corrupt.Key}), true
	case errors.Is(err, store.ErrMovedOn):
		return w.Rich("error.moved-on", nil), false
	case errors.Is(err, store.ErrNotFound):
		return w.Rich("error.not-found", nil), false
	case errors.Is(err, store.ErrBusy):
		return w.Rich("error.busy", nil), false
	case errors.Is(err, store.ErrClosed):
		return w.Rich("error.closed", nil), false
	case errors.Is(err, store.ErrExpired):
		return w.Rich("error.expired", nil), false
	}
	return w.Rich("error.internal", nil), true
}
