package wire

import (
	"bytes"
	"encoding/json"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"
)

// FuzzLeanJSON: leaving members out changes nothing encoding/json reads. For any body, leanJSON
// refuses exactly what is not a JSON object (or is nested deeper than it follows), and the lean
// body decodes into the wire types as the whole body does: the same values, or an error for both.
func FuzzLeanJSON(f *testing.F) {
	addInteractionSeeds(f)
	for _, s := range []string{
		`{"ID":"1","Message":{"Id":"m","content":"x"},"mEmBeR":{"USER":{"id":"u"},"roles":[]}}`,
		`{"\u0069d":"1","message":{"\u0069d":"m"},"id":"2"}`,
		`{"id":"1","id":"2","message":{"id":"a"},"message":{"content":"b"},"message":null}`,
		`{"\u212ad":"1","tok\u0065n":"t","ſ":1}`,
		`{"type":"3","id":1}`,
		`{"message":"m","member":[],"user":7,"data":{"a":[1,2,{"b":-0.5e+3}]}}`,
		`{"id":"1","x":01}`, `{"id":"1","x":1.}`, `{"id":"1","x":"\x01"}`, `{"id":"1","x":"\q"}`,
		`{"id":"1",}`, `{"id":"1"} x`, ` {"id" : "1" , "guild_id":"g"} `, `[]`, `null`, `"id"`,
		`{"a":` + strings.Repeat("[", 70) + strings.Repeat("]", 70) + `}`,
		`{"app_permissions":"8","member":{"permissions":"x"}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		lean, ok := leanJSON(body, interactionShape)
		object := json.Valid(body) && bytes.HasPrefix(bytes.TrimLeft(body, " \t\r\n"), []byte("{"))
		if ok && !object {
			t.Fatalf("leanJSON accepted %q, which is not a JSON object", body)
		}
		if !ok {
			if object && depth(body) < leanDepth-1 {
				t.Fatalf("leanJSON refused the JSON object %q", body)
			}
			return
		}
		if !json.Valid(lean) || len(lean) > len(body) {
			t.Fatalf("leanJSON made %q of %q", lean, body)
		}
		var whole, leant interaction
		errWhole, errLean := json.Unmarshal(body, &whole), json.Unmarshal(lean, &leant)
		if (errWhole == nil) != (errLean == nil) {
			t.Fatalf("%q: whole %v, lean (%q) %v", body, errWhole, lean, errLean)
		}
		if errWhole == nil && !reflect.DeepEqual(whole, leant) {
			t.Fatalf("%q decodes to\n%+v\nits lean %q to\n%+v", body, whole, lean, leant)
		}
	})
}

// depth is how deeply a valid JSON text nests.
func depth(b []byte) int {
	d, most, in := 0, 0, false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case in && c == '\\':
			i++
		case c == '"':
			in = !in
		case !in && (c == '{' || c == '['):
			d++
			most = max(most, d)
		case !in && (c == '}' || c == ']'):
			d--
		}
	}
	return most
}

// A click as Discord sends it is decoded from a body a fraction of its size, to the same
// interaction.
func TestLeanJSONLeavesOutWhatNoFieldReads(t *testing.T) {
	for _, body := range realisticInteractions(t) {
		lean, ok := leanJSON(body, interactionShape)
		// Of the channel only its type is kept (in a thread the bot posts by another permission).
		if !ok || len(lean)*20 > len(body)*11 {
			t.Fatalf("lean body %d bytes of %d (%v): %s", len(lean), len(body), ok, lean)
		}
		for _, gone := range []string{`"content"`, `"components"`, `"roles"`, `"guild":`, `"author"`} {
			if bytes.Contains(lean, []byte(gone)) {
				t.Errorf("%s is still in %s", gone, lean)
			}
		}
		if bytes.Contains(body, []byte(`"channel":`)) && !regexp.MustCompile(`"channel":\{"type":\d+\}`).Match(lean) {
			t.Errorf("the channel keeps more than its type: %s", lean)
		}
		got, err := Decode(body)
		var w interaction
		if err != nil || json.Unmarshal(body, &w) != nil || got.ID != w.ID || got.User != w.Member.User.ID || got.Token != w.Token {
			t.Fatalf("decoded %+v (%v), want %+v", got, err, w)
		}
	}
}

// realisticInteractions are a click on a board and a /ouri move as Discord sends them, from the
// endpoint's recording.
func realisticInteractions(t testing.TB) [][]byte {
	var out [][]byte
	for _, s := range recordedRequests(t) {
		if s.name == "bob sows with a button" || s.name == "alice moves with /ouri move" {
			out = append(out, s.body)
		}
	}
	if len(out) != 2 {
		t.Fatalf("the recording lacks its click or its /ouri move")
	}
	return out
}

// A struct that decodes itself is kept whole; an embedded one is refused.
func TestShapeOf(t *testing.T) {
	type self struct{ time.Time }
	type inner struct {
		A string `json:"a"`
	}
	type outer struct {
		ID    string    `json:"id"`
		In    *inner    `json:"in"`
		When  time.Time `json:"when"`
		Raw   json.RawMessage
		Skip  string   `json:"-"`
		Plain struct{} `json:"plain,omitempty"`
	}
	got := shapeOf(reflect.TypeFor[outer]())
	want := shape{"ID": nil, "IN": shape{"A": nil}, "WHEN": nil, "RAW": nil, "PLAIN": shape{}}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("shape %v, want %v", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Fatal("an embedded field was not refused")
		}
	}()
	shapeOf(reflect.TypeFor[self]())
}
