package main

import (
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/tournament"
)

// An 8-player, 5-round Swiss played against the real binary over its signed endpoint, the process
// killed (SIGKILL) once in the middle of a round and after the last game of every round: each
// round is paired once, each pairing's game started once, and every result is kept.

// postRecorder is a Discord REST API that keeps what the bot posted in channels.
type postRecorder struct {
	mu    sync.Mutex
	posts []string // the content of each message posted in a channel
}

func (p *postRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	switch {
	case !strings.HasPrefix(r.URL.Path, "/api/v10/"):
		w.WriteHeader(404)
		io.WriteString(w, `{"message":"not v10","code":0}`)
	case r.URL.Path == "/api/v10/applications/@me":
		io.WriteString(w, `{"id":"424242"}`)
	case r.Method == "PUT":
		w.Write(body)
	case r.Method == "POST" && strings.HasPrefix(r.URL.Path, "/api/v10/channels/") && strings.HasSuffix(r.URL.Path, "/messages"):
		var m struct {
			Content string `json:"content"`
		}
		json.Unmarshal(body, &m)
		p.mu.Lock()
		p.posts = append(p.posts, m.Content)
		n := len(p.posts)
		p.mu.Unlock()
		fmt.Fprintf(w, `{"id":"%d","channel_id":"700"}`, 10000+n)
	default:
		io.WriteString(w, `{"id":"556","channel_id":"700"}`)
	}
}

func (p *postRecorder) all() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return slices.Clone(p.posts)
}

// bot is the binary serving the endpoint on one file, restarted at will.
type killedBot struct {
	t    *testing.T
	bin  string
	env  []string
	addr string
	db   string
	priv ed25519.PrivateKey
	cmd  *exec.Cmd
	seq  int
	log  strings.Builder
}

// newKilledBot builds the binary and makes the process a test starts, kills and starts again: on a
// bbolt file of its own, answering on a free port, calling the fake Discord at api, with env's
// settings beside. It is killed when the test ends, and its log shown when the test failed.
func newKilledBot(t *testing.T, api string, env ...string) *killedBot {
	t.Helper()
	dir := t.TempDir()
	bin := filepath.Join(dir, "tabuleiro")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	pub, priv, _ := ed25519.GenerateKey(nil)
	addr := "127.0.0.1:" + freePort(t)
	db := filepath.Join(dir, "tabuleiro.db")
	b := &killedBot{t: t, bin: bin, addr: addr, priv: priv, db: db, env: append(append(os.Environ(),
		"DISCORD_TOKEN=tok", "DISCORD_GATEWAY=off", "DISCORD_PUBLIC_KEY="+hex.EncodeToString(pub), "HTTP_ADDR="+addr,
		"DISCORD_API_BASE="+api, "DB_PATH="+db, "DISCORD_APP_ID=424242"), env...)}
	t.Cleanup(func() {
		if b.cmd != nil && b.cmd.ProcessState == nil {
			b.kill()
		}
		if t.Failed() {
			t.Logf("the bot's log:\n%s", b.log.String())
		}
	})
	return b
}

func (b *killedBot) start() {
	b.t.Helper()
	b.cmd = exec.Command(b.bin, "serve")
	b.cmd.Env, b.cmd.Stdout = b.env, io.Discard
	b.cmd.Stderr = &b.log
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		resp, err := http.Get("http://" + b.addr + "/healthz")
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == 200 {
				return
			}
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("the bot never became healthy: %v\n%s", err, b.log.String())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// kill ends the process at once, as a crash or an OOM killer does.
func (b *killedBot) kill() {
	b.cmd.Process.Kill()
	b.cmd.Wait()
}

// interaction is the reply's content and whether it was private.
func (b *killedBot) interaction(user string, data map[string]any) (string, bool) {
	b.t.Helper()
	b.seq++
	in := map[string]any{"id": strconv.Itoa(800000 + b.seq), "application_id": "424242", "type": 2, "token": fmt.Sprintf("t%d", b.seq),
		"version": 1, "guild_id": "100", "channel_id": "700", "member": map[string]any{"user": map[string]any{"id": user, "username": "u" + user}},
		"data": data}
	body, _ := json.Marshal(in)
	ts := strconv.FormatInt(time.Now().Unix(), 10)
	req, _ := http.NewRequest("POST", "http://"+b.addr+"/interactions", strings.NewReader(string(body)))
	req.Header.Set("X-Signature-Timestamp", ts)
	req.Header.Set("X-Signature-Ed25519", hex.EncodeToString(ed25519.Sign(b.priv, []byte(ts+string(body)))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		b.t.Fatalf("%v\n%s", err, b.log.String())
	}
	defer resp.Body.Close()
	var r struct {
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&r); err != nil || resp.StatusCode != 200 {
		b.t.Fatalf("answer %d: %v", resp.StatusCode, err)
	}
	return r.Data.Content, r.Data.Flags&64 != 0
}

func cup(sub string, opts ...map[string]any) map[string]any {
	return map[string]any{"id": "9", "name": "tabuleiro", "type": 1, "options": []map[string]any{{"name": "tournament", "type": 2,
		"options": []map[string]any{{"name": sub, "type": 1, "options": opts}}}}}
}

func ordoCommand(sub string) map[string]any {
	return map[string]any{"id": "9", "name": "ordo", "type": 1, "options": []map[string]any{{"name": sub, "type": 1}}}
}

var (
	afterRound = regexp.MustCompile(`standings during round (\d+) of (\d+)`)
	boardOf    = regexp.MustCompile(`<@(\d+)> \(White\) vs <@(\d+)> \(Black\)`)
	pairingRE  = regexp.MustCompile("`\\d+\\.` <@(\\d+)> vs <@(\\d+)>")
)

func TestTheSwissSurvivesSIGKILLBetweenAndWithinRounds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary and restarts it a dozen times")
	}
	discord := &postRecorder{}
	api := httptest.NewServer(discord)
	t.Cleanup(api.Close)
	b := newKilledBot(t, api.URL)
	b.start()

	players := []string{"201", "202", "203", "204", "205", "206", "207", "208"}
	if text, private := b.interaction("201", cup("create", map[string]any{"name": "game", "type": 3, "value": "ordo"},
		map[string]any{"name": "rounds", "type": 4, "value": 5}, map[string]any{"name": "round-time", "type": 3, "value": "7d"})); private {
		t.Fatalf("create: %s", text)
	}
	for _, p := range players {
		if text, private := b.interaction(p, cup("join")); private {
			t.Fatalf("%s joins: %s", p, text)
		}
	}
	if text, private := b.interaction("201", cup("start")); private {
		t.Fatalf("start: %s", text)
	}
	// want is each game's result as played here, by its players "first-second".
	want := map[string]tournament.Result{}
	withdrawn := map[string]bool{}
	for round := 1; round <= 5; round++ {
		// The round is on once the standings say so (after a kill, the restarted bot pairs it).
		deadline := time.Now().Add(20 * time.Second)
		for {
			text, _ := b.interaction("201", cup("standings"))
			if m := afterRound.FindStringSubmatch(text); m != nil && m[1] == strconv.Itoa(round) {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("round %d never came: %s", round, text)
			}
			time.Sleep(100 * time.Millisecond)
		}
		// Each player's board names their pairing; a restarted bot may still be starting the
		// round's games, so ask until everyone but the bye has one.
		var pairs [][2]string
		active := len(players) - len(withdrawn)
		for deadline := time.Now().Add(20 * time.Second); 2*len(pairs) < active-active%2; time.Sleep(50 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("round %d: only %v have games", round, pairs)
			}
			for _, p := range players {
				if withdrawn[p] || slices.ContainsFunc(pairs, func(q [2]string) bool { return q[0] == p || q[1] == p }) {
					continue
				}
				text, private := b.interaction(p, ordoCommand("board"))
				// A player without a game of their own is shown another's board, or told to pick one.
				if m := boardOf.FindStringSubmatch(text); !private && m != nil && (m[1] == p || m[2] == p) {
					pairs = append(pairs, [2]string{m[1], m[2]})
				}
			}
		}
		for i, p := range pairs {
			key := p[0] + "-" + p[1]
			switch {
			case round == 3 && (p[0] == "205" || p[1] == "205"):
				if text, private := b.interaction("205", cup("leave")); private {
					t.Fatalf("205 leaves: %s", text)
				}
				withdrawn["205"] = true
				want[key] = map[bool]tournament.Result{true: tournament.SecondWins, false: tournament.FirstWins}[p[0] == "205"]
			case (round+i)%3 == 0:
				b.interaction(p[1], ordoCommand("resign"))
				want[key] = tournament.FirstWins
			case (round+i)%3 == 1:
				b.interaction(p[0], ordoCommand("resign"))
				want[key] = tournament.SecondWins
			default:
				b.interaction(p[0], ordoCommand("draw"))
				b.interaction(p[1], ordoCommand("draw"))
				want[key] = tournament.Drawn
			}
			if round == 2 && i == 0 {
				// Within a round: one result in, the rest to come.
				b.kill()
				b.start()
			}
		}
		// Between rounds: the last result in, the next round perhaps not paired yet.
		b.kill()
		b.start()
	}
	// The tournament is over once the standings here are its final standings.
	deadline := time.Now().Add(20 * time.Second)
	for {
		if text, private := b.interaction("201", cup("standings")); !private && strings.Contains(text, "Final standings") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the tournament never finished")
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.kill()

	st, err := store.Open(b.db, store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	tr, err := st.Tournament(1)
	if err != nil {
		t.Fatal(err)
	}
	if tr.State != store.TournamentFinished || len(tr.Played) != 5 {
		t.Fatalf("the tournament is %v after %d rounds, want finished after 5", tr.State, len(tr.Played))
	}
	games := map[uint64]bool{}
	kept := 0
	for n, r := range tr.Played {
		for _, p := range r.Pairings {
			if p.Bye() || p.Forfeit {
				continue
			}
			key := p.First + "-" + p.Second
			if games[p.Game] || p.Game == 0 {
				t.Errorf("round %d: %s has game %d, started twice or never", n+1, key, p.Game)
			}
			games[p.Game] = true
			if r, ok := want[key]; !ok || r != p.Result {
				t.Errorf("round %d: %s kept %v, played %v (%v)", n+1, key, p.Result, r, ok)
			}
			kept++
		}
	}
	if kept != len(want) {
		t.Errorf("%d results kept, %d played", kept, len(want))
	}
	// No game was started but those of the pairings: the ids run 1 to len(games).
	if _, _, err := st.Game(uint64(len(games) + 1)); err == nil {
		t.Errorf("a game beyond the %d of the pairings was started", len(games))
	}
	// Every announcement of a round lists the pairings stored for it. (A round whose process died
	// between pairing and announcing it is announced by the sweep a minute later: not waited for.)
	announced := map[int]int{}
	for _, post := range discord.all() {
		var n int
		if _, err := fmt.Sscanf(post, "**Round %d of", &n); err != nil {
			continue
		}
		announced[n]++
		var got, stored []string
		for _, m := range pairingRE.FindAllStringSubmatch(post, -1) {
			got = append(got, m[1]+"-"+m[2])
		}
		for _, p := range tr.Played[n-1].Pairings {
			if !p.Bye() {
				stored = append(stored, p.First+"-"+p.Second)
			}
		}
		if !slices.Equal(got, stored) {
			t.Errorf("round %d was announced as %v, stored as %v", n, got, stored)
		}
	}
	t.Logf("announcements by round: %v; results kept: %d", announced, kept)
	if len(announced) == 0 {
		t.Error("no round was announced")
	}
}
