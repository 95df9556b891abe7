package discord

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/store"
	"tabuleiro/store/etcdkv/etcdtest"
	"tabuleiro/tournament"
	"tabuleiro/tournament/tournamenttest"
)

// Tournaments played to their end through the signed endpoint on a real file, with Discord faked:
// every round's pairing is held to the rules, every round announced once pinging its players and
// nobody else, every result kept, and the final standings the bot posts recounted here from the
// results, tiebreaks included, without the tournament package.

// outcome is how a scripted game ends.
type outcome int

const (
	firstWins outcome = iota // the second seat resigns
	secondWins
	drawn
	onTime // nobody moves: the first seat, to decide, loses on time when the round ends
)

// cupScript is the result of board (from 0) in round (from 1).
func cupScript(round, board int) outcome { return outcome((round + board) % 4) }

// groupCommand is /tabuleiro <group> <sub> name:value….
func groupCommand(user, channel, group, sub string, opts ...opt) map[string]any {
	var os []map[string]any
	for _, o := range opts {
		os = append(os, map[string]any{"name": o.name, "type": o.typ, "value": o.value})
	}
	data := map[string]any{"id": "1", "name": "tabuleiro", "type": 1, "options": []map[string]any{{"name": group, "type": 2,
		"options": []map[string]any{{"name": sub, "type": 1, "options": os}}}}}
	return map[string]any{"type": 2, "guild_id": guild, "channel_id": channel, "member": member(user), "data": data}
}

// cupRun is one tournament driven over the endpoint: of one bot (a table) or of replicas.
type cupRun struct {
	t       *testing.T
	clk     *clock
	st      store.Store
	f       *fakeDiscord
	post    func(in map[string]any) (httpReply, string, error)
	settle  func()
	sweep   func()
	channel string
	id      uint64
	want    map[uint64]tournament.Result // game → the result its script gave
	// during, when set, runs after each result of a round is in (an etcd member stops).
	during func(round, board int)
}

func newCupRun(t *testing.T, format string, rounds int, players []string) *cupRun {
	clk := newClock()
	tb := newTableWith(t, quietLog(), func(c *bot.Config) { c.Now = clk.Now; c.StartLimit = -1 })
	c := &cupRun{t: t, clk: clk, st: tb.st, f: tb.f, post: tb.post, settle: tb.settle,
		sweep: func() { tb.bot.Sweep(context.Background()) }}
	c.open(format, rounds, players)
	return c
}

// send posts one interaction and decodes its answer.
func (c *cupRun) send(in map[string]any) (httpReply, string) {
	c.t.Helper()
	r, token, err := c.post(in)
	if err != nil {
		c.t.Fatal(err)
	}
	return r, token
}

// open creates the tournament, has players join it by its button and starts it.
func (c *cupRun) open(format string, rounds int, players []string) {
	t := c.t
	c.channel, c.want = "700", map[uint64]tournament.Result{}
	opts := []opt{{"game", 3, "ordo"}, {"format", 3, format}, {"round-time", 3, "1h"}}
	if rounds > 0 {
		opts = append(opts, opt{"rounds", 4, rounds})
	}
	r, token := c.send(groupCommand(players[0], c.channel, "tournament", "create", opts...))
	join := ""
	for _, id := range r.customIDs() {
		if strings.HasPrefix(id, "/tabuleiro/tournament/") && strings.HasSuffix(id, "/join") {
			join = id
		}
	}
	if r.private() || join == "" {
		t.Fatalf("create answered %+v", r)
	}
	c.id, _ = strconv.ParseUint(strings.Split(join, "/")[3], 10, 64)
	c.settle()
	for _, p := range players {
		if r, _ := c.send(click(p, c.channel, join, "orig-"+token)); r.private() || !strings.Contains(r.Data.Content, "<@"+p+">") {
			t.Fatalf("%s's Join answered %+v", p, r)
		}
	}
	if r, _ := c.send(groupCommand(players[1], c.channel, "tournament", "start")); !r.private() {
		t.Fatalf("a player who is not its creator started the tournament: %+v", r)
	}
	if r, _ := c.send(groupCommand(players[0], c.channel, "tournament", "start")); r.private() {
		t.Fatalf("start answered %+v", r)
	}
	c.settle()
}

func (c *cupRun) tournament() store.Tournament {
	tr, err := c.st.Tournament(c.id)
	if err != nil {
		c.t.Fatal(err)
	}
	return tr
}

// say sends a command that must be answered publicly.
func (c *cupRun) say(in map[string]any) {
	c.t.Helper()
	if r, _ := c.send(in); r.private() {
		c.t.Fatalf("refused: %s", r.Data.Content)
	}
}

// play plays every round to its end: withdraw leaves in round withdrawAt.
func (c *cupRun) play(withdraw string, withdrawAt int, check func(tr store.Tournament)) store.Tournament {
	t := c.t
	for range 20 {
		tr := c.tournament()
		if tr.State == store.TournamentFinished {
			return tr
		}
		number := len(tr.Played)
		check(tr)
		late := false
		for board, p := range tr.Current().Pairings {
			if p.Decided() {
				continue
			}
			if number == withdrawAt && (p.First == withdraw || p.Second == withdraw) {
				if r, _ := c.send(groupCommand(withdraw, c.channel, "tournament", "leave")); r.private() || !strings.Contains(r.Data.Content, "withdrew") {
					t.Fatalf("%s's leave answered %+v", withdraw, r)
				}
				c.want[p.Game] = map[bool]tournament.Result{true: tournament.SecondWins, false: tournament.FirstWins}[p.First == withdraw]
				continue
			}
			switch cupScript(number, board) {
			case firstWins:
				c.say(command(p.Second, c.channel, "ordo", "resign"))
				c.want[p.Game] = tournament.FirstWins
			case secondWins:
				c.say(command(p.First, c.channel, "ordo", "resign"))
				c.want[p.Game] = tournament.SecondWins
			case drawn:
				c.say(command(p.First, c.channel, "ordo", "draw"))
				c.say(command(p.Second, c.channel, "ordo", "draw"))
				c.want[p.Game] = tournament.Drawn
			case onTime:
				late = true
				c.want[p.Game] = tournament.SecondWins
			}
			if c.during != nil {
				c.during(number, board)
			}
		}
		c.settle()
		if late {
			c.clk.Advance(tr.RoundTime + time.Minute)
			c.sweep()
			c.settle()
		}
		if after := c.tournament(); len(after.Played) == number && after.State == store.TournamentRunning {
			t.Fatalf("round %d was played out but the next was not paired: %+v", number, after.Current())
		}
	}
	t.Fatal("the tournament did not finish")
	return store.Tournament{}
}

// posted are the bodies of the messages the bot posted in the channel.
func (c *cupRun) posted() []postedMessage {
	var out []postedMessage
	for _, call := range c.f.recorded() {
		if call.Method != "POST" || call.Path != "/api/v10/channels/"+c.channel+"/messages" {
			continue
		}
		var m postedMessage
		if err := json.Unmarshal([]byte(call.Body), &m); err != nil {
			c.t.Fatalf("a posted message is not JSON: %v: %s", err, call.Body)
		}
		out = append(out, m)
	}
	return out
}

type postedMessage struct {
	Content string `json:"content"`
	Nonce   string `json:"nonce"`
	Enforce bool   `json:"enforce_nonce"`
	Allowed *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
		Roles []string `json:"roles"`
	} `json:"allowed_mentions"`
}

// checkNonces holds a tournament's posts to their names (Message.Once): each round's message, its
// boards and its results, and the final standings, each posted once under a name of its own,
// enforced and at most Discord's 25 characters. The games' own posts (a turn's ping, a loss on
// time) are not the rounds'.
func checkNonces(t *testing.T, tr store.Tournament, msgs []postedMessage) {
	t.Helper()
	name := func(round int, what string) string {
		return "t" + strconv.FormatUint(tr.ID, 36) + "." + strconv.Itoa(round) + what
	}
	want := map[string]int{name(len(tr.Played), "end"): 1}
	for i, r := range tr.Played {
		want[name(i+1, "")], want[name(i+1, "res")] = 1, 1
		for b, p := range r.Pairings {
			if p.Game != 0 {
				want[name(i+1, "b"+strconv.Itoa(b))] = 1
			}
		}
	}
	got := map[string]int{}
	for i, m := range msgs {
		if m.Nonce == "" {
			continue
		}
		if !m.Enforce || len(m.Nonce) > 25 {
			t.Errorf("post %d carries the nonce %q, enforced %v: %.80q", i, m.Nonce, m.Enforce, m.Content)
		}
		got[m.Nonce]++
	}
	if !maps.Equal(got, want) {
		t.Errorf("the rounds' posts are named\n%v\nwant each of\n%v", got, want)
	}
}

// checkEnd holds the finished tournament to what was played: every result kept, each round
// announced once pinging exactly its players, and the final standings as recounted here.
func (c *cupRun) checkEnd(tr store.Tournament) {
	t := c.t
	games := 0
	for number, r := range tr.Played {
		for _, p := range r.Pairings {
			if p.Game == 0 {
				continue
			}
			games++
			if p.Result != c.want[p.Game] {
				t.Errorf("round %d: game %d of %s-%s kept result %v, the script gave %v", number+1, p.Game, p.First, p.Second, p.Result, c.want[p.Game])
			}
		}
	}
	if len(c.want) != games {
		t.Errorf("%d games scripted, %d linked to pairings", len(c.want), games)
	}
	announced := map[int]int{}
	var final *postedMessage
	msgs := c.posted()
	checkNonces(t, tr, msgs)
	for i, m := range msgs {
		if m.Allowed == nil || m.Allowed.Parse == nil || len(m.Allowed.Parse) != 0 || len(m.Allowed.Roles) != 0 {
			t.Errorf("a message may ping more than the people it names: %+v", m)
		}
		var number int
		if _, err := fmt.Sscanf(m.Content, "**Round %d of", &number); err == nil {
			announced[number]++
			var want []string
			for _, p := range tr.Played[number-1].Pairings {
				if !p.Forfeit {
					want = append(want, p.First)
					if !p.Bye() {
						want = append(want, p.Second)
					}
				}
			}
			got := slices.Clone(m.Allowed.Users)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("round %d's message pings %v, want its players %v", number, got, want)
			}
		}
		if strings.HasPrefix(m.Content, "**Final standings**") {
			final = &msgs[i]
			if len(m.Allowed.Users) != 0 {
				t.Errorf("the final standings ping %v", m.Allowed.Users)
			}
		}
	}
	for number := 1; number <= len(tr.Played); number++ {
		if announced[number] != 1 {
			t.Errorf("round %d announced %d times", number, announced[number])
		}
	}
	if len(announced) != len(tr.Played) {
		t.Errorf("rounds announced %v, played %d", announced, len(tr.Played))
	}
	if final == nil {
		t.Fatal("no final standings were posted")
	}
	want := recount(tr)
	row := regexp.MustCompile("`(\\d+)\\.` <@(\\d+)>(?: \\(withdrew\\))? \\*\\*([^*]+)\\*\\* · (?:Bh (\\S+) · )?SB (\\S+)")
	rows := row.FindAllStringSubmatch(final.Content, -1)
	if len(rows) != len(want) {
		t.Fatalf("the final standings list %d players, want %d:\n%s", len(rows), len(want), final.Content)
	}
	for i, w := range want {
		got := rows[i][1:]
		if tr.Format == tournament.RoundRobinFormat {
			got[3] = ""
		}
		if exp := []string{strconv.Itoa(w.rank), w.id, quarters(w.points * 2), buchholzText(tr, w), quarters(w.sb)}; !slices.Equal(got, exp) {
			t.Errorf("standing %d is %v, recounted %v\n%s", i+1, got, exp, final.Content)
		}
	}
	winners := 0
	for _, w := range want {
		if w.rank == 1 {
			winners++
		}
	}
	if !says(final.Content, "tournament.winner", "Count", winners) {
		t.Errorf("the final standings do not name the winner:\n%s", final.Content)
	}
}

func buchholzText(tr store.Tournament, w standing) string {
	if tr.Format == tournament.RoundRobinFormat {
		return ""
	}
	return quarters(w.buchholz * 2)
}

// quarters writes q quarter points as the bot does: 2½, 5¼, ¾.
func quarters(q int) string {
	frac := []string{"", "¼", "½", "¾"}[q%4]
	if q/4 == 0 && frac != "" {
		return frac
	}
	return strconv.Itoa(q/4) + frac
}

// standing is a player's line in the recount: points and Buchholz in half points, SB and the
// mutual score in quarter points.
type standing struct {
	id                   string
	rating               float64
	points, buchholz, sb int
	mutual, rank         int
	opponents            []string // in the order met, forfeits included
	scored               []int    // half points scored against each of opponents
}

// recount ranks the players from the stored results by the contract's rules alone.
func recount(tr store.Tournament) []standing {
	by := map[string]*standing{}
	var out []*standing
	for _, e := range tr.Players {
		s := &standing{id: e.User, rating: e.Rating}
		by[e.User] = s
		out = append(out, s)
	}
	byes := map[string]int{}
	for _, r := range tr.Played {
		for _, p := range r.Pairings {
			if p.Bye() {
				by[p.First].points += 2
				byes[p.First]++
				continue
			}
			a := map[tournament.Result]int{tournament.FirstWins: 2, tournament.Drawn: 1}[p.Result]
			b := map[tournament.Result]int{tournament.SecondWins: 2, tournament.Drawn: 1}[p.Result]
			by[p.First].points += a
			by[p.Second].points += b
			by[p.First].opponents = append(by[p.First].opponents, p.Second)
			by[p.First].scored = append(by[p.First].scored, a)
			by[p.Second].opponents = append(by[p.Second].opponents, p.First)
			by[p.Second].scored = append(by[p.Second].scored, b)
		}
	}
	for _, s := range out {
		for i, o := range s.opponents {
			opp := by[o].points
			s.buchholz += opp
			s.sb += s.scored[i] * opp // half points × half points: quarter points
		}
		s.buchholz += byes[s.id] * s.points
	}
	keys := func(s *standing) []int {
		if tr.Format == tournament.RoundRobinFormat {
			return []int{s.points, s.sb, s.mutual}
		}
		return []int{s.points, s.buchholz, s.sb}
	}
	order := func(a, b *standing) int { return slices.Compare(keys(b), keys(a)) }
	if tr.Format == tournament.RoundRobinFormat {
		for _, s := range out {
			for i, o := range s.opponents {
				if by[o].points == s.points && by[o].sb == s.sb {
					s.mutual += s.scored[i]
				}
			}
		}
	}
	slices.SortStableFunc(out, func(a, b *standing) int {
		if c := order(a, b); c != 0 {
			return c
		}
		if a.rating != b.rating {
			if a.rating > b.rating {
				return -1
			}
			return 1
		}
		return strings.Compare(a.id, b.id)
	})
	var ranked []standing
	for i, s := range out {
		s.rank = i + 1
		if i > 0 && order(out[i-1], s) == 0 {
			s.rank = ranked[i-1].rank
		}
		ranked = append(ranked, *s)
	}
	return ranked
}

// checkSwissRound holds a Swiss round, just paired, to the rules, counting from the rounds before.
func checkSwissRound(t *testing.T, tr store.Tournament) {
	number := len(tr.Played)
	score, byes, met := map[string]int{}, map[string]bool{}, map[[2]string]bool{}
	seats := map[string][]int{}
	for _, r := range tr.Played[:number-1] {
		for _, p := range r.Pairings {
			switch {
			case p.Bye():
				score[p.First] += 2
				byes[p.First] = true
				continue
			case p.Result == tournament.FirstWins:
				score[p.First] += 2
			case p.Result == tournament.SecondWins:
				score[p.Second] += 2
			case p.Result == tournament.Drawn:
				score[p.First]++
				score[p.Second]++
			}
			met[[2]string{p.First, p.Second}], met[[2]string{p.Second, p.First}] = true, true
			seats[p.First] = append(seats[p.First], 1)
			seats[p.Second] = append(seats[p.Second], 2)
		}
	}
	r := tr.Current()
	seen := map[string]int{}
	var active, paired []string
	for _, e := range tr.Players {
		if !e.Withdrawn {
			active = append(active, e.User)
		}
	}
	bye := ""
	floats := 0
	for _, p := range r.Pairings {
		seen[p.First]++
		if p.Bye() {
			bye = p.First
			continue
		}
		seen[p.Second]++
		paired = append(paired, p.First, p.Second)
		if met[[2]string{p.First, p.Second}] {
			t.Fatalf("round %d: %s and %s meet again", number, p.First, p.Second)
		}
		if score[p.First] != score[p.Second] {
			floats++
		}
		if !r.Relaxed {
			for who, seat := range map[string]int{p.First: 1, p.Second: 2} {
				if !seatAllowed(seats[who], seat) {
					t.Fatalf("round %d: %s takes seat %d after %v", number, who, seat, seats[who])
				}
			}
		}
	}
	for _, p := range active {
		if seen[p] != 1 {
			t.Fatalf("round %d: %s is paired %d times", number, p, seen[p])
		}
	}
	if len(seen) != len(active) {
		t.Fatalf("round %d pairs %v, the players left are %v", number, seen, active)
	}
	switch {
	case len(active)%2 == 0 && bye != "":
		t.Fatalf("round %d gives %s a bye among an even number of players", number, bye)
	case len(active)%2 == 1 && bye == "":
		t.Fatalf("round %d gives no bye among an odd number of players", number)
	case bye != "" && byes[bye]:
		t.Fatalf("round %d gives %s a second bye", number, bye)
	case bye != "":
		for _, p := range active {
			if !byes[p] && p != bye && score[p] < score[bye] {
				t.Fatalf("round %d gives the bye to %s (%d half points), not to %s (%d) who has had none",
					number, bye, score[bye], p, score[p])
			}
		}
	}
	if best := tournamenttest.FewestFloats(paired, score, met, seats, !r.Relaxed); floats > best {
		t.Fatalf("round %d pairs %d players across score groups where %d would do: %+v", number, floats, best, r.Pairings)
	}
	if number == 1 {
		// Top half against bottom half, by rating then id (all start level).
		order := slices.Clone(active)
		slices.Sort(order)
		half := len(order) / 2
		for _, p := range r.Pairings {
			if p.Bye() {
				continue
			}
			a, b := slices.Index(order, p.First), slices.Index(order, p.Second)
			if (a < half) == (b < half) {
				t.Fatalf("round 1 pairs %s with %s, both in one half of %v", p.First, p.Second, order)
			}
		}
	}
}

// seatAllowed says whether a player who sat as history (1 first, 2 second) may take seat now: not
// three rounds running in one seat, never more than two more of one seat than the other.
func seatAllowed(history []int, seat int) bool {
	n := len(history)
	if n >= 2 && history[n-1] == seat && history[n-2] == seat {
		return false
	}
	diff := 0
	for _, s := range append(slices.Clone(history), seat) {
		diff += map[int]int{1: 1, 2: -1}[s]
	}
	return diff <= 2 && diff >= -2
}

// checkRoundRobinRound holds a round-robin round to Berger's tables' promise: nobody meets anyone
// twice and everyone still in plays (a withdrawn player's games are forfeited, not skipped).
func checkRoundRobinRound(t *testing.T, tr store.Tournament) {
	number := len(tr.Played)
	met := map[[2]string]bool{}
	for _, r := range tr.Played[:number-1] {
		for _, p := range r.Pairings {
			if !p.Bye() {
				met[[2]string{p.First, p.Second}], met[[2]string{p.Second, p.First}] = true, true
			}
		}
	}
	seen := map[string]int{}
	for _, p := range tr.Current().Pairings {
		seen[p.First]++
		if p.Bye() {
			continue
		}
		seen[p.Second]++
		if met[[2]string{p.First, p.Second}] {
			t.Fatalf("round %d: %s and %s meet again", number, p.First, p.Second)
		}
		if (tr.Withdrew(p.First) || tr.Withdrew(p.Second)) != p.Forfeit {
			t.Fatalf("round %d: %+v is forfeited %v, withdrawn %v %v", number, p, p.Forfeit, tr.Withdrew(p.First), tr.Withdrew(p.Second))
		}
	}
	for _, e := range tr.Players {
		if seen[e.User] != 1 {
			t.Fatalf("round %d: %s appears %d times", number, e.User, seen[e.User])
		}
	}
}

func TestAnEightPlayerSwissOverTheEndpoint(t *testing.T) {
	players := []string{"201", "202", "203", "204", "205", "206", "207", "208"}
	c := newCupRun(t, "swiss", 5, players)
	tr := c.play("205", 3, func(tr store.Tournament) { checkSwissRound(t, tr) })
	if len(tr.Played) != 5 {
		t.Fatalf("%d rounds played, want 5", len(tr.Played))
	}
	byes := 0
	for _, r := range tr.Played {
		for _, p := range r.Pairings {
			if p.Bye() {
				byes++
			}
		}
	}
	if byes == 0 {
		t.Fatal("no bye was given after the withdrawal")
	}
	c.checkEnd(tr)
}

func TestASixPlayerRoundRobinOverTheEndpoint(t *testing.T) {
	players := []string{"301", "302", "303", "304", "305", "306"}
	c := newCupRun(t, "round-robin", 0, players)
	tr := c.play("304", 2, func(tr store.Tournament) { checkRoundRobinRound(t, tr) })
	if len(tr.Played) != 5 {
		t.Fatalf("%d rounds played, want 5", len(tr.Played))
	}
	met := map[[2]string]int{}
	seats := map[string]int{}
	for _, r := range tr.Played {
		for _, p := range r.Pairings {
			a, b := min(p.First, p.Second), max(p.First, p.Second)
			met[[2]string{a, b}]++
			seats[p.First]++
			seats[p.Second]--
		}
	}
	if len(met) != 15 {
		t.Errorf("%d pairs met, want all 15", len(met))
	}
	for who, d := range seats {
		if d > 1 || d < -1 {
			t.Errorf("%s took the first seat %+d times more than the second", who, d)
		}
	}
	c.checkEnd(tr)
}

// TestTheSwissOnEtcdWithTwoReplicasAndAMemberStopped plays the same Swiss with its interactions
// dealt round-robin to two replicas sharing a three-member etcd cluster, one member stopped in the
// middle of round 2: each round paired and announced once, every result kept.
func TestTheSwissOnEtcdWithTwoReplicasAndAMemberStopped(t *testing.T) {
	if testing.Short() {
		t.Skip("starts an etcd cluster")
	}
	cluster := etcdtest.Start(t, 3)
	rs := newReplicas(t, 2, onEtcd(t, cluster))
	c := &cupRun{t: t, clk: rs.clock, st: rs.all[0].st, f: rs.f, post: rs.post,
		settle: func() {
			for _, r := range rs.all {
				r.settle(t)
			}
		},
		sweep: rs.sweepAll,
		during: func(round, board int) {
			if round == 2 && board == 1 {
				cluster.StopMember(1)
			}
		}}
	c.open("swiss", 5, []string{"201", "202", "203", "204", "205", "206", "207", "208"})
	tr := c.play("205", 3, func(tr store.Tournament) { checkSwissRound(t, tr) })
	if len(tr.Played) != 5 {
		t.Fatalf("%d rounds played, want 5", len(tr.Played))
	}
	c.checkEnd(tr)
}
