// Package metrics is what tabuleiro shows the people who run it: Prometheus families of its
// interactions, decisions, engines, store, Discord traffic and gatherings, beside the Go runtime's
// and the process's own, served by Handler in the Prometheus text format.
//
// Every floor records into it by plain calls; no label ever holds a user, guild, channel or game
// id, so the number of series stays bounded whatever the traffic:
//
//	start := time.Now()
//	…
//	metrics.Interaction(metrics.Component, metrics.OK, time.Since(start))
//	metrics.Decision(d.Kind, metrics.ByPerson)
//	http.Handle("/metrics", metrics.Handler())
package metrics

import (
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"tabuleiro/games/catalog"
)

// Interaction kinds, as Discord types them.
const (
	Command      = "command"
	Component    = "component"
	Autocomplete = "autocomplete"
	Modal        = "modal"
	Ping         = "ping"
)

// Interaction outcomes: answered, refused (a person was told no: an illegal move, a stale button),
// or failed.
const (
	OK      = "ok"
	Refused = "refused"
	Error   = "error"
)

// Who made a decision.
const (
	ByPerson = "person"
	ByBot    = "bot"
	ByTeam   = "team"
)

// Store backends.
const (
	Bbolt = "bbolt"
	Etcd  = "etcd"
)

// Rate-limit scopes.
const (
	RouteScope  = "route"
	GlobalScope = "global"
)

var (
	kinds    = []string{Command, Component, Autocomplete, Modal, Ping}
	outcomes = []string{OK, Refused, Error}
	deciders = []string{ByPerson, ByBot, ByTeam}
	backends = []string{Bbolt, Etcd}
	scopes   = []string{RouteScope, GlobalScope}
)

// latency buckets, in seconds: a millisecond to ten seconds.
var latency = prometheus.ExponentialBucketsRange(0.001, 10, 14)

var (
	registry = prometheus.NewRegistry()

	interactions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_interactions_total",
		Help: "Interactions answered, by kind and outcome (refused: a person was told no).",
	}, []string{"kind", "outcome"})
	interactionSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tabuleiro_interaction_duration_seconds",
		Help:    "Time from an interaction's arrival until its answer is written.",
		Buckets: latency,
	}, []string{"kind"})

	decisions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_decisions_total",
		Help: "Decisions played, by game and by who decided (a person, the bot, a team's vote).",
	}, []string{"game", "by"})
	gamesActive = prometheus.NewDesc("tabuleiro_games_active",
		"Games not over, by game.", []string{"game"}, nil)
	challengesOpen = prometheus.NewDesc("tabuleiro_challenges_open",
		"Challenges waiting for an answer, by game.", []string{"game"}, nil)

	aiSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tabuleiro_ai_search_seconds",
		Help:    "Time the bot spent choosing a decision, by game.",
		Buckets: latency,
	}, []string{"game"})
	aiQueue = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tabuleiro_ai_queue_length",
		Help: "Decisions of the bot waiting for a searcher.",
	})

	commitSeconds = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tabuleiro_store_commit_seconds",
		Help:    "Time a durable commit of the store took, by backend.",
		Buckets: prometheus.ExponentialBucketsRange(0.0001, 1, 14),
	}, []string{"backend"})
	commitGroup = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name:    "tabuleiro_store_commit_group_size",
		Help:    "Changes carried by one durable commit (group commit), by backend.",
		Buckets: prometheus.ExponentialBuckets(1, 2, 9),
	}, []string{"backend"})

	requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_discord_requests_total",
		Help: "Requests to Discord's REST API, by route (its rate-limit bucket, without ids) and HTTP status.",
	}, []string{"route", "status"})
	rateLimited = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_discord_rate_limited_total",
		Help: "429 answers from Discord, by scope (one route, or the whole process).",
	}, []string{"scope"})
	gatewayUp = prometheus.NewGauge(prometheus.GaugeOpts{
		Name: "tabuleiro_gateway_up",
		Help: "1 while the gateway connection is ready, else 0.",
	})
	gatewayResumes = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "tabuleiro_gateway_resumes_total",
		Help: "Gateway sessions resumed after a dropped connection.",
	})

	tournamentRounds = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "tabuleiro_tournament_rounds_total",
		Help: "Tournament rounds paired.",
	})
	puzzlesServed = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_puzzles_served_total",
		Help: "Puzzles given to solvers, by game.",
	}, []string{"game"})

	digests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tabuleiro_digests_total",
		Help: "Daily digests due, by outcome: sent, empty (no game where it is their move), undeliverable (the member takes no DMs from the bot), failed.",
	}, []string{"outcome"})
)

// The outcomes of a daily digest.
const (
	DigestSent          = "sent"
	DigestEmpty         = "empty"
	DigestUndeliverable = "undeliverable"
	DigestFailed        = "failed"
)

var digestOutcomes = []string{DigestSent, DigestEmpty, DigestUndeliverable, DigestFailed}

func init() {
	registry.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		interactions, interactionSeconds, decisions, aiSeconds, aiQueue, commitSeconds, commitGroup,
		requests, rateLimited, gatewayUp, gatewayResumes, tournamentRounds, puzzlesServed, digests, &tally)
	// Every series whose labels are known in advance starts at zero, so a family is there to graph
	// and alert on before the first event of its kind.
	for _, k := range kinds {
		interactionSeconds.WithLabelValues(k)
		for _, o := range outcomes {
			interactions.WithLabelValues(k, o)
		}
	}
	for _, g := range catalog.Names {
		aiSeconds.WithLabelValues(g)
		puzzlesServed.WithLabelValues(g)
		for _, by := range deciders {
			decisions.WithLabelValues(g, by)
		}
	}
	for _, b := range backends {
		commitSeconds.WithLabelValues(b)
		commitGroup.WithLabelValues(b)
	}
	for _, s := range scopes {
		rateLimited.WithLabelValues(s)
	}
	for _, o := range digestOutcomes {
		digests.WithLabelValues(o)
	}
}

// Handler serves every family in the Prometheus text format.
func Handler() http.Handler {
	return promhttp.HandlerFor(registry, promhttp.HandlerOpts{})
}

// Interaction counts an answered interaction of a kind with its outcome, and the time it took.
func Interaction(kind, outcome string, took time.Duration) {
	kind, outcome = known(kind, kinds), known(outcome, outcomes)
	interactions.WithLabelValues(kind, outcome).Inc()
	interactionSeconds.WithLabelValues(kind).Observe(took.Seconds())
}

// Decision counts a decision played in a game (its kind) by a person, the bot or a team.
func Decision(game, by string) {
	decisions.WithLabelValues(known(game, catalog.Names), known(by, deciders)).Inc()
}

// Search records the time the bot took to choose a decision in a game.
func Search(game string, took time.Duration) {
	aiSeconds.WithLabelValues(known(game, catalog.Names)).Observe(took.Seconds())
}

// Queue sets how many of the bot's decisions wait for a searcher.
func Queue(n int) { aiQueue.Set(float64(n)) }

// Commit records a durable commit of a backend: its time and how many changes it carried.
func Commit(backend string, took time.Duration, changes int) {
	backend = known(backend, backends)
	commitSeconds.WithLabelValues(backend).Observe(took.Seconds())
	commitGroup.WithLabelValues(backend).Observe(float64(changes))
}

// Request counts a request to Discord's REST API by its route and the status it got (0: no answer);
// a 429 is also counted by its scope (global: Discord paused the whole process).
func Request(route string, status int, global bool) {
	requests.WithLabelValues(Route(route), strconv.Itoa(status)).Inc()
	if status == http.StatusTooManyRequests {
		scope := RouteScope
		if global {
			scope = GlobalScope
		}
		rateLimited.WithLabelValues(scope).Inc()
	}
}

// Gateway records whether the gateway connection is ready.
func Gateway(up bool) {
	if up {
		gatewayUp.Set(1)
	} else {
		gatewayUp.Set(0)
	}
}

// Resumed counts a gateway session resumed.
func Resumed() { gatewayResumes.Inc() }

// RoundPaired counts a tournament round paired.
func RoundPaired() { tournamentRounds.Inc() }

// Digest counts a member's daily digest by its outcome (DigestSent, …).
func Digest(outcome string) { digests.WithLabelValues(known(outcome, digestOutcomes)).Inc() }

// PuzzleServed counts a puzzle given to a solver in a game.
func PuzzleServed(game string) { puzzlesServed.WithLabelValues(known(game, catalog.Names)).Inc() }

// Counts is what the store holds right now, by game: games not over, challenges waiting.
type Counts func() (games, challenges map[string]int, err error)

// Count makes the active games and open challenges read from counts at each scrape, at most once
// every few seconds (a scrape costs the store a read). Without it the two families are empty.
func Count(counts Counts) {
	tally.mu.Lock()
	defer tally.mu.Unlock()
	tally.counts, tally.at = counts, time.Time{}
}

// tally collects the gauges of what the store holds.
var tally tallies

type tallies struct {
	mu                sync.Mutex
	counts            Counts
	at                time.Time
	games, challenges map[string]int
}

// fresh is how long a reading of the store serves scrapes.
const fresh = 5 * time.Second

func (t *tallies) Describe(ch chan<- *prometheus.Desc) {
	ch <- gamesActive
	ch <- challengesOpen
}

func (t *tallies) Collect(ch chan<- prometheus.Metric) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.counts == nil {
		return
	}
	if time.Since(t.at) > fresh {
		if g, c, err := t.counts(); err == nil {
			t.games, t.challenges, t.at = g, c, time.Now()
		}
	}
	for _, name := range catalog.Names {
		ch <- prometheus.MustNewConstMetric(gamesActive, prometheus.GaugeValue, float64(t.games[name]), name)
		ch <- prometheus.MustNewConstMetric(challengesOpen, prometheus.GaugeValue, float64(t.challenges[name]), name)
	}
}

// known is v when it is one of the values a label may take, else "other": a label never grows
// with what the traffic sends.
func known(v string, values []string) string {
	for _, k := range values {
		if v == k {
			return v
		}
	}
	return "other"
}

// Route is a REST route with any id or token in it replaced by "{id}", so that a route names a
// kind of request, never one channel or one interaction: a path segment is an id when it is five
// digits or more, forty token characters or more, or the token of a webhook or an interaction
// (the segment after /webhooks/{id}/ or /interactions/{id}/), whatever its length.
func Route(route string) string {
	var b []byte // nil until a segment is replaced
	start := 0
	var before [2]string // the two segments before this one, as written out
	for i := 0; i <= len(route); i++ {
		if i < len(route) && route[i] != '/' && route[i] != ' ' {
			continue
		}
		seg := route[start:i]
		token := before[0] == "{id}" && (before[1] == "webhooks" || before[1] == "interactions")
		if seg != "" && seg != "{id}" && (isID(seg) || token) {
			if b == nil {
				b = append(make([]byte, 0, len(route)), route[:start]...)
			}
			b = append(b, "{id}"...)
			seg = "{id}"
		} else if b != nil {
			b = append(b, seg...)
		}
		if b != nil && i < len(route) {
			b = append(b, route[i])
		}
		if seg != "" {
			before[1], before[0] = before[0], seg
		}
		start = i + 1
	}
	if b == nil {
		return route
	}
	return string(b)
}

func isID(seg string) bool {
	digits, token := true, true
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		isDigit := c >= '0' && c <= '9'
		digits = digits && isDigit
		token = token && (isDigit || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-' || c == '.')
	}
	return digits && len(seg) >= 5 || token && len(seg) >= 40
}
