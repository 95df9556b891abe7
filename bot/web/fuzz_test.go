package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"tabuleiro/games"
)

// Every message the page can send, as anything at all: the server answers with a status it
// documents and a JSON reason, never fails, and the game only ever moves forward by legal play.
func FuzzDecision(f *testing.F) {
	f.Add("decide", `{"ply":0,"play":"a3-a4"}`, true)
	f.Add("decide", `{"ply":0,"play":"c2:d2-c3"}`, true)
	f.Add("offer", `{"ply":0}`, true)
	f.Add("resign", `{"ply":0}`, false)
	f.Add("hint", `{"ply":0}`, true)
	f.Add("review", ``, false)
	f.Add("decide", `{"ply":-1,"play":""}`, true)
	f.Add("decide", `not json`, true)
	s := newSite(f)
	alice := s.player(f, "111", s.people)
	cookies := alice.http.Jar.Cookies(mustURL(s.srv.URL))
	f.Fuzz(func(t *testing.T, verb, body string, player bool) {
		if verb != "decide" && verb != "offer" && verb != "resign" && verb != "hint" && verb != "review" {
			verb = "decide"
		}
		_, before, _ := s.st.Game(s.people.ID)
		req := httptest.NewRequest("POST", s.path(s.people)+"/"+verb, strings.NewReader(body))
		if player {
			for _, c := range cookies {
				req.AddCookie(c)
			}
		}
		w := httptest.NewRecorder()
		s.web.ServeHTTP(w, req)
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusForbidden, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity:
		default:
			t.Fatalf("%s %q: %d %s", verb, body, w.Code, w.Body)
		}
		var a answer
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil && w.Code != http.StatusNotFound {
			t.Fatalf("%s %q: the answer is not JSON: %s", verb, body, w.Body)
		}
		if w.Code != http.StatusOK && a.Error == "" && w.Code != http.StatusNotFound {
			t.Fatalf("%s %q: refused (%d) without a reason", verb, body, w.Code)
		}
		_, after, _ := s.st.Game(s.people.ID)
		if after.Ply() < before.Ply() || !player && after.Ply() != before.Ply() {
			t.Fatalf("%s %q by %v: the game went from ply %d to %d", verb, body, player, before.Ply(), after.Ply())
		}
	})
}

// Every address, as anything at all: never a failure, and nothing but a bare 404 for what is not
// a board's.
func FuzzAddress(f *testing.F) {
	s := newSite(f)
	good := s.path(s.people)
	for _, p := range []string{good, good + "/state", good + "/join/abc", "/b/1-00", "/assets/board.js", "/b//", "/b/-"} {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, path string) {
		req := httptest.NewRequest("GET", "/", nil)
		req.URL.Path = path
		w := httptest.NewRecorder()
		s.web.ServeHTTP(w, req)
		if w.Code >= 500 {
			t.Fatalf("GET %q: %d", path, w.Code)
		}
		if w.Code == http.StatusOK && !strings.HasPrefix(path, good) && !strings.HasPrefix(path, "/assets/") {
			t.Fatalf("GET %q answered 200", path)
		}
	})
}

// What the Activity's page sends, as anything at all: the server answers with a status it
// documents and a JSON reason, never fails, and sets a session only for a member Discord vouches
// is in the instance.
func FuzzActivity(f *testing.F) {
	f.Add(true, `{"code":"code-111"}`)
	f.Add(true, `{"code":""}`)
	f.Add(false, `{"access_token":"at-111","instance_id":"i1"}`)
	f.Add(false, `{"access_token":"at-444","instance_id":"i1"}`)
	f.Add(false, `{"access_token":"at-111","instance_id":"../i1"}`)
	f.Add(false, `[]`)
	s := activitySite(f)
	f.Fuzz(func(t *testing.T, token bool, body string) {
		path := "/api/activity"
		if token {
			path = "/api/token"
		}
		w := httptest.NewRecorder()
		s.web.ServeHTTP(w, httptest.NewRequest("POST", path, strings.NewReader(body)))
		var r struct {
			Error string         `json:"error"`
			Games []ActivityGame `json:"games"`
		}
		if err := json.Unmarshal(w.Body.Bytes(), &r); err != nil {
			t.Fatalf("%s %q: the answer is not JSON: %s", path, body, w.Body)
		}
		switch w.Code {
		case http.StatusOK:
		case http.StatusBadRequest, http.StatusForbidden:
			if r.Error == "" || len(w.Result().Cookies()) != 0 {
				t.Fatalf("%s %q: refused (%d) without a reason, or with a session", path, body, w.Code)
			}
		default:
			t.Fatalf("%s %q: %d %s", path, body, w.Code, w.Body)
		}
		n := 0
		for _, c := range w.Result().Cookies() {
			if c.Name != langCookie {
				n++
			}
		}
		if n != len(r.Games) {
			t.Fatalf("%s %q: %d sessions for %d games", path, body, n, len(r.Games))
		}
	})
}

// Every line the page can try on a finished game, as anything at all: the server answers with a
// status it documents and a JSON state or reason, never fails, and stores nothing.
func FuzzBranch(f *testing.F) {
	f.Add(`{"ply":0,"plays":["a3-a4"]}`)
	f.Add(`{"ply":1,"plays":["a6-a5","c2:d2-c3"]}`)
	f.Add(`{"ply":2,"plays":[]}`)
	f.Add(`{"ply":-1}`)
	f.Add(`{"ply":0,"plays":["zz","a3-a4"]}`)
	f.Add(`not json`)
	s := newSite(f)
	alice, bob := s.player(f, "111", s.people), s.player(f, "222", s.people)
	for i, play := range []string{"a3-a4", "a6-a5"} {
		if status, a := []*client{alice, bob}[i].send(s.people, "decide", i, play); status != http.StatusOK {
			f.Fatalf("%s: %d %s", play, status, a.Error)
		}
	}
	if status, _ := alice.send(s.people, "resign", 2, ""); status != http.StatusOK {
		f.Fatalf("resigning: %d", status)
	}
	_, before, _ := s.st.Game(s.people.ID)
	f.Fuzz(func(t *testing.T, body string) {
		s.clock.Add(BranchEvery) // never held back: every try is answered
		req := httptest.NewRequest("POST", s.path(s.people)+"/branch", strings.NewReader(body))
		w := httptest.NewRecorder()
		s.web.ServeHTTP(w, req)
		switch w.Code {
		case http.StatusOK, http.StatusBadRequest, http.StatusNotFound, http.StatusConflict, http.StatusUnprocessableEntity:
		default:
			t.Fatalf("%q: %d %s", body, w.Code, w.Body)
		}
		var a answer
		if err := json.Unmarshal(w.Body.Bytes(), &a); err != nil && w.Code != http.StatusNotFound {
			t.Fatalf("%q: the answer is not JSON: %s", body, w.Body)
		}
		if w.Code != http.StatusOK && a.Error == "" && w.Code != http.StatusNotFound {
			t.Fatalf("%q: refused (%d) without a reason", body, w.Code)
		}
		if _, after, _ := s.st.Game(s.people.ID); !bytes.Equal(games.Encode(after), games.Encode(before)) {
			t.Fatalf("%q: the game changed", body)
		}
	})
}
