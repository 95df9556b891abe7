package discord

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/bot"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

var commandName = regexp.MustCompile(`^[-_\p{Ll}\p{N}]{1,32}$`)

// lintMessage checks a message against Discord's limits: content ≤ 2000 characters, ≤ 5 action rows
// of ≤ 5 buttons or one select, select menus of 1–25 options, custom ids ≤ 100 and unique.
// lintPhone checks what a phone shows: every line inside a code block at most 28 columns of ASCII
// (phones wrap code blocks there), and some text after the last closing fence.
func lintPhone(t testing.TB, what, content string) {
	t.Helper()
	lines := strings.Split(content, "\n")
	inside, fenced, last := false, false, -1
	for i, l := range lines {
		if strings.HasPrefix(l, "```") {
			inside, fenced, last = !inside, true, i
			continue
		}
		if !inside {
			continue
		}
		if len(l) > 28 || strings.IndexFunc(l, func(r rune) bool { return r > 126 }) >= 0 && !strings.HasPrefix(lines[last], "```text") {
			t.Errorf("%s: a code-block line is %d columns (a phone shows 28): %q", what, utf8.RuneCountInString(l), l)
		}
	}
	if fenced && strings.TrimSpace(strings.Join(lines[last+1:], "")) == "" {
		t.Errorf("%s: nothing follows the code block", what)
	}
}

func lintMessage(t testing.TB, what, content string, comps []discordgo.MessageComponent) {
	t.Helper()
	if n := utf8.RuneCountInString(content); n > 2000 {
		t.Errorf("%s: content has %d characters, Discord allows 2000", what, n)
	}
	lintPhone(t, what, content)
	if len(comps) > 5 {
		t.Errorf("%s: %d action rows, Discord allows 5", what, len(comps))
	}
	ids := map[string]bool{}
	for _, row := range comps {
		ar, ok := row.(discordgo.ActionsRow)
		if !ok {
			t.Errorf("%s: top-level component %T is not an action row", what, row)
			continue
		}
		if len(ar.Components) == 0 || len(ar.Components) > 5 {
			t.Errorf("%s: an action row holds %d components", what, len(ar.Components))
		}
		for _, c := range ar.Components {
			var id string
			switch x := c.(type) {
			case discordgo.Button:
				id = x.CustomID
				if x.Label == "" || utf8.RuneCountInString(x.Label) > 80 {
					t.Errorf("%s: button label %q", what, x.Label)
				}
			case discordgo.SelectMenu:
				id = x.CustomID
				if len(ar.Components) != 1 {
					t.Errorf("%s: a select menu shares its row", what)
				}
				if len(x.Options) == 0 || len(x.Options) > 25 {
					t.Errorf("%s: select %s has %d options", what, x.CustomID, len(x.Options))
				}
				if utf8.RuneCountInString(x.Placeholder) > 150 {
					t.Errorf("%s: placeholder %q too long", what, x.Placeholder)
				}
				vals := map[string]bool{}
				for _, o := range x.Options {
					if o.Label == "" || len(o.Label) > 100 || o.Value == "" || len(o.Value) > 100 || vals[o.Value] {
						t.Errorf("%s: select option %+v", what, o)
					}
					vals[o.Value] = true
				}
			default:
				t.Errorf("%s: unexpected component %T", what, c)
			}
			if id == "" || len(id) > 100 {
				t.Errorf("%s: custom id %q (1–100 characters)", what, id)
			}
			if ids[id] {
				t.Errorf("%s: custom id %q twice in one message", what, id)
			}
			ids[id] = true
		}
	}
}

// lintIDs checks that every custom id of comps reads back as the action it was written from, and
// stays within 100 characters even for the largest game id and a very long game.
func lintIDs(t testing.TB, what string, comps []discordgo.MessageComponent) {
	t.Helper()
	for id := range customIDs(comps) {
		a, ok := bot.ParseCustomID(id)
		if !ok || bot.CustomID(a) != id {
			t.Errorf("%s: custom id %q reads back as %+v (ok %v)", what, id, a, ok)
			continue
		}
		if a.Challenge == 0 {
			a.Game, a.Ply = math.MaxUint64, math.MaxInt32
		} else {
			a.Challenge = math.MaxUint64
		}
		if n := len(bot.CustomID(a)); n > 100 {
			t.Errorf("%s: custom id %q has %d characters with the largest ids", what, bot.CustomID(a), n)
		}
	}
}

func TestCommandsFitDiscordLimits(t *testing.T) {
	cmds := Commands()
	var names []string
	for _, c := range cmds {
		names = append(names, c.Name)
	}
	if got := strings.Join(names, " "); got != "oolong ouri ordo tabuleiro Challenge to a game" {
		t.Fatalf("commands %q, want the three games, /tabuleiro and the user menu", got)
	}
	var walk func(path string, opts []*discordgo.ApplicationCommandOption)
	check := func(path, name, desc string) {
		if !commandName.MatchString(name) {
			t.Errorf("%s: name %q is not 1–32 lowercase", path, name)
		}
		if n := utf8.RuneCountInString(desc); n < 1 || n > 100 {
			t.Errorf("%s: description has %d characters (1–100)", path, n)
		}
	}
	walk = func(path string, opts []*discordgo.ApplicationCommandOption) {
		if len(opts) > 25 {
			t.Errorf("%s: %d options (≤25)", path, len(opts))
		}
		seen := map[string]bool{}
		required := true
		for _, o := range opts {
			p := path + " " + o.Name
			check(p, o.Name, o.Description)
			if seen[o.Name] {
				t.Errorf("%s: option twice", p)
			}
			seen[o.Name] = true
			if o.Required && !required {
				t.Errorf("%s: a required option after an optional one", p)
			}
			required = o.Required
			if len(o.Choices) > 25 {
				t.Errorf("%s: %d choices (≤25)", p, len(o.Choices))
			}
			for _, c := range o.Choices {
				if n := utf8.RuneCountInString(c.Name); n < 1 || n > 100 {
					t.Errorf("%s: choice %q", p, c.Name)
				}
			}
			if o.Autocomplete && len(o.Choices) > 0 {
				t.Errorf("%s: autocomplete with choices", p)
			}
			walk(p, o.Options)
		}
	}
	for _, c := range cmds {
		if c.Type == discordgo.UserApplicationCommand {
			// A context-menu command: a name people read (1–32 characters, spaces allowed), nothing else.
			if n := utf8.RuneCountInString(c.Name); n < 1 || n > 32 || c.Description != "" || len(c.Options) != 0 {
				t.Errorf("user command %+v", c)
			}
			// Command names stay English in every language (the help names it as Discord shows it).
			if c.NameLocalizations != nil && len(*c.NameLocalizations) > 0 {
				t.Errorf("user command %q is renamed per language: %v", c.Name, *c.NameLocalizations)
			}
			continue
		}
		check("/"+c.Name, c.Name, c.Description)
		walk("/"+c.Name, c.Options)
		if n := commandSize(c); n > 8000 {
			t.Errorf("/%s counts %d characters of names, descriptions and choices; Discord takes 8000", c.Name, n)
		}
		if c.IntegrationTypes == nil || len(*c.IntegrationTypes) != 2 || c.Contexts == nil || len(*c.Contexts) != 3 {
			t.Errorf("/%s is not registered for guild and user installs in servers, bot DMs and group DMs", c.Name)
		}
	}
}

// commandSize is what Discord counts against a command's 8000 characters: the names, descriptions
// and choices' names and values of the command and all its options, each field at its longest
// localization.
func commandSize(c *discordgo.ApplicationCommand) int {
	longest := func(s string, loc map[discordgo.Locale]string) int {
		n := utf8.RuneCountInString(s)
		for _, l := range loc {
			n = max(n, utf8.RuneCountInString(l))
		}
		return n
	}
	var opts func([]*discordgo.ApplicationCommandOption) int
	opts = func(os []*discordgo.ApplicationCommandOption) int {
		n := 0
		for _, o := range os {
			n += len(o.Name) + longest(o.Description, o.DescriptionLocalizations) + opts(o.Options)
			for _, ch := range o.Choices {
				n += longest(ch.Name, ch.NameLocalizations) + len(fmt.Sprint(ch.Value))
			}
		}
		return n
	}
	desc := 0
	if c.DescriptionLocalizations != nil {
		desc = longest(c.Description, *c.DescriptionLocalizations)
	}
	return len(c.Name) + desc + opts(c.Options)
}

// take returns the calls recorded so far and forgets them.
func (r *recorder) take() []sent {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := r.calls
	r.calls = nil
	return out
}

// shown is a game's board message as the bot shows it, through the adapter's conversion: GameChanged
// edits the live board (rec.MessageID must be set), and the recorder lints the edit.
func (e *env) shown(rec store.Game, g games.Game) sent {
	e.t.Helper()
	e.rec.take()
	e.bot.GameChanged(context.Background(), bot.View{Game: rec, Live: g})
	calls := e.rec.take()
	want := 1
	if g.Outcome().Method == games.Time {
		want = 2 // and a message that pings the players
	}
	if len(calls) != want || calls[0].op != "edit" || calls[0].message != rec.MessageID {
		e.t.Fatalf("GameChanged made %+v, want one edit of %s", calls, rec.MessageID)
	}
	return calls[0]
}

// TestBoardsFitDiscordLimits draws the message of many positions of each game, reached by random
// play, and checks them: each position's board as the bot shows it on its live board, with a pending
// offer every seventh position; then each position is stored in a channel of its own, to open every
// menu view with the mover's clicks and to list the history.
func TestBoardsFitDiscordLimits(t *testing.T) {
	const alice, bob = "123456789012345678", "876543210987654321"
	for _, kind := range kinds {
		t.Run(kind, func(t *testing.T) {
			e := newEnv(t)
			rng := rand.New(rand.NewPCG(1, 2))
			positions, views, histories := 0, 0, 0
			stored := func(rec store.Game, g games.Game) {
				t.Helper()
				channel := fmt.Sprintf("lint%d", histories)
				stored, err := e.st.CreateGame(store.Game{Guild: "g1", Channel: channel, Kind: kind, Seats: rec.Seats,
					Encoded: games.Encode(g), Created: e.clock.Now(), Offer: rec.Offer})
				if err != nil {
					t.Fatal(err)
				}
				in := e.slash("carol", kind, "history", "player", alice)
				in.ChannelID = channel
				mustPublic(t, e.do(in)) // linted by do
				histories++
				if g.Outcome().Over() {
					return
				}
				mover := rec.Seats[g.ToMove()].UserID
				in = e.slash(mover, kind, "board")
				in.ChannelID = channel
				r := e.do(in)
				mustPublic(t, r)
				board := e.messageOf(in)
				for _, c := range flatten(r.Data.Components) {
					m, ok := c.(discordgo.SelectMenu)
					if !ok || !strings.Contains(m.CustomID, "/group/") {
						continue
					}
					for _, o := range m.Options {
						in := e.click(mover, board, m.CustomID, o.Value)
						in.ChannelID = channel
						v := e.do(in) // linted by do
						if v.Type != discordgo.InteractionResponseUpdateMessage {
							t.Fatalf("game %d ply %d: the view of %q: %+v", stored.ID, g.Ply(), o.Value, v.Data)
						}
						lintIDs(t, kind+" board view "+o.Value, v.Data.Components)
						views++
					}
				}
			}
			for game := 0; game < 6; game++ {
				g, err := catalog.NewDealt(kind, games.Options{}, rng)
				if err != nil {
					t.Fatal(err)
				}
				rec := store.Game{ID: 1<<53 + uint64(game), Kind: kind, Guild: "g1", Channel: "c1", MessageID: "live",
					Seats: [2]store.Player{{UserID: alice}, {UserID: bob}}}
				for ply := 0; ply < 400; ply++ {
					rec.Ply = g.Ply()
					if ply%7 == 3 {
						rec.Offer = store.Offer{Kind: offerName(kind), By: g.ToMove()}
					} else {
						rec.Offer = store.Offer{}
					}
					s := e.shown(rec, g) // linted by the recorder
					lintIDs(t, kind+" board", s.components)
					positions++
					// Stored too: every menu view and the history.
					stored(rec, g)
					legal := g.Legal()
					if len(legal) == 0 {
						break
					}
					if err := g.Play(legal[rng.IntN(len(legal))]); err != nil {
						t.Fatal(err)
					}
				}
			}
			if positions < 100 {
				t.Errorf("only %d positions checked", positions)
			}
			t.Logf("%d positions, %d menu views, %d histories", positions, views, histories)
		})
	}
}
