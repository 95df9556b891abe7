package discord

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// at is an interaction moved to another server, or to a DM when guild is "".
func at(guild string, i map[string]any) map[string]any {
	if guild != "" {
		i["guild_id"] = guild
		return i
	}
	delete(i, "guild_id")
	i["user"] = i["member"].(map[string]any)["user"]
	delete(i, "member")
	return i
}

// challenged has a challenge b in guild's channel and b accept: the board's message.
func (tb *table) challenged(guild, channel, kind, a, b string, opts ...opt) string {
	tb.t.Helper()
	opts = append([]opt{{"opponent", 6, b}}, opts...)
	r, token := tb.send(at(guild, command(a, channel, kind, "challenge", opts...)))
	accept := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			accept = id
		}
	}
	if r.private() || accept == "" {
		tb.t.Fatalf("the challenge in %s: %s", guild, r.Data.Content)
	}
	board := "orig-" + token
	if r, _ = tb.send(at(guild, click(b, channel, accept, board))); r.private() {
		tb.t.Fatalf("the accept in %s: %s", guild, r.Data.Content)
	}
	return board
}

// Three games in three servers and one in a DM, all made through the signed endpoint: the
// member's /tabuleiro games lists exactly those, their move first and soonest deadline first,
// each with the jump link to its board's message; the digest at the member's hour names exactly
// the games where it is their move, once.
func TestAMembersGamesInThreeServersAndADM(t *testing.T) {
	clock := &movingClock{t: now}
	f := newFakeDiscord(t)
	tb := newTableOn(t, filepath.Join(t.TempDir(), "tabuleiro.db"), clock.Now, f, quietLog(), nil)
	const me = "81"
	week := tb.challenged("1001", "c1", "ouri", me, "82", opt{"first", 3, "me"}, opt{"pace", 3, "7d"})
	theirs := tb.challenged("1002", "c2", "ordo", "83", me, opt{"first", 3, "me"}, opt{"pace", 3, "1d"})
	twoDays := tb.challenged("1003", "c3", "oolong", me, "84", opt{"first", 3, "me"}, opt{"pace", 3, "2d"})
	r, token := tb.send(at("", command(me, "dm5", "ouri", "vs-bot", opt{"first", 3, "me"}, opt{"level", 3, "easy"})))
	if r.private() {
		t.Fatalf("the game in a DM: %s", r.Data.Content)
	}
	dm := "orig-" + token
	// A game of someone else's, in a server the member shares, is not theirs.
	tb.challenged("1001", "c9", "ordo", "82", "84")
	tb.settle()

	// The game against the bot is live: its deadline is the server's idle timeout, 72 hours.
	want := []string{
		"https://discord.com/channels/1003/c3/" + twoDays,
		"https://discord.com/channels/@me/dm5/" + dm,
		"https://discord.com/channels/1001/c1/" + week,
		"https://discord.com/channels/1002/c2/" + theirs,
	}
	r, _ = tb.send(at("1002", command(me, "c2", "tabuleiro", "games")))
	if !r.private() || !says(r.Data.Content, "games.head", "Page", 1, "Pages", 1) {
		t.Fatalf("the games list: %s", r.Data.Content)
	}
	if got := linksIn(r.Data.Content); !slices.Equal(got, want) {
		t.Fatalf("the games list links to\n%v\nwant\n%v\n%s", got, want, r.Data.Content)
	}
	for i, link := range want {
		line, id := lineOf(r.Data.Content, link), "games.yours"
		if i == len(want)-1 {
			id = "games.theirs"
		}
		if !says(line, id) {
			t.Fatalf("game %d's line does not say %s: %q", i+1, id, line)
		}
	}

	// The digest at 14:00 UTC: the three games where it is their move, in one DM, once.
	r, _ = tb.send(at("1001", command(me, "c1", "tabuleiro", "me", opt{"digest", 3, "14"})))
	if !r.private() {
		t.Fatalf("the digest's setting: %s", r.Data.Content)
	}
	f.on("POST", "/api/v10/users/@me/channels", answer{Status: 200, Body: `{"id": "dm81", "type": 1}`})
	clock.Advance(time.Hour)
	tb.bot.Sweep(context.Background())
	if n := f.count("POST", "/api/v10/channels/dm81/messages"); n != 0 {
		t.Fatalf("%d digests before the member's hour", n)
	}
	clock.Advance(time.Hour)
	for range 3 {
		tb.bot.Sweep(context.Background())
	}
	var digests []string
	for _, c := range f.recorded() {
		if c.Method == "POST" && c.Path == "/api/v10/channels/dm81/messages" {
			var m struct {
				Content string
				Nonce   string `json:"nonce"`
				Enforce bool   `json:"enforce_nonce"`
			}
			if err := json.Unmarshal([]byte(c.Body), &m); err != nil {
				t.Fatal(err)
			}
			if !m.Enforce || len(m.Nonce) == 0 || len(m.Nonce) > 25 {
				t.Errorf("the digest's nonce is %q, enforced %v: Discord could post it twice", m.Nonce, m.Enforce)
			}
			digests = append(digests, m.Content)
		}
	}
	if len(digests) != 1 {
		t.Fatalf("%d digests at the member's hour, want 1", len(digests))
	}
	digest := digests[0]
	if !says(digest, "digest.head", "Count", 3) || !slices.Equal(linksIn(digest), want[:3]) {
		t.Fatalf("the digest names\n%v\nwant\n%v\n%s", linksIn(digest), want[:3], digest)
	}
}

// linksIn is the jump links in s, in order.
func linksIn(s string) []string {
	var out []string
	for _, f := range strings.Fields(s) {
		if i := strings.Index(f, "https://discord.com/channels/"); i >= 0 {
			out = append(out, strings.TrimRight(f[i:], `".,)\n`))
		}
	}
	return out
}

// lineOf is the line of s that holds sub.
func lineOf(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return l
		}
	}
	return ""
}
