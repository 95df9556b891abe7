package house

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// storeUses type-checks the code of package dir (its tests left out) and returns every use of
// something of tabuleiro/store that is not part of a record's type: its functions, its variables,
// and the methods of what reaches the storage (the store's interfaces, and the methods with a
// pointer receiver: *DB, *File). A record's types, fields, constants and value methods (a
// Tournament's Entrant, a Standing's Rated) are the store's vocabulary, which views may carry.
func storeUses(t *testing.T, dir string) []string {
	t.Helper()
	path := module + "/" + dir
	// The compiler's export data of path's dependencies: quicker than type-checking their source.
	args := slices.Concat([]string{"list", "-export", "-deps"}, buildFlags, []string{"-f", "{{.ImportPath}}\t{{.Export}}", path})
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", path, err)
	}
	export := map[string]string{}
	for sc := bufio.NewScanner(bytes.NewReader(out)); sc.Scan(); {
		if p, file, ok := strings.Cut(sc.Text(), "\t"); ok {
			export[p] = file
		}
	}
	lookup := func(p string) (io.ReadCloser, error) { return os.Open(export[p]) }
	p, err := build.ImportDir(filepath.Join(root, dir), 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var files []*ast.File
	for _, name := range p.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(p.Dir, name), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{Uses: map[*ast.Ident]types.Object{}}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", lookup)}
	if _, err := conf.Check(path, fset, files, info); err != nil {
		t.Fatalf("type-checking %s: %v", path, err)
	}
	var found []string
	for id, obj := range info.Uses {
		if obj.Pkg() == nil || obj.Pkg().Path() != module+"/store" {
			continue
		}
		switch o := obj.(type) {
		case *types.TypeName, *types.Const:
			continue
		case *types.Var:
			if o.IsField() {
				continue
			}
		case *types.Func:
			if recordMethod(o) {
				continue
			}
		}
		pos := fset.Position(id.Pos())
		found = append(found, fmt.Sprintf("%s:%d: %s", filepath.Base(pos.Filename), pos.Line, types.ObjectString(obj, nil)))
	}
	slices.Sort(found)
	return found
}

// recordMethod reports whether f is a method of a record value: neither of an interface nor of a
// pointer.
func recordMethod(f *types.Func) bool {
	recv := f.Signature().Recv()
	if recv == nil {
		return false
	}
	if _, pointer := recv.Type().(*types.Pointer); pointer {
		return false
	}
	return !types.IsInterface(recv.Type())
}

// TestTheBotKnowsOnlyTheStoresTypes: the bot and its adapters reach the store through the table;
// they may name its records' types and constants (a store.Game in a view, store.BoardsImage), but
// call none of its functions or methods and read none of its variables. The program (cmd) opens
// the store and hands it to the table.
func TestTheBotKnowsOnlyTheStoresTypes(t *testing.T) {
	for _, dir := range []string{"bot", "bot/console", "bot/page", "bot/discord", "bot/web"} {
		t.Run(dir, func(t *testing.T) {
			for _, use := range storeUses(t, dir) {
				t.Errorf("%s uses %s: ask the table instead", dir, use)
			}
		})
	}
}
