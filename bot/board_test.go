package bot

import (
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// statusLines are the lines of a board message that say whose turn it is or the result.
func statusLines(content string) []string {
	var out []string
	for _, l := range strings.Split(content, "\n") {
		if strings.Contains(l, " to move") || strings.Contains(l, " decides") || strings.Contains(l, " wins") ||
			strings.HasPrefix(l, "Draw") || strings.Contains(l, "game over") {
			out = append(out, l)
		}
	}
	return out
}

func TestBoardSaysWhoseTurnOrTheResultOnce(t *testing.T) {
	endings := []struct {
		name   string
		method games.Method
	}{{"played out", games.NotOver}, {"resigned", games.Resignation}, {"lost on time", games.Time}, {"agreed", games.Agreement}}
	for _, kind := range kinds {
		for _, end := range endings {
			t.Run(kind+" "+end.name+": one line names the player, outside the block", func(t *testing.T) {
				rng := rand.New(rand.NewPCG(9, uint64(end.method)))
				g, err := catalog.NewDealt(kind, games.Options{}, rng)
				if err != nil {
					t.Fatal(err)
				}
				e := newEnv(t)
				rec := store.Game{ID: 1, Kind: kind, Guild: "g1", Channel: "c1", MessageID: "live",
					Seats: [2]store.Player{{UserID: "111"}, {UserID: "222"}}}
				check := func() {
					t.Helper()
					rec.Ply = g.Ply()
					content := e.shown(rec, g).content()
					lines := statusLines(content)
					if len(lines) != 1 {
						t.Fatalf("ply %d: %d status lines %q in\n%s", g.Ply(), len(lines), lines, content)
					}
					o := g.Outcome()
					if (!o.Over() || !o.Draw()) && !strings.Contains(lines[0], mention(rec.Seats[0].UserID)) && !strings.Contains(lines[0], mention(rec.Seats[1].UserID)) {
						t.Fatalf("ply %d: the status line %q names nobody", g.Ply(), lines[0])
					}
					if o.Over() && !o.Draw() && !strings.HasPrefix(lines[0], mention(rec.Seats[o.Winner].UserID)) {
						t.Fatalf("the result %q does not start with the winner", lines[0])
					}
					after := content[strings.LastIndex(content, "```"):]
					if !strings.Contains(after, lines[0]) {
						t.Fatalf("the status line %q is inside the code block", lines[0])
					}
				}
				for ply := 0; ply < 2000 && !g.Outcome().Over(); ply++ {
					check()
					if end.method != games.NotOver && ply == 6 {
						if err := g.End(end.method, g.ToMove()); err != nil {
							t.Fatal(err)
						}
						break
					}
					legal := g.Legal()
					if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
				check()
			})
		}
	}
}
