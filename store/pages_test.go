package store_test

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"tabuleiro/store"
)

func pages(t *testing.T, f fixture) {
	if _, err := f.ChangeServerSettings("g1", func(s *store.ServerSettings) { s.Pages = true }); err != nil {
		t.Fatal(err)
	}
	want(t, "pages on", must(f.other().ServerSettings("g1")), store.ServerSettings{Pages: true})
	want(t, "another server", must(f.ServerSettings("g2")), store.ServerSettings{})

	// Two processes asking at once for a key that does not exist yet end up with the same one.
	keys := make([][]byte, 4)
	var wg sync.WaitGroup
	for i := range keys {
		s := f.Store
		if i%2 == 1 {
			s = f.other()
		}
		wg.Go(func() { keys[i] = must(s.PageKey()) })
	}
	wg.Wait()
	if len(keys[0]) != store.PageKeySize || bytes.Equal(keys[0], make([]byte, store.PageKeySize)) {
		t.Fatalf("the page key is %x", keys[0])
	}
	for _, k := range keys[1:] {
		if !bytes.Equal(k, keys[0]) {
			t.Fatalf("processes made different keys: %x and %x", keys[0], k)
		}
	}
	if again := must(f.other().PageKey()); !bytes.Equal(again, keys[0]) {
		t.Fatalf("the key changed on the next ask: %x, then %x", keys[0], again)
	}

	long := strings.Repeat("é", 150)
	if err := f.NoteNames(map[string]string{"u1": "Ana", "u2": "Bia", "": "nobody", "u3": "", "u4": long, "u\x005": "zero"}); err != nil {
		t.Fatal(err)
	}
	if err := f.NoteNames(map[string]string{"u1": "Ana Lu"}); err != nil {
		t.Fatal(err)
	}
	want(t, "names", must(f.other().Names("u1", "u2", "u3", "u4", "u9")),
		map[string]string{"u1": "Ana Lu", "u2": "Bia", "u4": strings.Repeat("é", 100)})
	commits := f.Stats().Commits
	if err := f.NoteNames(map[string]string{"u1": "Ana Lu", "u2": "Bia"}); err != nil {
		t.Fatal(err)
	}
	if n := f.Stats().Commits - commits; n != 0 {
		t.Errorf("noting names already kept committed %d times", n)
	}
}
