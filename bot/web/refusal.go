package web

import (
	"net/http"
	"strings"

	"tabuleiro/bot"
	"tabuleiro/table"
)

// The board's own refusals, beside the table's: a request it could not read, and a viewer who asks
// faster than it answers.
const (
	unreadable table.Code = "unreadable"
	tooMany    table.Code = "too_many"
)

// statuses is the one mapping from a refusal to the HTTP status the page reads with it; a code
// missing here is a conflict.
var statuses = map[table.Code]int{
	table.NotFound:  http.StatusNotFound,
	table.Refused:   http.StatusForbidden, // not their seat, not their turn, a watcher deciding
	table.NoContext: http.StatusForbidden,
	table.Stale:     http.StatusConflict, // the board moved on, or the game is not over yet
	table.Invalid:   http.StatusUnprocessableEntity,
	table.Internal:  http.StatusInternalServerError,
	unreadable:      http.StatusBadRequest,
	tooMany:         http.StatusTooManyRequests,
}

// status is the HTTP status of err, as the table refuses it.
func status(err error) int {
	if s, ok := statuses[table.Refusing(err).Code]; ok {
		return s
	}
	return http.StatusConflict
}

// refuse answers the page with why err left the game as it was, in l's language (a mention is the
// person's name on the board), under err's status. Our own failures are logged.
func (s *Server) refuse(w http.ResponseWriter, r *http.Request, l bot.LiveView, err error) {
	msg, internal := bot.Refusal(err, l.Words)
	if internal {
		s.cfg.Log.Error("the web board failed", "path", r.URL.Path, "err", err)
	}
	writeJSON(w, status(err), answer{Error: strings.ReplaceAll(plain(msg, l), "`", "")})
}
