package discord

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/rest"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// NewSession builds the discordgo session shared by the REST Sender, command registration and the
// gateway: every REST call goes through Transport (DISCORD_API_BASE, API v10, bounded retries), the
// gateway asks for the Guilds intent only (interactions need none; nothing privileged), and the
// shard is set from SHARD_ID/SHARD_COUNT.
func NewSession(cfg Config, retry rest.Retry, log *slog.Logger) *discordgo.Session {
	token := ""
	if cfg.Token != "" {
		token = "Bot " + cfg.Token
	}
	s, _ := discordgo.New(token) // New never fails
	s.Client = &http.Client{
		// Per call, retries and waits included: bounded so that a dead Discord cannot pile up
		// goroutines, long enough for a few rate-limit waits.
		Timeout:   2 * time.Minute,
		Transport: &rest.Transport{Base: cfg.APIBase, Retry: retry, Log: log},
	}
	s.ShouldRetryOnRateLimit = false // Transport retries, see its doc
	s.MaxRestRetries = 0
	s.Identify.Intents = discordgo.IntentsGuilds
	s.ShardID = cfg.Shard.ID
	s.ShardCount = cfg.Shard.Count
	s.LogLevel = discordgo.LogWarning
	return s
}

// Sender is the bot's REST Sender: its own moves and expiry notices as channel messages, and the
// id of a message created by an interaction response (through the interaction's webhook).
type Sender struct {
	s      *discordgo.Session
	log    *slog.Logger
	appID  string        // used when an interaction does not say its application
	settle time.Duration // first wait when @original is not there yet; doubled, 4 tries
	hooks  *rest.Webhooks
}

var _ bot.Sender = (*Sender)(nil)

// NewSender wraps a session from NewSession. appID may be empty when interactions carry it
// (they always do).
func NewSender(s *discordgo.Session, appID string, log *slog.Logger) *Sender {
	if log == nil {
		log = slog.Default()
	}
	return &Sender{s: s, log: log, appID: appID, settle: 100 * time.Millisecond, hooks: rest.NewWebhooks(s)}
}

// Size measures a message as Discord counts it (wire.Size): the bot fits its messages by it.
func (d *Sender) Size(r say.Rich) int { return wire.Size(r) }

// Send posts a message in a channel and returns its id.
func (d *Sender) Send(ctx context.Context, channelID string, m bot.Message) (string, error) {
	if d.s.Token == "" {
		return "", errNoToken
	}
	uri := discordgo.EndpointChannelMessages(channelID)
	id, err := d.post(ctx, uri, uri, wire.AppendMessage(nil, m, false), m.Files)
	if err != nil {
		err = forbidden(fmt.Errorf("posting in channel %s: %w", channelID, err))
		d.report(err, "channel", channelID)
		return "", err
	}
	return id, nil
}

// post sends a JSON body, with its files, through discordgo's rate limiter for bucket and returns
// the id of the message Discord answers with.
func (d *Sender) post(ctx context.Context, uri, bucket string, body []byte, files []bot.File) (string, error) {
	body, contentType := wire.Body(body, files)
	answer, err := d.s.RequestRaw("POST", uri, contentType, body, bucket, 0, discordgo.WithContext(ctx))
	if err != nil {
		return "", err
	}
	return messageID(answer)
}

// messageID reads the id of the message in Discord's answer.
func messageID(answer []byte) (string, error) {
	var msg struct {
		ID string `json:"id"`
	}
	if err := json.Unmarshal(answer, &msg); err != nil {
		return "", fmt.Errorf("reading Discord's answer: %w", err)
	}
	return msg.ID, nil
}

// Edit replaces a message's content, components and files.
func (d *Sender) Edit(ctx context.Context, channelID, messageID string, m bot.Message) error {
	return d.edit(ctx, channelID, messageID, wire.AppendMessage(nil, m, true), m.Files)
}

// SendDM writes to a member in their DM with the bot (the daily digest) and returns the message's
// id. A member who takes no DMs from the bot (Discord's 50007, or no shared server) gives an error
// wrapping bot.ErrNoDM.
func (d *Sender) SendDM(ctx context.Context, user string, m bot.Message) (string, error) {
	if d.s.Token == "" {
		return "", errNoToken
	}
	ch, err := d.s.UserChannelCreate(user, discordgo.WithContext(ctx))
	if err != nil {
		return "", noDM(fmt.Errorf("opening a DM with %s: %w", user, redactErr(err)))
	}
	id, err := d.Send(ctx, ch.ID, m)
	if err != nil {
		return "", noDM(err)
	}
	return id, nil
}

// noDM marks Discord's refusal to let the bot write to a member.
func noDM(err error) error {
	var re *discordgo.RESTError
	if errors.As(err, &re) && (re.Message != nil && re.Message.Code == discordgo.ErrCodeCannotSendMessagesToThisUser ||
		re.Response != nil && re.Response.StatusCode == http.StatusForbidden) {
		return fmt.Errorf("%w: %w", bot.ErrNoDM, err)
	}
	return err
}

// StartThread starts a public thread from a message and returns its id.
func (d *Sender) StartThread(ctx context.Context, channelID, messageID, name string) (string, error) {
	if d.s.Token == "" {
		return "", errNoToken
	}
	ch, err := d.s.MessageThreadStartComplex(channelID, messageID, &discordgo.ThreadStart{Name: name,
		AutoArchiveDuration: 10080, Type: discordgo.ChannelTypeGuildPublicThread}, discordgo.WithContext(ctx))
	if err != nil {
		err = forbidden(fmt.Errorf("starting a thread from message %s in channel %s: %w", messageID, channelID, err))
		d.report(err, "channel", channelID, "message", messageID)
		return "", err
	}
	return ch.ID, nil
}

// Delete removes a message.
func (d *Sender) Delete(ctx context.Context, channelID, messageID string) error {
	if d.s.Token == "" {
		return errNoToken
	}
	if err := d.s.ChannelMessageDelete(channelID, messageID, discordgo.WithContext(ctx)); err != nil {
		err = forbidden(fmt.Errorf("deleting message %s in channel %s: %w", messageID, channelID, err))
		d.report(err, "channel", channelID, "message", messageID)
		return err
	}
	return nil
}

// Clear removes a message's components.
func (d *Sender) Clear(ctx context.Context, channelID, messageID string) error {
	return d.edit(ctx, channelID, messageID, wire.ClearControls, nil)
}

func (d *Sender) edit(ctx context.Context, channelID, messageID string, body []byte, files []bot.File) error {
	if d.s.Token == "" {
		return errNoToken
	}
	body, contentType := wire.Body(body, files)
	_, err := d.s.RequestRaw("PATCH", discordgo.EndpointChannelMessage(channelID, messageID), contentType, body,
		discordgo.EndpointChannelMessage(channelID, ""), 0, discordgo.WithContext(ctx))
	if err != nil {
		err = forbidden(fmt.Errorf("editing message %s in channel %s: %w", messageID, channelID, err))
		d.report(err, "channel", channelID, "message", messageID)
		return err
	}
	return nil
}

// app is the application an interaction was sent to (interactions always say; tests may not).
func (d *Sender) app(in *wire.Interaction) string {
	if in.App == "" {
		return d.appID
	}
	return in.App
}

// EditOriginal replaces the message the response to in created, files included, through the
// interaction's webhook: no permission in the channel is needed while the interaction's token is
// good.
func (d *Sender) EditOriginal(ctx context.Context, in *wire.Interaction, m bot.Message) error {
	return d.editOriginal(ctx, in, wire.AppendMessage(nil, m, true), m.Files)
}

// ClearOriginal removes the components of the message the response to in created.
func (d *Sender) ClearOriginal(ctx context.Context, in *wire.Interaction) error {
	return d.editOriginal(ctx, in, wire.ClearControls, nil)
}

// editOriginal edits the response to in with a JSON edit. discordgo's InteractionResponseEdit
// would put every game's edits in one rate-limit bucket (one at a time, process-wide) and read
// back the whole edited message; Discord limits them per interaction token (see webhooks), and
// nobody reads the answer.
func (d *Sender) editOriginal(ctx context.Context, in *wire.Interaction, edit []byte, files []bot.File) error {
	edit, contentType := wire.Body(edit, files)
	if err := d.hooks.Edit(ctx, d.app(in), in.Token, edit, contentType); err != nil {
		err = forbidden(fmt.Errorf("editing the response to interaction %s: %w", in.ID, err))
		d.report(err, "interaction", in.ID)
		return err
	}
	return nil
}

// FollowUp posts a follow-up message to the interaction in, with its files.
func (d *Sender) FollowUp(ctx context.Context, in *wire.Interaction, m bot.Message) (string, error) {
	uri := discordgo.EndpointFollowupMessage(d.app(in), in.Token) + "?wait=true"
	id, err := d.post(ctx, uri, uri, wire.AppendMessage(nil, m, false), m.Files)
	if err != nil {
		err = forbidden(fmt.Errorf("following up interaction %s: %w", in.ID, err))
		d.report(err, "interaction", in.ID)
		return "", err
	}
	return id, nil
}

// forbidden marks a refusal to post or edit (HTTP 403: Missing Access, Missing Permissions) as
// bot.ErrForbidden, which the bot tells the players instead of retrying.
func forbidden(err error) error {
	err = redactErr(err) // every REST error passes here: its text must not carry a token
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Response != nil && re.Response.StatusCode == http.StatusForbidden {
		return fmt.Errorf("%w: %w", bot.ErrForbidden, err)
	}
	return err
}

// Original returns the id of the message the response to in created. It needs no bot token (the
// interaction's own token authorises it). Over HTTP the response reaches Discord only after our
// handler returns, so a 404 right after is retried a few times.
//
// It asks with a rate-limit bucket per interaction token: discordgo's InteractionResponse puts
// every webhook call in one bucket, which would queue all games' follow-ups behind each other,
// while Discord limits them per token.
func (d *Sender) Original(ctx context.Context, in *wire.Interaction) (string, error) {
	uri := discordgo.EndpointWebhookMessage(d.app(in), in.Token, "@original")
	wait := d.settle
	for try := 1; ; try++ {
		answer, err := d.s.RequestWithBucketID("GET", uri, nil, uri, discordgo.WithContext(ctx))
		if err == nil {
			return messageID(answer)
		}
		if try < 4 && Code(err) == discordgo.ErrCodeUnknownMessage {
			select {
			case <-ctx.Done():
				return "", ctx.Err()
			case <-time.After(wait):
			}
			wait *= 2
			continue
		}
		err = redactErr(fmt.Errorf("reading the response to interaction %s: %w", in.ID, err))
		d.report(err, "interaction", in.ID)
		return "", err
	}
}

// report logs a failed call. Every state change is stored before the bot says it, so a failure
// here loses a message, never a game: the board is shown again by the next move or /… board.
func (d *Sender) report(err error, args ...any) {
	args = append(args, "err", err)
	if errors.Is(err, bot.ErrForbidden) {
		d.log.Warn("discord: the bot may not post or edit there; the players are told, nothing is retried", args...)
		return
	}
	switch Code(err) {
	case discordgo.ErrCodeUnknownInteraction:
		d.log.Warn("discord: unknown interaction (answered too late or twice); stored state is kept", args...)
	case discordgo.ErrCodeUnknownMessage, discordgo.ErrCodeUnknownChannel:
		d.log.Warn("discord: message or channel is gone; stored state is kept", args...)
	default:
		d.log.Error("discord: REST call failed; stored state is kept", args...)
	}
}

// errNoToken is returned by calls that need the bot token when none is configured.
var errNoToken = errors.New("no DISCORD_TOKEN: the bot cannot post or edit messages of its own (set DISCORD_TOKEN)")

// Code is the JSON error code of a Discord REST error (10062 Unknown interaction, …), or 0.
func Code(err error) int {
	var re *discordgo.RESTError
	if errors.As(err, &re) && re.Message != nil {
		return re.Message.Code
	}
	return 0
}
