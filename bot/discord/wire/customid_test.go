package wire

import (
	"testing"

	"tabuleiro/bot"
)

// The custom ids of boards and challenges already posted must keep working after an upgrade: their
// format is fixed.
func TestCustomIDsKeepTheirFormat(t *testing.T) {
	for _, c := range []struct {
		id string
		a  bot.Action
	}{
		{"/ouri/12/7/sow/d", bot.Action{Kind: "ouri", Game: 12, Ply: 7, Verb: "sow", Arg: "d"}},
		{"/oolong/3/40/play/c.ne", bot.Action{Kind: "oolong", Game: 3, Ply: 40, Verb: "play", Arg: "c.ne"}},
		{"/oolong/3/41/pick/0", bot.Action{Kind: "oolong", Game: 3, Ply: 41, Verb: "pick", Arg: "0"}},
		{"/oolong/3/41/group/1", bot.Action{Kind: "oolong", Game: 3, Ply: 41, Verb: "group", Arg: "1"}},
		{"/oolong/3/41/view", bot.Action{Kind: "oolong", Game: 3, Ply: 41, Verb: "view"}},
		{"/ordo/9/0/resign", bot.Action{Kind: "ordo", Game: 9, Verb: "resign"}},
		{"/ordo/9/0/resign/yes", bot.Action{Kind: "ordo", Game: 9, Verb: "resign", Arg: "yes"}},
		{"/ouri/ch/5/accept", bot.Action{Kind: "ouri", Challenge: 5, Verb: "accept"}},
		{"/ordo/ch/6/decline", bot.Action{Kind: "ordo", Challenge: 6, Verb: "decline"}},
	} {
		if got := CustomID(c.a); got != c.id {
			t.Errorf("CustomID(%+v) = %q, want %q", c.a, got, c.id)
		}
		if a, ok := ParseCustomID(c.id); !ok || a != c.a {
			t.Errorf("ParseCustomID(%q) = %+v, %v; want %+v", c.id, a, ok, c.a)
		}
	}
	for _, id := range []string{"", "garbage", "/ouri/x/y/sow/a", "/ouri/1/2", "/ouri/ch/0/accept", "/ouri/ch/x/accept",
		"/ouri/ch/5/accept/more", "//1/2/sow", "/ouri/-1/2/sow", "/ouri/1/-2/sow"} {
		if a, ok := ParseCustomID(id); ok {
			t.Errorf("ParseCustomID(%q) = %+v, accepted", id, a)
		}
	}
}

// FuzzCustomID: whatever a click carries, parseCustomID never panics, and an id it accepts writes
// back to one that reads as the same action (so a board posted today still works tomorrow).
func FuzzCustomID(f *testing.F) {
	for _, id := range []string{"/ouri/12/7/sow/d", "/oolong/3/40/play/c.ne", "/oolong/3/41/pick/0", "/ordo/9/0/resign/yes",
		"/ouri/ch/5/accept", "/ordo/ch/6/decline", "ouri/1/2/sow", "/ouri/1/2/v//", "/ouri/ch/0/accept", "//1/2/sow", ""} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		a, ok := ParseCustomID(id)
		if !ok {
			if a != (bot.Action{}) {
				t.Fatalf("refused %q but returned %+v", id, a)
			}
			return
		}
		if a.Kind == "" || a.Ply < 0 {
			t.Fatalf("ParseCustomID(%q) accepted %+v", id, a)
		}
		back := CustomID(a)
		b, ok := ParseCustomID(back)
		if !ok || b != a {
			t.Fatalf("%q read as %+v, written as %q, read back as %+v, %v", id, a, back, b, ok)
		}
		if CustomID(b) != back {
			t.Fatalf("%q is not a fixed point: %q", back, CustomID(b))
		}
	})
}
