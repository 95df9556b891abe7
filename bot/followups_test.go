package bot

import (
	"testing"
	"time"
)

// namedFollowup is a Followup told apart by its name; setNewer never calls it.
type namedFollowup struct {
	Followup
	name string
}

// Two panels of one person asked for in turn may have their After steps run in either order: the
// later asked for stays the panel, and the earlier is the one cleared.
func TestTheLaterPanelStaysWhateverOrderTheirStepsRunIn(t *testing.T) {
	now := time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		name     string
		reversed bool
	}{
		{"steps in the order asked", false},
		{"the later one's step first", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			l := newFollowups(func() time.Time { return now })
			first, second := &namedFollowup{name: "first"}, &namedFollowup{name: "second"}
			o1, o2 := l.nextOrder(), l.nextOrder()
			var cleared Followup
			if c.reversed {
				if prev := l.setNewer(l.panels, 1, second, o2); prev != nil {
					t.Fatalf("nothing showed the panel yet, got %v", prev)
				}
				cleared = l.setNewer(l.panels, 1, first, o1)
			} else {
				l.setNewer(l.panels, 1, first, o1)
				cleared = l.setNewer(l.panels, 1, second, o2)
			}
			if cleared != Followup(first) {
				t.Errorf("cleared %v, want the first panel", cleared)
			}
			if got := l.get(l.panels, 1); got != Followup(second) {
				t.Errorf("the panel is %v, want the second", got)
			}
		})
	}
}
