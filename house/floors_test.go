package house

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"tabuleiro/games/catalog"
)

const module = "tabuleiro"

// pkg is one of the module's packages as go/build reads it.
type pkg struct {
	imports []string // what its code imports
	all     []string // and what its tests import too
}

// packages reads every package of the module, by import path.
func packages(t *testing.T) map[string]pkg {
	t.Helper()
	out := map[string]pkg{}
	err := filepath.WalkDir(root, func(path string, e fs.DirEntry, err error) error {
		if err != nil || !e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		if strings.HasPrefix(e.Name(), ".") && rel != "." || e.Name() == "testdata" {
			return filepath.SkipDir
		}
		p, err := build.ImportDir(path, 0)
		if _, none := err.(*build.NoGoError); none {
			return nil
		}
		if err != nil {
			return err
		}
		name := module
		if rel != "." {
			name += "/" + filepath.ToSlash(rel)
		}
		out[name] = pkg{imports: p.Imports, all: slices.Concat(p.Imports, p.TestImports, p.XTestImports)}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) < 15 {
		t.Fatalf("only %d packages found: is %s the module?", len(out), root)
	}
	return out
}

// deps is every package of the module that name's code depends on, directly or not.
func deps(pkgs map[string]pkg, name string) map[string]bool {
	seen := map[string]bool{}
	var visit func(string)
	visit = func(n string) {
		for _, i := range pkgs[n].imports {
			if _, ours := pkgs[i]; ours && !seen[i] {
				seen[i] = true
				visit(i)
			}
		}
	}
	visit(name)
	return seen
}

// under reports whether package name is dir or inside it.
func under(name, dir string) bool {
	dir = module + "/" + dir
	return name == dir || strings.HasPrefix(name, dir+"/")
}

// floors are the module's rooms, lowest floor first. A package lives in the room whose path is the
// longest that holds it; its code imports only its own room and the rooms of lower floors, never a
// room beside it or above it. A new package outside every room fails the test until it is given one.
var floors = []struct {
	rooms []string
	what  string
}{
	{[]string{"games", "rating", "tournament"}, "pure rules: the games, the ratings, the pairings"},
	{[]string{"say", "metrics", "learn", "render"}, "what knows only the games: the words, the counters, the lessons, the drawings"},
	{[]string{"ai", "store"}, "the bot's thinking, and what keeps the table's decisions"},
	{[]string{"table", "config"}, "the session core, and the program's settings"},
	{[]string{"bot"}, "commands in, messages out, for any adapter"},
	{[]string{"bot/discord", "bot/console", "bot/page"}, "the adapters"},
	{[]string{"cmd"}, "the program, which wires them"},
	{[]string{"house"}, "these tests"},
}

// room is the room that holds package name and its floor, or "" and -1 when none does.
func room(name string) (string, int) {
	best, floor := "", -1
	for f, fl := range floors {
		for _, r := range fl.rooms {
			if under(name, r) && len(r) > len(best) {
				best, floor = r, f
			}
		}
	}
	return best, floor
}

func TestEveryPackageHasAFloor(t *testing.T) {
	pkgs := packages(t)
	held := map[string]bool{}
	for name := range pkgs {
		r, _ := room(name)
		if r == "" {
			t.Errorf("%s is on no floor: give it a room in house/floors_test.go's floors", name)
		}
		held[r] = true
	}
	for _, fl := range floors {
		for _, r := range fl.rooms {
			if !held[r] {
				t.Errorf("the room %s holds no package: take it out of floors", r)
			}
		}
	}
}

func TestNoPackageImportsAPackageBesideOrAbove(t *testing.T) {
	pkgs := packages(t)
	for name, p := range pkgs {
		r, floor := room(name)
		if r == "" {
			continue // TestEveryPackageHasAFloor says so
		}
		for _, i := range p.imports {
			if _, ours := pkgs[i]; !ours {
				continue
			}
			ir, ifloor := room(i)
			if ir != r && ifloor >= floor {
				t.Errorf("%s (%s, floor %d: %s) imports %s (%s, floor %d: %s)",
					name, r, floor, floors[floor].what, i, ir, ifloor, floors[ifloor].what)
			}
		}
	}
}

func TestNoPackageImportsOneOnAHigherFloor(t *testing.T) {
	pkgs := packages(t)
	rules := []struct {
		floor  string   // the packages at and under this path
		above  []string // may not depend on these, directly or not
		reason string
	}{
		{"games", []string{"ai", "render", "store", "table", "bot", "cmd"}, "the games are pure rules"},
		{"ai", []string{"render", "store", "table", "bot", "cmd"}, "the AI knows the games, nothing of sessions"},
		{"render", []string{"ai", "store", "table", "bot", "cmd"}, "the drawings know the games, nothing of sessions"},
		{"learn", []string{"ai", "render", "store", "table", "bot", "cmd"}, "the lessons know the games, nothing of sessions"},
		{"store", []string{"ai", "render", "table", "bot", "cmd"}, "the store keeps what the table decided"},
		{"table", []string{"render", "bot", "cmd"}, "the session core knows nothing of commands, Discord or drawings: it hands out views, and the bot draws them"},
	}
	for _, r := range rules {
		t.Run(r.floor+" imports nothing of "+strings.Join(r.above, ", "), func(t *testing.T) {
			found := false
			for name := range pkgs {
				if !under(name, r.floor) {
					continue
				}
				found = true
				for dep := range deps(pkgs, name) {
					for _, a := range r.above {
						if under(dep, a) {
							t.Errorf("%s depends on %s: %s", name, dep, r.reason)
						}
					}
				}
			}
			if !found {
				t.Fatalf("no package under %s", r.floor)
			}
		})
	}
	t.Run("only the adapters and the program import the adapters", func(t *testing.T) {
		for name := range pkgs {
			for dep := range deps(pkgs, name) {
				for _, adapter := range []string{"bot/discord", "bot/console", "bot/page"} {
					if under(dep, adapter) && !under(name, adapter) && !under(name, "cmd") {
						t.Errorf("%s depends on the adapter %s", name, dep)
					}
				}
			}
		}
	})
}

// TestOnlyTheGamesAIAndRenderImportAGame (and learn, the lessons) keeps game knowledge where the literal rule allows it: code
// elsewhere reaches a game through its descriptor (games/catalog), never through the game's package.
func TestOnlyTheGamesAIAndRenderImportAGame(t *testing.T) {
	for name, p := range packages(t) {
		if isKnowing(strings.TrimPrefix(name, module+"/")) {
			continue
		}
		for _, kind := range catalog.Names {
			if slices.Contains(p.imports, module+"/games/"+kind) {
				t.Errorf("%s imports games/%s: reach the game through games/catalog and its descriptor", name, kind)
			}
		}
	}
}

func TestDiscordgoIsImportedOnlyUnderBotDiscord(t *testing.T) {
	const discordgo = "github.com/bwmarrin/discordgo"
	pkgs := packages(t)
	if !slices.Contains(pkgs[module+"/bot/discord"].imports, discordgo) {
		t.Fatalf("bot/discord does not import %s: is this test still looking for the right name?", discordgo)
	}
	for name, p := range pkgs {
		if slices.Contains(p.all, discordgo) && !under(name, "bot/discord") {
			t.Errorf("%s imports discordgo (code or tests): only bot/discord speaks Discord's types", name)
		}
	}
}
