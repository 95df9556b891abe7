package bot

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// challenge posts a public challenge with Accept and Decline buttons.
func (b *Bot) challenge(ctx context.Context, req *request, opts map[string]option,
	resolved *discordgo.ApplicationCommandInteractionDataResolved) (Reply, error) {
	opponent := opts["opponent"].str()
	if opponent == "" {
		return Reply{}, refuse(CodeInvalid, "Name your opponent: `/%s challenge opponent:@someone`.", req.kind)
	}
	if opponent == req.user {
		return Reply{}, refuse(CodeRefused, "You cannot challenge yourself — challenge someone else, or play the bot with `/%s vs-bot`.", req.kind)
	}
	if resolved != nil {
		if u := resolved.Users[opponent]; u != nil && u.Bot {
			return Reply{}, refuse(CodeRefused, "You cannot challenge a bot — to play tabuleiro, use `/%s vs-bot`.", req.kind)
		}
	}
	first := strings.ToLower(opts["first"].str())
	switch first {
	case "":
		first = "random"
	case "me", "them", "random":
	default:
		return Reply{}, refuse(CodeInvalid, "first must be me, them or random, not %q.", first)
	}
	gopts, err := readOptions(req.kind, opts)
	if err != nil {
		return Reply{}, err
	}
	for _, u := range []string{req.user, opponent} {
		if err := b.busy(req, u); err != nil {
			return Reply{}, err
		}
	}
	now := b.cfg.Now()
	c, err := b.st.CreateChallenge(store.Challenge{Guild: req.guild, Channel: req.channel, Kind: req.kind,
		Options: gopts, First: first, Challenger: req.user, Opponent: opponent,
		Created: now, Expires: now.Add(b.cfg.ChallengeTTL)})
	if err != nil {
		return Reply{}, err
	}
	req.log.Info("challenge", "challenge", c.ID, "opponent", opponent)
	r := public(challengeText(c), challengeButtons(c, false))
	r.Data.AllowedMentions = &discordgo.MessageAllowedMentions{Users: []string{opponent}}
	return Reply{Response: r, After: func(ctx context.Context) {
		b.wg.Add(1)
		defer b.wg.Done()
		msg, err := b.send.Original(ctx, req.in)
		if err == nil {
			err = b.st.SetChallengeMessage(c.ID, msg)
		}
		if err != nil {
			req.log.Warn("could not record the challenge message", "challenge", c.ID, "err", err)
		}
	}}, nil
}

func describeOptions(kind string, o games.Options) string {
	var parts []string
	for _, name := range gameOptionNames(kind) {
		if v, ok := o[name]; ok {
			parts = append(parts, name+": "+v)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

func firstText(c store.Challenge) string {
	switch c.First {
	case "me":
		return mention(c.Challenger) + " moves first"
	case "them":
		return mention(c.Opponent) + " moves first"
	}
	return "first player drawn at random"
}

func challengeText(c store.Challenge) string {
	return fmt.Sprintf("%s challenges %s to **%s**%s — %s.\n%s: **Accept** or **Decline**. The challenge expires <t:%d:R>.",
		mention(c.Challenger), mention(c.Opponent), titles[c.Kind], describeOptions(c.Kind, c.Options), firstText(c),
		mention(c.Opponent), c.Expires.Unix())
}

func challengeButtons(c store.Challenge, disabled bool) []discordgo.MessageComponent {
	base := fmt.Sprintf("/%s/ch/%d/", c.Kind, c.ID)
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{
		discordgo.Button{Label: "Accept", Style: discordgo.SuccessButton, CustomID: base + "accept", Disabled: disabled},
		discordgo.Button{Label: "Decline", Style: discordgo.SecondaryButton, CustomID: base + "decline", Disabled: disabled},
	}}}
}

func expiredText(c store.Challenge) string {
	return fmt.Sprintf("This challenge expired: %s challenged %s to **%s**, with no answer in time.",
		mention(c.Challenger), mention(c.Opponent), titles[c.Kind])
}

// challengeButton accepts, declines or withdraws a challenge.
func (b *Bot) challengeButton(ctx context.Context, req *request, id uint64, action string) (Reply, error) {
	c, err := b.st.Challenge(id)
	if errors.Is(err, store.ErrNotFound) {
		return Reply{}, refuse(CodeNotFound, "That challenge no longer exists.")
	}
	if err != nil {
		return Reply{}, err
	}
	req.log = req.log.With("challenge", id)
	if c.Channel != req.channel {
		return Reply{}, refuse(CodeRefused, "That challenge belongs to another channel.")
	}
	if c.State != store.ChallengeOpen {
		return Reply{}, refuse(CodeStale, "This challenge is no longer open (it was %s).", c.State)
	}
	if req.user != c.Challenger && req.user != c.Opponent {
		return Reply{}, refuse(CodeRefused, "This challenge is for %s — challenge someone yourself with `/%s challenge`.", mention(c.Opponent), c.Kind)
	}
	now := b.cfg.Now()
	switch action {
	case "accept":
		if req.user != c.Opponent {
			return Reply{}, refuse(CodeRefused, "You cannot accept your own challenge — wait for %s, or withdraw it with Decline.", mention(c.Opponent))
		}
		if !now.Before(c.Expires) {
			return Reply{}, store.ErrExpired
		}
		challenger := store.Player{UserID: c.Challenger}
		opponent := store.Player{UserID: c.Opponent}
		seats := [2]store.Player{challenger, opponent}
		switch c.First {
		case "them":
			seats = [2]store.Player{opponent, challenger}
		case "me":
		default:
			if b.rng(2, c.ID).IntN(2) == 1 {
				seats = [2]store.Player{opponent, challenger}
			}
		}
		g, err := catalog.NewDealt(c.Kind, c.Options, b.rng(1, c.ID))
		if err != nil {
			return Reply{}, err
		}
		msgID := ""
		if req.in.Message != nil {
			msgID = req.in.Message.ID
		}
		rec := store.Game{Guild: c.Guild, Channel: c.Channel, Kind: c.Kind, Seats: seats, MessageID: msgID,
			Encoded: games.Encode(g), Created: now}
		rec.Deadline = b.deadline(rec, g, now)
		rec, err = b.st.AcceptChallenge(c.ID, rec)
		if err != nil {
			return Reply{}, err
		}
		req.log.Info("challenge accepted", "game", rec.ID)
		content, comps := boardMessage(rec, g, "")
		return Reply{Response: update(content, comps)}, nil
	case "decline":
		state, verb := store.ChallengeDeclined, "declined"
		if req.user == c.Challenger {
			state, verb = store.ChallengeWithdrawn, "withdrew"
		}
		c, err = b.st.CloseChallenge(c.ID, state)
		if err != nil {
			return Reply{}, err
		}
		req.log.Info("challenge closed", "state", state)
		text := fmt.Sprintf("%s declined %s's challenge to **%s**.", mention(c.Opponent), mention(c.Challenger), titles[c.Kind])
		if state == store.ChallengeWithdrawn {
			text = fmt.Sprintf("%s %s their challenge to %s (**%s**).", mention(c.Challenger), verb, mention(c.Opponent), titles[c.Kind])
		}
		return Reply{Response: update(text, nil)}, nil
	}
	return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
}
