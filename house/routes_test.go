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
)

// routeTable is the one file that builds and reads custom ids, from the routes' patterns.
const routeTable = "bot/route.go"

// TestCustomIDsAreTheRouteTablesAlone fails on Go code outside the route table that spells a custom
// id or takes one apart: a string literal shaped like one ("/ch/", "/{game}/", "join:"), an Action
// whose Arg is put together from pieces, or a split of a custom id. A control's id is its route's
// pattern filled with typed parts, written in bot/routes.go and nowhere else; every adapter reads
// actions, never ids.
func TestCustomIDsAreTheRouteTablesAlone(t *testing.T) {
	idLike := regexp.MustCompile(`^/(\{[a-z]+\}|ch)/|/\{[a-z]+\}/|^(join|leave|withdraw|standings):$|/ch/`)
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
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || rel == routeTable {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		checked++
		routes := rel == "bot/routes.go" || strings.HasPrefix(rel, "bot/") && declaresRoutes(f)
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BasicLit:
				s, err := strconv.Unquote(n.Value)
				if err == nil && n.Kind == token.STRING && idLike.MatchString(s) && !routes {
					t.Errorf("%s: %q spells a custom id outside the route table", fset.Position(n.Pos()), s)
				}
			case *ast.KeyValueExpr:
				if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Arg" {
					if _, joined := n.Value.(*ast.BinaryExpr); joined {
						t.Errorf("%s: an Action's Arg is put together from pieces: give the route a typed part instead", fset.Position(n.Pos()))
					}
				}
			case *ast.CallExpr:
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && len(n.Args) > 0 && (sel.Sel.Name == "Split" || sel.Sel.Name == "Cut") {
					if id, ok := n.Args[0].(*ast.SelectorExpr); ok && (id.Sel.Name == "Arg" || id.Sel.Name == "CustomID") {
						t.Errorf("%s: %s is taken apart by hand: the route table reads it", fset.Position(n.Pos()), id.Sel.Name)
					}
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 100 {
		t.Fatalf("only %d files checked: is %s the module?", checked, root)
	}
}

// declaresRoutes says whether a file of bot declares routes: patterns stand in Route literals there.
func declaresRoutes(f *ast.File) bool {
	found := false
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CompositeLit); ok {
			if id, ok := c.Type.(*ast.Ident); ok && id.Name == "Route" {
				found = true
			}
		}
		return !found
	})
	return found
}
