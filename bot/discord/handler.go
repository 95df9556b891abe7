package discord

import (
	"context"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/say"
)

// Handler answers interactions; *Interactions is the one the gateway and the endpoint serve.
type Handler interface {
	Handle(ctx context.Context, in *discordgo.Interaction) Reply
}

// Reply is the answer to one interaction.
type Reply struct {
	Response *discordgo.InteractionResponse
	// After, when set, runs once the response has been delivered (never before), in tracked work.
	After func(ctx context.Context)
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

// fallback answers an interaction the command layer gave no response for (a bug): a private note
// rather than Discord's "This interaction failed".
func fallback(in *discordgo.Interaction) *discordgo.InteractionResponse {
	if in.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return &discordgo.InteractionResponse{
			Type: discordgo.InteractionApplicationCommandAutocompleteResult,
			Data: &discordgo.InteractionResponseData{Choices: []*discordgo.ApplicationCommandOptionChoice{}},
		}
	}
	return &discordgo.InteractionResponse{
		Type: discordgo.InteractionResponseChannelMessageWithSource,
		Data: &discordgo.InteractionResponseData{
			Content: say.For(say.Private(string(in.Locale))).T("error.internal", nil),
			Flags:   discordgo.MessageFlagsEphemeral,
		},
	}
}
