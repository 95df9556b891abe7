package wire

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"reflect"
	"testing"

	"tabuleiro/bot"
	"tabuleiro/say"
)

var files = []bot.File{{Name: "ouri-7-3.png", Content: []byte("\x89PNG\r\n\x1a\n…"), Description: `South to move: "a" to "f".`},
	{Name: `odd "name".txt`, Content: []byte("1. South a\n")}}

// attachmentsOf reads the attachments a JSON body lists, and whether it lists them at all.
func attachmentsOf(t *testing.T, body []byte) ([]map[string]any, bool) {
	t.Helper()
	var v struct {
		Data        *json.RawMessage `json:"data"`
		Attachments *[]map[string]any
	}
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	if v.Data != nil {
		return attachmentsOf(t, *v.Data)
	}
	if v.Attachments == nil {
		return nil, false
	}
	return *v.Attachments, true
}

func TestFilesAreListedAsAttachments(t *testing.T) {
	m := bot.Message{Content: say.Plain("board"), Files: files}
	// A file with a description (a picture's alt text) lists it; one without lists none.
	want := []map[string]any{{"id": 0.0, "filename": "ouri-7-3.png", "description": `South to move: "a" to "f".`},
		{"id": 1.0, "filename": `odd "name".txt`}}
	for _, c := range []struct {
		name string
		body []byte
		want []map[string]any // nil: not listed
	}{
		{"a reply with files lists them", AppendResponse(nil, bot.Reply{Type: bot.Post, Message: m}), want},
		{"a reply without files lists none", AppendResponse(nil, bot.Reply{Type: bot.Post, Message: bot.Message{Content: say.Plain("x")}}), nil},
		{"an update lists its files, replacing the old ones", AppendResponse(nil, bot.Reply{Type: bot.Update, Message: m}), want},
		{"an update without files removes the old ones", AppendResponse(nil, bot.Reply{Type: bot.Update, Message: bot.Message{Content: say.Plain("x")}}), []map[string]any{}},
		{"a post lists its files", AppendMessage(nil, m, false), want},
		{"a post without files lists none", AppendMessage(nil, bot.Message{Content: say.Plain("x")}, false), nil},
		{"an edit lists its files, replacing the old ones", AppendMessage(nil, m, true), want},
		{"an edit without files removes the old ones", AppendMessage(nil, bot.Message{Content: say.Plain("x")}, true), []map[string]any{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, listed := attachmentsOf(t, c.body)
			if listed != (c.want != nil) || c.want != nil && !reflect.DeepEqual(got, c.want) {
				t.Fatalf("%s: attachments %v, want %v", c.body, got, c.want)
			}
		})
	}
}

func TestFormCarriesThePayloadAndEachFile(t *testing.T) {
	payload := AppendMessage(nil, bot.Message{Content: say.Plain("board"), Files: files}, true)
	body, contentType := Form(payload, files)
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil || media != "multipart/form-data" {
		t.Fatalf("Content-Type %q: %v", contentType, err)
	}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	var names, types []string
	var parts [][]byte
	for {
		p, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(p)
		names = append(names, p.FormName()+"|"+p.FileName())
		types = append(types, p.Header.Get("Content-Type"))
		parts = append(parts, b)
	}
	wantNames := []string{"payload_json|", "files[0]|ouri-7-3.png", `files[1]|odd "name".txt`}
	wantTypes := []string{"application/json", "image/png", "text/plain; charset=utf-8"}
	if !reflect.DeepEqual(names, wantNames) || !reflect.DeepEqual(types, wantTypes) {
		t.Fatalf("parts %q of types %q", names, types)
	}
	if !bytes.Equal(parts[0], payload) || !bytes.Equal(parts[1], files[0].Content) || !bytes.Equal(parts[2], files[1].Content) {
		t.Fatal("a part's content changed on the way")
	}
}

func TestContentTypeIsTheFilesKind(t *testing.T) {
	for name, want := range map[string]string{"a.png": "image/png", "B.GIF": "image/gif", "ordo-3.txt": "text/plain; charset=utf-8", "noext": "text/plain; charset=utf-8"} {
		if got := ContentType(name); got != want {
			t.Errorf("%s: %s, want %s", name, got, want)
		}
	}
}
