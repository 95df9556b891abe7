package house

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// minWords is how long a literal must be before it counts as the catalogue's wording: shorter
// ones ("resign", "Oolong") are names and notation, not sentences.
const minWords = 3

// wordingIsThePoint are the test files that may quote the English catalogue: the catalogue's own
// tests, the README's, the check that Portuguese replies hold no English, and Discord's names of
// its permissions.
var wordingIsThePoint = []string{
	"say/",
	"bot/discord/readme_test.go",
	"bot/discord/portuguese_test.go",
	"bot/discord/permissions_test.go",
}

// quoting are the test files that still quote the English catalogue, with how many literals each:
// the count may only fall, and a new file may not join. Most are the games' and the drawings' own
// tests (the rules' refusals, the status lines), notation that happens to read as words ("swap n
// se"), a test's name, and a few checks of the README; a file that asserts on message ids and
// values leaves the list.
var quoting = map[string]int{
	"bot/app_test.go":                      1,
	"bot/autocomplete_test.go":             2,
	"bot/board_test.go":                    1,
	"bot/console/newcomer_test.go":         1,
	"bot/console/tournament_test.go":       2,
	"bot/discord/superseded_test.go":       2,
	"bot/discord/wire/interaction_test.go": 1,
	"bot/rating_bench_test.go":             1,
	"bot/web/web_test.go":                  1,
	"cmd/tabuleiro/auale_test.go":          1,
	"cmd/tabuleiro/bench_test.go":          1,
	"cmd/tabuleiro/config_test.go":         1,
	"cmd/tabuleiro/pace_kill_test.go":      2,
	"games/input_test.go":                  2,
	"games/notation_test.go":               1,
	"games/oolong/audit_test.go":           1,
	"games/oolong/describe_test.go":        1,
	"games/oolong/fuzz_test.go":            1,
	"games/oolong/game_test.go":            1,
	"games/oolong/special_test.go":         4,
	"games/ordo/ordo_test.go":              1,
	"games/ouri/game_test.go":              3,
	"render/block_test.go":                 2,
	"render/live/live_test.go":             1,
	"render/oolong_test.go":                2,
	"render/status_test.go":                12,
}

// TestBehaviourTestsDoNotQuoteTheCatalogue fails on a string literal of three or more words in a
// behaviour test that is a piece of an English catalogue message: a behaviour test asserts on the
// message's id and values (say.For(lang).T(id, …), a refusal's ID), so that a copy edit of the
// catalogue breaks no behaviour test. Tests where the wording is the point are listed above; the
// console's goldens are files, not literals.
func TestBehaviourTestsDoNotQuoteTheCatalogue(t *testing.T) {
	pieces := englishPieces(t)
	fset := token.NewFileSet()
	found := map[string][]string{}
	checked := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if strings.HasPrefix(e.Name(), ".") && rel != "." || e.Name() == "testdata" || e.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, "_test.go") || wordingPoint(rel) {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				return true
			}
			if quoted := quotes(pieces, s); quoted {
				found[rel] = append(found[rel], fset.Position(lit.Pos()).String()+" "+lit.Value)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d test files checked: is %s the module?", checked, root)
	}
	total := 0
	for _, file := range slices.Sorted(func(yield func(string) bool) {
		for f := range found {
			if !yield(f) {
				return
			}
		}
	}) {
		lits := found[file]
		total += len(lits)
		if len(lits) > quoting[file] {
			t.Errorf("%s quotes the English catalogue %d times (at most %d): assert on the message id and its values", file, len(lits), quoting[file])
			for _, l := range lits {
				t.Logf("  %s", l)
			}
		}
	}
	for file, n := range quoting {
		if len(found[file]) < n {
			t.Errorf("%s quotes the catalogue %d times now, not %d: lower its count in quoting", file, len(found[file]), n)
		}
	}
	t.Logf("%d literals in %d behaviour test files quote the English catalogue", total, len(found))
}

func wordingPoint(rel string) bool {
	for _, w := range wordingIsThePoint {
		if rel == w || strings.HasSuffix(w, "/") && strings.HasPrefix(rel, w) {
			return true
		}
	}
	return false
}

var (
	field = regexp.MustCompile(`\{\{.*?\}\}`)
	marks = strings.NewReplacer("**", "", "`", "")
	space = regexp.MustCompile(`\s+`)
	// command is a command line a test types (the console's input), not a message's wording.
	command = regexp.MustCompile(`^(@\S+ )?/[a-z]+ `)
)

// normal is s as the check compares it: lower case, without the catalogue's marks, spaces as one.
func normal(s string) string {
	return strings.TrimSpace(space.ReplaceAllString(strings.ToLower(marks.Replace(s)), " "))
}

// quotes tells whether s, a literal of a test, is a piece of an English message of at least
// minWords words.
func quotes(pieces []string, s string) bool {
	s = normal(s)
	if len(strings.Fields(s)) < minWords || command.MatchString(s) {
		return false
	}
	for _, p := range pieces {
		if strings.Contains(p, s) {
			return true
		}
	}
	return false
}

// englishPieces are the English catalogue's texts cut at their fields, normalised.
func englishPieces(t *testing.T) []string {
	t.Helper()
	buf, err := os.ReadFile(filepath.Join(root, "say", "en-US.toml"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := i18n.ParseMessageFileBytes(buf, "en-US.toml", map[string]i18n.UnmarshalFunc{"toml": toml.Unmarshal})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range mf.Messages {
		for _, text := range []string{m.Zero, m.One, m.Two, m.Few, m.Many, m.Other} {
			for _, p := range field.Split(text, -1) {
				if p = normal(p); p != "" {
					out = append(out, p)
				}
			}
		}
	}
	if len(out) < 100 {
		t.Fatalf("only %d pieces of English read", len(out))
	}
	return out
}
