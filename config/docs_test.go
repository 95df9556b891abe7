package config

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
)

// TestEveryVariableIsDocumented holds README.md's table of variables and .env.example to the
// variables the program's code reads: the same names, none missing, none extra.
func TestEveryVariableIsDocumented(t *testing.T) {
	read := variablesRead(t, "..")
	for _, want := range []string{"DISCORD_TOKEN", "DB_PATH", "CHALLENGE_TTL", "CONSOLE_DB_PATH", "LC_ALL", "GOGC"} {
		if !slices.Contains(read, want) {
			t.Fatalf("the code scan missed %s (found %v): the test is blind", want, read)
		}
	}
	readme, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	example, err := os.ReadFile("../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	for _, doc := range []struct {
		name  string
		names []string
	}{
		{"README.md's table of variables", tableVariables(string(readme))},
		{".env.example", exampleVariables(string(example))},
	} {
		t.Run(doc.name+" lists every variable the code reads, and no other", func(t *testing.T) {
			for _, v := range read {
				if !slices.Contains(doc.names, v) {
					t.Errorf("%s is read by the code but not in %s", v, doc.name)
				}
			}
			for _, v := range doc.names {
				if !slices.Contains(read, v) {
					t.Errorf("%s is in %s but the code never reads it", v, doc.name)
				}
			}
		})
	}
}

var variableName = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$`)

// variablesRead are the environment variables the module's code (tests aside) reads: the names
// given to a getenv-like function (Getenv, LookupEnv, getenv, get, env, and Load's duration), and the names listed in
// a composite literal of a function that calls one (a loop over LC_ALL, LC_MESSAGES, LANG).
func variablesRead(t *testing.T, root string) []string {
	getters := []string{"Getenv", "LookupEnv", "getenv", "get", "env", "duration"}
	name := func(e ast.Expr) string {
		switch f := e.(type) {
		case *ast.Ident:
			return f.Name
		case *ast.SelectorExpr:
			return f.Sel.Name
		}
		return ""
	}
	literal := func(e ast.Expr) string {
		lit, ok := e.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return ""
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil || !variableName.MatchString(s) {
			return ""
		}
		return s
	}
	var out []string
	add := func(v string) {
		if v != "" && !slices.Contains(out, v) {
			out = append(out, v)
		}
	}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root || d.Name() == "testdata") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil {
				continue
			}
			reads := false
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok && slices.Contains(getters, name(c.Fun)) && len(c.Args) > 0 {
					reads = true
					add(literal(c.Args[0]))
				}
				return true
			})
			if !reads {
				continue
			}
			ast.Inspect(fn.Body, func(n ast.Node) bool {
				if c, ok := n.(*ast.CompositeLit); ok {
					for _, e := range c.Elts {
						add(literal(e))
					}
				}
				return true
			})
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(out)
	return out
}

// tableVariables are the names in the first column of README.md's table of variables (the table
// whose header is "| variable |").
func tableVariables(readme string) []string {
	var out []string
	in := false
	for _, line := range strings.Split(readme, "\n") {
		switch {
		case strings.HasPrefix(line, "| variable |"):
			in = true
		case in && !strings.HasPrefix(line, "|"):
			return out
		case in:
			cell := strings.TrimSpace(strings.Split(line, "|")[1])
			for _, v := range strings.Split(cell, ",") {
				if v = strings.Trim(strings.TrimSpace(v), "`"); variableName.MatchString(v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// exampleVariables are the names .env.example sets or shows commented out (NAME= or #NAME=).
func exampleVariables(example string) []string {
	var out []string
	for _, m := range regexp.MustCompile(`(?m)^#?([A-Z][A-Z0-9_]*)=`).FindAllStringSubmatch(example, -1) {
		out = append(out, m[1])
	}
	return out
}
