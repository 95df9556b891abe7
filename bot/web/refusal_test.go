package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Every refusal reaches the page with one status, whether a decision or a tried line was refused,
// and with its words; only our own failures are logged.
func TestARefusalHasOneStatus(t *testing.T) {
	for _, tt := range []struct {
		name   string
		err    error
		want   int
		logged bool
	}{
		{"a game that is gone is not found", table.Refuse(table.NotFound, "refusal.game-gone"), http.StatusNotFound, false},
		{"a record the store does not hold is not found", fmt.Errorf("loading: %w", store.ErrNotFound), http.StatusNotFound, false},
		{"another player's seat is forbidden", table.Refuse(table.Refused, "refusal.not-yours", "Kind", "ouri"), http.StatusForbidden, false},
		{"a watcher deciding is forbidden", table.Refuse(table.Refused, "web.watcher"), http.StatusForbidden, false},
		{"a decision from another site is forbidden", table.Refuse(table.Refused, "web.foreign-origin"), http.StatusForbidden, false},
		{"a game that cannot be played here is forbidden", table.Refuse(table.NoContext, "refusal.no-channel"), http.StatusForbidden, false},
		{"a board that moved on is a conflict", table.Refuse(table.Stale, table.StaleBoard), http.StatusConflict, false},
		{"a race lost in the store is a conflict", fmt.Errorf("deciding: %w", store.ErrMovedOn), http.StatusConflict, false},
		{"a line tried on a game being played is a conflict", table.Refuse(table.Stale, "refusal.replay-not-over", "Kind", "ouri"), http.StatusConflict, false},
		{"an illegal decision cannot be processed", table.Refuse(table.Invalid, "refusal.branch-long", "Max", table.MaxBranch), http.StatusUnprocessableEntity, false},
		{"a request that cannot be read is a bad request", table.Refuse(unreadable, "web.bad-request"), http.StatusBadRequest, false},
		{"too many lines at once are too many requests", table.Refuse(tooMany, "web.branch-busy"), http.StatusTooManyRequests, false},
		{"a refusal wrapped on its way keeps its status", fmt.Errorf("choosing: %w", table.Refuse(table.Refused, "web.watcher")), http.StatusForbidden, false},
		{"anything else is our failure", errors.New("disk on fire"), http.StatusInternalServerError, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var log bytes.Buffer
			s := &Server{cfg: Config{Log: slog.New(slog.NewTextHandler(&log, nil))}}
			w := httptest.NewRecorder()
			s.refuse(w, httptest.NewRequest("POST", "/g/1/decide", nil), bot.LiveView{Words: say.For(say.Portuguese)}, tt.err)
			var a answer
			if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil || a.Error == "" || a.State != nil {
				t.Errorf("the answer %s is no refusal with its words (%v)", w.Body, err)
			}
			if w.Code != tt.want {
				t.Errorf("status %d, want %d", w.Code, tt.want)
			}
			if logged := log.Len() > 0; logged != tt.logged {
				t.Errorf("logged %v, want %v: %s", logged, tt.logged, log.String())
			}
		})
	}
}

// The board's own refusals read as the catalogue words them, in the reader's language.
func TestTheBoardsOwnRefusalsAreWorded(t *testing.T) {
	for _, lang := range []string{say.English, say.Portuguese} {
		ws := say.For(lang)
		for _, id := range []string{"web.watcher", "web.foreign-origin", "web.bad-request", "web.branch-busy"} {
			s := &Server{cfg: Config{Log: slog.New(slog.DiscardHandler)}}
			w := httptest.NewRecorder()
			s.refuse(w, httptest.NewRequest("POST", "/g/1/branch", nil), bot.LiveView{Words: ws}, table.Refuse(table.Refused, id))
			var a answer
			if json.Unmarshal(w.Body.Bytes(), &a); a.Error != ws.T(id, nil) {
				t.Errorf("%s %s: %q, want %q", lang, id, a.Error, ws.T(id, nil))
			}
		}
	}
}
