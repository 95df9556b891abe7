package table

import (
	"slices"
	"testing"

	"tabuleiro/store"
)

func TestRecordsAgainstTheBotShowFromTheWeakestLevel(t *testing.T) {
	rec := func(levels ...string) []store.BotRecord {
		var out []store.BotRecord
		for i, l := range levels {
			out = append(out, store.BotRecord{Level: l, Won: i})
		}
		return out
	}
	levels := func(rs []store.BotRecord) []string {
		var out []string
		for _, r := range rs {
			out = append(out, r.Level)
		}
		return out
	}
	tests := []struct {
		name   string
		played []store.BotRecord
		want   []string
	}{
		{"levels first played strongest first are shown weakest first", rec("hard", "medium", "easy"), []string{"easy", "medium", "hard"}},
		{"a level missing leaves the others in order", rec("hard", "easy"), []string{"easy", "hard"}},
		{"levels this build does not know come last, by name", rec("zen", "hard", "beginner"), []string{"hard", "beginner", "zen"}},
		{"no records stay none", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			played := slices.Clone(tt.played)
			got := byStrength(tt.played)
			if !slices.Equal(levels(got), tt.want) {
				t.Errorf("byStrength(%v) = %v, want %v", levels(tt.played), levels(got), tt.want)
			}
			if !slices.Equal(tt.played, played) {
				t.Errorf("the store's records were reordered in place: %v", levels(tt.played))
			}
			for _, r := range got {
				if i := slices.IndexFunc(played, func(p store.BotRecord) bool { return p.Level == r.Level }); played[i] != r {
					t.Errorf("record %+v changed on the way (was %+v)", r, played[i])
				}
			}
		})
	}
}
