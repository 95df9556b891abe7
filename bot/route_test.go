package bot

import (
	"context"
	"strings"
	"testing"
)

// The custom ids of messages already posted keep working after an upgrade: each id below was
// recorded from boards, menus and buttons posted by the build before the route table, and reads as
// the action today's bot answers; those whose form did not change are written the same way again.
func TestRecordedCustomIDsStillWork(t *testing.T) {
	for _, c := range []struct {
		id    string
		a     Action
		again bool // today's bot writes the same id for the action
	}{
		{"/ouri/12/7/sow/d", Action{Route: "sow", Kind: "ouri", Game: 12, Ply: 7, Arg: "d"}, true},
		{"/oolong/3/40/play/c.ne", Action{Route: "play", Kind: "oolong", Game: 3, Ply: 40, Arg: "c.ne"}, true},
		{"/ordo/5/2/play/c7:d7-c5", Action{Route: "play", Kind: "ordo", Game: 5, Ply: 2, Arg: "c7:d7-c5"}, true},
		{"/oolong/3/41/pick/0", Action{Route: "pick", Kind: "oolong", Game: 3, Ply: 41}, true},
		{"/oolong/3/41/group/1", Action{Route: "group", Kind: "oolong", Game: 3, Ply: 41, Menu: 1}, true},
		{"/oolong/3/41/view", Action{Route: "view", Kind: "oolong", Game: 3, Ply: 41}, true},
		{"/ordo/9/0/resign", Action{Route: "resign", Kind: "ordo", Game: 9}, true},
		{"/ordo/9/0/resign/yes", Action{Route: "resign-yes", Kind: "ordo", Game: 9}, true},
		{"/ordo/9/31/rematch", Action{Route: "rematch", Kind: "ordo", Game: 9, Ply: 31}, true},
		{"/ouri/4/0/replay/12", Action{Route: "replay", Kind: "ouri", Game: 4, Page: 12}, true},
		{"/ouri/ch/5/accept", Action{Route: "accept", Kind: "ouri", Challenge: 5}, true},
		{"/ordo/ch/6/decline", Action{Route: "decline", Kind: "ordo", Challenge: 6}, true},
		{"/ouri/2/3/learn/d", Action{Route: "learn", Kind: "ouri", Lesson: 2, Ply: 3, Arg: "d"}, true},
		{"/oolong/1/0/learn/pick/0", Action{Route: "learn-pick", Kind: "oolong", Lesson: 1}, true},
		{"/oolong/1/0/learn/group/1", Action{Route: "learn-group", Kind: "oolong", Lesson: 1, Menu: 1}, true},
		{"/oolong/1/0/learn/view", Action{Route: "learn-view", Kind: "oolong", Lesson: 1}, true},
		{"/ouri/0/2/puzzle/f", Action{Route: "puzzle", Kind: "ouri", Ply: 2, Arg: "f"}, true},
		{"/oolong/0/0/puzzle/pick/1", Action{Route: "puzzle-pick", Kind: "oolong", Menu: 1}, true},
		{"/ordo/0/0/daily/2026-11-27", Action{Route: "daily", Kind: "ordo", Arg: "2026-11-27"}, true},
		{"/ordo/0/0/leaderboard/3", Action{Route: "leaderboard", Kind: "ordo", Page: 3}, true},
		{"/tabuleiro/0/0/challenge/333333333333333333", Action{Route: "challenge-game", Kind: AppCommand, Arg: "333333333333333333"}, true},
		// A tournament's buttons folded their verb and id into one part; they are read into today's.
		{"/oolong/2/1/pick", Action{Route: "pick", Kind: "oolong", Game: 2, Ply: 1}, false},
		{"/tabuleiro/0/0/tournament/join:7", Action{Route: "tournament-join", Kind: AppCommand, Tournament: 7}, false},
		{"/tabuleiro/0/0/tournament/leave:7", Action{Route: "tournament-leave", Kind: AppCommand, Tournament: 7}, false},
		{"/tabuleiro/0/0/tournament/withdraw:7", Action{Route: "tournament-withdraw", Kind: AppCommand, Tournament: 7}, false},
		{"/tabuleiro/0/0/tournament/standings:7:2", Action{Route: "tournament-standings", Kind: AppCommand, Tournament: 7, Page: 2}, false},
	} {
		t.Run(c.id, func(t *testing.T) {
			a, ok := ParseCustomID(c.id)
			if !ok || a != c.a {
				t.Fatalf("read as %+v, %v; want %+v", a, ok, c.a)
			}
			if got := CustomID(c.a); (got == c.id) != c.again {
				t.Errorf("written as %q (the same again: %v)", got, c.again)
			}
			if back, ok := ParseCustomID(CustomID(a)); !ok || back != a {
				t.Errorf("today's id %q reads as %+v, %v", CustomID(a), back, ok)
			}
		})
	}
	for _, id := range []string{"", "garbage", "/ouri/x/y/sow/a", "/ouri/1/2", "/ouri/ch/0/accept", "/ouri/ch/x/accept",
		"/ouri/ch/5/accept/more", "//1/2/sow", "/ouri/-1/2/sow", "/ouri/1/-2/sow", "/chess/1/2/sow/a", "/ouri/1/2/dance",
		"/ouri/0/2/learn/d", "/tabuleiro/0/0/tournament/join:x", "/tabuleiro/0/0/tournament/join:0", "/tabuleiro/tournament/0/join",
		"/tabuleiro/0/0/tournament/standings:7", "/ouri/4/0/replay/x"} {
		if a, ok := ParseCustomID(id); ok {
			t.Errorf("ParseCustomID(%q) = %+v, accepted", id, a)
		}
	}
}

// FuzzCustomID: whatever a click carries, ParseCustomID never panics, and an id it accepts writes
// back to one that reads as the same action (so a board posted today still works tomorrow).
func FuzzCustomID(f *testing.F) {
	for _, id := range []string{"/ouri/12/7/sow/d", "/oolong/3/40/play/c.ne", "/oolong/3/41/pick/0", "/ordo/9/0/resign/yes",
		"/ouri/ch/5/accept", "/ordo/ch/6/decline", "ouri/1/2/sow", "/ouri/1/2/v//", "/ouri/ch/0/accept", "//1/2/sow", "",
		"/tabuleiro/0/0/tournament/standings:7:2", "/tabuleiro/tournament/7/standings/2", "/ouri/2/3/learn/pick/0"} {
		f.Add(id)
	}
	f.Fuzz(func(t *testing.T, id string) {
		a, ok := ParseCustomID(id)
		if !ok {
			if a != (Action{}) {
				t.Fatalf("refused %q but returned %+v", id, a)
			}
			return
		}
		if a.Kind == "" || a.Route == "" || a.Ply < 0 || a.Page < 0 || a.Menu < 0 {
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

// A route declared twice stops the bot at start, whichever way it repeats.
func TestDuplicateRoutesFail(t *testing.T) {
	answer := func(context.Context, *Request) (Reply, error) { return Reply{}, nil }
	for _, c := range []struct {
		name  string
		route Route
		want  string
	}{
		{"a game subcommand", Route{Sub: gameSub("move", "sub.move"), Answer: answer}, "/oolong move is declared twice"},
		{"an app subcommand", Route{Command: AppCommand, Sub: fixed("help", "sub.tabuleiro.help"), Answer: answer}, "/tabuleiro help is declared twice"},
		{"a control's name", Route{Name: "sow", Pattern: "/{kind}/{game}/{ply}/sow2/{arg}", Answer: answer}, `"sow" is declared twice`},
		{"a control's pattern", Route{Name: "sow2", Pattern: "/{kind}/{game}/{ply}/sow/{arg}", Answer: answer}, "same custom id pattern"},
		{"a pattern with an unknown part", Route{Name: "x", Pattern: "/{kind}/{colour}", Answer: answer}, "is not a part"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := newRouter(append(builtinRoutes(), c.route))
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v, want an error saying %q", err, c.want)
			}
			b := New(nil, nil, Config{})
			if err := b.Declare(c.route); err == nil {
				t.Fatalf("Declare took it")
			}
		})
	}
}
