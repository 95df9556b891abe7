package bot

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/ai"

	"tabuleiro/store"
)

// Config tunes a Bot. The zero value gives the defaults of discord.md.
type Config struct {
	ChallengeTTL time.Duration    // how long a challenge stays open; default 10m
	IdleTimeout  time.Duration    // how long a player may take to decide; default 72h
	AIMoveTime   time.Duration    // hard's thinking budget; default 1s
	Now          func() time.Time // the clock; default time.Now
	Seed         uint64           // seeds layouts, random seat choice and the AI (deterministic tests)
	Log          *slog.Logger     // default slog.Default()
	// AI is the bot's opponent play; default a Player that keeps its endgame databases in memory.
	// Make one per process with ai.New(ai.Config{CacheDir: beside the store}).
	AI *ai.Player
}

// Sender delivers what the bot says outside an interaction response: its own moves, expiry notices.
type Sender interface {
	Send(ctx context.Context, channelID string, m *discordgo.MessageSend) (messageID string, err error)
	Edit(ctx context.Context, channelID, messageID string, m *discordgo.MessageEdit) error
	// Original returns the id of the message created by the response to interaction in (so a board
	// posted as an interaction response can be edited later).
	Original(ctx context.Context, in *discordgo.Interaction) (messageID string, err error)
}

// Reply is the answer to one interaction.
type Reply struct {
	Response *discordgo.InteractionResponse
	// After, when set, runs once the response has been delivered (never before): it records the new
	// board's message id and makes the bot's move(s). Adapters call it in the background.
	After func(ctx context.Context)
}

// Bot is the command layer: it reads and writes games through the store and answers interactions.
// It is safe for concurrent use.
type Bot struct {
	st   *store.Store
	send Sender
	cfg  Config
	log  *slog.Logger

	wg      sync.WaitGroup
	mu      sync.Mutex
	running map[uint64]bool // games whose bot moves are being made
	again   map[uint64]bool // games asked for again while running
}

// New builds a Bot on a store and a Sender.
func New(st *store.Store, send Sender, cfg Config) *Bot {
	if cfg.ChallengeTTL <= 0 {
		cfg.ChallengeTTL = 10 * time.Minute
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 72 * time.Hour
	}
	if cfg.AIMoveTime <= 0 {
		cfg.AIMoveTime = time.Second
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Log == nil {
		cfg.Log = slog.Default()
	}
	if cfg.AI == nil {
		cfg.AI = ai.Default()
	}
	return &Bot{st: st, send: send, cfg: cfg, log: cfg.Log,
		running: map[uint64]bool{}, again: map[uint64]bool{}}
}

// Wait waits for all in-flight background work: After steps and the bot's moves.
func (b *Bot) Wait() { b.wg.Wait() }
