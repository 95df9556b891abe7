package house

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxLines is the longest a production function may be: one a reader holds in view at once.
const maxLines = 80

// searchLoops are the engines' search loops, which stay whole: each is one recursion whose cuts,
// tables and orderings read best together, and whose speed a call more would cost.
var searchLoops = map[string]bool{
	"ai/ouriai/search.go node":     true,
	"ai/ouriai/search.go Best":     true,
	"ai/ordoai/search.go negamax":  true,
	"ai/oolongai/search.go search": true,
}

// TestNoFunctionIsLongerThanAScreen fails on a production function of more than maxLines lines,
// the engines' search loops aside: a function that routes or does several things by hand is split
// into the things it does.
func TestNoFunctionIsLongerThanAScreen(t *testing.T) {
	fset := token.NewFileSet()
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
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n > maxLines && !searchLoops[rel+" "+fn.Name.Name] {
				t.Errorf("%s: %s is %d lines long, over %d: split it into the things it does", rel, fn.Name.Name, n, maxLines)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked: is %s the module?", checked, root)
	}
	for loop := range searchLoops {
		if _, err := fs.Stat(os.DirFS(root), strings.Fields(loop)[0]); err != nil {
			t.Errorf("%s is allowed its length but is not there: take it off searchLoops", loop)
		}
	}
}
