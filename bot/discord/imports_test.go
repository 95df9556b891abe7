package discord

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

const (
	discordgoPath = "github.com/bwmarrin/discordgo"
	adapterPath   = "tabuleiro/bot/discord"
)

// goTool runs the go command in dir and returns its standard output.
func goTool(t *testing.T, goBin, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command(goBin, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, stderr.String())
	}
	return string(out)
}

// TestOnlyTheDiscordAdapterImportsDiscordgo keeps Discord in its adapter: no package of the module
// but this one and those under it (their tests included) imports discordgo, the codec (wire) only
// in its tests, as the reference it is held to, and the session core, the platform-neutral
// bot and the console adapter do not depend on it even indirectly.
func TestOnlyTheDiscordAdapterImportsDiscordgo(t *testing.T) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("go is not on PATH")
	}
	gomod := strings.TrimSpace(goTool(t, goBin, ".", "env", "GOMOD"))
	if gomod == "" || gomod == os.DevNull {
		t.Fatalf("not inside a module (GOMOD %q)", gomod)
	}
	root := filepath.Dir(gomod)

	// Direct imports of every package, its tests' imports included.
	list := goTool(t, goBin, root, "list", "-e", "-f",
		`{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, "./...")
	packages := 0
	for _, line := range strings.Split(strings.TrimSpace(list), "\n") {
		fields := strings.Fields(line)
		if len(fields) == 0 {
			continue
		}
		packages++
		pkg := fields[0]
		if pkg == adapterPath || strings.HasPrefix(pkg, adapterPath+"/") {
			continue
		}
		for _, imp := range fields[1:] {
			if imp == discordgoPath {
				t.Errorf("%s imports %s: only %s may", pkg, discordgoPath, adapterPath)
			}
		}
	}
	if imports := goTool(t, goBin, root, "list", "-f", `{{join .Imports " "}}`, adapterPath+"/wire"); strings.Contains(imports, discordgoPath) {
		t.Errorf("%s/wire imports %s", adapterPath, discordgoPath)
	}
	if packages < 5 {
		t.Fatalf("go list found only %d packages:\n%s", packages, list)
	}

	// Nor indirectly, for the parts that know no platform.
	for _, pkg := range []string{"tabuleiro/table", "tabuleiro/bot", "tabuleiro/bot/console"} {
		deps := goTool(t, goBin, root, "list", "-e", "-deps", "-f", "{{.ImportPath}}", pkg)
		if !strings.Contains(deps, pkg+"\n") {
			t.Errorf("go list -deps %s does not list the package itself:\n%s", pkg, deps)
		}
		for _, dep := range strings.Fields(deps) {
			if dep == discordgoPath || strings.HasPrefix(dep, discordgoPath+"/") || dep == adapterPath {
				t.Errorf("%s depends on %s", pkg, dep)
			}
		}
	}
}
