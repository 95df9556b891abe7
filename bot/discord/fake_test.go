package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"unicode/utf8"
)

// fakeDiscord is a Discord REST API on httptest: it records every call and answers like Discord,
// except for answers scripted per "METHOD /path" (used once each, in order).
type fakeDiscord struct {
	srv *httptest.Server

	mu     sync.Mutex
	calls  []call
	script map[string][]answer
	nextID int
	// forbidChannels answers every channel route 403 Missing Access, as Discord does where the bot
	// user may not post (a DM, a group DM, a channel without its permissions).
	forbidChannels bool
	// refused are the forms Discord would refuse (a picture without a description among them);
	// the test fails with them when it ends.
	refused []string
	// taken, when set, is told of each call Discord took before it answers (a process may die
	// then).
	taken func(call)
}

type call struct {
	// Body is the JSON sent: the request's body, or a multipart form's payload_json.
	Method, Path, Auth, Body string
	// Files are a multipart form's files[n], in order.
	Files []attached
}

// attached is one file of a multipart request or answer: its form field, name, type and bytes.
type attached struct {
	Field, Name, Type string
	Content           []byte
}

// readForm reads a multipart form as Discord takes one: its payload_json and its files, or an
// error saying what is wrong with it.
func readForm(contentType string, body []byte) (payload []byte, files []attached, err error) {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil || media != "multipart/form-data" {
		return nil, nil, fmt.Errorf("content type %q is not a multipart form (%v)", contentType, err)
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, nil, err
		}
		b, err := io.ReadAll(p)
		if err != nil {
			return nil, nil, err
		}
		switch name := p.FormName(); {
		case name == "payload_json":
			payload = b
		case strings.HasPrefix(name, "files[") && p.FileName() != "":
			files = append(files, attached{Field: name, Name: p.FileName(), Type: p.Header.Get("Content-Type"), Content: b})
		default:
			return nil, nil, fmt.Errorf("unexpected form part %q", name)
		}
	}
	if payload == nil {
		return nil, nil, fmt.Errorf("the form has no payload_json")
	}
	if err := described(payload, files); err != nil {
		return nil, nil, err
	}
	return payload, files, nil
}

// described checks that a form carrying a picture (PNG or GIF) lists each of its attachments with
// a description, the alt text a screen reader reads: not empty, at most 1,024 characters.
func described(payload []byte, files []attached) error {
	pictures := false
	for _, f := range files {
		pictures = pictures || f.Type == "image/png" || f.Type == "image/gif"
	}
	if !pictures {
		return nil
	}
	type attachment struct {
		ID          int     `json:"id"`
		Filename    string  `json:"filename"`
		Description *string `json:"description"`
	}
	var body struct {
		Attachments []attachment
		Data        struct{ Attachments []attachment } // an interaction's response
	}
	if err := json.Unmarshal(payload, &body); err != nil {
		return fmt.Errorf("payload_json: %v", err)
	}
	listed := append(body.Attachments, body.Data.Attachments...)
	if len(listed) != len(files) {
		return fmt.Errorf("%d attachments listed for %d files", len(listed), len(files))
	}
	for _, a := range listed {
		switch {
		case a.Description == nil || strings.TrimSpace(*a.Description) == "":
			return fmt.Errorf("attachment %s has no description: a screen reader has nothing to say", a.Filename)
		case utf8.RuneCountInString(*a.Description) > 1024:
			return fmt.Errorf("attachment %s has a description of %d characters, over Discord's 1,024", a.Filename,
				utf8.RuneCountInString(*a.Description))
		}
	}
	return nil
}

type answer struct {
	Status int
	Header map[string]string
	Body   string
}

func newFakeDiscord(t testing.TB) *fakeDiscord {
	f := &fakeDiscord{script: map[string][]answer{}, nextID: 1000}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(func() {
		f.srv.Close()
		f.mu.Lock()
		defer f.mu.Unlock()
		for _, r := range f.refused {
			t.Errorf("Discord would refuse the form of %s", r)
		}
	})
	return f
}

// on scripts the next answers to method+path.
func (f *fakeDiscord) on(method, path string, answers ...answer) {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := method + " " + path
	f.script[k] = append(f.script[k], answers...)
}

func (f *fakeDiscord) recorded() []call {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]call(nil), f.calls...)
}

// count is the number of calls to method+path (path may end with * to match a prefix).
func (f *fakeDiscord) count(method, path string) int {
	n := 0
	for _, c := range f.recorded() {
		if c.Method == method && (c.Path == path || strings.HasSuffix(path, "*") && strings.HasPrefix(c.Path, strings.TrimSuffix(path, "*"))) {
			n++
		}
	}
	return n
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	c := call{Method: r.Method, Path: r.URL.Path, Auth: r.Header.Get("Authorization"), Body: string(body)}
	if ct := r.Header.Get("Content-Type"); strings.HasPrefix(ct, "multipart/") {
		payload, files, err := readForm(ct, body)
		if err != nil {
			f.mu.Lock()
			f.refused = append(f.refused, r.Method+" "+r.URL.Path+": "+err.Error())
			f.mu.Unlock()
			http.Error(w, `{"message": "Invalid Form Body", "code": 50035}`, http.StatusBadRequest)
			return
		}
		body, c.Body, c.Files = payload, string(payload), files
	}
	f.mu.Lock()
	f.calls = append(f.calls, c)
	k := r.Method + " " + r.URL.Path
	if q := f.script[k]; len(q) > 0 {
		a := q[0]
		f.script[k] = q[1:]
		f.mu.Unlock()
		for h, v := range a.Header {
			w.Header().Set(h, v)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(a.Status)
		io.WriteString(w, a.Body)
		return
	}
	f.nextID++
	id := fmt.Sprint(f.nextID)
	taken := f.taken
	f.mu.Unlock()
	if taken != nil {
		taken(c)
	}

	parts := strings.Split(strings.TrimPrefix(r.URL.Path, "/"), "/")
	reply := func(v any) {
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(v)
	}
	f.mu.Lock()
	forbid := f.forbidChannels
	f.mu.Unlock()
	switch {
	case len(parts) < 3 || parts[0] != "api" || parts[1] != "v10":
		http.Error(w, `{"message": "404: Not Found", "code": 0}`, http.StatusNotFound)
	case forbid && parts[2] == "channels":
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusForbidden)
		io.WriteString(w, `{"message": "Missing Access", "code": 50001}`)
	case r.Method == "PATCH" && parts[2] == "webhooks" && len(parts) == 7 && parts[6] == "@original":
		reply(map[string]any{"id": "orig-" + parts[4], "channel_id": "c"})
	case r.Method == "POST" && parts[2] == "webhooks" && len(parts) == 5:
		reply(map[string]any{"id": id, "channel_id": "c"})
	case r.Method == "GET" && parts[2] == "gateway":
		reply(map[string]any{"url": "ws://" + r.Host + "/gateway"})
	case r.Method == "GET" && len(parts) == 4 && parts[2] == "applications" && parts[3] == "@me":
		reply(map[string]any{"id": "424242", "name": "tabuleiro"})
	case r.Method == "PUT" && parts[2] == "applications":
		w.Header().Set("Content-Type", "application/json")
		w.Write(body)
	case r.Method == "POST" && parts[2] == "channels" && len(parts) == 5 && parts[4] == "messages":
		reply(map[string]any{"id": id, "channel_id": parts[3]})
	case r.Method == "POST" && parts[2] == "channels" && len(parts) == 7 && parts[6] == "threads":
		reply(map[string]any{"id": "th" + id, "type": 11, "parent_id": parts[3]})
	case r.Method == "DELETE" && parts[2] == "channels" && len(parts) == 6:
		w.WriteHeader(http.StatusNoContent)
	case r.Method == "PATCH" && parts[2] == "channels" && len(parts) == 6:
		reply(map[string]any{"id": parts[5], "channel_id": parts[3]})
	case r.Method == "GET" && parts[2] == "webhooks" && len(parts) == 7 && parts[6] == "@original":
		reply(map[string]any{"id": "orig-" + parts[4], "channel_id": "c"})
	case r.Method == "POST" && parts[2] == "interactions":
		w.WriteHeader(http.StatusNoContent)
	default:
		http.Error(w, `{"message": "404: Not Found", "code": 0}`, http.StatusNotFound)
	}
}
