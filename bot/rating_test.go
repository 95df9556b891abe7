package bot

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/store"
)

// glicko is an independent Glicko-2 (Glickman's "Example of the Glicko-2 system", one game per
// rating period) for checking what the bot shows; it shares no code with package rating.
type glicko struct{ r, rd, vol float64 }

func newPlayer() glicko { return glicko{1500, 350, 0.06} }

// game rates a against b with a's score s; both from the values before the game.
func (a glicko) game(b glicko, s float64) glicko {
	const q = 173.7178
	mu, phi := (a.r-1500)/q, a.rd/q
	muB, phiB := (b.r-1500)/q, b.rd/q
	gB := 1 / math.Sqrt(1+3*phiB*phiB/(math.Pi*math.Pi))
	e := 1 / (1 + math.Exp(-gB*(mu-muB)))
	v := 1 / (gB * gB * e * (1 - e))
	delta := v * gB * (s - e)
	tau := 0.5
	alpha := math.Log(a.vol * a.vol)
	f := func(x float64) float64 {
		return math.Exp(x)*(delta*delta-phi*phi-v-math.Exp(x))/(2*math.Pow(phi*phi+v+math.Exp(x), 2)) - (x-alpha)/(tau*tau)
	}
	lo := alpha
	var hi float64
	if delta*delta > phi*phi+v {
		hi = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(alpha-k*tau) < 0 {
			k++
		}
		hi = alpha - k*tau
	}
	fLo, fHi := f(lo), f(hi)
	for math.Abs(hi-lo) > 0.000001 {
		c := lo + (lo-hi)*fLo/(fHi-fLo)
		fc := f(c)
		if fc*fHi <= 0 {
			lo, fLo = hi, fHi
		} else {
			fLo /= 2
		}
		hi, fHi = c, fc
	}
	vol := math.Exp(lo / 2)
	pre := math.Sqrt(phi*phi + vol*vol)
	phiNew := 1 / math.Sqrt(1/(pre*pre)+1/v)
	muNew := mu + phiNew*phiNew*gB*(s-e)
	return glicko{muNew*q + 1500, phiNew * q, vol}
}

// shown is the rating as the bot should show it.
func (a glicko) shown() string {
	s := fmt.Sprint(int(math.Round(a.r)))
	if a.rd > 110 {
		s += "?"
	}
	return s
}

func (a glicko) change(user string, after glicko) string {
	d := int(math.Round(after.r)) - int(math.Round(a.r))
	sign := fmt.Sprintf("%+d", d)
	if d == 0 {
		sign = "±0"
	}
	return fmt.Sprintf("%s %s → %s (%s)", mention(user), a.shown(), after.shown(), sign)
}

// rated plays one rated Ordo game: a challenges b (a moves first), each
// decides once, and the game ends with score for a (1: b resigns, 0: a resigns, 0.5: a draw by
// agreement). It returns the final board's text.
func (e *env) rated(a, b string, score float64, opts ...any) string {
	e.t.Helper()
	e.later()
	in := e.slash(a, "ordo", "challenge", append([]any{"opponent", b, "first", "me"}, opts...)...)
	r := e.do(in)
	mustPublic(e.t, r)
	mustUpdate(e.t, e.do(e.click(b, e.messageOf(in), actionOf(e.t, r.Message.Rows, "accept"))))
	for _, who := range []string{a, b} {
		_, g := e.game("ordo", who)
		mustPublic(e.t, e.do(e.slash(who, "ordo", "move", "play", g.Format(g.Legal()[0]))))
	}
	switch score {
	case 1:
		r = e.do(e.slash(b, "ordo", "resign"))
	case 0:
		r = e.do(e.slash(a, "ordo", "resign"))
	default:
		e.do(e.slash(a, "ordo", "draw"))
		r = e.do(e.slash(b, "ordo", "draw"))
	}
	mustPublic(e.t, r)
	return said(r.Message)
}

// A series of rated games between three players shows, on each final board, the changes an
// independent Glicko-2 computes; the leaderboard and the profiles agree.
func TestRatedSeriesMatchesGlicko2(t *testing.T) {
	e := newEnv(t)
	players := map[string]glicko{"alice": newPlayer(), "bob": newPlayer(), "carol": newPlayer()}
	series := []struct {
		a, b  string
		score float64
	}{
		{"alice", "bob", 1}, {"bob", "carol", 0.5}, {"carol", "alice", 1}, {"alice", "carol", 1},
		{"bob", "alice", 1}, {"alice", "bob", 0.5}, {"carol", "bob", 0}, {"alice", "carol", 1},
	}
	// Three rounds: by the third, deviations fall to 110 and below and the "?" goes.
	for i, g := range slices.Concat(series, series, series) {
		pa, pb := players[g.a], players[g.b]
		na, nb := pa.game(pb, g.score), pb.game(pa, 1-g.score)
		want := pa.change(g.a, na) + " · " + pb.change(g.b, nb)
		board := e.rated(g.a, g.b, g.score)
		if !strings.Contains(board, "\n"+want) {
			t.Fatalf("game %d (%s vs %s, %v): the final board does not say %q:\n%s", i+1, g.a, g.b, g.score, want, board)
		}
		players[g.a], players[g.b] = na, nb
	}
	order := []string{"alice", "bob", "carol"}
	slices.SortFunc(order, func(x, y string) int { return -cmpFloat(players[x].r, players[y].r) })
	r := e.do(e.slash("carol", "ordo", "leaderboard"))
	if !isPrivate(r) {
		t.Fatalf("leaderboard: %+v", r)
	}
	lines := strings.Split(said(r.Message), "\n")
	for i, u := range order {
		want := fmt.Sprintf("`#%d` %s **%s**", i+1, mention(u), players[u].shown())
		if !strings.HasPrefix(lines[i+1], want) {
			t.Fatalf("leaderboard line %d is %q, want it to start %q:\n%s", i+1, lines[i+1], want, said(r.Message))
		}
	}
	rank := slices.Index(order, "carol") + 1
	if want := fmt.Sprintf("You are `#%d` of 3 with **%s**.", rank, players["carol"].shown()); !strings.Contains(said(r.Message), want) {
		t.Fatalf("leaderboard does not say %q:\n%s", want, said(r.Message))
	}
	if len(r.Message.Rows) != 0 {
		t.Fatalf("a one-page leaderboard has buttons: %+v", r.Message.Rows)
	}
	for u, p := range players {
		if p.rd > 110 {
			t.Errorf("%s is still provisional after three rounds (deviation %.1f): the test no longer shows a settled rating", u, p.rd)
		}
	}
	// alice, each round: wins in games 1, 4 and 8, a draw in 6, losses in 3 and 5.
	r = e.do(e.slash("bob", "ordo", "profile", "player", "alice"))
	if !isPrivate(r) {
		t.Fatalf("profile: %+v", r)
	}
	p := said(r.Message)
	for _, want := range []string{
		mention("alice"), fmt.Sprintf("Rating **%s** (deviation %.0f)", players["alice"].shown(), players["alice"].rd),
		fmt.Sprintf("`#%d` of 3", slices.Index(order, "alice")+1), "Rated games: 9 W · 3 D · 6 L",
		en("profile.no-bot"), "Last 5 games:",
		"won against " + mention("carol") + " by resignation, rated", "drew with " + mention("bob") + " by agreement",
		"lost to " + mention("bob") + " by resignation",
	} {
		if !strings.Contains(p, want) {
			t.Fatalf("profile does not say %q:\n%s", want, p)
		}
	}
	if n := strings.Count(p, "\n• "); n != 5 {
		t.Fatalf("profile lists %d games:\n%s", n, p)
	}
	// The most recent game comes first.
	if i, j := strings.Index(p, "won against "+mention("carol")), strings.Index(p, "drew with "+mention("bob")); i > j {
		t.Fatalf("not most recent first:\n%s", p)
	}
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// Thirteen players: the leaderboard lists ten a page in rating order, with ◀ ▶ and the caller's
// rank, and the buttons page through.
func TestLeaderboardPages(t *testing.T) {
	e := newEnv(t)
	const n = 13
	users := make([]string, n)
	players := map[string]glicko{}
	for i := range users {
		users[i] = fmt.Sprintf("p%02d", i)
		players[users[i]] = newPlayer()
	}
	// Each beats the next one: a chain of wins.
	for i := 0; i+1 < n; i++ {
		a, b := users[i], users[i+1]
		pa, pb := players[a], players[b]
		e.rated(a, b, 1)
		players[a], players[b] = pa.game(pb, 1), pb.game(pa, 0)
	}
	order := slices.Clone(users)
	slices.SortFunc(order, func(x, y string) int { return -cmpFloat(players[x].r, players[y].r) })
	caller := users[n-1]
	in := e.slash(caller, "ordo", "leaderboard")
	r := e.do(in)
	check := func(r Reply, page int) (prev, next Action) {
		t.Helper()
		c := said(r.Message)
		if !strings.Contains(c, fmt.Sprintf("page %d of 2", page)) {
			t.Fatalf("page %d:\n%s", page, c)
		}
		from, to := (page-1)*10, min(page*10, n)
		for i, u := range order[from:to] {
			line := fmt.Sprintf("`#%d` %s **%s**", from+i+1, mention(u), players[u].shown())
			if !strings.Contains(c, line) {
				t.Fatalf("page %d lacks %q:\n%s", page, line, c)
			}
		}
		if strings.Count(c, "`#") != to-from+1 {
			t.Fatalf("page %d lists %d ranks:\n%s", page, strings.Count(c, "`#")-1, c)
		}
		rank := slices.Index(order, caller) + 1
		if !strings.Contains(c, fmt.Sprintf("You are `#%d` of %d", rank, n)) {
			t.Fatalf("page %d lacks the caller's rank %d:\n%s", page, rank, c)
		}
		for _, b := range controls(r.Message.Rows) {
			switch b.Label {
			case "◀":
				prev = b.Action
				if b.Disabled != (page == 1) {
					t.Fatalf("◀ on page %d disabled %v", page, b.Disabled)
				}
			case "▶":
				next = b.Action
				if b.Disabled != (page == 2) {
					t.Fatalf("▶ on page %d disabled %v", page, b.Disabled)
				}
			}
		}
		return prev, next
	}
	if !isPrivate(r) {
		t.Fatalf("leaderboard is not private: %+v", r)
	}
	_, next := check(r, 1)
	if next != (Action{Route: "leaderboard", Kind: "ordo", Page: 2}) {
		t.Fatalf("▶ is %+v", next)
	}
	r = e.do(e.click(caller, e.messageOf(in), next))
	mustUpdate(t, r)
	prev, _ := check(r, 2)
	r = e.do(e.click(caller, e.messageOf(in), prev))
	check(r, 1)
	// A page past the end shows the last one.
	r = e.do(e.click(caller, e.messageOf(in), Action{Route: "leaderboard", Kind: "ordo", Page: 9}))
	check(r, 2)
	// Another game's board is empty.
	r = e.do(e.slash(caller, "ouri", "leaderboard"))
	if !strings.Contains(said(r.Message), "Nobody has played a rated Ouri game here yet") {
		t.Fatalf("empty leaderboard:\n%s", said(r.Message))
	}
}

// Unrated variants, unrated challenges, games a player never decided in and games against the bot
// leave ratings alone; the bot games count in the profile's vs-bot record.
func TestWhatIsNotRated(t *testing.T) {
	e := newEnv(t)
	unchanged := func(kind, user string) {
		t.Helper()
		st, err := e.st.Standing("g1", kind, user)
		if err != nil || st.Rated() != 0 || st.Rating.Rating != 1500 {
			t.Fatalf("%s's %s standing moved: %+v, %v", user, kind, st, err)
		}
	}
	t.Run("an abapa or misere Ouri challenge says unrated, and rated:true on it is refused", func(t *testing.T) {
		for _, opts := range [][]any{{"rules", "abapa"}, {"misere", true}} {
			e.later()
			r := e.do(e.slash("alice", "ouri", "challenge", append([]any{"opponent", "bob"}, opts...)...))
			mustPublic(t, r)
			if !strings.Contains(said(r.Message), "to an unrated game of **Ouri**") {
				t.Fatalf("challenge text: %s", said(r.Message))
			}
			e.do(e.click("alice", "x", mustAccept(t, r, "decline")))
			e.later()
			mustPrivate(t, e.do(e.slash("alice", "ouri", "challenge", append([]any{"opponent", "bob", "rated", true}, opts...)...)),
				"only ouri with `rules:ouri` and without `misere` is rated")
		}
	})
	t.Run("an unrated Ouri game that ends leaves both ratings alone", func(t *testing.T) {
		e.later()
		in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me", "rules", "abapa")
		r := e.do(in)
		e.do(e.click("bob", e.messageOf(in), mustAccept(t, r, "accept")))
		for _, who := range []string{"alice", "bob"} {
			_, g := e.game("ouri", who)
			e.do(e.slash(who, "ouri", "move", "play", g.Format(g.Legal()[0])))
		}
		r = e.do(e.slash("bob", "ouri", "resign"))
		if strings.Contains(said(r.Message), "→") {
			t.Fatalf("an unrated game shows a change:\n%s", said(r.Message))
		}
		unchanged("ouri", "alice")
		unchanged("ouri", "bob")
	})
	t.Run("rated:false, or the server's setting, makes a challenge unrated", func(t *testing.T) {
		board := e.rated("alice", "bob", 1, "rated", false)
		if strings.Contains(board, "→") {
			t.Fatalf("rated:false shows a change:\n%s", board)
		}
		if _, err := e.st.ChangeServerSettings("g1", func(s *store.ServerSettings) { s.Unrated = true }); err != nil {
			t.Fatal(err)
		}
		e.later()
		r := e.do(e.slash("alice", "ordo", "challenge", "opponent", "bob"))
		if !strings.Contains(said(r.Message), "to an unrated game of **Ordo**") {
			t.Fatalf("challenge text on an unrated server: %s", said(r.Message))
		}
		e.do(e.click("alice", "x", mustAccept(t, r, "decline")))
		board = e.rated("alice", "bob", 1)
		if strings.Contains(board, "→") {
			t.Fatalf("a game on an unrated server shows a change:\n%s", board)
		}
		unchanged("ordo", "alice")
		// rated:true still rates there.
		if board = e.rated("alice", "bob", 1, "rated", true); !strings.Contains(board, mention("alice")+" 1500? → 1662? (+162)") {
			t.Fatalf("rated:true on an unrated server:\n%s", board)
		}
		if _, err := e.st.ChangeServerSettings("g1", func(s *store.ServerSettings) { s.Unrated = false }); err != nil {
			t.Fatal(err)
		}
	})
	t.Run("a rated game where one player never decided is unrated", func(t *testing.T) {
		e.later()
		in := e.slash("carol", "ordo", "challenge", "opponent", "dave", "first", "me")
		r := e.do(in)
		if !strings.Contains(said(r.Message), "to a rated game of **Ordo**") {
			t.Fatalf("challenge text: %s", said(r.Message))
		}
		e.do(e.click("dave", e.messageOf(in), mustAccept(t, r, "accept")))
		_, g := e.game("ordo", "carol")
		e.do(e.slash("carol", "ordo", "move", "play", g.Format(g.Legal()[0])))
		r = e.do(e.slash("dave", "ordo", "resign"))
		if strings.Contains(said(r.Message), "→") {
			t.Fatalf("a game dave never decided in shows a change:\n%s", said(r.Message))
		}
		unchanged("ordo", "carol")
		unchanged("ordo", "dave")
	})
	t.Run("games against the bot count per level in the profile, never in the rating", func(t *testing.T) {
		for _, level := range []string{"easy", "easy", "medium"} {
			e.later()
			r := e.do(e.slash("erin", "ouri", "vs-bot", "level", level, "first", "me"))
			mustPublic(t, r)
			r = e.do(e.slash("erin", "ouri", "resign"))
			if strings.Contains(said(r.Message), "→") {
				t.Fatalf("a bot game shows a change:\n%s", said(r.Message))
			}
		}
		unchanged("ouri", "erin")
		r := e.do(e.slash("erin", "ouri", "profile"))
		for _, want := range []string{mention("erin"), "Rating **1500?** (deviation 350) · no rated game yet",
			"Against the bot: easy 0 W · 0 D · 2 L; medium 0 W · 0 D · 1 L", "Last 3 games:",
			"lost to the bot (medium) by resignation"} {
			if !strings.Contains(said(r.Message), want) {
				t.Fatalf("profile does not say %q:\n%s", want, said(r.Message))
			}
		}
		if strings.Contains(said(r.Message), "unrated") {
			t.Fatalf("bot games are called unrated:\n%s", said(r.Message))
		}
	})
}

// mustAccept is the action of a challenge's Accept (verb "accept") or Decline ("decline").
func mustAccept(t *testing.T, r Reply, verb string) Action {
	t.Helper()
	return actionOf(t, r.Message.Rows, verb)
}

// A resignation and a loss on time racing on one rated game rate it once; a restart afterwards
// shows the same ratings.
func TestRacingEndingsRateOnce(t *testing.T) {
	e := newEnv(t)
	const rounds = 6
	won := map[bool]bool{} // by the time-out (true) or by the resignation (false)
	for round := 0; round < rounds; round++ {
		e.later()
		in := e.slash("alice", "ordo", "challenge", "opponent", "bob", "first", "me")
		r := e.do(in)
		e.do(e.click("bob", e.messageOf(in), mustAccept(t, r, "accept")))
		for _, who := range []string{"alice", "bob"} {
			_, g := e.game("ordo", who)
			e.do(e.slash(who, "ordo", "move", "play", g.Format(g.Legal()[0])))
		}
		// alice is to move and lets the idle timeout pass while bob... resigns.
		e.clock.Advance(73 * time.Hour)
		var wg sync.WaitGroup
		wg.Add(2)
		var resigned Reply
		e.rec.mu.Lock()
		calls := len(e.rec.calls)
		e.rec.mu.Unlock()
		// The resignation starts a little later each round, so that both endings get to win; the
		// first and last rounds do not race at all (resignation first, time-out first).
		delay := time.Duration(round) * 500 * time.Microsecond
		switch round {
		case 0:
			resigned = e.handle(e.slash("bob", "ordo", "resign"))
			e.bot.Sweep(context.Background())
			wg.Add(-2)
		case rounds - 1:
			e.bot.Sweep(context.Background())
			resigned = e.handle(e.slash("bob", "ordo", "resign"))
			wg.Add(-2)
		default:
			go func() { defer wg.Done(); time.Sleep(delay); resigned = e.handle(e.slash("bob", "ordo", "resign")) }()
			go func() { defer wg.Done(); e.bot.Sweep(context.Background()) }()
		}
		wg.Wait()
		e.bot.Wait()
		// Whichever ending won shows the change: the resignation's board, or the time-out's edit.
		shown := said(resigned.Message)
		if isPrivate(resigned) {
			e.rec.mu.Lock()
			for _, c := range e.rec.calls[calls:] {
				if c.op == "edit" && says(c.content(), "status.wins-time") {
					shown = c.content()
				}
			}
			e.rec.mu.Unlock()
		}
		won[isPrivate(resigned)] = true
		if !strings.Contains(shown, mention("alice")+" ") || !strings.Contains(shown, " → ") {
			t.Fatalf("round %d: the ending shows no rating change:\n%s", round, shown)
		}
	}
	if !won[true] || !won[false] {
		t.Fatalf("the endings that won: %v", won)
	}
	a, _ := e.st.Standing("g1", "ordo", "alice")
	b, _ := e.st.Standing("g1", "ordo", "bob")
	if a.Rated() != rounds || b.Rated() != rounds || a.Won != b.Lost || a.Lost != b.Won || a.Won+a.Lost != rounds {
		t.Fatalf("after %d games: alice %+v, bob %+v", rounds, a, b)
	}
	// Each game's record agrees with the ratings: replaying its change from 1500 gives the standing.
	gs, err := e.st.RecentGames("g1", "ordo", "alice", rounds)
	if err != nil || len(gs) != rounds {
		t.Fatalf("%d games, %v", len(gs), err)
	}
	for i, g := range gs {
		if !g.Rated || g.Change[0].After == 0 {
			t.Fatalf("game %d: rated %v change %+v", g.ID, g.Rated, g.Change)
		}
		if i+1 < len(gs) && gs[i+1].Change[0].After != g.Change[0].Before {
			t.Fatalf("game %d starts at %d, the one before ended at %d", g.ID, g.Change[0].Before, gs[i+1].Change[0].After)
		}
	}
	if got := int(math.Round(a.Rating.Rating)); got != gs[0].Change[0].After {
		t.Fatalf("alice's rating %d, her last game says %d", got, gs[0].Change[0].After)
	}
	before := said(e.do(e.slash("alice", "ordo", "leaderboard")).Message)
	e.bot.Wait()
	e.st.Close()
	e.open()
	if after := said(e.do(e.slash("alice", "ordo", "leaderboard")).Message); after != before {
		t.Fatalf("after a restart the leaderboard reads\n%s\nnot\n%s", after, before)
	}
	if err := e.st.Check(); err != nil {
		t.Fatal(err)
	}
}

// later moves the clock on past the limit on starting games (5 a minute).
func (e *env) later() { e.clock.Advance(15 * time.Second) }

// Ratings are kept per server: in a group DM a challenge is unrated, rated:true is refused, and
// there is no leaderboard.
func TestNoRatingsInDMs(t *testing.T) {
	e := newEnv(t)
	r := e.do(inDM(e.slash("alice", "ordo", "challenge", "opponent", "bob"), "gdm"))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "to an unrated game of **Ordo**") {
		t.Fatalf("challenge in a DM: %s", said(r.Message))
	}
	e.later()
	mustRefuse(t, e.do(inDM(e.slash("carol", "ordo", "challenge", "opponent", "dave", "rated", true), "gdm")), "refusal.rated-dm")
	mustRefuse(t, e.do(inDM(e.slash("alice", "ordo", "leaderboard"), "gdm")), "refusal.leaderboard-dm")
}
