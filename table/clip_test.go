package table

import (
	"strings"
	"testing"
)

func TestClip(t *testing.T) {
	for _, c := range []struct {
		name, in string
		n        int
		want     string
	}{
		{"a short input is kept whole", "a2-a3", 32, "a2-a3"},
		{"an input of exactly n characters is kept whole", "αβγ", 3, "αβγ"},
		{"a long input keeps its first n characters", strings.Repeat("x", 1<<20), 4, "xxxx…"},
		{"characters are never cut in half", "ééééé", 2, "éé…"},
		{"bytes that are not UTF-8 count one each", "\xff\xfe\xfd\xfc", 2, "\xff\xfe…"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got := Clip(c.in, c.n); got != c.want {
				t.Errorf("Clip(%.20q, %d) = %q, want %q", c.in, c.n, got, c.want)
			}
		})
	}
}
