package discord

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
		if got := customID(c.a); got != c.id {
			t.Errorf("customID(%+v) = %q, want %q", c.a, got, c.id)
		}
		if a, ok := parseCustomID(c.id); !ok || a != c.a {
			t.Errorf("parseCustomID(%q) = %+v, %v; want %+v", c.id, a, ok, c.a)
		}
	}
	for _, id := range []string{"", "garbage", "/ouri/x/y/sow/a", "/ouri/1/2", "/ouri/ch/0/accept", "/ouri/ch/x/accept",
		"/ouri/ch/5/accept/more", "//1/2/sow", "/ouri/-1/2/sow", "/ouri/1/-2/sow"} {
		if a, ok := parseCustomID(id); ok {
			t.Errorf("parseCustomID(%q) = %+v, accepted", id, a)
		}
	}
}
