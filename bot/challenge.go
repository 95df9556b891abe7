package bot

import (
	"context"
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/store"
	"tabuleiro/table"
)

// challenge posts a public challenge with Accept and Decline buttons.
func (b *Bot) challenge(req *request, d *games.Descriptor) (Reply, error) {
	data := req.in.Command
	if err := req.mayPostLater(); err != nil {
		return Reply{}, err
	}
	opponent := data.Str("opponent")
	opts, err := gameOptions(d, data)
	if err != nil {
		return Reply{}, err
	}
	c, err := b.t.ChallengeRated(req.actor, opponent, data.Bots[opponent], data.Lower("first"), opts, ratedOption(data))
	if err != nil {
		return Reply{}, err
	}
	m := Message{Content: challengeText(c), Rows: challengeRows(c, false), Pings: []string{opponent}}
	return public(m).with(func(ctx context.Context, f Followup) {
		b.live.set(b.live.challenges, c.ID, f, true)
		msg, err := f.Original(ctx)
		if err != nil {
			req.log.Warn("could not record the challenge message", "challenge", c.ID, "err", err)
			return
		}
		b.t.NoteChallenge(c.ID, msg)
	}), nil
}

func describeOptions(d *games.Descriptor, o games.Options) string {
	var parts []string
	for _, spec := range d.Options {
		if v, ok := o[spec.Name]; ok {
			parts = append(parts, spec.Name+": "+v)
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
		return table.Mention(c.Challenger) + " moves first"
	case "them":
		return table.Mention(c.Opponent) + " moves first"
	}
	return "first player drawn at random"
}

func challengeText(c store.Challenge) string {
	d := table.Describe(c.Kind)
	return fmt.Sprintf("%s challenges %s to %s **%s**%s — %s.\n%s: **Accept** or **Decline**. The challenge expires <t:%d:R>.",
		table.Mention(c.Challenger), table.Mention(c.Opponent), ratedText(c), d.Title, describeOptions(d, c.Options), firstText(c),
		table.Mention(c.Opponent), c.Expires.Unix())
}

func challengeRows(c store.Challenge, disabled bool) []Row {
	act := func(verb string) Action { return Action{Kind: c.Kind, Challenge: c.ID, Verb: verb} }
	return []Row{{
		{Type: Button, Label: "Accept", Style: Success, Action: act("accept"), Disabled: disabled},
		{Type: Button, Label: "Decline", Style: Secondary, Action: act("decline"), Disabled: disabled},
	}}
}

func expiredText(c store.Challenge) string {
	return fmt.Sprintf("This challenge expired: %s challenged %s to **%s**, with no answer in time.",
		table.Mention(c.Challenger), table.Mention(c.Opponent), table.Describe(c.Kind).Title)
}

// answer accepts, declines or withdraws a challenge from its buttons.
func (b *Bot) answer(req *request, click ClickData) (Reply, error) {
	verb := click.Action.Verb
	if verb != "accept" && verb != "decline" {
		return Reply{}, refuse(table.Invalid, "That button is not one of tabuleiro's.")
	}
	a, err := b.t.Answer(req.actor, click.Action.Challenge, verb == "accept", click.MessageID)
	if err != nil {
		return Reply{}, err
	}
	c := a.Challenge
	if a.Game != nil {
		v := *a.Game
		return update(boardMessage(v, "")).with(func(ctx context.Context, f Followup) {
			b.live.set(b.live.boards, v.Game.ID, f, true)
			if b.t.WantsThread(v) {
				b.moveToThread(ctx, req, v, f)
			}
		}), nil
	}
	title := table.Describe(c.Kind).Title
	text := fmt.Sprintf("%s declined %s's challenge to **%s**.", table.Mention(c.Opponent), table.Mention(c.Challenger), title)
	if c.State == store.ChallengeWithdrawn {
		text = fmt.Sprintf("%s withdrew their challenge to %s (**%s**).", table.Mention(c.Challenger), table.Mention(c.Opponent), title)
	}
	return update(Message{Content: text}), nil
}
