package web

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// The page's colours meet WCAG AA in both themes: text 4.5:1 against what it stands on, the marks
// of what may be clicked and what was picked 3:1 (WCAG's non-text contrast), read from the
// stylesheet the binary serves.
func TestThePagesColoursMeetWCAGAAInBothThemes(t *testing.T) {
	b, err := assets.ReadFile("assets/board.css")
	if err != nil {
		t.Fatal(err)
	}
	css := string(b)
	dark := strings.Index(css, "prefers-color-scheme:dark")
	if dark < 0 {
		t.Fatal("the stylesheet has no dark theme")
	}
	light := vars(css[:dark])
	themes := map[string]map[string]string{"light": light, "dark": vars(css[dark:])}
	for k, v := range light {
		if _, ok := themes["dark"][k]; !ok {
			themes["dark"][k] = v
		}
	}
	pairs := []struct {
		fg, bg string
		min    float64
	}{
		{"ink", "paper", 4.5}, {"muted", "paper", 4.5}, {"ink", "ground", 4.5}, {"muted", "ground", 4.5},
		{"ink", "ground-2", 4.5}, {"muted", "ground-2", 4.5}, {"danger", "ground-2", 4.5}, {"danger", "paper", 4.5},
		{"ink", "claimed-b", 4.5}, {"ink", "claimed-g", 4.5}, {"muted", "sky-tint", 3},
		{"mark", "ground", 3}, {"mark", "ground-2", 3}, {"mark", "paper", 3}, {"mark", "sky-tint", 3},
		{"picked", "ground", 3}, {"picked", "ground-2", 3}, {"picked", "paper", 3}, {"focus", "paper", 3},
		{"#ffffff", "blue", 4.5}, {"#222222", "orange", 4.5}, {"#ffffff", "green", 4.5},
	}
	for name, theme := range themes {
		for _, p := range pairs {
			fg, bg := colour(t, theme, p.fg), colour(t, theme, p.bg)
			if c := contrast(fg, bg); c < p.min {
				t.Errorf("%s theme: %s (%s) on %s (%s) has contrast %.2f, below %.1f", name, p.fg, fg, p.bg, bg, c, p.min)
			}
		}
	}
}

var cssVar = regexp.MustCompile(`--([a-z0-9-]+):\s*(#[0-9a-fA-F]{6})`)

func vars(css string) map[string]string {
	out := map[string]string{}
	for _, m := range cssVar.FindAllStringSubmatch(css, -1) {
		out[m[1]] = strings.ToLower(m[2])
	}
	return out
}

func colour(t *testing.T, theme map[string]string, name string) string {
	if strings.HasPrefix(name, "#") {
		return name
	}
	c, ok := theme[name]
	if !ok {
		t.Fatalf("the stylesheet has no --%s", name)
	}
	return c
}

// contrast is WCAG's contrast ratio of two #rrggbb colours.
func contrast(a, b string) float64 {
	la, lb := luminance(a), luminance(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

func luminance(hex string) float64 {
	var rgb [3]float64
	for i := range rgb {
		v, err := strconv.ParseUint(hex[1+2*i:3+2*i], 16, 8)
		if err != nil {
			panic(fmt.Sprint(hex, err))
		}
		c := float64(v) / 255
		if c <= 0.03928 {
			rgb[i] = c / 12.92
		} else {
			rgb[i] = math.Pow((c+0.055)/1.055, 2.4)
		}
	}
	return 0.2126*rgb[0] + 0.7152*rgb[1] + 0.0722*rgb[2]
}
