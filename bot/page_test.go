package bot

import (
	"errors"
	"strconv"
	"strings"
	"testing"

	"tabuleiro/render"
	"tabuleiro/say"
	"tabuleiro/table"
)

// The game pages: a server setting, off by default; links in the result and the history only while
// it is on and the bot serves pages; the page's values in the server's language.
func TestGamePages(t *testing.T) {
	manager := func(in *Interaction) *Interaction { in.MemberPerms = PermManageServer; return in }
	link := func(id uint64) string { return "https://t.example.org/g/" + strconv.FormatUint(id, 10) + "-k" }
	var id uint64
	// play plays a game to its end; it gives the result, the history and the page's link.
	play := func(e *env) string {
		e.challengeGame("ordo")
		rec, _ := e.game("ordo", "alice")
		id = rec.ID
		e.do(e.slash("alice", "ordo", "move", "play", "a3-a4"))
		e.do(e.slash("bob", "ordo", "move", "play", "a6-a5"))
		r := e.do(e.slash("alice", "ordo", "resign"))
		return said(r.Message) + "\n---\n" + said(e.do(e.slash("carol", "ordo", "history")).Message) + "\n---" + link(rec.ID)
	}

	t.Run("pages are off by default, and the settings say so", func(t *testing.T) {
		e := newEnv(t)
		e.bot.LinkPages(link)
		mustPrivate(t, e.do(manager(e.slash("alice", "tabuleiro", "settings"))), "game pages: **off**")
		out := play(e)
		if strings.Contains(out, "Game page") {
			t.Errorf("a server without pages links one:\n%s", out)
		}
		if _, err := e.bot.Page(id, -1); !errors.Is(err, table.ErrNoPage) {
			t.Errorf("a game of a server without pages has a page: %v", err)
		}
	})
	t.Run("with pages on, the result and the history link the game's page", func(t *testing.T) {
		e := newEnv(t)
		e.bot.LinkPages(link)
		mustPrivate(t, e.do(manager(e.slash("alice", "tabuleiro", "settings", "pages", true))), "game pages: **on**")
		if s, _ := e.st.ServerSettings("g1"); !s.Pages {
			t.Fatal("pages on is not stored")
		}
		out := play(e)
		parts := strings.Split(out, "\n---")
		want := "Game page: " + parts[2]
		for i, what := range []string{"result", "history"} {
			if !strings.Contains(parts[i], want) {
				t.Errorf("the %s does not say %q:\n%s", what, want, parts[i])
			}
		}
		mustPrivate(t, e.do(manager(e.slash("alice", "tabuleiro", "settings", "pages", false))), "game pages: **off**")
		if out := e.do(e.slash("carol", "ordo", "history")); strings.Contains(said(out.Message), "Game page") {
			t.Errorf("pages turned off are still linked: %q", said(out.Message))
		}
	})
	t.Run("a bot that serves no pages says so, and links none", func(t *testing.T) {
		e := newEnv(t)
		mustPrivate(t, e.do(manager(e.slash("alice", "tabuleiro", "settings", "pages", true))), en("settings.pages-unserved"))
		if out := play(e); strings.Contains(out, "Game page") {
			t.Errorf("a page is linked without a public address:\n%s", out)
		}
	})
	t.Run("a page shows every ply in the server's language, naming the players", func(t *testing.T) {
		e := newEnv(t)
		e.bot.LinkPages(link)
		e.do(manager(e.slash("alice", "tabuleiro", "settings", "pages", true, "language", "pt-BR")))
		play(e)
		p, err := e.bot.Page(id, -1)
		if err != nil {
			t.Fatal(err)
		}
		if p.Words.Lang() != "pt-BR" || p.Ply != 2 || len(p.Moves) != 2 || p.Moves[0] != "1. Brancas a3-a4" {
			t.Errorf("page: lang %s, ply %d, moves %q", p.Words.Lang(), p.Ply, p.Moves)
		}
		if p.Names["alice"] != "alice" || p.Names["bob"] != "bob" {
			t.Errorf("the players' names are not kept: %v", p.Names)
		}
		if got := say.Join(" ", p.Status...).String(); !strings.Contains(got, "vence: as Brancas desistiram") {
			t.Errorf("the result is %q", got)
		}
		start, err := e.bot.Page(id, 0)
		if err != nil || start.Ply != 0 || start.At.Ply() != 0 {
			t.Fatalf("ply 0: %+v, %v", start.Ply, err)
		}
		if a, b := render.BlockOf(start.At, start.Words).Lines, render.BlockOf(p.At, p.Words).Lines; strings.Join(a, "\n") == strings.Join(b, "\n") {
			t.Error("the start and the end show the same board")
		}
		if _, err := e.bot.Page(id, 3); !errors.Is(err, table.ErrNoPage) {
			t.Errorf("a ply past the end: %v", err)
		}
		if _, err := e.bot.Page(id+100, -1); !errors.Is(err, table.ErrNoPage) {
			t.Errorf("an unknown game: %v", err)
		}
	})
}
