package bot

import (
	"math/rand/v2"
	"slices"
	"strings"
	"tabuleiro/say"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// Any prefix of a legal decision's canonical notation lists it: in the suggestions, or, when more
// than 25 decisions share the prefix, the 25 shown all start with it.
func TestEveryPrefixOfADecisionFindsIt(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for _, d := range catalog.All() {
		for game := 0; game < 6; game++ {
			g, err := d.New(games.Options{}, rng)
			if err != nil {
				t.Fatal(err)
			}
			for ply := 0; ply < 40 && !g.Outcome().Over(); ply++ {
				names := games.Names(g, g.Legal())
				for _, n := range names {
					for i := 1; i <= len(n); i++ {
						p := n[:i]
						got := matching(names, p)
						if slices.Contains(got, n) {
							continue
						}
						if len(got) < maxChoices {
							t.Fatalf("%s: %q does not find %s: %v", d.Kind, p, n, got)
						}
						for _, x := range got {
							if !strings.HasPrefix(strings.ToLower(x), strings.ToLower(p)) && !strings.Contains(x, ".") {
								t.Fatalf("%s: %q lists %s before %s", d.Kind, p, x, n)
							}
						}
					}
				}
				legal := g.Legal()
				if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

func TestAutocompleteShorthands(t *testing.T) {
	tests := []struct {
		name  string
		names []string
		typed string
		want  []string
	}{
		{"a space for Ordo's dash", []string{"a3-a4", "a3-b4", "b3-b4"}, "a3 a4", []string{"a3-a4"}},
		{"an en dash for Ordo's dash", []string{"a3-a4", "a3-b4"}, "a3–b", []string{"a3-b4"}},
		{"an Oolong seat alone", []string{"c.n", "c.ne", "ne.c"}, "ne", []string{"c.ne", "ne.c"}},
		{"a table with its dot is not a seat", []string{"n.e", "ne.c", "ne.s"}, "ne.", []string{"ne.c", "ne.s"}},
		{"case does not matter", []string{"move nw.s e.n", "skip"}, "MOVE NW", []string{"move nw.s e.n"}},
		{"nothing typed lists everything", []string{"a", "b"}, "", []string{"a", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := matching(tt.names, tt.typed); !slices.Equal(got, tt.want) {
				t.Errorf("matching(%q) = %v, want %v", tt.typed, got, tt.want)
			}
		})
	}
}

// An option longer than its command declares is refused before anything reads it, fast, without
// echoing it.
func TestOptionsAreHeldToTheirLengths(t *testing.T) {
	long := strings.Repeat("a3-a4 ", 200000) // 1.2 MB
	data := CommandData{Name: "ordo", Sub: "move", Options: map[string]Value{"play": {Str: long}}}
	err := checkLengths(data)
	if msg, _ := publicError(err, say.For(say.English)); err == nil || strings.Contains(msg.String(), "a3-a4") || !strings.Contains(msg.String(), "100 characters") {
		t.Fatalf("a 1.2 MB move: %v", err)
	}
	if checkLengths(CommandData{Name: "ordo", Sub: "move", Options: map[string]Value{"play": {Str: "a3-a4"}}}) != nil {
		t.Fatal("a short move refused")
	}
	if checkLengths(CommandData{Name: "ouri", Sub: "vs-bot", Options: map[string]Value{"level": {Str: strings.Repeat("x", 101)}}}) == nil {
		t.Fatal("an undeclared option of 101 characters accepted")
	}
}

func BenchmarkRefuseAMegabyteMove(b *testing.B) {
	data := CommandData{Name: "ordo", Sub: "move", Options: map[string]Value{"play": {Str: strings.Repeat("x", 1<<20)}}}
	for b.Loop() {
		if checkLengths(data) == nil {
			b.Fatal("accepted")
		}
	}
}
