package bot

import (
	"context"

	"tabuleiro/ai"
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

// Boards is the live web board as the bot reaches it (bot/web's Server, handed over at wiring:
// bot/web imports the bot, not the other way round).
type Boards interface {
	// Invite is member's personal link to game id as a player: one use, within 15 minutes.
	Invite(member string, id uint64) (string, error)
}

// LinkBoards gives the bot the live web board, so that every board message carries a Board
// button. Call it before the bot serves.
func (b *Bot) LinkBoards(boards Boards) { b.boards = boards }

// LaunchActivity makes the Board button launch the application's Activity (Discord's
// LAUNCH_ACTIVITY) instead of answering with a link, for everyone: inside it the players play and
// everyone else in it watches. Only for an application with Activities enabled (DISCORD_ACTIVITY);
// call it with LinkBoards, before the bot serves.
func (b *Bot) LaunchActivity() { b.activity = true }

// withBoardButton adds the Board button to a game message's controls where a web board runs:
// beside the last row's buttons when they leave room, else in a row of its own.
func (b *Bot) withBoardButton(v View, rows []Row, w *say.Words) []Row {
	if b.boards == nil {
		return rows
	}
	base := Action{Kind: v.Game.Kind, Game: v.Game.ID, Ply: v.Live.Ply()}
	board := Control{Type: Button, Label: w.T("button.board", nil), Style: Secondary, Action: base.to(routeBoardLink)}
	if n := len(rows); n > 0 && len(rows[n-1]) < maxButtons && rows[n-1][0].Type == Button {
		last := append(Row{}, rows[n-1]...)
		return append(rows[:n-1:n-1], append(last, board))
	}
	if len(rows) >= maxRows {
		return rows
	}
	return append(rows, Row{board})
}

// boardLink answers the Board button: a player of the game gets the Activity where the application
// has one, else their personal link to its live board; anyone else the game's page where the
// server shows pages, else why there is none. Each answer is for the clicker's eyes only.
func (b *Bot) boardLink(req *Request) (Reply, error) {
	v, err := b.t.Game(req.in.Click.Action.Game)
	if err != nil {
		return Reply{}, err
	}
	title := v.Desc().Title
	seated := v.SeatOf(req.actor.User) != games.NoSeat
	switch {
	case b.boards == nil:
		return private(req.w.Rich("reply.board-off", nil)), nil
	case seated && b.activity:
		return Reply{Type: Launch}, nil
	case seated:
		link, err := b.boards.Invite(req.actor.User, v.Game.ID)
		if err != nil {
			return Reply{}, err
		}
		return private(req.w.Rich("reply.board-link", map[string]any{"Title": title, "URL": link})), nil
	}
	if page := b.pageOf(v); page != "" {
		return private(req.w.Rich("reply.board-page", map[string]any{"Title": title, "URL": page})), nil
	}
	return private(req.w.Rich("reply.board-no-pages", map[string]any{"Title": title})), nil
}

// HintText words a hint for the web board as `/… hint` answers it: the decision, what it is worth
// to the player, the hints left.
func HintText(w *say.Words, h table.Hint) say.Rich { return hintText(w, h) }

// WebReview is a finished game's review as the web board shows it, in the words `/… review` uses.
type WebReview struct {
	Head      say.Rich
	Decisions []ReviewedDecision // those hard finds clearly better than played, in order
	Accuracy  []say.Rich         // each player's
	Legend    say.Rich
}

// ReviewedDecision is a decision hard finds clearly better than the one played.
type ReviewedDecision struct {
	Ply            int
	Mark           string // ?! ? ??
	Played, Better string // in canonical notation
	Said           say.Rich
}

// ReviewFor words r, the review of finished game v, in w's language.
func ReviewFor(v View, r ai.Review, w *say.Words) WebReview {
	out := WebReview{Head: reviewHead(w, v, r), Accuracy: reviewAccuracy(w, v, r), Legend: reviewLegend(w)}
	for _, x := range r.Decisions {
		if x.Grade == ai.Good {
			continue
		}
		out.Decisions = append(out.Decisions, ReviewedDecision{Ply: x.Ply, Mark: x.Grade.Mark(),
			Played: v.Live.Format(x.Played), Better: v.Live.Format(x.Best), Said: reviewLine(w, v, x)})
	}
	return out
}
