package discord

import (
	"context"
	"sync"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
)

// Handler answers the bot's interactions: *bot.Bot in the program. It recovers from its own
// panics, answering privately (bot.Handle does).
type Handler interface {
	Handle(ctx context.Context, in *bot.Interaction) bot.Reply
}

// Webhooks are what an interaction's token allows while it is good: reading, editing and clearing the
// message its response created, and posting follow-up messages. The Sender does them over REST.
type Webhooks interface {
	Original(ctx context.Context, in *wire.Interaction) (string, error)
	EditOriginal(ctx context.Context, in *wire.Interaction, m bot.Message) error
	ClearOriginal(ctx context.Context, in *wire.Interaction) error
	FollowUp(ctx context.Context, in *wire.Interaction, m bot.Message) (string, error)
}

// Interactions is the bot as Discord reaches it: the handler, and the webhooks through which its
// After steps follow up. The gateway and the endpoint serve it.
type Interactions struct {
	bot   Handler
	hooks Webhooks
}

// NewInteractions serves b; hooks reach the interactions' webhooks for the follow-ups.
func NewInteractions(b Handler, hooks Webhooks) *Interactions {
	return &Interactions{bot: b, hooks: hooks}
}

// followup is one interaction's webhook, as the bot uses it.
type followup struct {
	w  Webhooks
	in *wire.Interaction
}

func (f followup) Original(ctx context.Context) (string, error) { return f.w.Original(ctx, f.in) }
func (f followup) EditOriginal(ctx context.Context, m bot.Message) error {
	return f.w.EditOriginal(ctx, f.in, m)
}
func (f followup) ClearOriginal(ctx context.Context) error { return f.w.ClearOriginal(ctx, f.in) }
func (f followup) FollowUp(ctx context.Context, m bot.Message) (string, error) {
	return f.w.FollowUp(ctx, f.in, m)
}

// recent remembers every interaction id seen in the last window, so that one delivered twice (a
// gateway replay, a proxy retrying an HTTP request, a captured request replayed while its signature
// is still fresh) is answered once: a second answer would be refused by Discord and, worse, the
// command would be applied twice. It forgets by time, not count, so a burst cannot push an id out
// early; it holds rate × window ids (14 a second for 11 minutes: ~9,000, under 1 MB), and only
// interactions that passed the signature check or came over the gateway reach it.
type recent struct {
	mu     sync.Mutex
	window time.Duration
	now    func() time.Time
	seen   map[string]struct{}
	queue  []seenID // in arrival order, so in order of expiry
	head   int
}

type seenID struct {
	id      string
	expires time.Time
}

func newRecent(window time.Duration, now func() time.Time) *recent {
	if now == nil {
		now = time.Now
	}
	return &recent{window: window, now: now, seen: map[string]struct{}{}}
}

// first reports whether id is new, and remembers it.
func (r *recent) first(id string) bool {
	if id == "" {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	t := r.now()
	r.forget(t)
	if _, ok := r.seen[id]; ok {
		return false
	}
	r.seen[id] = struct{}{}
	r.queue = append(r.queue, seenID{id, t.Add(r.window)})
	return true
}

// forget drops the ids whose window has passed at t.
func (r *recent) forget(t time.Time) {
	for r.head < len(r.queue) && !t.Before(r.queue[r.head].expires) {
		delete(r.seen, r.queue[r.head].id)
		r.queue[r.head] = seenID{}
		r.head++
	}
	// Reuse the queue's space once most of it is forgotten ids.
	if r.head > 1024 && r.head*2 > len(r.queue) {
		r.queue = append(r.queue[:0], r.queue[r.head:]...)
		r.head = 0
	}
}

// size is how many ids are remembered.
func (r *recent) size() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.seen)
}
