package web

import (
	"bytes"
	"compress/gzip"
	"io/fs"
	"testing"
)

// The whole client, as the binary embeds it, stays within 150 KB gzipped.
func TestTheClientFitsItsBudget(t *testing.T) {
	total := 0
	err := fs.WalkDir(assets, "assets", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		b, err := assets.ReadFile(path)
		if err != nil {
			return err
		}
		var z bytes.Buffer
		w := gzip.NewWriter(&z)
		w.Write(b)
		w.Close()
		total += z.Len()
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"assets/board.html", "assets/board.js", "assets/board.css", "assets/activity.html", "assets/activity.js"} {
		if _, err := fs.Stat(assets, name); err != nil {
			t.Errorf("the client lacks %s: build it with `npm ci && npm run build` in web/", name)
		}
	}
	if total > 150*1024 {
		t.Errorf("the client takes %d bytes gzipped, more than its 150 KB budget", total)
	}
	t.Logf("the client takes %d bytes gzipped", total)
}
