package games

import (
	"strings"
)

// MaxNotation is the longest decision, in bytes once surrounding spaces are trimmed, that a game's
// Parse reads. Every canonical notation is far shorter ("move nw.s e.n", "c2:d2-c4"); a longer input
// is refused before it is looked at, so no input costs more than a glance.
const MaxNotation = 64

// CheckLength refuses a decision longer than MaxNotation. Its error quotes only the input's start,
// so a huge input never comes back whole in a reply or a log.
func CheckLength(s string) error {
	t := strings.TrimSpace(s)
	if len(t) <= MaxNotation {
		return nil
	}
	const shown = 12
	start, n := t, 0
	for i := range t {
		if n == shown {
			start = t[:i]
			break
		}
		n++
	}
	return Problemf("notation.too-long", "Start", start, "Count", MaxNotation)
}
