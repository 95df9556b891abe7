package catalog

import (
	"strings"
	"testing"
	"time"
)

// megabyte is a move string of a megabyte: what a hostile client might send as a decision.
var megabyte = strings.Repeat("a3-a4 c2:d2-c4 move n.nw e.n ", 1<<20/29)

func TestEveryParseRefusesAHugeInputAtOnce(t *testing.T) {
	for _, d := range All() {
		t.Run(d.Kind, func(t *testing.T) {
			g, err := d.New(nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err = g.Parse(megabyte)
			took := time.Since(start)
			if err == nil {
				t.Fatal("a megabyte was accepted as a decision")
			}
			if len(err.Error()) > 120 {
				t.Errorf("the refusal echoes %d bytes: %.200s", len(err.Error()), err)
			}
			if !strings.Contains(said(err), "too long") {
				t.Errorf("the refusal does not say what was wrong: %v", err)
			}
			// Refusing takes microseconds; the bound leaves room for a slow shared machine.
			if took > 50*time.Millisecond {
				t.Errorf("refusing a megabyte took %v", took)
			}
			// Every legal decision is well within the bound, and still parses.
			for _, m := range g.Legal() {
				if back, err := g.Parse("  " + strings.ToUpper(g.Format(m)) + "  "); err != nil || back != m {
					t.Errorf("%s: %v", g.Format(m), err)
				}
			}
		})
	}
}

func BenchmarkParseRefusesAMegabyte(b *testing.B) {
	for _, d := range All() {
		b.Run(d.Kind, func(b *testing.B) {
			g, _ := d.New(nil, nil)
			b.SetBytes(int64(len(megabyte)))
			for i := 0; i < b.N; i++ {
				if _, err := g.Parse(megabyte); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
