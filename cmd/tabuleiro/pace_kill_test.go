package main

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/say"
)

// A day-paced tournament game against the real binary over its signed endpoint, with a pace day of
// 20 seconds: the player to move gets their digest once at the hour they set, the process is
// killed before their deadline and started again after it, and the game is lost on time once;
// another kill and start change nothing.
func TestADayPacedGameAndItsDigestSurviveSIGKILL(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, restarts it and waits for its sweeps")
	}
	discord := &postRecorder{}
	api := httptest.NewServer(discord)
	t.Cleanup(api.Close)
	const paceDay = 20 * time.Second
	b := newKilledBot(t, api.URL, "PACE_DAY="+paceDay.String())
	// The digest is set for this hour: start with most of it ahead.
	if n := time.Now().UTC(); n.Minute() == 59 {
		time.Sleep(time.Duration(60-n.Second()+1) * time.Second)
	}
	b.start()
	count := func(what string) int {
		n := 0
		for _, p := range discord.all() {
			if strings.Contains(p, what) {
				n++
			}
		}
		return n
	}
	waitFor := func(what string, within time.Duration) {
		t.Helper()
		for deadline := time.Now().Add(within); count(what) == 0; time.Sleep(100 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("no %q within %v: %q", what, within, discord.all())
			}
		}
	}
	started := digestToMove(t, b)
	// The sweep, every ten seconds, sends the digest of the one to move, before their deadline.
	waitFor("Your move", paceDay)
	if time.Since(started) >= paceDay {
		t.Fatalf("the digest came after the deadline")
	}
	b.kill()
	time.Sleep(time.Until(started.Add(paceDay + time.Second)))
	b.start()
	waitFor("ended on time", 15*time.Second)
	b.kill()
	b.start()
	time.Sleep(12 * time.Second) // a sweep after the restart
	b.kill()
	if n, m := count("Your move"), count("ended on time"); n != 1 || m != 1 {
		t.Fatalf("%d digests and %d losses on time told, want one each: %q", n, m, discord.all())
	}
}

// dmBox is a fake Discord that keeps what the bot posts in channels (postRecorder) and, apart,
// what it posts in members' DMs (the digests): the first DM message is held, its request received
// and never answered, as when the process dies after its claim and before Discord answers its
// send. A held message counts as not delivered.
type dmBox struct {
	*postRecorder
	holding chan string   // the DM channel of the message held, once
	release chan struct{} // closed when the test ends
	mu      sync.Mutex
	held    bool
	dropped int            // held messages whose sender went away unanswered
	dms     map[string]int // messages delivered, by DM channel
	nonces  []string       // each DM post's nonce, held or not, when Discord is to enforce it
}

// dmMessages is the path of a message posted in a DM: each member's DM channel is "9" and their id.
var dmMessages = regexp.MustCompile(`^/api/v10/channels/(9\d+)/messages$`)

func newDMBox() *dmBox {
	return &dmBox{postRecorder: &postRecorder{}, holding: make(chan string, 1), release: make(chan struct{}), dms: map[string]int{}}
}

func (d *dmBox) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	m := dmMessages.FindStringSubmatch(r.URL.Path)
	switch {
	case r.Method == "POST" && r.URL.Path == "/api/v10/users/@me/channels":
		var open struct {
			Recipient string `json:"recipient_id"`
		}
		json.NewDecoder(r.Body).Decode(&open)
		fmt.Fprintf(w, `{"id":"9%s","type":1}`, open.Recipient)
	case r.Method == "POST" && m != nil:
		var post struct {
			Nonce   string `json:"nonce"`
			Enforce bool   `json:"enforce_nonce"`
		}
		json.NewDecoder(r.Body).Decode(&post)
		d.mu.Lock()
		if post.Enforce {
			d.nonces = append(d.nonces, post.Nonce)
		}
		hold := !d.held
		d.held = true
		if !hold {
			d.dms[m[1]]++
		}
		n := d.dms[m[1]]
		d.mu.Unlock()
		if !hold {
			fmt.Fprintf(w, `{"id":"2%s%d","channel_id":"%s"}`, m[1], n, m[1])
			return
		}
		d.holding <- m[1]
		select {
		case <-r.Context().Done(): // the sender is gone: nothing was delivered
			d.mu.Lock()
			d.dropped++
			d.mu.Unlock()
		case <-d.release:
		}
	default:
		d.postRecorder.ServeHTTP(w, r)
	}
}

// counts is the messages delivered in each DM channel and the held ones dropped.
func (d *dmBox) counts() (map[string]int, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	return maps.Clone(d.dms), d.dropped
}

// The real binary over its signed endpoint, the fake Discord holding the digest's DM: the process
// is killed (SIGKILL) after claiming the member's digest and before Discord answered its send, so
// that digest was not delivered; started again on the same file, it sends the digest once when
// the dead claim's lease is over (10 seconds, the floor: a minute of a pace day of an hour is
// less), and neither a later sweep nor another restart sends it again.
func TestADigestClaimedBeforeSIGKILLIsSentOnceAfterRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the binary, restarts it and waits for its sweeps")
	}
	const lease = 10 * time.Second
	began := time.Now()
	box := newDMBox()
	api := httptest.NewServer(box)
	t.Cleanup(api.Close)
	t.Cleanup(func() { close(box.release) })
	b := newKilledBot(t, api.URL, "PACE_DAY=1h")
	// The digest is set for this hour: start with most of it ahead.
	if n := time.Now().UTC(); n.Minute() == 59 {
		time.Sleep(time.Duration(60-n.Second()+1) * time.Second)
	}
	b.start()
	digestToMove(t, b)
	// Started again, the bot sweeps at once: it claims the digest of the member to move and
	// posts it, and Discord holds the post.
	b.kill()
	b.start()
	var dm string
	select {
	case dm = <-box.holding:
	case <-time.After(15 * time.Second):
		t.Fatal("no digest was posted in a DM")
	}
	held := time.Now()
	t.Logf("the DM held %v after the test began", held.Sub(began).Round(100*time.Millisecond))
	b.kill()
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if _, dropped := box.counts(); dropped == 1 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the held post's sender did not go away with the process")
		}
	}
	b.start()
	for deadline := held.Add(lease + 20*time.Second); ; time.Sleep(50 * time.Millisecond) {
		if dms, _ := box.counts(); len(dms) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no digest within %v of the dead claim", lease+20*time.Second)
		}
	}
	if after := time.Since(held); after < lease-time.Second {
		t.Fatalf("the digest was sent again %v after the dead claim, before its lease of %v", after, lease)
	}
	t.Logf("sent %v after the dead claim", time.Since(held).Round(100*time.Millisecond))
	b.kill()
	b.start()
	time.Sleep(12 * time.Second) // a sweep after the restart
	b.kill()
	if dms, dropped := box.counts(); len(dms) != 1 || dms[dm] != 1 || dropped != 1 {
		t.Fatalf("digests delivered by DM channel %v and %d held one dropped, want one in %s and one dropped", dms, dropped, dm)
	}
	// Had the held post landed, Discord would not have posted the second: both carry one nonce.
	box.mu.Lock()
	defer box.mu.Unlock()
	if n := box.nonces; len(n) != 2 || n[0] == "" || n[0] != n[1] || len(n[0]) > 25 {
		t.Fatalf("the two posts of the digest carry the enforced nonces %q, want one of at most 25 characters", n)
	}
}

// digestToMove starts a day-paced tournament game between members 301 and 302 and sets the
// digest of both at this hour: the one to move is due one. It returns when the game started.
func digestToMove(t *testing.T, b *killedBot) time.Time {
	t.Helper()
	opt := func(name string, typ int, v any) map[string]any {
		return map[string]any{"name": name, "type": typ, "value": v}
	}
	if text, private := b.interaction("301", cup("create", opt("game", 3, "ordo"), opt("format", 3, "round-robin"),
		opt("round-time", 3, "7d"), opt("pace", 3, "1d"))); private {
		t.Fatalf("create: %s", text)
	}
	for _, p := range []string{"301", "302"} {
		if text, private := b.interaction(p, cup("join")); private {
			t.Fatalf("%s joins: %s", p, text)
		}
	}
	started := time.Now()
	if text, private := b.interaction("301", cup("start")); private {
		t.Fatalf("start: %s", text)
	}
	hour := time.Now().UTC().Hour()
	at := say.For("en-US").T("settings.digest-at", map[string]any{"Hour": fmt.Sprintf("%02d", hour)})
	me := map[string]any{"id": "9", "name": "tabuleiro", "type": 1, "options": []map[string]any{{"name": "me", "type": 1,
		"options": []map[string]any{opt("digest", 3, strconv.Itoa(hour))}}}}
	for _, p := range []string{"301", "302"} {
		if text, private := b.interaction(p, me); !private || !strings.Contains(text, at) {
			t.Fatalf("%s's digest: %q, want it %q", p, text, at)
		}
	}
	return started
}
