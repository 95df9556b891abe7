package bot

import (
	"context"
	"strings"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// challenge posts a public challenge with Accept and Decline buttons; without an opponent it is
// open to anyone in the channel and pings nobody.
func (b *Bot) challenge(req *Request, d *games.Descriptor) (Reply, error) {
	data := req.in.Command
	if err := req.mayPostLater(); err != nil {
		return Reply{}, err
	}
	opponent := data.Str("opponent")
	opts, err := gameOptions(d, data)
	if err != nil {
		return Reply{}, err
	}
	pace, err := paceOf(data)
	if err != nil {
		return Reply{}, err
	}
	c, err := b.t.ChallengePaced(req.actor, opponent, data.Bots[opponent], data.Lower("first"), opts, ratedOption(data), pace)
	if err != nil {
		return Reply{}, err
	}
	m := Message{Content: challengeText(c, req.pub), Rows: challengeRows(c, false, req.pub)}
	if opponent != "" {
		m.Pings = []string{opponent}
	}
	return public(m).with(func(ctx context.Context, f Followup) {
		b.follow.set(b.follow.challenges, c.ID, f, true)
		msg, err := f.Original(ctx)
		if err != nil {
			req.log.Warn("could not record the challenge message", "challenge", c.ID, "err", err)
			return
		}
		b.t.NoteChallenge(c.ID, msg)
	}), nil
}

// describeOptions are a challenge's game options as written in commands (name: value), which
// stay the same in every language.
func describeOptions(d *games.Descriptor, o games.Options) string {
	var parts []string
	for _, spec := range d.Options {
		// A default says nothing: a tournament keeps every option, a challenge those typed.
		if v, ok := o[spec.Name]; ok && v != optionDefault(spec) {
			parts = append(parts, spec.Name+": "+v)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// optionDefault is what a game takes when the option is not given: its first choice, or false.
func optionDefault(spec games.OptionSpec) string {
	if spec.Bool || len(spec.Choices) == 0 {
		return "false"
	}
	return spec.Choices[0]
}

func firstText(c store.Challenge) games.Text {
	switch c.First {
	case "me":
		return games.Text{ID: "challenge.first", Args: map[string]any{"Player": say.Mention(c.Challenger)}}
	case "them":
		if c.Opponent == "" {
			return games.Text{ID: "challenge.first-accepter"}
		}
		return games.Text{ID: "challenge.first", Args: map[string]any{"Player": say.Mention(c.Opponent)}}
	}
	return games.Text{ID: "challenge.first-random"}
}

func challengeText(c store.Challenge, w *say.Words) say.Rich {
	d := table.Describe(c.Kind)
	id := "challenge.unrated"
	if c.Rated {
		id = "challenge.rated"
	}
	if c.Opponent == "" {
		id = strings.Replace(id, ".", ".open-", 1)
	}
	return w.Rich(id, map[string]any{"Challenger": say.Mention(c.Challenger), "Opponent": say.Mention(c.Opponent),
		"Title": d.Title, "Options": describePaced(d, c.Options, c.Pace), "First": firstText(c), "Expires": say.Time(c.Expires)})
}

func challengeRows(c store.Challenge, disabled bool, w *say.Words) []Row {
	act := func(route string) Action { return Action{Route: route, Kind: c.Kind, Challenge: c.ID} }
	return []Row{{
		{Type: Button, Label: w.T("button.accept", nil), Style: Success, Action: act("accept"), Disabled: disabled},
		{Type: Button, Label: w.T("button.decline", nil), Style: Secondary, Action: act("decline"), Disabled: disabled},
	}}
}

func expiredText(c store.Challenge, w *say.Words) say.Rich {
	id := "challenge.expired"
	if c.Opponent == "" {
		id = "challenge.open-expired"
	}
	return w.Rich(id, map[string]any{"Challenger": say.Mention(c.Challenger), "Opponent": say.Mention(c.Opponent),
		"Title": table.Describe(c.Kind).Title})
}

// answer accepts, declines or withdraws a challenge from its buttons.
func (b *Bot) answer(req *Request) (Reply, error) {
	click := req.in.Click
	req.log = req.log.With("challenge", click.Action.Challenge)
	req.actor.Log = req.log
	a, err := b.t.Answer(req.actor, click.Action.Challenge, click.Action.Route == routeAccept, click.MessageID)
	if err != nil {
		return Reply{}, err
	}
	c := a.Challenge
	if a.Game != nil {
		v := *a.Game
		return update(b.boardMessage(v, "", req.pub, b.look(req))).with(func(ctx context.Context, f Followup) {
			b.follow.set(b.follow.boards, v.Game.ID, f, true)
			if b.t.WantsThread(v) {
				b.moveToThread(ctx, req, v, f)
			}
		}), nil
	}
	id := "challenge.declined"
	switch {
	case c.State == store.ChallengeWithdrawn && c.Opponent == "":
		id = "challenge.open-withdrawn"
	case c.State == store.ChallengeWithdrawn:
		id = "challenge.withdrawn"
	}
	return update(Message{Content: req.pub.Rich(id, map[string]any{"Challenger": say.Mention(c.Challenger),
		"Opponent": say.Mention(c.Opponent), "Title": table.Describe(c.Kind).Title})}), nil
}
