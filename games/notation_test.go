package games

import (
	"strings"
	"testing"
)

func TestCheckLength(t *testing.T) {
	tests := []struct {
		name, in string
		refused  bool
	}{
		{"a short decision passes", "move nw.s e.n", false},
		{"spaces around a decision do not count", strings.Repeat(" ", 500) + "a3-a4" + strings.Repeat("\t", 500), false},
		{"exactly the bound passes", strings.Repeat("x", MaxNotation), false},
		{"one more is refused", strings.Repeat("x", MaxNotation+1), true},
		{"a megabyte is refused", strings.Repeat("a3-a4 ", 1<<20/6), true},
		{"a long run of wide characters is refused", strings.Repeat("é", 40), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckLength(tt.in)
			if (err != nil) != tt.refused {
				t.Fatalf("CheckLength = %v", err)
			}
			if err != nil && len(err.Error()) > 100 {
				t.Errorf("the error is %d bytes long: %.200s", len(err.Error()), err)
			}
		})
	}
}
