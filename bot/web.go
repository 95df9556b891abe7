package bot

import (
	"context"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

// The live web board (bot/web) lays a game out and takes decisions through the table; what it
// says comes from here, in the viewer's language, and what a decision made there changes in the
// chat (the board message, the bot's reply) is done here as for a button.

// LiveView is a game as the web board shows it to one viewer.
type LiveView struct {
	View
	Words   *say.Words  // the viewer's language
	Players [2]say.Rich // each seat's player with their colour
	Status  []say.Rich  // the result once over, else whose turn it is
	Moves   []string    // once over, every decision: "<ply>. <colour> <notation>"
	// Names are the display names of the people the texts mention, where known.
	Names map[string]string
}

// Live is game id as the web board shows it, in w's language. Unlike Page it does not ask
// whether the game's server shows pages: the web board decides who may look.
func (b *Bot) Live(id uint64, w *say.Words) (LiveView, error) {
	v, err := b.t.Game(id)
	if err != nil {
		return LiveView{}, err
	}
	l := LiveView{View: v, Words: w}
	for s := range l.Players {
		l.Players[s] = table.Seated(v.Game.Seats[s], v.Colour(games.Seat(s)), w).Sentence()
	}
	if v.Over() {
		l.Status = append(l.Status, resultLine(v, w))
		l.Moves = moveLines(v, w)
	} else {
		s := v.Live.ToMove()
		l.Status = append(l.Status, w.Rich("status.to-move", map[string]any{"Who": table.Seated(v.Game.Seats[s], v.Colour(s), w)}).Sentence())
		if o := v.Game.Offer; o.Kind != "" {
			l.Status = append(l.Status, offerLine(v, w))
		}
	}
	var users []string
	for _, s := range v.Game.Seats {
		if !s.Bot && s.UserID != "" {
			users = append(users, s.UserID)
		}
	}
	if l.Names, err = b.t.Names(users...); err != nil {
		return LiveView{}, err
	}
	if l.Names == nil {
		l.Names = map[string]string{}
	}
	for _, u := range users {
		if l.Names[u] == "" {
			if n := b.names.of(u); n != "" {
				l.Names[u] = n
			}
		}
	}
	return l, nil
}

// Decided shows in the chat a decision made on the web board, as a button's would be: the game's
// board message shows it, a stale turn ping goes, the bot moves if it is to, and what the game's
// ending did to its tournament is shown.
func (b *Bot) Decided(ctx context.Context, v View) {
	b.showBoard(ctx, v, b.publicWords(v.Game.Guild, v.Game.Channel, ""))
	b.unping(ctx, v)
	b.t.BotTurn(ctx, v)
	b.showAdvanced(ctx, v)
}

// Refusal is what a person reads of an error from the table, in w's language, and whether it
// was our fault rather than theirs: the words a button's refusal would have.
func Refusal(err error, w *say.Words) (msg say.Rich, internal bool) { return publicError(err, w) }
