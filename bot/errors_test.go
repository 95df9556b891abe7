package bot

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

func TestPublicErrorSaysWhatHappenedAndWhatToDo(t *testing.T) {
	tests := []struct {
		name     string
		err      error
		id       string // the message it says
		args     []any
		internal bool
	}{
		{"a refusal is worded from the catalogue", refuse(table.Refused, "refusal.bot-turn"), "refusal.bot-turn", nil, false},
		{"a refusal wrapped on its way is shown as written", fmt.Errorf("moving: %w", refuse(table.Stale, table.StaleBoard)), table.StaleBoard, nil, false},
		{"an internal refusal is our fault", refuse(table.Internal, "error.internal"), "error.internal", nil, true},
		{"a race lost says the game moved on", fmt.Errorf("deciding: %w", store.ErrMovedOn), "error.moved-on", nil, false},
		{"a damaged game names its record and says nothing changed",
			fmt.Errorf("loading: %w", &store.CorruptError{Bucket: "games", Key: "12", Err: errors.New("version 9")}),
			"error.corrupt-game", []any{"Key", "12"}, true},
		{"a damaged challenge is called a challenge",
			&store.CorruptError{Bucket: "challenges", Key: "3", Err: errors.New("cut off")}, "error.corrupt-challenge", []any{"Key", "3"}, true},
		{"a closed challenge says so", store.ErrClosed, "error.closed", nil, false},
		{"anything else is our fault", errors.New("disk on fire"), "error.internal", nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, internal := publicError(tt.err, say.For(say.English))
			if got := said(Message{Content: msg}); !says(got, tt.id, tt.args...) || strings.Contains(got, "<no value>") || internal != tt.internal {
				t.Errorf("publicError = %q, %v; want %s %v, %v", got, internal, tt.id, tt.args, tt.internal)
			}
		})
	}
}
