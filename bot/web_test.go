package bot

import (
	"fmt"
	"testing"

	"tabuleiro/say"
)

// fakeBoards stands for the web board: it hands out numbered links and remembers for whom.
type fakeBoards struct{ invited []string }

func (f *fakeBoards) Invite(member string, id uint64) (string, error) {
	f.invited = append(f.invited, fmt.Sprintf("%s/%d", member, id))
	return fmt.Sprintf("https://boards.example/b/%d/join/%d", id, len(f.invited)), nil
}

// boardButton is the Board button among rows, if any.
func boardButton(rows []Row) (Control, bool) {
	for _, c := range controls(rows) {
		if c.Action.Route == routeBoardLink {
			return c, true
		}
	}
	return Control{}, false
}

// withinLimits says what of Discord's limits rows break: at most 5 rows of at most 5 buttons or one menu.
func withinLimits(rows []Row) error {
	if len(rows) > maxRows {
		return fmt.Errorf("%d rows", len(rows))
	}
	for i, r := range rows {
		if len(r) > maxButtons {
			return fmt.Errorf("row %d has %d controls", i, len(r))
		}
		for _, c := range r {
			if c.Type == Menu && len(r) > 1 {
				return fmt.Errorf("row %d has a menu beside other controls", i)
			}
		}
	}
	return nil
}

func TestBoardButtonOnEveryBoard(t *testing.T) {
	w := say.For(say.English)
	for _, kind := range []string{"ouri", "ordo", "oolong"} {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t)
			e.challengeGame(kind)
			rec, _ := e.game(kind, "alice")
			v, err := e.bot.t.Game(rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := boardButton(e.bot.boardControls(v, "", w)); ok {
				t.Error("a Board button without a web board")
			}
			e.bot.LinkBoards(&fakeBoards{})
			rows := e.bot.boardControls(v, "", w)
			c, ok := boardButton(rows)
			if !ok {
				t.Fatalf("no Board button in %+v", rows)
			}
			if c.Label != w.T("button.board", nil) || c.Action.Game != rec.ID || c.Action.Kind != kind {
				t.Errorf("the Board button is %+v", c)
			}
			if err := withinLimits(rows); err != nil {
				t.Errorf("the board's controls break Discord's limits: %v: %+v", err, rows)
			}
			if id := e.bot.CustomID(c.Action); id != fmt.Sprintf("/%s/%d/%d/web", kind, rec.ID, v.Live.Ply()) {
				t.Errorf("the Board button's custom id is %q", id)
			}
			e.do(e.slash("alice", kind, "resign"))
			if v, err = e.bot.t.Game(rec.ID); err != nil || !v.Over() {
				t.Fatalf("the game did not end: %v", err)
			}
			if _, ok := boardButton(e.bot.boardControls(v, "", w)); !ok {
				t.Error("a finished game's message has no Board button")
			}
		})
	}
}

func TestBoardButtonAnswers(t *testing.T) {
	w := say.For(say.English)
	e := newEnv(t)
	boards := &fakeBoards{}
	e.bot.LinkPages(func(id uint64) string { return fmt.Sprintf("https://pages.example/g/%d", id) })
	msg := e.challengeGame("ouri")
	rec, _ := e.game("ouri", "alice")
	v, _ := e.bot.t.Game(rec.ID)
	click := Action{Route: routeBoardLink, Kind: "ouri", Game: rec.ID, Ply: v.Live.Ply()}
	title := v.Desc().Title

	mustPrivate(t, e.do(e.click("alice", msg, click)), w.T("reply.board-off", nil))
	e.bot.LinkBoards(boards)
	for i, player := range []string{"alice", "bob"} {
		want := w.T("reply.board-link", map[string]any{"Title": title, "URL": fmt.Sprintf("https://boards.example/b/%d/join/%d", rec.ID, i+1)})
		mustPrivate(t, e.do(e.click(player, msg, click)), want)
	}
	if got := fmt.Sprint(boards.invited); got != fmt.Sprintf("[alice/%d bob/%d]", rec.ID, rec.ID) {
		t.Errorf("invited %s", got)
	}
	mustPrivate(t, e.do(e.click("carol", msg, click)), said(Message{Content: w.Rich("reply.board-no-pages", map[string]any{"Title": title})}))
	e.do(manager(e.slash("alice", "tabuleiro", "settings", "pages", true)))
	page := fmt.Sprintf("https://pages.example/g/%d", rec.ID)
	mustPrivate(t, e.do(e.click("carol", msg, click)), w.T("reply.board-page", map[string]any{"Title": title, "URL": page}))
	if len(boards.invited) != 2 {
		t.Errorf("a watcher got a player's link: %v", boards.invited)
	}
}

func TestTheBoardButtonLaunchesTheActivity(t *testing.T) {
	e := newEnv(t)
	boards := &fakeBoards{}
	e.bot.LinkBoards(boards)
	e.bot.LaunchActivity()
	msg := e.challengeGame("ouri")
	rec, _ := e.game("ouri", "alice")
	// A player's click opens the Activity; a watcher's answers as without one (section 15).
	r := e.do(e.click("alice", msg, Action{Route: routeBoardLink, Kind: "ouri", Game: rec.ID, Ply: 0}))
	if r.Type != Launch || len(r.Message.Content) != 0 {
		t.Errorf("alice's click: want the Activity launched, got %+v", r)
	}
	r = e.do(e.click("carol", msg, Action{Route: routeBoardLink, Kind: "ouri", Game: rec.ID, Ply: 0}))
	if r.Type == Launch || !r.Message.Private || r.Refusal != "" {
		t.Errorf("carol's click: want a private answer, not the Activity, got %+v", r)
	}
	if len(boards.invited) != 0 {
		t.Errorf("links made when the Activity opens the board: %v", boards.invited)
	}
}
