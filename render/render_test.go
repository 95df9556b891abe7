package render

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/ with what the code draws now")

// golden compares got with testdata/<name>.golden, or rewrites it under -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./render -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
	if len(got) > 1900 {
		t.Errorf("%s is %d bytes; with status lines it must fit Discord's 2000", name, len(got))
	}
	if strings.HasSuffix(name, "."+say.Portuguese) {
		return // the notes speak Portuguese, with its accents; the block's lines are checked apart
	}
	for i, r := range got {
		if r > 126 || (r < 32 && r != '\n') {
			t.Errorf("%s has non-ASCII or control character %q at byte %d", name, r, i)
			break
		}
	}
}

// en is the English catalogue: most tests read the boards in English.
var en = say.For(say.English)

// goldens compares g's board with testdata/<name>.golden in English and <name>.pt-BR.golden in
// Portuguese: the same block, the notes and status in each language.
func goldens(t *testing.T, name string, g games.Game) {
	t.Helper()
	golden(t, name, Board(g, en))
	golden(t, name+"."+say.Portuguese, Board(g, say.For(say.Portuguese)))
}

// seatName is a seat's colour in English.
func seatName(kind string, s games.Seat) string {
	d, _ := catalog.Lookup(kind)
	return colour(d, s).Word(en)
}
