package page

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// What a page and its board cost to serve, store read and replay included.
func BenchmarkServe(b *testing.B) {
	s := newSite(b)
	for _, c := range []struct{ name, suffix string }{{"page", "?ply=2"}, {"board", ".png?ply=2"}} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest("GET", s.path(s.finished)+c.suffix, nil)
			for b.Loop() {
				w := httptest.NewRecorder()
				s.pages.ServeHTTP(w, req)
				if w.Code != http.StatusOK {
					b.Fatalf("%d", w.Code)
				}
			}
		})
	}
}
