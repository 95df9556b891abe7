package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"tabuleiro/ai"
	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv"
	"tabuleiro/store/etcdkv/etcdtest"
)

// The bot as several processes over one etcd cluster (README, "6. More than one machine"): each replica is a bot
// with its own etcd client, store, endpoint and HTTP server, as a process of its own would be; the
// requests, signed with the application's one key, are dealt to them round-robin as a load
// balancer deals them. One fake Discord hears every replica's follow-ups.

// replica is one bot process.
type replica struct {
	kv   *etcdkv.KV
	st   *store.DB
	bot  *bot.Bot
	work *Work
	srv  *httptest.Server
	down atomic.Bool
}

type replicas struct {
	t     testing.TB
	s     signer
	clock *clock
	logs  *tally
	all   []*replica
	seq   atomic.Int64
	next  atomic.Int64
	moves atomic.Int64 // decisions answered publicly, by step
	f     *fakeDiscord // the Discord every replica calls
}

// tally counts log records by message, at every level: what each replica did.
type tally struct {
	mu sync.Mutex
	n  map[string]int
}

func (c *tally) Enabled(context.Context, slog.Level) bool { return true }
func (c *tally) Handle(_ context.Context, r slog.Record) error {
	c.mu.Lock()
	c.n[r.Message]++
	c.mu.Unlock()
	return nil
}
func (c *tally) WithAttrs([]slog.Attr) slog.Handler { return c }
func (c *tally) WithGroup(string) slog.Handler      { return c }
func (c *tally) count(msg string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n[msg]
}

// onEtcd opens the replicas' stores on one key prefix of the cluster, each with a client of its own.
func onEtcd(t testing.TB, cluster *etcdtest.Cluster) func(now func() time.Time) (*store.DB, *etcdkv.KV) {
	prefix := etcdtest.Prefix()
	return func(now func() time.Time) (*store.DB, *etcdkv.KV) {
		kv := etcdkv.New(cluster.Client(t), etcdkv.Config{Prefix: prefix, DutyTTL: time.Second})
		st, err := store.OpenKV(kv, store.Options{Decode: catalog.Decode, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		return st, kv
	}
}

// newReplicas starts n replicas on the stores open gives.
func newReplicas(t testing.TB, n int, open func(now func() time.Time) (*store.DB, *etcdkv.KV)) *replicas {
	rs := &replicas{t: t, s: newSigner(t), clock: newClock(), logs: &tally{n: map[string]int{}}}
	rs.f = newFakeDiscord(t)
	base, _ := url.Parse(rs.f.srv.URL)
	log := slog.New(rs.logs)
	for range n {
		st, kv := open(rs.clock.Now)
		sender := NewSender(NewSession(Config{Token: "tok", APIBase: base, Shard: Shard{0, 1}}, quickRetry, log), "424242", log)
		sender.settle = time.Millisecond
		cfg := bot.Config{Now: rs.clock.Now, Seed: 1, Log: log, AIMoveTime: 50 * time.Millisecond,
			AI: ai.New(ai.Config{EndgameSeeds: 8})}
		if _, ok := t.(*testing.B); ok {
			cfg.StartLimit = -1 // the benchmarks start games for as long as they run
		}
		b := bot.New(st, sender, cfg)
		work := NewWork(context.Background(), log)
		e := NewEndpoint(NewInteractions(b, sender), rs.s.pub, work, EndpointOptions{Now: func() time.Time { return now }, Log: log})
		r := &replica{kv: kv, st: st, bot: b, work: work, srv: httptest.NewServer(e)}
		t.Cleanup(func() {
			r.srv.Close()
			r.settle(t)
			st.Close()
		})
		rs.all = append(rs.all, r)
	}
	return rs
}

// settle waits for a replica's follow-ups and bot moves.
func (r *replica) settle(t testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	r.work.idleWait(ctx)
	r.bot.Wait()
}

// kill stops a replica as a crash would: its connections drop and its etcd client goes without
// leaving the duty's election, so the duty passes only when its lease runs out.
func (r *replica) kill() {
	r.down.Store(true)
	r.srv.CloseClientConnections()
	r.srv.Close()
	r.kv.Client().Close()
}

// post sends a signed interaction to the next live replica, round-robin; it returns the answer,
// the interaction's token and the replica that answered.
func (rs *replicas) post(in map[string]any) (httpReply, string, error) {
	for {
		i := int(rs.next.Add(1)) % len(rs.all)
		if !rs.all[i].down.Load() {
			return rs.postTo(i, in)
		}
	}
}

func (rs *replicas) postTo(i int, in map[string]any) (httpReply, string, error) {
	n := rs.seq.Add(1)
	token := fmt.Sprintf("tok%d", n)
	in["id"], in["token"], in["application_id"], in["version"] = fmt.Sprint(800000+n), token, "424242", 1
	body, _ := json.Marshal(in)
	req, _ := http.NewRequest("POST", rs.all[i].srv.URL+"/interactions", strings.NewReader(string(body)))
	req.Header = rs.s.request(string(body), now).Header
	resp, err := benchClient.Do(req)
	if err != nil {
		return httpReply{}, token, err
	}
	answer, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	var r httpReply
	if resp.StatusCode != 200 {
		return r, token, fmt.Errorf("replica %d: status %d: %s", i, resp.StatusCode, answer)
	}
	if err := json.Unmarshal(answer, &r); err != nil {
		return r, token, fmt.Errorf("replica %d: %s: %v", i, answer, err)
	}
	return r, token, nil
}

// board is a game between two people played by clicks, each on the next replica.
type board struct {
	channel string
	msg     string // the board message
	players [2]string
	next    int
	last    httpReply
	acked   int // decisions a public answer showed
}

func (rs *replicas) start(channel, a, b string) *board {
	rs.t.Helper()
	r, token, err := rs.post(command(a, channel, "ouri", "challenge", opt{"opponent", 6, b}))
	if err != nil || r.private() {
		rs.t.Fatalf("challenge: %v %s", err, r.Data.Content)
	}
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			r, _, err = rs.post(click(b, channel, id, "orig-"+token))
			if err != nil || r.private() {
				rs.t.Fatalf("accept: %v %s", err, r.Data.Content)
			}
			p := &board{channel: channel, msg: "orig-" + token, players: [2]string{a, b}, last: r}
			if strings.Contains(r.Data.Content, "<@"+b+"> (South)") {
				p.next = 1
			}
			return p
		}
	}
	rs.t.Fatalf("no Accept button in %v", r.customIDs())
	return nil
}

// move has the player to move click the first house offered; false once the game is over.
func (rs *replicas) move(p *board) bool {
	rs.t.Helper()
	sows := p.last.enabledSows()
	if len(sows) == 0 {
		return false
	}
	for range 2 {
		r, _, err := rs.post(click(p.players[p.next], p.channel, sows[0], p.msg))
		if err != nil {
			rs.t.Fatal(err)
		}
		if r.private() { // a grand slam: the same player moves again
			p.next = 1 - p.next
			continue
		}
		p.last, p.next = r, 1-p.next
		p.acked++
		return true
	}
	rs.t.Fatalf("neither player may click %s", sows[0])
	return false
}

// playing is a game moved by `/ouri move` commands from a goroutine that counts what it was told:
// acked decisions were answered publicly; failed ones got no answer (a replica died under them),
// so they may or may not have landed.
type playing struct {
	channel       string
	players       [2]string
	acked, failed int
}

// step has the player autocomplete offers houses to play the first one; false once nobody may
// move (or the replicas stopped answering).
func (rs *replicas) step(p *playing) bool {
	for range 5 {
		for _, who := range p.players {
			r, _, err := rs.post(typing(who, p.channel, "ouri", ""))
			if err != nil {
				break // no decision was sent: ask again
			}
			if len(r.Data.Choices) == 0 {
				continue
			}
			r, _, err = rs.post(command(who, p.channel, "ouri", "move", opt{"play", 3, r.Data.Choices[0].Value}))
			switch {
			case err != nil:
				p.failed++
			case !r.private():
				p.acked++
				rs.moves.Add(1)
			}
			return true
		}
		if rs.ply(p.channel, p.players[0]) < 0 {
			return false
		}
	}
	return false
}

// ply is the ply of the active game of kind ouri of player in channel, -1 when it has none.
func (rs *replicas) ply(channel, player string) int {
	for _, r := range rs.all {
		if r.down.Load() {
			continue
		}
		rec, err := r.st.ActiveGame(channel, "ouri", player)
		if err != nil {
			return -1
		}
		return rec.Ply
	}
	return -1
}

// stored is the ply of the active (or last) ouri game in a channel.
func (rs *replicas) stored(p *board) int {
	rs.t.Helper()
	return rs.storedIn(p.channel, p.players[0])
}

func (rs *replicas) storedIn(channel, player string) int {
	rs.t.Helper()
	for _, r := range rs.all {
		if r.down.Load() {
			continue
		}
		rec, err := r.st.LastGame(channel, "ouri", player)
		if err != nil {
			rs.t.Fatal(err)
		}
		return rec.Ply
	}
	rs.t.Fatal("no replica is up")
	return 0
}

// sweepAll has every live replica sweep at once, as their loops would, and waits for the bot moves
// they started.
func (rs *replicas) sweepAll() {
	var wg sync.WaitGroup
	for _, r := range rs.all {
		if r.down.Load() {
			continue
		}
		wg.Go(func() {
			r.bot.Sweep(context.Background())
			r.bot.Wait()
		})
	}
	wg.Wait()
}

// pending stores n games in which the bot moves first, as if the replica about to move had died.
func (rs *replicas) pending(n int, channel string) []uint64 {
	rs.t.Helper()
	var ids []uint64
	st := rs.all[0].st
	if rs.all[0].down.Load() {
		st = rs.all[1].st
	}
	for i := range n {
		live, _ := catalog.New("ouri", nil)
		g, err := st.CreateGame(store.Game{Guild: guild, Channel: fmt.Sprint(channel, i), Kind: "ouri",
			Seats:   [2]store.Player{{Bot: true, Level: "easy", UserID: "424242"}, {UserID: fmt.Sprint("p", channel, i)}},
			Encoded: games.Encode(live)})
		if err != nil {
			rs.t.Fatal(err)
		}
		ids = append(ids, g.ID)
	}
	return ids
}

func TestReplicasOnEtcdServeOneGameRoundRobin(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 3)
	rs := newReplicas(t, 2, onEtcd(t, cluster))
	p := rs.start("300", "11", "12")
	for rs.move(p) {
	}
	if got := rs.stored(p); got != p.acked {
		t.Fatalf("%d decisions answered publicly, %d stored", p.acked, got)
	}
	if p.acked < 10 {
		t.Fatalf("only %d decisions: the game did not go far", p.acked)
	}

	// The same click reaches both replicas at once: exactly one lands, the other is refused privately.
	q := rs.start("301", "13", "14")
	for round := range 6 {
		sows := q.last.enabledSows()
		var wg sync.WaitGroup
		answers := make([]httpReply, len(rs.all))
		for i := range rs.all {
			wg.Go(func() {
				r, _, err := rs.postTo(i, click(q.players[q.next], q.channel, sows[0], q.msg))
				if err != nil {
					t.Error(err)
				}
				answers[i] = r
			})
		}
		wg.Wait()
		public := 0
		for _, a := range answers {
			if !a.private() {
				public++
				q.last = a
			}
		}
		if public != 1 {
			t.Fatalf("round %d: %d public answers to one decision sent twice, want 1", round, public)
		}
		q.acked++
		if got := rs.stored(q); got != q.acked {
			t.Fatalf("round %d: ply %d stored after %d decisions", round, got, q.acked)
		}
		// Whose turn it is now: the one autocomplete offers houses to.
		for _, who := range []int{0, 1} {
			if r, _, _ := rs.post(typing(q.players[who], q.channel, "ouri", "")); len(r.Data.Choices) > 0 {
				q.next = who
			}
		}
	}
}

func TestReplicasOnEtcdSurviveAKilledReplicaAndAStoppedMember(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 3)
	rs := newReplicas(t, 2, onEtcd(t, cluster))
	p := rs.start("400", "21", "22")
	for range 4 {
		rs.move(p)
	}

	// Both replicas sweep at once: every expiry and every pending bot move happens once.
	for i := range 3 {
		if r, _, err := rs.post(command(fmt.Sprint(30+i), "401", "ordo", "challenge", opt{"opponent", 6, "39"})); err != nil || r.private() {
			t.Fatalf("challenge: %v %s", err, r.Data.Content)
		}
	}
	waiting := rs.pending(3, "402")
	rs.clock.Advance(11 * time.Minute) // past CHALLENGE_TTL, and past how long a bot move may wait
	for range 3 {
		rs.sweepAll()
	}
	if got := rs.logs.count("challenge expired"); got != 3 {
		t.Fatalf("%d challenge expiries carried out, want 3", got)
	}
	if got := rs.logs.count("bot move"); got != 3 {
		t.Fatalf("%d bot moves made, want 3", got)
	}

	// The replica with the duty dies, and an etcd member stops, in the middle of play.
	holder := -1
	for i, r := range rs.all {
		if r.st.Duty() != nil {
			holder = i
		}
	}
	if holder < 0 {
		t.Fatal("no replica has the duty")
	}
	// Four games are played at once, round-robin, while that replica is killed and a member stops.
	var ps []*playing
	for i := range 4 {
		b := rs.start(fmt.Sprint(410+i), fmt.Sprint(70+2*i), fmt.Sprint(71+2*i))
		ps = append(ps, &playing{channel: b.channel, players: b.players})
	}
	var wg sync.WaitGroup
	for _, q := range ps {
		wg.Go(func() {
			for n := 0; n < 24 && rs.step(q); n++ {
			}
		})
	}
	for rs.moves.Load() < 8 {
		time.Sleep(time.Millisecond)
	}
	rs.all[holder].kill()
	for rs.moves.Load() < 16 {
		time.Sleep(time.Millisecond)
	}
	cluster.StopMember(1)
	wg.Wait()
	for _, q := range ps {
		got := rs.storedIn(q.channel, q.players[0])
		if got < q.acked || got > q.acked+q.failed {
			t.Fatalf("game in %s: %d decisions answered publicly and %d unanswered, %d stored", q.channel, q.acked, q.failed, got)
		}
		t.Logf("game in %s: %d decisions answered, %d unanswered, %d stored", q.channel, q.acked, q.failed, got)
	}
	for range 4 {
		rs.move(p)
	}
	if got := rs.stored(p); got != p.acked {
		t.Fatalf("%d decisions answered publicly, %d stored", p.acked, got)
	}
	for i := range 2 {
		if r, _, err := rs.post(command(fmt.Sprint(50+i), "403", "ordo", "challenge", opt{"opponent", 6, "59"})); err != nil || r.private() {
			t.Fatalf("challenge: %v %s", err, r.Data.Content)
		}
	}
	waiting = append(waiting, rs.pending(2, "404")...)
	rs.clock.Advance(11 * time.Minute)
	// The survivor takes the duty over once the dead replica's lease runs out.
	deadline := time.Now().Add(30 * time.Second)
	for rs.logs.count("challenge expired") < 5 || rs.logs.count("bot move") < 5 {
		if time.Now().After(deadline) {
			t.Fatalf("after 30s: %d expiries, %d bot moves; want 5 and 5", rs.logs.count("challenge expired"), rs.logs.count("bot move"))
		}
		rs.sweepAll()
	}
	rs.sweepAll()
	if e, m := rs.logs.count("challenge expired"), rs.logs.count("bot move"); e != 5 || m != 5 {
		t.Fatalf("%d expiries and %d bot moves, want 5 and 5", e, m)
	}
	survivor := rs.all[1-holder]
	for _, id := range waiting {
		rec, _, err := survivor.st.Game(id)
		if err != nil || rec.Ply != 1 {
			t.Fatalf("game %d waiting for the bot: ply %d (%v), want its one move", id, rec.Ply, err)
		}
	}
	for rs.move(p) {
	}
	if got := rs.stored(p); got != p.acked {
		t.Fatalf("%d decisions answered publicly, %d stored", p.acked, got)
	}

	// The games still going (the four, and those the bot moved in) are left idle past
	// IDLE_TIMEOUT: each is lost on time once.
	rs.clock.Advance(73 * time.Hour)
	due, err := survivor.st.GamesDue(rs.clock.Now())
	if err != nil {
		t.Fatal(err)
	}
	idle := len(due)
	if idle < len(waiting) {
		t.Fatalf("%d games due, want at least the %d the bot moved in", idle, len(waiting))
	}
	for range 3 {
		rs.sweepAll()
	}
	if got := rs.logs.count("game lost on time"); got != idle {
		t.Fatalf("%d games lost on time, want %d", got, idle)
	}
	if err := survivor.st.Check(); err != nil {
		t.Fatal(err)
	}
}

// BenchmarkHTTPMoveReplicas plays 32 games at once through the HTTP endpoint, each move a click on
// the next replica: on a bbolt file (one replica, as today) and on a three-member etcd cluster that
// fsyncs (1, 2 and 3 replicas). Everything runs on this machine: the cluster, the replicas and the
// clients share its cores.
func BenchmarkHTTPMoveReplicas(b *testing.B) {
	const games = 32
	b.Run("bbolt/replicas=1", func(b *testing.B) {
		rs := newReplicas(b, 1, func(now func() time.Time) (*store.DB, *etcdkv.KV) {
			st, err := store.Open(b.TempDir()+"/t.db", store.Options{Decode: catalog.Decode, Now: now})
			if err != nil {
				b.Fatal(err)
			}
			return st, nil
		})
		benchmarkReplicas(b, rs, games)
	})
	cluster := etcdtest.StartDurable(b, 3)
	for _, n := range []int{1, 2, 3} {
		b.Run(fmt.Sprintf("etcd/replicas=%d", n), func(b *testing.B) {
			benchmarkReplicas(b, newReplicas(b, n, onEtcd(b, cluster)), games)
		})
	}
}

func benchmarkReplicas(b *testing.B, rs *replicas, games int) {
	boards := make([]*board, games)
	lat := make([][]time.Duration, games)
	for i := range boards {
		boards[i] = rs.start(fmt.Sprint(5000+i), fmt.Sprint(6000+2*i), fmt.Sprint(6001+2*i))
	}
	b.ResetTimer()
	start := time.Now()
	var wg sync.WaitGroup
	for i := range games {
		n := b.N / games
		if i < b.N%games {
			n++
		}
		wg.Go(func() {
			p := boards[i]
			for len(lat[i]) < n {
				t0 := time.Now()
				if !rs.move(p) {
					boards[i] = rs.start(p.channel, p.players[0], p.players[1])
					p = boards[i]
					continue
				}
				lat[i] = append(lat[i], time.Since(t0))
			}
		})
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	moves := slices.Concat(lat...)
	if len(moves) == 0 {
		return
	}
	b.ReportMetric(float64(len(moves))/elapsed.Seconds(), "moves/s")
	b.ReportMetric(quantile(moves, 0.50), "p50-ms")
	b.ReportMetric(quantile(moves, 0.99), "p99-ms")
}
