package discord

import (
	"context"
	"sync"

	"github.com/bwmarrin/discordgo"
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

// recent remembers the last interaction ids seen, so that one delivered twice (a gateway replay,
// a proxy retrying an HTTP request) is answered once: a second answer would be refused by Discord
// and, worse, the command would be applied twice.
type recent struct {
	mu   sync.Mutex
	seen map[string]struct{}
	ring []string
	next int
}

func newRecent(size int) *recent {
	return &recent{seen: make(map[string]struct{}, size), ring: make([]string, size)}
}

// first reports whether id is new, and remembers it.
func (r *recent) first(id string) bool {
	if id == "" {
		return true
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.seen[id]; ok {
		return false
	}
	if old := r.ring[r.next]; old != "" {
		delete(r.seen, old)
	}
	r.ring[r.next] = id
	r.next = (r.next + 1) % len(r.ring)
	r.seen[id] = struct{}{}
	return true
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
			Content: "Something went wrong on my side; nothing was changed. Please try again.",
			Flags:   discordgo.MessageFlagsEphemeral,
		},
	}
}
