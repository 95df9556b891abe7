package metrics

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"strings"
	"testing"
	"time"

	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// scrape reads the families as Prometheus would: over HTTP, in the text format.
func scrape(t *testing.T) (map[string]*dto.MetricFamily, []byte) {
	t.Helper()
	srv := httptest.NewServer(Handler())
	defer srv.Close()
	resp, err := http.Get(srv.URL)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	fams, err := p.TextToMetricFamilies(bytes.NewReader(body))
	if err != nil {
		t.Fatalf("the exposition does not parse: %v\n%s", err, body)
	}
	return fams, body
}

// value is the value of the series of family name whose labels are exactly labels (name=value
// pairs); a histogram's is its count. It is -1 when there is no such series.
func value(fams map[string]*dto.MetricFamily, name string, labels ...string) float64 {
	f := fams[name]
	if f == nil {
		return -1
	}
	for _, m := range f.Metric {
		if len(m.Label) != len(labels)/2 {
			continue
		}
		match := true
		for i, l := range m.Label {
			if l.GetName() != labels[2*i] || l.GetValue() != labels[2*i+1] {
				match = false
			}
		}
		if !match {
			continue
		}
		switch {
		case m.Counter != nil:
			return m.Counter.GetValue()
		case m.Gauge != nil:
			return m.Gauge.GetValue()
		case m.Histogram != nil:
			return float64(m.Histogram.GetSampleCount())
		}
	}
	return -1
}

func TestEveryFamilyIsThereWithTheCountsRecorded(t *testing.T) {
	before, _ := scrape(t)
	Interaction(Component, OK, 3*time.Millisecond)
	Interaction(Component, OK, 5*time.Millisecond)
	Interaction(Command, Refused, time.Millisecond)
	Decision("ordo", ByPerson)
	Decision("ordo", ByBot)
	Search("ordo", 80*time.Millisecond)
	Queue(3)
	Commit(Bbolt, 2*time.Millisecond, 9)
	Request("POST /channels/123456789012345678/messages", 200, false)
	Request("POST /channels/123456789012345678/messages", 429, true)
	Request("PATCH /webhooks/987654321098765432/aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OTpzZWNyZXQ/messages/@original", 429, false)
	Gateway(true)
	Resumed()
	RoundPaired()
	PuzzleServed("ouri")
	Count(func() (map[string]int, map[string]int, error) {
		return map[string]int{"ordo": 4}, map[string]int{"ouri": 2}, nil
	})
	after, _ := scrape(t)

	delta := []struct {
		name   string
		labels []string
		want   float64
	}{
		{"tabuleiro_interactions_total", []string{"kind", "component", "outcome", "ok"}, 2},
		{"tabuleiro_interactions_total", []string{"kind", "command", "outcome", "refused"}, 1},
		{"tabuleiro_interaction_duration_seconds", []string{"kind", "component"}, 2},
		{"tabuleiro_decisions_total", []string{"by", "person", "game", "ordo"}, 1},
		{"tabuleiro_decisions_total", []string{"by", "bot", "game", "ordo"}, 1},
		{"tabuleiro_ai_search_seconds", []string{"game", "ordo"}, 1},
		{"tabuleiro_store_commit_seconds", []string{"backend", "bbolt"}, 1},
		{"tabuleiro_store_commit_group_size", []string{"backend", "bbolt"}, 1},
		{"tabuleiro_discord_requests_total", []string{"route", "POST /channels/{id}/messages", "status", "200"}, 1},
		{"tabuleiro_discord_requests_total", []string{"route", "POST /channels/{id}/messages", "status", "429"}, 1},
		{"tabuleiro_discord_requests_total", []string{"route", "PATCH /webhooks/{id}/{id}/messages/@original", "status", "429"}, 1},
		{"tabuleiro_discord_rate_limited_total", []string{"scope", "global"}, 1},
		{"tabuleiro_discord_rate_limited_total", []string{"scope", "route"}, 1},
		{"tabuleiro_gateway_resumes_total", nil, 1},
		{"tabuleiro_tournament_rounds_total", nil, 1},
		{"tabuleiro_puzzles_served_total", []string{"game", "ouri"}, 1},
	}
	for _, d := range delta {
		was := max(value(before, d.name, d.labels...), 0)
		if got := value(after, d.name, d.labels...) - was; got != d.want {
			t.Errorf("%s%v went up by %v, want %v", d.name, d.labels, got, d.want)
		}
	}
	levels := []struct {
		name   string
		labels []string
		want   float64
	}{
		{"tabuleiro_ai_queue_length", nil, 3},
		{"tabuleiro_gateway_up", nil, 1},
		{"tabuleiro_games_active", []string{"game", "ordo"}, 4},
		{"tabuleiro_games_active", []string{"game", "ouri"}, 0},
		{"tabuleiro_challenges_open", []string{"game", "ouri"}, 2},
	}
	for _, l := range levels {
		if got := value(after, l.name, l.labels...); got != l.want {
			t.Errorf("%s%v = %v, want %v", l.name, l.labels, got, l.want)
		}
	}
	for _, runtime := range []string{"go_goroutines", "go_memstats_heap_alloc_bytes", "process_cpu_seconds_total"} {
		if after[runtime] == nil {
			t.Errorf("the runtime's and the process's family %s is missing", runtime)
		}
	}
}

func TestFamiliesAreThereBeforeTheirFirstEvent(t *testing.T) {
	fams, _ := scrape(t)
	for _, name := range []string{"tabuleiro_interactions_total", "tabuleiro_interaction_duration_seconds",
		"tabuleiro_decisions_total", "tabuleiro_ai_search_seconds", "tabuleiro_ai_queue_length",
		"tabuleiro_store_commit_seconds", "tabuleiro_store_commit_group_size",
		"tabuleiro_discord_rate_limited_total", "tabuleiro_gateway_up", "tabuleiro_gateway_resumes_total",
		"tabuleiro_tournament_rounds_total", "tabuleiro_puzzles_served_total"} {
		if fams[name] == nil {
			t.Errorf("%s is missing", name)
		}
	}
	if v := value(fams, "tabuleiro_decisions_total", "by", "team", "game", "oolong"); v < 0 {
		t.Errorf("a team decision in Oolong has no series yet")
	}
}

func TestLabelsNeverTakeWhatTheTrafficSends(t *testing.T) {
	Interaction("<@123>", "exploded", time.Millisecond)
	Decision("chess", "someone")
	fams, body := scrape(t)
	if value(fams, "tabuleiro_interactions_total", "kind", "other", "outcome", "other") < 1 {
		t.Errorf("an unknown kind and outcome should count as other")
	}
	if value(fams, "tabuleiro_decisions_total", "by", "other", "game", "other") < 1 {
		t.Errorf("an unknown game and decider should count as other")
	}
	for _, leak := range []string{"<@123>", "chess", "someone", "exploded"} {
		if strings.Contains(string(body), leak) {
			t.Errorf("the exposition holds %q", leak)
		}
	}
}

func TestRoutesNameNoChannelNorToken(t *testing.T) {
	for route, want := range map[string]string{
		"POST /channels/1234567890123/messages":                                     "POST /channels/{id}/messages",
		"PATCH /channels/1234567890123/messages/9876543210987654":                   "PATCH /channels/{id}/messages/{id}",
		"POST /interactions/1234567890123/" + strings.Repeat("x", 70) + "/callback": "POST /interactions/{id}/{id}/callback",
		"GET /gateway/bot": "GET /gateway/bot",
		"PATCH /webhooks/424242/t2/messages/@original": "PATCH /webhooks/{id}/{id}/messages/@original",
		"POST /interactions/1234567/short/callback":    "POST /interactions/{id}/{id}/callback",
		"DELETE /channels/{id}/messages/1234567890123": "DELETE /channels/{id}/messages/{id}",
	} {
		if got := Route(route); got != want {
			t.Errorf("Route(%q) = %q, want %q", route, got, want)
		}
	}
}

func TestTheStoreIsReadAtMostOnceInAWhile(t *testing.T) {
	reads := 0
	Count(func() (map[string]int, map[string]int, error) {
		reads++
		return map[string]int{"oolong": reads}, nil, nil
	})
	scrape(t)
	fams, _ := scrape(t)
	if reads != 1 {
		t.Errorf("two scrapes in a row read the store %d times, want 1", reads)
	}
	if v := value(fams, "tabuleiro_games_active", "game", "oolong"); v != 1 {
		t.Errorf("games_active{oolong} = %v, want 1", v)
	}
}

// TestPromtoolFindsNoProblem runs Prometheus's own linter over the exposition, where it is
// installed (Debian's prometheus package; .ci/run installs it).
func TestPromtoolFindsNoProblem(t *testing.T) {
	promtool, err := exec.LookPath("promtool")
	if err != nil {
		t.Skip("promtool is not installed (apt-get install prometheus): the exposition was not linted")
	}
	Interaction(Command, OK, time.Millisecond)
	_, body := scrape(t)
	cmd := exec.Command(promtool, "check", "metrics")
	cmd.Stdin = bytes.NewReader(body)
	out, err := cmd.CombinedOutput()
	if err != nil || len(bytes.TrimSpace(out)) > 0 {
		t.Fatalf("promtool check metrics: %v\n%s", err, out)
	}
}

func BenchmarkAMoveRecorded(b *testing.B) {
	for b.Loop() {
		Interaction(Component, OK, 2*time.Millisecond)
		Decision("ouri", ByPerson)
		Commit(Bbolt, time.Millisecond, 4)
		Request("PATCH /webhooks/{id}/{id}/messages/@original", 200, false)
	}
}

func FuzzRoute(f *testing.F) {
	for _, seed := range []string{"POST /channels/1234567890123/messages", "GET /gateway/bot", "", "/", "a//b",
		"PATCH /webhooks/1/" + strings.Repeat("A", 68) + "/messages/@original"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, route string) {
		got := Route(route)
		if Route(got) != got {
			t.Fatalf("Route is not stable: %q → %q → %q", route, got, Route(got))
		}
		for seg := range strings.FieldsFuncSeq(got, func(r rune) bool { return r == '/' || r == ' ' }) {
			if isID(seg) {
				t.Fatalf("Route(%q) = %q keeps the id %q", route, got, seg)
			}
		}
		if !strings.Contains(route, "{id}") && !isIDIn(route) && got != route {
			t.Fatalf("Route(%q) = %q changed a route with no id", route, got)
		}
		if strings.Count(got, "/") != strings.Count(route, "/") {
			t.Fatalf("Route(%q) = %q changed the path's shape", route, got)
		}
	})
}

func isIDIn(route string) bool {
	for seg := range strings.FieldsFuncSeq(route, func(r rune) bool { return r == '/' || r == ' ' }) {
		if isID(seg) {
			return true
		}
	}
	return false
}
