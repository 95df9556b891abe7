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
		says     string
		internal bool
	}{
		{"a refusal is worded from the catalogue", refuse(table.Refused, "refusal.bot-turn"), "It is the bot's turn", false},
		{"a refusal wrapped on its way is shown as written", fmt.Errorf("moving: %w", refuse(table.Stale, table.StaleBoard)), "out of date", false},
		{"an internal refusal is our fault", refuse(table.Internal, "error.internal"), "try again", true},
		{"a race lost says the game moved on", fmt.Errorf("deciding: %w", store.ErrMovedOn), "moved on", false},
		{"a damaged game names its record and says nothing changed",
			fmt.Errorf("loading: %w", &store.CorruptError{Bucket: "games", Key: "12", Err: errors.New("version 9")}),
			"game (#12) is damaged and cannot be read, so nothing was changed", true},
		{"a damaged challenge is called a challenge",
			&store.CorruptError{Bucket: "challenges", Key: "3", Err: errors.New("cut off")}, "challenge (#3)", true},
		{"a closed challenge says so", store.ErrClosed, "This challenge is no longer open.", false},
		{"anything else is our fault", errors.New("disk on fire"), "on our side", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg, internal := publicError(tt.err, say.For(say.English))
			if !strings.Contains(msg.String(), tt.says) || internal != tt.internal {
				t.Errorf("publicError = %q, %v; want %q, %v", msg, internal, tt.says, tt.internal)
			}
		})
	}
}
