package house

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabuleiro/games/catalog"
)

// root is the module's directory (the tests run in house/).
const root = ".."

// knowing are the packages that may name games: the games themselves, and the AI, the drawings and
// the lessons, which each game's file registers under its descriptor.
var knowing = []string{"games", "ai", "render", "learn"}

// TestNoGameIsNamedOutsideTheGames fails on any string literal in Go code outside games/, ai/,
// render/ and learn/ that names a game of the catalogue (tests and comments aside): whatever else depends on the
// game goes through its descriptor, so a fourth game touches no switch elsewhere.
func TestNoGameIsNamedOutsideTheGames(t *testing.T) {
	names := regexp.MustCompile(`(?i)\b(` + strings.Join(catalog.Names, "|") + `)\b`)
	fset := token.NewFileSet()
	checked := 0
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if e.IsDir() {
			if strings.HasPrefix(e.Name(), ".") && rel != "." || e.Name() == "testdata" || isKnowing(rel) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		imports := map[*ast.BasicLit]bool{}
		for _, s := range f.Imports {
			imports[s.Path] = true
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING || imports[lit] {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil {
				s = lit.Value
			}
			if name := names.FindString(s); name != "" {
				t.Errorf("%s names the game %q: take it from the game's descriptor (games/catalog)", fset.Position(lit.Pos()), name)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 50 {
		t.Fatalf("only %d files checked: is %s the module?", checked, root)
	}
}

func isKnowing(rel string) bool {
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	for _, k := range knowing {
		if first == k {
			return true
		}
	}
	return false
}
