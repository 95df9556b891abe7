package ouriai

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabuleiro/games/ouri"
)

// TestGenerateBook writes book.txt again with the fitted evaluation and the full endgame databases
// (built in OURI_DB when missing), for both rule sets, or with OURI_BOOK=ouri or abapa for that one
// alone (the other's lines are kept). OURI_BOOK_JOBS searches at once (default 2). Positions the
// shipped book holds keep their sowings (so a book grown by a ply searches only the new ones)
// unless OURI_BOOK_AGAIN=1 asks for every position to be searched again. It runs only when asked:
//
//	OURI_BOOK=1 OURI_DB=/tmp/cache go test ./ai/ouriai -run GenerateBook -v -timeout 3h
func TestGenerateBook(t *testing.T) {
	only := os.Getenv("OURI_BOOK")
	if only == "" {
		t.Skip("set OURI_BOOK=1, ouri or abapa (and OURI_DB=<directory of the endgame databases>) to write book.txt")
	}
	jobs := 2
	if n, err := strconv.Atoi(os.Getenv("OURI_BOOK_JOBS")); err == nil && n > 0 {
		jobs = n
	}
	old, err := os.ReadFile("book.txt")
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	fmt.Fprintf(&out, "# The opening book (ai/ouriai/book.go): every position within a few plies of the start, searched deep.\n")
	fmt.Fprintf(&out, "# Made by: OURI_BOOK=1 OURI_DB=<dir> go test ./ai/ouriai -run GenerateBook -v -timeout 3h\n")
	for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
		if only != "1" && only != rules.String() {
			for _, line := range strings.SplitAfter(string(old), "\n") {
				if strings.HasPrefix(line, rules.String()+" ") || strings.HasPrefix(line, "# "+rules.String()+":") {
					out.WriteString(line)
				}
			}
			continue
		}
		r := rules & 1
		fmt.Fprintf(&out, "# %s: every position within %d plies, and to %d those the book's own sowings lead to, searched %d plies deep.\n",
			rules, BookPlies[r], BookLines[r], BookDepth[r])
		db := envDB(t, rules)
		start := time.Now()
		// Positions the shipped book holds keep their sowings: its depth and plies only grow.
		shipped, err := ParseBook(bytes.NewReader(old))
		if err != nil {
			t.Fatal(err)
		}
		known := shipped[r]
		if os.Getenv("OURI_BOOK_AGAIN") != "" {
			known = nil
		}
		err = WriteBook(&out, rules, BookPlies[r], BookLines[r], BookDepth[r], jobs, &DefaultWeights[r], db, known, func(done int) {
			if done%20 == 0 {
				t.Logf("%s: %d positions (%v)", rules, done, time.Since(start).Round(time.Second))
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("book.txt", out.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestShippedBookCoversTheOpenings(t *testing.T) {
	for _, rules := range []ouri.Rules{ouri.RulesOuri, ouri.RulesAbapa} {
		t.Run(rules.String()+" holds every position of its lines, and no other", func(t *testing.T) {
			// Written again with the shipped book as what is known, at depth 1: a position the book
			// lacks would be searched and written with a line of its own.
			var again strings.Builder
			if err := WriteBook(&again, rules, BookPlies[rules&1], BookLines[rules&1], 1, 1, nil, nil, Opening(rules), nil); err != nil {
				t.Fatal(err)
			}
			var shipped []string
			for _, line := range strings.Split(bookText, "\n") {
				if strings.HasPrefix(line, rules.String()+" ") {
					shipped = append(shipped, line)
				}
			}
			written := strings.Split(strings.TrimSuffix(again.String(), "\n"), "\n")
			if len(written) != len(shipped) {
				t.Errorf("the book's lines reach %d positions, book.txt holds %d", len(written), len(shipped))
			}
			for i := range min(len(written), len(shipped)) {
				if written[i] != shipped[i] {
					t.Fatalf("line %d: book.txt has %q, its lines give %q", i+1, shipped[i], written[i])
				}
			}
		})
		t.Run(rules.String()+"'s first sowing is what the search chooses at the book's depth", func(t *testing.T) {
			if testing.Short() {
				t.Skip("a search BookDepth plies deep")
			}
			if raceEnabled && BookDepth[rules&1] > 20 {
				t.Skip("a search 24 plies deep takes minutes under the race detector (20 s without): go test without -race checks it")
			}
			p := ouri.Start(rules)
			s := &Search{Eval: &DefaultWeights[rules&1], MaxDepth: BookDepth[rules&1]}
			want := s.Best(context.Background(), p, nil, time.Hour, nil).Move
			if got := Opening(rules)[p]; got != want {
				t.Errorf("the book sows %c, the search %c", 'a'+got, 'a'+want)
			}
		})
	}
}

func TestParseBookRefusesWhatItCannotPlay(t *testing.T) {
	for _, c := range []struct{ name, text, want string }{
		{"a line with two fields", "abapa d\n", "want the rules"},
		{"an unknown rule set", "oware - d\n", `rules "oware"`},
		{"a house that is not a letter a to f", "abapa - g\n", `"g" is not a legal sowing`},
		{"a sowing in the line that is not legal", "abapa d;c;z e\n", `"z" is not a legal sowing`},
	} {
		t.Run(c.name+" is refused with its line", func(t *testing.T) {
			_, err := ParseBook(strings.NewReader("# comment\n\n" + c.text))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "line 3") {
				t.Errorf("got %v, want an error on line 3 with %q", err, c.want)
			}
		})
	}
	t.Run("a good line is read into its rule set", func(t *testing.T) {
		bs, err := ParseBook(strings.NewReader("abapa d;c e\n"))
		if err != nil {
			t.Fatal(err)
		}
		p := ouri.Start(ouri.RulesAbapa)
		p, _ = p.Sow(3)
		p, _ = p.Sow(2)
		if m, ok := bs[ouri.RulesAbapa][p]; !ok || m != 4 || len(bs[ouri.RulesOuri]) != 0 {
			t.Errorf("got %v, want e after d;c in Abapa alone", bs)
		}
	})
}
