package discord

import (
	"bytes"
	"encoding/json"
	"log/slog"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// logBuffer collects JSON log lines safely across goroutines.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

func (l *logBuffer) records(t *testing.T) []map[string]any {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(l.buf.String()), "\n") {
		if line == "" {
			continue
		}
		var m map[string]any
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, m)
	}
	return out
}

func (l *logBuffer) find(t *testing.T, msg string) map[string]any {
	t.Helper()
	for _, r := range l.records(t) {
		if r["msg"] == msg {
			return r
		}
	}
	t.Fatalf("no log %q in %v", msg, l.records(t))
	return nil
}

// The adapter's own refusals and the pipeline's recovery are logged with the interaction's ids (the
// bot's logs are tested in package bot).
func TestThePipelineLogsWithTheIDs(t *testing.T) {
	logs := &logBuffer{}
	e := newEnvLog(t, slog.New(slog.NewJSONHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	want := func(r map[string]any, keys ...string) {
		t.Helper()
		for _, k := range keys {
			if r[k] == nil || r[k] == "" {
				t.Errorf("log %q lacks %s: %v", r["msg"], k, r)
			}
		}
	}
	t.Run("an interaction without its data is refused privately and logged", func(t *testing.T) {
		in := e.interaction("alice", discordgo.InteractionApplicationCommand, nil)
		r := e.handle(in)
		if !isPrivate(r.Response) || !says(r.Response.Data.Content, "refusal.no-command") {
			t.Fatalf("an unknown command answered %+v", r.Response)
		}
		if r.After != nil {
			t.Errorf("a refusal has an After step")
		}
		want(logs.find(t, "interaction refused"), "interaction", "guild", "reason")
	})
}
