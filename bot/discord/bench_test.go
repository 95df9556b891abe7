package discord

import (
	"bufio"
	"bytes"
	"crypto/ed25519"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/store"
)

// BenchmarkHTTPMove measures a move through the HTTP endpoint over a real connection: signed
// request, verification, the bot's store transaction, the inline answer; the After steps (REST
// follow-ups to a fake Discord) run in the background as in production. The players' client and
// the fake Discord run in processes of their own, so cpu-µs/move is the bot's (less the signature
// checks), its HTTP server included. 32 games are played at
// once, each by its own pair of players in its own channel; a finished game is followed by a new
// one. Reported: p50 and p99 of a move's latency, moves/s, and, for scale, sequential bbolt
// Update/s on the same disk in the same run (one move is at least one fsynced bbolt transaction).
//
// Two ways to move: "command" is /ouri move (a new public board, whose predecessor After clears
// through its interaction; the new board's id is learnt only when needed), "button" is a click on a house of the live board (the
// board is updated in place: one transaction, no REST follow-up) — how most moves are made.
func BenchmarkHTTPMove(b *testing.B) {
	fakeDiscordProcess(b)
	defer debug.SetGCPercent(asTheBotRuns())
	for _, games := range []int{1, 32} {
		b.Run(fmt.Sprintf("command/games=%d", games), func(b *testing.B) { benchmarkHTTPMove(b, games) })
		b.Run(fmt.Sprintf("button/games=%d", games), func(b *testing.B) { benchmarkHTTPClick(b, games) })
	}
}

// enabledSows lists the custom ids of the enabled house buttons of a board.
func (r httpReply) enabledSows() []string {
	var ids []string
	r.eachComponent(func(c map[string]any) {
		if id, ok := c["custom_id"].(string); ok && strings.Contains(id, "/sow/") && c["disabled"] != true {
			ids = append(ids, id)
		}
	})
	slices.Sort(ids)
	return ids
}

// boardReply is what the benchmarks' players read of an answer: whether it is private, and the
// houses its board offers. It is read by a scan of the endpoint's own encoding (wire_out.go: a
// button's "disabled" comes before its "custom_id"), not decoded: the players' client stands in
// for Discord, whose work is not the bot's, and decoding the whole board cost it more than the
// signature. TestBoardReplyReadsAsJSON holds the scan to a full decoding.
type boardReply struct {
	flags int
	sows  []string // the enabled house buttons' custom ids, sorted
	data  []byte   // the message as answered: content, components…
}

func (r *boardReply) private() bool { return r.flags&64 != 0 }

// enabledSows is httpReply.enabledSows.
func (r *boardReply) enabledSows() []string { return r.sows }

// read scans an answer. Inside a JSON string a quote is escaped, so the keys it looks for cannot
// come from a message's text.
func (r *boardReply) read(answer []byte) error {
	*r = boardReply{}
	if !bytes.HasPrefix(answer, []byte(`{"type":`)) {
		return fmt.Errorf("not an interaction response")
	}
	if i := bytes.Index(answer, []byte(`"data":{`)); i >= 0 {
		r.data = answer[i+len(`"data":`) : len(answer)-1]
	}
	if i := bytes.Index(answer, []byte(`"flags":`)); i >= 0 {
		rest := answer[i+len(`"flags":`):]
		n := 0
		for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
			n++
		}
		r.flags, _ = strconv.Atoi(string(rest[:n]))
	}
	const key = `"custom_id":"`
	for rest, at := answer, 0; ; {
		i := bytes.Index(rest, []byte(key))
		if i < 0 {
			break
		}
		id := rest[i+len(key):]
		end := bytes.IndexByte(id, '"')
		if end < 0 {
			return fmt.Errorf("unterminated custom_id")
		}
		button := rest[bytes.LastIndexByte(rest[:i], '{')+1 : i]
		if bytes.Contains(id[:end], []byte("/sow/")) && bytes.Contains(button, []byte(`"disabled":false`)) {
			r.sows = append(r.sows, string(id[:end]))
		}
		at = i + len(key) + end
		rest = rest[at:]
	}
	slices.Sort(r.sows)
	return nil
}

// TestBoardReplyReadsAsJSON holds the benchmarks' scan of an answer to a full decoding, over the
// boards and refusals of games played by button and by /move.
func TestBoardReplyReadsAsJSON(t *testing.T) {
	seen := map[bool]int{}
	check := func(answer []byte) {
		t.Helper()
		var want httpReply
		if err := json.Unmarshal(answer, &want); err != nil {
			t.Fatal(err)
		}
		var got boardReply
		if err := got.read(answer); err != nil {
			t.Fatal(err)
		}
		if got.private() != want.private() || !slices.Equal(got.enabledSows(), want.enabledSows()) {
			t.Fatalf("scan: private %v, houses %v; decoded: %v, %v\n%s", got.private(), got.enabledSows(),
				want.private(), want.enabledSows(), answer)
		}
		seen[got.private()]++
	}
	for _, byCommand := range []bool{false, true} {
		tb := newTable(t)
		move := mover(tb, 1, byCommand)
		for i := 0; i < 60; i++ {
			if _, _, err := move(0); err != nil {
				t.Fatal(err)
			}
			check(tb.lastRound.Load()[1])
			// A stranger's click is refused privately.
			if _, _, err := tb.post(click("7777", "1000", "/ouri/1/0/sow/a", "orig-tok1")); err != nil {
				t.Fatal(err)
			}
			check(tb.lastRound.Load()[1])
		}
	}
	if seen[true] < 100 || seen[false] < 100 {
		t.Fatalf("answers compared: %v; want private and public ones", seen)
	}
}

// newBoard challenges and accepts in channel, from any goroutine, and returns the board's message
// id and the accepting answer (the first board).
func (tb *table) newBoard(channel, a, b string) (string, httpReply, error) {
	r, token, err := tb.post(command(a, channel, "ouri", "challenge", opt{"opponent", 6, b}))
	if err != nil || r.private() {
		return "", r, fmt.Errorf("challenge: %v %s", err, r.Data.Content)
	}
	msg := "orig-" + token
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			r, _, err = tb.post(click(b, channel, id, msg))
			if err != nil || r.private() {
				return "", r, fmt.Errorf("accept: %v %s", err, r.Data.Content)
			}
			return msg, r, nil
		}
	}
	return "", r, fmt.Errorf("no Accept button in %v", r.customIDs())
}

// runGames runs one goroutine per game, n moves in all, and returns the moves' latencies and how
// long they took. move plays game i's next move: it returns the latency to record, or ok=false for
// a step that is not a move (starting the next game).
func runGames(total, games int, move func(i int) (lat time.Duration, ok bool, err error)) ([]time.Duration, time.Duration, error) {
	lat := make([][]time.Duration, games)
	var failed sync.Once
	var failure error
	start := time.Now()
	var wg sync.WaitGroup
	for i := 0; i < games; i++ {
		n := total / games
		if i < total%games {
			n++
		}
		wg.Add(1)
		go func(i, n int) {
			defer wg.Done()
			for len(lat[i]) < n {
				d, ok, err := move(i)
				if err != nil {
					failed.Do(func() { failure = fmt.Errorf("game %d: %w", i, err) })
					return
				}
				if ok {
					lat[i] = append(lat[i], d)
				}
			}
		}(i, n)
	}
	wg.Wait()
	return slices.Concat(lat...), time.Since(start), failure
}

// playGames plays b.N moves over games at once through tb (see runGames) and reports them.
func playGames(b *testing.B, tb *table, games int, move func(i int) (lat time.Duration, ok bool, err error)) {
	verifying := measureSignatures(tb)
	b.ResetTimer()
	statsBefore, cpuBefore, reqsBefore, verifyBefore := tb.st.Stats(), cpuTime(), tb.seq.Load(), verifying()
	moves, elapsed, err := runGames(b.N, games, move)
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	tb.settle()
	statsAfter, cpu, reqs := tb.st.Stats(), cpuTime()-cpuBefore, tb.seq.Load()-reqsBefore
	// The process's CPU, less the test client's share (building, signing and reading a request,
	// measured now per request) and the endpoint's verification of the signatures.
	verified := verifying() - verifyBefore
	reportCPU(b, statsAfter, statsBefore, cpu-time.Duration(reqs)*clientWork(tb)-verified, verified, len(moves))
	reportMoves(b, moves, elapsed)
}

// measureSignatures has the endpoint count the CPU its signature checks take, where they run
// (on a busy machine a check costs more than alone), and returns the total so far. Where threads'
// CPU time cannot be read, each check counts as one measured alone.
func measureSignatures(tb *table) func() time.Duration {
	var total atomic.Int64
	alone := time.Duration(0)
	if _, ok := threadCPU(); !ok {
		alone = verification(tb)
	}
	tb.e.checkSignature = func(key ed25519.PublicKey, message, sig []byte) bool {
		runtime.LockOSThread() // both readings from the thread that verifies
		defer runtime.UnlockOSThread()
		t0, _ := threadCPU()
		ok := ed25519.Verify(key, message, sig)
		t1, _ := threadCPU()
		total.Add(int64(t1 - t0 + alone))
		return ok
	}
	return func() time.Duration { return time.Duration(total.Load()) }
}

// reportCPU reports the store's work, the bot's CPU per move and, apart, its signature checks'.
func reportCPU(b *testing.B, after, before store.Stats, bot, verified time.Duration, moves int) {
	if moves == 0 {
		return
	}
	n := float64(moves)
	b.ReportMetric(float64(after.Decodes+after.Kept-before.Decodes-before.Kept)/n, "reads/move")
	b.ReportMetric(float64(after.Decodes-before.Decodes)/n, "replays/move")
	b.ReportMetric(float64(after.Commits-before.Commits)/n, "commits/move")
	b.ReportMetric(float64(bot.Microseconds())/n, "cpu-µs/move")
	b.ReportMetric(float64(verified.Microseconds())/n, "verify-µs/move")
}

// asTheBotRuns sets the collector as the binary runs the bot (GCPercent, unless GOGC says
// otherwise) and returns the setting it replaced.
func asTheBotRuns() int {
	if os.Getenv("GOGC") != "" {
		now := debug.SetGCPercent(100)
		debug.SetGCPercent(now)
		return now
	}
	return debug.SetGCPercent(GCPercent)
}

// cpuTime is the process's user and system CPU time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// clientWork is the CPU of what a request costs the in-process test client, measured now: building
// the last request as it was built (JSON), signing it and reading the answer.
func clientWork(tb *table) time.Duration {
	last, from := tb.lastRound.Load(), tb.lastSent.Load()
	if last == nil || from == nil {
		return 0
	}
	answer := last[1]
	const n = 300
	start := cpuTime()
	for i := 0; i < n; i++ {
		b, _ := json.Marshal(from.in)
		tb.s.request(string(withMembers(b, from.members)), now)
		var r boardReply
		r.read(answer)
	}
	return (cpuTime() - start) / n
}

// serveOverHTTP puts the endpoint behind a real HTTP server for the benchmarks.
func serveOverHTTP(b *testing.B) *table {
	tb := newTable(b)
	srv := httptest.NewServer(tb.e)
	b.Cleanup(srv.Close)
	tb.url = srv.URL
	return tb
}

func benchmarkHTTPClick(b *testing.B, games int) { benchmarkRemote(b, games, false) }

// benchmarkMoves plays games at once, each move a house the last board offered: a click on its
// button, or (byCommand) `/ouri move` with it.
func benchmarkMoves(b *testing.B, tb *table, games int, byCommand bool) {
	playGames(b, tb, games, mover(tb, games, byCommand))
}

// mover plays games at once through tb's client, each move a house the last board offered.
func mover(tb *table, games int, byCommand bool) func(i int) (time.Duration, bool, error) {
	type board struct {
		channel, msg string
		players      [2]string
		next         int       // whose click is expected: after a move the other player's, unless the mover plays again
		sows         []string  // the enabled houses of the last board
		shown        []byte    // the last board's message data, as the bot answered it
		sends        [2][]byte // discordSends for each player
	}
	boards := make([]board, games)
	for i := range boards {
		p := board{channel: fmt.Sprint(1000 + i), players: [2]string{fmt.Sprint(2000 + 2*i), fmt.Sprint(2001 + 2*i)}}
		for j, user := range p.players {
			p.sends[j] = discordSends(user, p.channel)
		}
		boards[i] = p
	}
	return func(i int) (time.Duration, bool, error) {
		p := &boards[i]
		sows := p.sows
		if len(sows) == 0 { // no board yet, or the game is over: the next one
			msg, first, err := tb.newBoard(p.channel, p.players[0], p.players[1])
			p.msg, p.sows, p.next = msg, first.enabledSows(), 0
			p.shown, _ = json.Marshal(first.Data)
			if strings.Contains(first.Data.Content, "<@"+p.players[1]+"> (South)") {
				p.next = 1
			}
			return 0, false, err
		}
		// The expected mover clicks; when the bot's guess is wrong (a grand slam moves again),
		// the other player's click is refused privately and the other tries.
		for try := 0; try < 2; try++ {
			mover := p.players[p.next]
			t0 := time.Now()
			in := click(mover, p.channel, sows[0], p.msg)
			members := p.sends[p.next]
			if byCommand {
				house := sows[0][strings.LastIndexByte(sows[0], '/')+1:]
				in = command(mover, p.channel, "ouri", "move", opt{"play", 3, house})
			} else {
				delete(in, "message")
				members = slices.Concat([]byte(`"message":`), shownMessage(p.msg, p.channel, p.shown), []byte(","), members)
			}
			delete(in, "member")
			var r boardReply
			token, err := tb.postWith(in, members, &r)
			if err != nil {
				return 0, false, err
			}
			if byCommand && !r.private() {
				p.msg = "orig-" + token // the new board
			}
			if r.private() {
				p.next = 1 - p.next
				continue
			}
			p.sows, p.next, p.shown = r.enabledSows(), 1-p.next, r.data
			return time.Since(t0), true, nil
		}
		return 0, false, fmt.Errorf("neither player may click %s", sows[0])
	}
}

// discordSends is what Discord sends with every interaction of user in a server's channel and the
// bot does not read (the benchmarks' interactions are otherwise the tests' lean ones): the member's
// whole record, the guild, the channel, entitlements and the installation's owners, as JSON
// members to add to an interaction (withMembers). The endpoint reads past all of it, as it does in
// production. They are encoded once: the players' client stands in for Discord, whose work is not
// the bot's.
func discordSends(user, channel string) []byte {
	b, _ := json.Marshal(map[string]any{
		"member": map[string]any{"avatar": nil, "banner": nil, "communication_disabled_until": nil, "deaf": false,
			"flags": 0, "joined_at": "2025-03-14T09:26:53.589000+00:00", "mute": false, "nick": nil, "pending": false,
			"permissions": "2248473465835073", "premium_since": nil, "roles": []string{"1300000000000000001"},
			"unusual_dm_activity_until": nil, "user": map[string]any{"avatar": "a1b2c3d4e5f60718293a4b5c6d7e8f90",
				"avatar_decoration_data": nil, "clan": nil, "collectibles": nil, "discriminator": "0",
				"global_name": "Player " + user, "id": user, "primary_guild": nil, "public_flags": 0, "username": "user" + user}},
		"guild": map[string]any{"features": []string{"COMMUNITY", "NEWS"}, "id": guild, "locale": "en-US"},
		"channel": map[string]any{"flags": 0, "guild_id": guild, "icon_emoji": nil, "id": channel,
			"last_message_id": "1310000000000000000", "name": "board-games", "nsfw": false, "parent_id": "1200000000000000000",
			"permissions": "2248473465835073", "position": 3, "rate_limit_per_user": 0, "theme_color": nil, "topic": nil, "type": 0},
		"app_permissions":                "2248473465835073",
		"entitlements":                   []any{},
		"entitlement_sku_ids":            []any{},
		"authorizing_integration_owners": map[string]any{"0": guild},
		"context":                        0,
		"attachment_size_limit":          10485760,
		"locale":                         "en-US",
		"guild_locale":                   "en-US",
	})
	return b[1 : len(b)-1]
}

// withMembers adds JSON members ("k":v,…) to the JSON object body.
func withMembers(body, members []byte) []byte {
	if len(members) == 0 {
		return body
	}
	out := make([]byte, 0, len(body)+len(members)+1)
	out = append(append(out, body[:len(body)-1]...), ',')
	return append(append(out, members...), '}')
}

// shownMessage is the message a click comes from, as Discord sends it with the click: the board
// the bot answered (data), with what Discord adds to a message.
func shownMessage(id, channel string, data []byte) json.RawMessage {
	m := []byte(`{"id":"` + id + `","channel_id":"` + channel + `","type":0,"author":{"id":"424242","username":"tabuleiro",` +
		`"global_name":null,"discriminator":"0","avatar":null,"bot":true,"public_flags":524288},` +
		`"timestamp":"2026-11-24T22:00:00.000000+00:00","edited_timestamp":"2026-11-24T22:00:01.000000+00:00",` +
		`"mention_everyone":false,"mentions":[],"mention_roles":[],"attachments":[],"pinned":false,` +
		`"application_id":"424242","interaction_metadata":{"id":"900001","type":2,"user":{"id":"2000","username":"user2000"}},`)
	if len(data) > 1 && data[0] == '{' {
		return append(m, data[1:]...)
	}
	return append(m[:len(m)-1], '}')
}

// discordElsewhere, when set, is the origin of a fake Discord in another process (see
// TestFakeDiscordProcess): the benchmarks' tables send their REST calls there.
var discordElsewhere string

// TestFakeDiscordProcess is not a test: run with TABULEIRO_FAKE_DISCORD=1 it serves the fake
// Discord REST API on a port of its own, prints its origin and serves until its input closes.
func TestFakeDiscordProcess(t *testing.T) {
	if os.Getenv("TABULEIRO_FAKE_DISCORD") != "1" {
		t.Skip("the fake Discord of the benchmarks, run as a process of its own")
	}
	f := newFakeDiscord(t)
	fmt.Println(f.srv.URL)
	io.Copy(io.Discard, os.Stdin)
}

// fakeDiscordProcess starts the fake Discord in a child process for the length of a benchmark.
func fakeDiscordProcess(b *testing.B) {
	cmd := exec.Command(os.Args[0], "-test.run=^TestFakeDiscordProcess$")
	cmd.Env = append(os.Environ(), "TABULEIRO_FAKE_DISCORD=1")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	if err != nil {
		b.Fatal(err)
	}
	discordElsewhere = strings.TrimSpace(line)
	b.Cleanup(func() {
		discordElsewhere = ""
		in.Close()
		cmd.Wait()
	})
}

// BenchmarkMoveCPU is the bot's CPU per move, by button and by /move: the endpoint's handler
// in-process (no network stack for the requests; the follow-ups go over REST to a fake Discord in
// another process), 32 games at once, the signature's share taken out. See cpu-µs/move.
func BenchmarkMoveCPU(b *testing.B) {
	fakeDiscordProcess(b)
	defer debug.SetGCPercent(asTheBotRuns())
	b.Run("button", func(b *testing.B) { benchmarkMoves(b, newTable(b), 32, false) })
	b.Run("command", func(b *testing.B) { benchmarkMoves(b, newTable(b), 32, true) })
}

// benchmarkHTTPMove moves by `/ouri move play:<house>`, a house the last board offered: each move
// posts a new board, whose predecessor After clears over REST.
func benchmarkHTTPMove(b *testing.B, games int) { benchmarkRemote(b, games, true) }

// benchmarkRemote plays b.N moves over games at once against the endpoint over HTTP, from a client
// in another process (TestLoadProcess), so that this process's CPU is the bot's: the server's
// network stack, the endpoint, the bot and its store and follow-ups, less the verification of the
// signatures.
func benchmarkRemote(b *testing.B, games int, byCommand bool) {
	tb := serveOverHTTP(b)
	verifying := measureSignatures(tb)
	cmd := exec.Command(os.Args[0], "-test.run=^TestLoadProcess$")
	cmd.Env = append(os.Environ(), "TABULEIRO_LOAD=1", "TABULEIRO_LOAD_URL="+tb.url,
		"TABULEIRO_LOAD_KEY="+hex.EncodeToString(tb.s.priv.Seed()), fmt.Sprintf("TABULEIRO_LOAD_MOVES=%d", b.N),
		fmt.Sprintf("TABULEIRO_LOAD_GAMES=%d", games), fmt.Sprintf("TABULEIRO_LOAD_COMMAND=%v", byCommand))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	b.ResetTimer()
	statsBefore, cpuBefore, verifyBefore := tb.st.Stats(), cpuTime(), verifying()
	out, err := cmd.Output()
	b.StopTimer()
	var load loadResult
	if err == nil {
		line, _, _ := strings.Cut(string(out), "\n")
		err = json.Unmarshal([]byte(line), &load)
	}
	if err != nil || load.Failure != "" {
		b.Fatalf("the load process: %v %s\n%s%s", err, load.Failure, out, stderr.String())
	}
	tb.settle()
	statsAfter, cpu := tb.st.Stats(), cpuTime()-cpuBefore
	verified := verifying() - verifyBefore
	reportCPU(b, statsAfter, statsBefore, cpu-verified, verified, len(load.Latencies))
	client := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime()
	b.ReportMetric(float64(client.Microseconds())/float64(max(1, len(load.Latencies))), "client-cpu-µs/move")
	reportMoves(b, load.Latencies, load.Elapsed)
}

// loadResult is what TestLoadProcess prints: the moves' latencies, how long they took, the
// requests it sent, or why it failed.
type loadResult struct {
	Latencies []time.Duration
	Elapsed   time.Duration
	Requests  int64
	Failure   string
}

// TestLoadProcess is not a test: run with TABULEIRO_LOAD=1 by benchmarkRemote, it plays the
// benchmark's games against the endpoint at TABULEIRO_LOAD_URL, signing with TABULEIRO_LOAD_KEY,
// and prints a loadResult.
func TestLoadProcess(t *testing.T) {
	if os.Getenv("TABULEIRO_LOAD") != "1" {
		t.Skip("the benchmarks' client, run as a process of its own")
	}
	asTheBotRuns() // the collector at the bot's pace here too: the players' process stands in for Discord
	seed, _ := hex.DecodeString(os.Getenv("TABULEIRO_LOAD_KEY"))
	priv := ed25519.NewKeyFromSeed(seed)
	tb := &table{t: t, s: signer{pub: priv.Public().(ed25519.PublicKey), priv: priv}, url: os.Getenv("TABULEIRO_LOAD_URL")}
	moves, _ := strconv.Atoi(os.Getenv("TABULEIRO_LOAD_MOVES"))
	games, _ := strconv.Atoi(os.Getenv("TABULEIRO_LOAD_GAMES"))
	var r loadResult
	var err error
	r.Latencies, r.Elapsed, err = runGames(moves, games, mover(tb, games, os.Getenv("TABULEIRO_LOAD_COMMAND") == "true"))
	if err != nil {
		r.Failure = err.Error()
	}
	r.Requests = tb.seq.Load()
	line, _ := json.Marshal(r)
	fmt.Printf("%s\n", line)
}

// verification is the CPU of the endpoint's check of one request's signature, alone, which the
// CPU budget leaves out.
func verification(tb *table) time.Duration {
	body, _ := json.Marshal(click("2000", "1000", "/ouri/1/0/sow/a", "orig-tok1"))
	req := tb.s.request(string(body), now)
	const n = 300
	start := cpuTime()
	for i := 0; i < n; i++ {
		if why := tb.e.verify(req.Header, body); why != "" {
			tb.t.Fatalf("verification: %s", why)
		}
	}
	return (cpuTime() - start) / n
}

// reportMoves reports the moves' p50 and p99, moves/s, and sequential bbolt Update/s measured now
// on the same disk, for scale.
func reportMoves(b *testing.B, lat []time.Duration, elapsed time.Duration) {
	movesPerSec := float64(len(lat)) / elapsed.Seconds()
	raw, rawLat := rawUpdates(b, filepath.Join(b.TempDir(), "raw.db"))
	b.ReportMetric(quantile(lat, 0.50), "p50-ms")
	b.ReportMetric(quantile(lat, 0.99), "p99-ms")
	b.ReportMetric(movesPerSec, "moves/s")
	b.ReportMetric(raw, "bbolt-updates/s")
	b.ReportMetric(quantile(rawLat, 0.99), "bbolt-p99-ms")
	b.ReportMetric(movesPerSec/raw, "ratio")
}

// quantile of latencies, in milliseconds; it sorts them.
func quantile(d []time.Duration, q float64) float64 {
	slices.Sort(d)
	return float64(d[min(len(d)-1, int(q*float64(len(d))))].Microseconds()) / 1000
}

// rawUpdates is sequential bbolt Update/s: one small put per fsynced transaction, for about half
// a second.
func rawUpdates(b *testing.B, path string) (float64, []time.Duration) {
	db, err := bolt.Open(path, 0o600, nil)
	if err != nil {
		b.Fatal(err)
	}
	defer db.Close()
	val := make([]byte, 200)
	start := time.Now()
	n := 0
	var lat []time.Duration
	for ; n < 20 || time.Since(start) < 500*time.Millisecond; n++ {
		t0 := time.Now()
		err := db.Update(func(tx *bolt.Tx) error {
			bk, err := tx.CreateBucketIfNotExists([]byte("games"))
			if err != nil {
				return err
			}
			k := binary.BigEndian.AppendUint64(nil, uint64(n%64))
			return bk.Put(k, val)
		})
		lat = append(lat, time.Since(t0))
		if err != nil {
			b.Fatal(err)
		}
	}
	return float64(n) / time.Since(start).Seconds(), lat
}
