package bot

import (
	"context"
	"errors"
	"strings"
	"tabuleiro/say"
	"testing"
	"time"

	"tabuleiro/table"
)

// paced has alice challenge bob to a 2-day Ordo game, alice first, and bob accept: the board.
func paced(t *testing.T, e *env) Reply {
	t.Helper()
	in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me", "pace", "2d")
	r := e.do(in)
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "(pace: 2d)") {
		t.Fatalf("the challenge does not say its pace: %q", said(r.Message))
	}
	return e.do(e.click("bob", e.messageOf(in), actionOf(t, r.Message.Rows, "accept")))
}

func TestADayPacedGameShowsItsClock(t *testing.T) {
	e := newEnv(t)
	board := said(paced(t, e).Message)
	deadline := e.clock.Now().Add(48 * time.Hour)
	if !strings.Contains(board, "2 days a move") || !says(board, "board.pace.deadline", "Player", say.Mention("alice"), "Deadline", say.Time(deadline)) {
		t.Fatalf("the board does not show alice's clock, 2 days a move and due %v:\n%s", deadline, board)
	}
	// A live game's board says nothing of a clock.
	live := e.do(e.slash("carol", "ouri", "vs-bot", "first", "me"))
	if s := said(live.Message); says(s, "board.pace.deadline") {
		t.Fatalf("a live game shows a clock:\n%s", s)
	}
	mustRefuse(t, e.do(e.slash("alice", "ouri", "challenge", "opponent", "bob", "pace", "4d")), "refusal.pace")
}

func TestAVacationIsShownOnTheBoardAndInTheGamesList(t *testing.T) {
	e := newEnv(t)
	paced(t, e)
	e.rec.take()
	r := e.do(e.slash("alice", AppCommand, "me", "vacation", "start"))
	mustPrivate(t, r, "")
	if !says(said(r.Message), "vacation.started", "Count", 1) {
		t.Fatalf("the vacation's reply: %q", said(r.Message))
	}
	edits := e.rec.ops("edit")
	if len(edits) != 1 || !says(edits[0].content(), "board.pace.away", "Player", say.Mention("alice")) {
		t.Fatalf("the board was not shown again with the vacation: %+v", edits)
	}
	r = e.do(e.slash("bob", AppCommand, "games"))
	mustPrivate(t, r, en("games.head", "Page", 1, "Pages", 1))
	if s := said(r.Message); !strings.Contains(s, "**Ordo** vs "+mention("alice")+" · 2 days a move · their move, on vacation, back") ||
		!strings.Contains(s, "https://discord.com/channels/g1/c1/") {
		t.Fatalf("bob's games: %q", s)
	}
	mustRefuse(t, e.do(e.slash("alice", AppCommand, "me", "vacation", "start")), "vacation.refuse.on")
	r = e.do(e.slash("alice", AppCommand, "me", "vacation", "end"))
	mustPrivate(t, r, en("vacation.ended", "Count", 1))
	mustPrivate(t, e.do(e.slash("carol", AppCommand, "games")), en("games.none"))
	mustRefuse(t, e.do(e.slash("bob", AppCommand, "games", "page", "0")), "refusal.games-page")
}

func TestRematchKeepsThePace(t *testing.T) {
	e := newEnv(t)
	paced(t, e)
	r := e.do(e.slash("bob", "ordo", "resign"))
	r = e.do(e.click("bob", "m", actionOf(t, r.Message.Rows, "rematch")))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "(pace: 2d)") {
		t.Fatalf("the rematch forgot the pace: %q", said(r.Message))
	}
}

// dms records the digests the bot writes in DMs, as a platform that can open them.
type dms struct {
	*recorder
	closed map[string]bool
	sent   map[string][]string
}

func (d *dms) SendDM(ctx context.Context, user string, m Message) (string, error) {
	if d.closed[user] {
		return "", errors.Join(errors.New("50007"), table.ErrNoDM)
	}
	d.sent[user] = append(d.sent[user], said(m))
	return "dm1", nil
}

func TestTheDigestIsADM(t *testing.T) {
	e := newEnv(t)
	box := &dms{recorder: e.rec, closed: map[string]bool{}, sent: map[string][]string{}}
	e.bot = New(e.st, box, Config{Now: e.clock.Now, Seed: 7, AI: testAI, Log: e.log})
	paced(t, e)
	r := e.do(e.slash("alice", AppCommand, "me", "digest", "13"))
	mustPrivate(t, r, "Daily digest of your moves: **at 13:00 UTC**")
	mustRefuse(t, e.do(e.slash("alice", AppCommand, "me", "digest", "noon")), "digest.refuse.hour")
	e.clock.Advance(time.Hour) // 13:00
	e.bot.Sweep(context.Background())
	e.bot.Sweep(context.Background())
	got := box.sent["alice"]
	if len(got) != 1 || !strings.Contains(got[0], "**Your move** in 1 game:") || !strings.Contains(got[0], "**Ordo** vs "+mention("bob")) ||
		!strings.Contains(got[0], "https://discord.com/channels/g1/c1/") {
		t.Fatalf("alice's digests: %q", got)
	}
	if m, _ := e.st.MemberSettings("alice"); !m.Digest || m.DigestHour != 13 {
		t.Fatalf("alice's settings: %+v", m)
	}
}

func TestATournamentSaysItsPace(t *testing.T) {
	e := newEnv(t)
	r := e.do(e.cupCommand("alice", "create", "game", "ordo", "pace", "3d"))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "(pace: 3d)") {
		t.Fatalf("the tournament does not say its pace: %q", said(r.Message))
	}
	mustRefuse(t, e.do(e.cupCommand("bob", "create", "game", "ouri", "pace", "weekly")), "refusal.pace")
}
