package say

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabuleiro/games/catalog"
)

// spoken are the packages whose texts reach people: each must take them from the catalogue.
var spoken = append([]string{"../table", "../render", "../render/picture", "../render/describe", "../bot", "../bot/console", "../bot/page", "../bot/web", "../bot/discord",
	"../bot/discord/wire", "../bot/discord/gateway", "../bot/discord/rest", "../games", "../games/catalog", "../learn"}, gamePackages()...)

// gamePackages are the directories of every game's package (games/catalog's list).
func gamePackages() []string {
	var dirs []string
	for _, kind := range catalog.Names {
		dirs = append(dirs, "../games/"+kind)
	}
	return dirs
}

// prose is what a person reads: two words in a row. Catalogue ids, notation, custom ids, format
// verbs and markup have none.
var prose = regexp.MustCompile(`[A-Za-z]{2,}[ ]+[A-Za-z]{2,}`)

// quiet are the calls whose strings no person reads: logs, errors that end as "something went
// wrong" (refusals are typed, with a catalogue id), panics and the wire's own names.
var quiet = map[string]bool{"Debug": true, "Info": true, "Warn": true, "Error": true, "With": true,
	"Errorf": true, "New": true, "panic": true}

// allowed are strings, by file and text, that look like prose and are not shown to people.
var allowed = map[string]bool{
	// The user context-menu command's name: Discord shows it as registered, in every language.
	"bot/tabuleiro.go Challenge to a game": true,
	// Command examples: commands and options keep their English names in every language.
	"bot/console/console.go  challenge opponent:@alice":  true,
	"bot/console/console.go  move play:":                 true,
	"bot/console/console.go  vs-bot level:easy first:me": true,
	// How games end, as logs and the engine protocol name them (people read method.* instead).
	"games/game.go not over": true, "games/game.go home row": true, "games/game.go no moves": true,
}

// operators are files whose texts are for whoever runs the bot (configuration, the gateway's and
// the endpoint's protocol errors, permission names in logs), never for players.
var operators = map[string]bool{"bot/discord/config.go": true, "bot/discord/http.go": true,
	"bot/discord/permissions.go": true, "bot/discord/gateway.go": true, "bot/discord/gateway/close.go": true,
	"bot/discord/gateway/conn.go": true, "bot/discord/gateway/client.go": true}

// described are methods whose strings name a value for logs and tests (String, Error).
var described = map[string]bool{"String": true, "Error": true, "GoString": true}

func TestNoTextIsBuiltOutsideTheCatalogue(t *testing.T) {
	for _, dir := range spoken {
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no Go files (%v)", dir, err)
		}
		for _, name := range files {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			rel := strings.TrimPrefix(filepath.ToSlash(filepath.Clean(name)), "../")
			if operators[rel] {
				continue
			}
			src, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range prosaic(t, rel, src) {
				t.Errorf("%s is text for people: put it in the catalogue (say) and word it with say.Words", p)
			}
		}
	}
}

func TestTheLintFindsText(t *testing.T) {
	src := `package x
func f(w Words) (string, error) {
	log.Info("a log line is for operators")
	if bad { return "", errors.New("an internal error is logged") }
	return "You resigned.", refuse(Refused, "refusal.bot-turn", "Kind", "ouri")
}
func (x X) String() string { return "a name for logs" }`
	got := prosaic(t, "bot/x.go", []byte(src))
	if len(got) != 1 || !strings.Contains(got[0], `"You resigned."`) {
		t.Errorf("the lint finds %q, want only the reply", got)
	}
}

// prosaic lists the string literals of a Go file that read as text for people, with their place.
func prosaic(t *testing.T, rel string, src []byte) []string {
	fs := token.NewFileSet()
	file, err := parser.ParseFile(fs, rel, src, 0)
	if err != nil {
		t.Fatal(err)
	}
	var found []string
	var calls []string
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case nil:
			calls = calls[:len(calls)-1]
			return true
		case *ast.FuncDecl:
			if described[n.Name.Name] {
				calls = append(calls, "")
				return false
			}
		case *ast.CallExpr:
			callee := ""
			switch fn := n.Fun.(type) {
			case *ast.SelectorExpr:
				callee = fn.Sel.Name
			case *ast.Ident:
				callee = fn.Name
			}
			calls = append(calls, callee)
			return true
		case *ast.ImportSpec, *ast.Field: // import paths; struct tags
			calls = append(calls, "")
			return false
		case *ast.BasicLit:
			if n.Kind == token.STRING {
				s, _ := strconv.Unquote(n.Value)
				inQuiet := false
				for _, c := range calls {
					inQuiet = inQuiet || quiet[c]
				}
				if prose.MatchString(s) && !inQuiet && !allowed[rel+" "+s] {
					found = append(found, fmt.Sprintf("%s: %q", fs.Position(n.Pos()), s))
				}
			}
		}
		calls = append(calls, "")
		return true
	})
	return found
}
