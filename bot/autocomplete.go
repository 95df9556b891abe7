package bot

import (
	"context"
	"strings"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/games"
)

// autocomplete suggests the caller's legal decisions in canonical notation, filtered by what they
// typed, at most 25; nothing when it is not their decision.
func (b *Bot) autocomplete(ctx context.Context, req *request) Reply {
	data := req.in.ApplicationCommandData()
	req.kind = data.Name
	typed := ""
	if len(data.Options) > 0 {
		for _, o := range data.Options[0].Options {
			if o.Focused {
				typed = option{o.Value}.str()
			}
		}
	}
	var choices []*discordgo.ApplicationCommandOptionChoice
	for _, n := range b.suggest(req, typed) {
		choices = append(choices, &discordgo.ApplicationCommandOptionChoice{Name: n, Value: n})
	}
	return Reply{Response: &discordgo.InteractionResponse{
		Type: discordgo.InteractionApplicationCommandAutocompleteResult,
		Data: &discordgo.InteractionResponseData{Choices: choices},
	}}
}

// suggest lists the legal decisions of the caller matching typed.
func (b *Bot) suggest(req *request, typed string) []string {
	if _, ok := titles[req.kind]; !ok || req.inGuild() != nil {
		return nil
	}
	rec, err := b.st.ActiveGame(req.channel, req.kind, req.user)
	if err != nil {
		return nil
	}
	rec, g, err := b.st.Game(rec.ID)
	if err != nil || g.Outcome().Over() || seatOf(rec, req.user) != g.ToMove() {
		return nil
	}
	return matching(games.Names(g, g.Legal()), typed)
}

// matching keeps the names that start with typed, ignoring case and punctuation (so "a3 a4" finds
// "a3-a4"), or whose part after a table matches (so "ne" finds Oolong's "c.ne"). At most 25.
func matching(names []string, typed string) []string {
	want := strings.ToLower(strings.TrimSpace(typed))
	squashed := squash(want)
	var out []string
	for _, n := range names {
		l := strings.ToLower(n)
		_, after, dotted := strings.Cut(l, ".")
		ok := strings.HasPrefix(l, want) || strings.HasPrefix(squash(l), squashed) ||
			(dotted && !strings.Contains(l, " ") && strings.HasPrefix(after, want))
		if ok {
			out = append(out, n)
			if len(out) == maxOptions {
				break
			}
		}
	}
	return out
}

// squash keeps only letters and digits.
func squash(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
