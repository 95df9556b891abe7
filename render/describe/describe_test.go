package describe

import (
	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
)

func TestEveryGameIsDescribed(t *testing.T) {
	for _, d := range catalog.All() {
		if !Describes(d) {
			t.Errorf("%s has no describer", d.Kind)
		}
	}
}

func TestTheStartIsToldInEachLanguage(t *testing.T) {
	tests := []struct {
		kind, lang string
		want       []string
	}{
		{"ouri", say.English, []string{"South: store 0; houses a 4, b 4, c 4, d 4, e 4, f 4.",
			"North: store 0; houses a 4, b 4, c 4, d 4, e 4, f 4.", "South to move. 6 legal moves: a, b, c, d, e, f."}},
		{"ouri", say.Portuguese, []string{"Sul: celeiro 0; casas a 4, b 4, c 4, d 4, e 4, f 4.",
			"Norte: celeiro 0; casas a 4, b 4, c 4, d 4, e 4, f 4.", "Sul joga. 6 jogadas válidas: a, b, c, d, e, f."}},
		{"ordo", say.English, []string{"White, 20 pieces, connected: rank 1: c1, d1, g1, h1; rank 2: a2, b2, c2, d2, e2, f2, g2, h2, i2, j2; rank 3: a3, b3, e3, f3, i3, j3.",
			"Black, 20 pieces, connected: rank 8: c8, d8, g8, h8; rank 7: a7, b7, c7, d7, e7, f7, g7, h7, i7, j7; rank 6: a6, b6, e6, f6, i6, j6.",
			"White to move (move 1). 56 legal moves; /ordo move with no play lists them."}},
		{"ordo", say.Portuguese, []string{"Brancas, 20 peças, conectadas: fileira 1: c1, d1, g1, h1;",
			"As Brancas jogam (jogada 1). 56 jogadas válidas; /ordo move sem play lista todas."}},
		{"oolong", say.English, []string{"The waiter stands on table c, seat c.", "Table c: no tea.",
			"Teas left: Black 40, Green 40. Tables claimed: Black 0, Green 0.",
			"Black to move: serve a seat of table c. 8 legal moves: c.e, c.n, c.ne, c.nw, c.s, c.se, c.sw, c.w."}},
		{"oolong", say.Portuguese, []string{"O garçom está na mesa c, assento c.", "Mesa c: sem chá.",
			"Preto joga: sirva num assento da mesa c. 8 jogadas válidas:"}},
	}
	for _, tt := range tests {
		t.Run(tt.kind+" in "+tt.lang, func(t *testing.T) {
			g, err := catalog.New(tt.kind, nil)
			if err != nil {
				t.Fatal(err)
			}
			d := Game(g, say.For(tt.lang))
			if d.Last != "" {
				t.Errorf("no decision yet, but the description begins %q", d.Last)
			}
			for _, want := range tt.want {
				if !strings.Contains(d.Text(), want) {
					t.Errorf("the description lacks %q:\n%s", want, d.Text())
				}
			}
		})
	}
}

func TestTheLastDecisionComesFirst(t *testing.T) {
	for _, tt := range []struct{ kind, move, want string }{
		{"ouri", "d", "Last: South sowed d."},
		{"ordo", "a3-a4", "Last: White played a3-a4."},
		{"oolong", "ne", "Last: Black played c.ne."},
	} {
		g, _ := catalog.New(tt.kind, nil)
		m, err := g.Parse(tt.move)
		if err != nil {
			t.Fatal(err)
		}
		if err := g.Play(m); err != nil {
			t.Fatal(err)
		}
		if got := Game(g, say.For(say.English)).Paragraphs()[0]; got != tt.want {
			t.Errorf("%s after %s begins %q, want %q", tt.kind, tt.move, got, tt.want)
		}
	}
}

func TestPagesKeepEveryWordWithinTheLimit(t *testing.T) {
	long := strings.Repeat("Table nw: Black on n, ne, e. ", 100)
	d := Description{Last: "Last: Black played c.ne.", Position: []string{"The waiter stands on table c, seat c.", long, long},
		Turn: "Black to move."}
	pages := d.Pages()
	if len(pages) < 3 {
		t.Fatalf("%d pages for %d characters", len(pages), len(d.Text()))
	}
	for i, p := range pages {
		if n := utf8.RuneCountInString(p); n > MaxPage || n == 0 {
			t.Errorf("page %d has %d characters", i, n)
		}
	}
	if got, want := strings.Join(strings.Fields(strings.Join(pages, " ")), " "), strings.Join(strings.Fields(d.Text()), " "); got != want {
		t.Errorf("the pages lose words:\n%s\nwant\n%s", got, want)
	}
	if !strings.HasPrefix(pages[0], d.Last) || !strings.HasSuffix(pages[len(pages)-1], d.Turn) {
		t.Errorf("the pages reorder the description: %q ... %q", pages[0][:40], pages[len(pages)-1])
	}
}

func TestClipEndsASentence(t *testing.T) {
	s := strings.Repeat("Table n: no tea. ", 100)
	got := clip(s, MaxShort)
	if n := utf8.RuneCountInString(got); n > MaxShort {
		t.Errorf("clipped to %d characters", n)
	}
	if !strings.HasSuffix(got, "tea.…") {
		t.Errorf("clipped mid-sentence: ...%q", got[len(got)-20:])
	}
	if clip("short.", MaxShort) != "short." {
		t.Error("a short text is clipped")
	}
}

func TestMovePagesCountAndGroupTheMoves(t *testing.T) {
	g, _ := catalog.New("ordo", nil)
	pages := MovePages(g, say.For(say.English))
	text := strings.Join(pages, "\n")
	for _, want := range []string{"Legal moves (White): 56", "from a3: a3-a4", "ordo moves: c2:d2-c3, c2:d2-c4, g2:h2-g3, g2:h2-g4"} {
		if !strings.Contains(text, want) {
			t.Errorf("the move list lacks %q:\n%s", want, text)
		}
	}
	if err := g.End(games.Resignation, 0); err != nil {
		t.Fatal(err)
	}
	if got := MovePages(g, say.For(say.English)); len(got) != 1 || strings.Contains(got[0], "Legal") {
		t.Errorf("a finished game lists moves: %q", got)
	}
}
