package bot

import (
	"reflect"
	"strings"
	"testing"

	"tabuleiro/say"
)

// marked measures as a chat that writes marks around a mention (<@…>) and emphasis (**…**) would:
// Clip fits a message to the measure it is given.
func marked(r say.Rich) int {
	n := letters(r)
	for _, p := range r {
		switch p.Kind {
		case say.MentionPart:
			n += len("<@>")
		case say.StrongPart:
			n += len("****")
		}
	}
	return n
}

func TestClipKeepsAMessageWithinTheLimit(t *testing.T) {
	long := strings.Repeat("x", maxContent)
	for _, c := range []struct {
		name string
		in   say.Rich
		want say.Rich
	}{
		{"a short message is left as it is", say.Mention("1").Add(say.Plain(" hi")), say.Mention("1").Add(say.Plain(" hi"))},
		{"long words are cut and end with an ellipsis", say.Plain(long + "y"), say.Plain(long[:maxContent-1] + "…")},
		{"a mention that does not fit is left out, not cut",
			say.Plain(long[:maxContent-3]).Add(say.Mention("12345")), say.Plain(long[:maxContent-3] + "…")},
		{"emphasis is cut inside its marks",
			say.Plain(long[:maxContent-10]).Add(say.Strong("abcdefghij")), say.Plain(long[:maxContent-10]).Add(say.Strong("abcde")).Add(say.Plain("…"))},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := Clip(c.in, marked)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("clip = %.60q…, want %.60q…", got.String(), c.want.String())
			}
			if n := marked(got); n > maxContent {
				t.Errorf("the clipped message takes %d characters", n)
			}
		})
	}
}
