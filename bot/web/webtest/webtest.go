// Package webtest drives the web board and the game pages in a real headless Chromium for the
// tests: it starts the browser, audits a page with axe-core, and reads the accessibility tree.
// Tests only: no program imports it.
package webtest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/emulation"
	cdpruntime "github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// browsers are the names a Chromium goes by, Debian's first.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Chrome starts a headless Chromium for a test, or skips the test where there is none.
func Chrome(t testing.TB) context.Context {
	t.Helper()
	browser := ""
	for _, name := range browsers {
		if p, err := exec.LookPath(name); err == nil {
			browser = p
			break
		}
	}
	if browser == "" {
		t.Skipf("no Chromium installed (looked for %s): the page is not tried in a browser; on Debian, apt-get install chromium", strings.Join(browsers, ", "))
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(browser), chromedp.UserDataDir(t.TempDir()),
		chromedp.Flag("disable-dev-shm-usage", true))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium's sandbox refuses to run as root
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 2*time.Minute)
	t.Cleanup(func() { cancelTime(); cancel(); cancelAlloc() })
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", browser, err)
	}
	return ctx
}

// Screenshot saves the page at width w as name.png in TABULEIRO_SCREENSHOTS, when set, for a person
// to look at; the page is left 1280 px wide.
func Screenshot(t *testing.T, ctx context.Context, name string, w int64) {
	t.Helper()
	dir := os.Getenv("TABULEIRO_SCREENSHOTS")
	if dir == "" {
		return
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(w, 800), chromedp.Sleep(300*time.Millisecond)); err != nil {
		t.Fatal(err)
	}
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
	chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900))
}

// root is the module's directory, found from this file's.
func root() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "..")
}

// axeRules are the axe-core rule tags of WCAG 2.2 level AA (and the levels below it).
var axeRules = []string{"wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"}

// Axe runs axe-core on the page ctx shows and fails the test with each violation of WCAG 2.2 AA.
// axe-core comes from npm (web/'s devDependencies: `cd web && npm ci`); without it the test is
// skipped and says so.
func Axe(t *testing.T, ctx context.Context, what string) {
	t.Helper()
	path := filepath.Join(root(), "web", "node_modules", "axe-core", "axe.min.js")
	src, err := os.ReadFile(path)
	if err != nil {
		t.Skipf("axe-core is not installed (%v): the page is not audited; run `cd web && npm ci` to install it", err)
	}
	if err := Eval(ctx, string(src)+"\n;0", nil); err != nil {
		t.Fatalf("loading axe-core into %s: %v", what, err)
	}
	run := `(async () => {
		const r = await axe.run(document, {runOnly: {type: "tag", values: ["` + strings.Join(axeRules, `", "`) + `"]}, resultTypes: ["violations"]});
		return r.violations.map(v => v.id + " (" + v.impact + "): " + v.help + "\n" +
			v.nodes.map(n => "    " + n.target.join(" ") + ": " + (n.failureSummary || "").replaceAll("\n", " ")).join("\n"));
	})()`
	var violations []string
	if err := Eval(ctx, run, &violations); err != nil {
		t.Fatalf("running axe-core on %s: %v", what, err)
	}
	for _, v := range violations {
		t.Errorf("axe-core on %s: %s", what, v)
	}
}

// Eval evaluates expr in the page ctx shows, awaits it should it be a promise, and unmarshals its
// value into out (when not nil). Unlike chromedp.Evaluate it waits for no execution context of its
// own: a page without scripts (the game pages' policy forbids them) gets none that chromedp sees.
func Eval(ctx context.Context, expr string, out any) error {
	return chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		yes := true
		r, err := cdp.Call(ctx, tg, cdpruntime.Evaluate, cdpruntime.EvaluateParams{Expression: expr, ReturnByValue: &yes, AwaitPromise: &yes})
		if err != nil {
			return err
		}
		if r.ExceptionDetails != nil {
			d := r.ExceptionDetails
			if d.Exception != nil {
				return fmt.Errorf("%s: %s", d.Text, d.Exception.Description)
			}
			return fmt.Errorf("%s", d.Text)
		}
		if out == nil || r.Result == nil {
			return nil
		}
		return json.Unmarshal(r.Result.Value, out)
	}))
}

// Dark has the page see a system that prefers dark colours, or light ones.
func Dark(dark bool) chromedp.Action[chromedp.Void] {
	value := "light"
	if dark {
		value = "dark"
	}
	return chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
			Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: value}}})
		return err
	})
}

// AXNode is a node of Chromium's accessibility tree: what a screen reader is told.
type AXNode struct {
	Role, Name string
	Ignored    bool
	DOM        cdp.BackendNodeID // the element it stands for, if any
}

// AXTree is the accessibility tree of the page ctx shows, as Chromium computes it (the DevTools
// protocol's Accessibility.getFullAXTree).
func AXTree(ctx context.Context) ([]AXNode, error) {
	var out []AXNode
	err := chromedp.Do(ctx, chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		r, err := cdp.Call(ctx, tg, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
		if err != nil {
			return err
		}
		text := func(v *accessibility.Value) string {
			var s string
			if v != nil && len(v.Value) > 0 {
				json.Unmarshal([]byte(v.Value), &s)
			}
			return s
		}
		for _, n := range r.Nodes {
			out = append(out, AXNode{Role: text(n.Role), Name: text(n.Name), Ignored: n.Ignored, DOM: n.BackendDOMNodeID})
		}
		return nil
	}))
	return out, err
}

// Click clicks with the mouse the middle of the element sel names (a CSS selector, or an XPath
// when it starts with "/"), once. The element is found and scrolled to within the page, so a
// board drawn anew meanwhile is not a failure to retry: retrying a click that may have landed
// would click twice (a pick and its undoing). It waits up to two seconds for the element.
func Click(ctx context.Context, sel string) error {
	find := `document.querySelector(` + strconv.Quote(sel) + `)`
	if strings.HasPrefix(sel, "/") {
		find = `document.evaluate(` + strconv.Quote(sel) + `, document, null, XPathResult.FIRST_ORDERED_NODE_TYPE, null).singleNodeValue`
	}
	where := `(() => { const e = ` + find + `; if (!e) return null; e.scrollIntoView({block: "nearest", inline: "nearest"});
		const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0 ? [r.x + r.width / 2, r.y + r.height / 2] : null; })()`
	var at []float64
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if err := Eval(ctx, where, &at); err == nil && len(at) == 2 {
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("no %s on the page to click", sel)
		}
	}
	return chromedp.Do(ctx, chromedp.MouseClickXY(at[0], at[1]))
}
