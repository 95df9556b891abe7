package catalog

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"tabuleiro/games"
)

// playRandom plays n random legal decisions (fewer if the game ends).
func playRandom(t testing.TB, g games.Game, n int, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 1))
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		legal := g.Legal()
		if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
			t.Fatalf("legal decision refused: %v", err)
		}
	}
}

func TestNewRefusesWhatItDoesNotKnow(t *testing.T) {
	tests := []struct {
		name, kind string
		opts       games.Options
		mentions   string
	}{
		{"an unknown game names the three it knows", "chess", nil, "oolong, ouri or ordo"},
		{"an unknown Ouri option", "ouri", games.Options{"speed": "fast"}, "speed"},
		{"an unknown Ouri rule set", "ouri", games.Options{"rules": "kalah"}, "kalah"},
		{"a bad misère flag", "ouri", games.Options{"misere": "maybe"}, "maybe"},
		{"any Ordo option", "ordo", games.Options{"size": "9"}, "no options"},
		{"an Oolong layout with a marker too many", "oolong", games.Options{"layout": "BM,BM,GW,SU,RO,GM,SC,BW"}, "BM"},
		{"an unknown Oolong trigger", "oolong", games.Options{"trigger": "never"}, "never"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := New(tt.kind, tt.opts)
			if err == nil {
				t.Fatalf("New(%q, %v) accepted it", tt.kind, tt.opts)
			}
			if g != nil {
				t.Errorf("a refused game is not nil: %#v", g)
			}
			if !strings.Contains(said(err), tt.mentions) {
				t.Errorf("error %q does not mention %q", err, tt.mentions)
			}
		})
	}
}

func TestNewIsCaseAndSpaceTolerantAboutTheGameName(t *testing.T) {
	for _, name := range []string{"Ouri", " ORDO ", "oolong"} {
		if _, err := New(name, nil); err != nil {
			t.Errorf("New(%q): %v", name, err)
		}
	}
}

func TestNewDealtDealsOolongLayoutsFromTheSeed(t *testing.T) {
	deal := func(seed uint64) string {
		g, err := NewDealt("oolong", games.Options{"trigger": "owner"}, rand.New(rand.NewPCG(seed, 0)))
		if err != nil {
			t.Fatal(err)
		}
		if g.Options()["trigger"] != "owner" {
			t.Errorf("dealing lost the other options: %v", g.Options())
		}
		return g.Options()["layout"]
	}
	if first, again := deal(1), deal(1); first != again {
		t.Error("the same seed dealt two layouts")
	}
	seen := map[string]bool{}
	for s := uint64(0); s < 20; s++ {
		seen[deal(s)] = true
	}
	if len(seen) < 10 {
		t.Errorf("20 seeds dealt only %d layouts", len(seen))
	}
	g, _ := NewDealt("oolong", games.Options{"layout": "BM,RO,GW,SU,RO,GM,SC,BW"}, rand.New(rand.NewPCG(1, 0)))
	if g.Options()["layout"] != "BM,RO,GW,SU,RO,GM,SC,BW" {
		t.Errorf("an explicit layout was re-dealt: %v", g.Options())
	}
}

func TestEncodingRoundTripsEveryGameAndEnding(t *testing.T) {
	type ending struct {
		method games.Method
		loser  games.Seat
	}
	endings := []ending{{games.NotOver, games.NoSeat}, {games.Resignation, 1}, {games.Time, 0}, {games.Agreement, games.NoSeat}}
	for _, kind := range Names {
		for i, e := range endings {
			t.Run(kind+" "+e.method.String(), func(t *testing.T) {
				g, err := NewDealt(kind, nil, rand.New(rand.NewPCG(uint64(i), 9)))
				if err != nil {
					t.Fatal(err)
				}
				playRandom(t, g, 15, uint64(i))
				if e.method != games.NotOver && !g.Outcome().Over() {
					if err := g.End(e.method, e.loser); err != nil {
						t.Fatal(err)
					}
				}
				b := games.Encode(g)
				back, err := Decode(b)
				if err != nil {
					t.Fatalf("decode: %v", err)
				}
				if back.Hash() != g.Hash() || back.Ply() != g.Ply() || back.Outcome() != g.Outcome() {
					t.Errorf("decoded game differs: ply %d/%d outcome %v/%v", back.Ply(), g.Ply(), back.Outcome(), g.Outcome())
				}
				if back.Options().String() != g.Options().String() {
					t.Errorf("options %v, want %v", back.Options(), g.Options())
				}
				if string(games.Encode(back)) != string(b) {
					t.Error("re-encoding the decoded game gives other bytes")
				}
			})
		}
	}
}

func TestDecodeRefusesCorruptEncodings(t *testing.T) {
	g, _ := New("ouri", nil)
	playRandom(t, g, 6, 1)
	good := games.Encode(g)
	mutate := func(f func(b []byte) []byte) []byte {
		return f(append([]byte(nil), good...))
	}
	tests := []struct {
		name     string
		b        []byte
		mentions string
	}{
		{"nothing at all", nil, "too short"},
		{"a future version", mutate(func(b []byte) []byte { b[0] = 9; return b }), "version 9"},
		{"an unknown game", mutate(func(b []byte) []byte { b[1] = 77; return b }), "unknown game"},
		{"a log cut short", good[:len(good)-4], ""},
		{"bytes after the end", append(append([]byte(nil), good...), 0), "after the decision log"},
		{"a decision the rules refuse", mutate(func(b []byte) []byte { b[len(b)-3] = 5; b[len(b)-4] = 5; return b }), "does not replay"},
		{"an unknown ending", mutate(func(b []byte) []byte { b[len(b)-2] = 200; return b }), "unknown ending"},
		{"a resignation without a loser", mutate(func(b []byte) []byte { b[len(b)-2] = byte(games.Resignation); b[len(b)-1] = 0; return b }), "losing seat"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Decode(tt.b)
			if err == nil {
				t.Fatal("decoded without complaint")
			}
			if !errors.Is(err, games.ErrCorrupt) {
				t.Errorf("error %v does not wrap ErrCorrupt", err)
			}
			if !strings.Contains(said(err), tt.mentions) {
				t.Errorf("error %q does not mention %q", err, tt.mentions)
			}
		})
	}
}

// FuzzDecode feeds arbitrary bytes to the decoder: it must never panic, and whatever it accepts must
// survive another encode and decode unchanged.
func FuzzDecode(f *testing.F) {
	for i, kind := range Names {
		g, _ := NewDealt(kind, nil, rand.New(rand.NewPCG(uint64(i), 0)))
		playRandom(f, g, 10, uint64(i))
		f.Add(games.Encode(g))
	}
	f.Add([]byte{1, 2, 0, 0, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		g, err := Decode(b)
		if err != nil {
			return
		}
		again, err := Decode(games.Encode(g))
		if err != nil {
			t.Fatalf("accepted %x, but its re-encoding fails: %v", b, err)
		}
		if again.Hash() != g.Hash() || again.Ply() != g.Ply() || again.Outcome() != g.Outcome() {
			t.Errorf("accepted %x, but its re-encoding decodes to another game", b)
		}
	})
}
