package render

import (
	"slices"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
	"tabuleiro/say"
)

func oolongAfter(t *testing.T, opts games.Options, decisions string) *oolong.Game {
	t.Helper()
	g, err := oolong.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range strings.Split(decisions, ";") {
		if d = strings.TrimSpace(d); d == "" {
			continue
		}
		m, err := g.Parse(d)
		if err != nil {
			t.Fatalf("%s: %v", d, err)
		}
		if err := g.Play(m); err != nil {
			t.Fatalf("%s: %v", d, err)
		}
	}
	return g
}

func TestOolong(t *testing.T) {
	// The worked example of rules/oolong.md section 8.
	example := "c.ne; ne.s; s.nw; nw.nw; nw.c; c.e; e.n; n.nw; nw.w; w.c"
	// Black's third tea on sw fires GM, which Green decides (trigger=any).
	for _, tc := range []struct{ name, decisions string }{
		{"oolong_start", ""},
		{"oolong_mid", example},
		{"oolong_pending", "c.sw; sw.n; n.e; e.sw; sw.w; w.n; n.ne; ne.sw; sw.s; s.e; e.se; se.sw; sw.c"},
		{"oolong_won", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := oolongAfter(t, nil, tc.decisions)
			if tc.name == "oolong_won" {
				g = oolongWon(t)
			}
			goldens(t, tc.name, g)
		})
	}
}

// oolongWon plays a seeded random game to its end.
func oolongWon(t *testing.T) *oolong.Game {
	g, _ := oolong.New(nil)
	for i := 0; !g.Outcome().Over(); i++ {
		legal := g.Legal()
		if err := g.Play(legal[(i*7+3)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestOolongNotesExplainTheMarkersStillToFire(t *testing.T) {
	legend := func(b Block) string {
		for _, n := range b.Legend {
			if strings.HasPrefix(n, "Each marker fires once") {
				return n
			}
		}
		return ""
	}
	start := legend(BlockOf(oolongAfter(t, nil, ""), en))
	for _, code := range []string{"`BM` (3)", "`GM` (3)", "`BW` (5)", "`GW` (5)", "`RO` (4)", "`SU` (4)", "`SC` (5)"} {
		if strings.Count(start, code) != 1 {
			t.Errorf("the start's legend names %s %d times: %s", code, strings.Count(start, code), start)
		}
	}
	if strings.Contains(start, "only") {
		t.Errorf("trigger=any says a colour's teas only: %s", start)
	}
	if l := legend(BlockOf(oolongAfter(t, games.Options{"trigger": "owner"}, ""), en)); !strings.Contains(l, "`BM`, `BW`: Black's only") {
		t.Errorf("trigger=owner does not say whose teas fire the colour markers: %s", l)
	}
	// Black's third tea on sw fires GM: the legend then leaves GM out.
	pending := oolongAfter(t, nil, "c.sw; sw.n; n.e; e.sw; sw.w; w.n; n.ne; ne.sw; sw.s; s.e; e.se; se.sw; sw.c")
	if l := legend(BlockOf(pending, en)); strings.Contains(l, "GM") || !strings.Contains(l, "BM") {
		t.Errorf("after GM fired: %s", l)
	}
	if l := legend(BlockOf(oolongWon(t), en)); l != "" {
		t.Errorf("every marker used, yet: %s", l)
	}
}

// A special's status names the table whose marker fired, not a table the choice is limited to:
// Move Tea moves a tea from any unclaimed table ("Move Tea on table sw" read as sw's teas only).
func TestASpecialSaysWhichTablesMarkerFired(t *testing.T) {
	pending := oolongAfter(t, nil, "c.sw; sw.n; n.e; e.sw; sw.w; w.n; n.ne; ne.sw; sw.s; s.e; e.se; se.sw; sw.c")
	for lang, want := range map[string]string{say.English: "the Move Tea marker of table `sw` fired",
		say.Portuguese: "disparou o marcador Mover Chá da mesa `sw`"} {
		if st := BlockOf(pending, say.For(lang)).Status.Line(say.For(lang)); !strings.Contains(st, want) {
			t.Errorf("%s: %q does not say %q", lang, st, want)
		}
	}
	var from []string
	for _, m := range pending.Legal() {
		if f := strings.Fields(pending.Format(m)); len(f) == 3 && !slices.Contains(from, f[1][:strings.Index(f[1], ".")]) {
			from = append(from, f[1][:strings.Index(f[1], ".")])
		}
	}
	if len(from) < 2 {
		t.Errorf("Move Tea offers teas of %v only; the rules let it take one from any unclaimed table", from)
	}
}
