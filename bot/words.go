package bot

import (
	"context"

	"tabuleiro/games"
	"tabuleiro/render/describe"
	"tabuleiro/say"
)

// Boards in words, for whoever cannot see the board: the position described (a public board's
// Describe button, answered privately) and the legal moves listed (`/… move` with no play), each as
// private messages of at most describe.MaxPage characters, the first answering and the rest
// following.

// describedMessages are g's position in words as private messages, a page each.
func describedMessages(g games.Game, w *say.Words) []Message {
	return privatePages(describe.Game(g, w).Pages())
}

// legalMoveMessages are g's legal moves, grouped as its description groups them, as private
// messages, a page each.
func legalMoveMessages(g games.Game, w *say.Words) []Message {
	return privatePages(describe.MovePages(g, w))
}

func privatePages(pages []string) []Message {
	out := make([]Message, len(pages))
	for i, p := range pages {
		out[i] = Message{Content: say.Plain(p), Private: true}
	}
	return out
}

// describe answers a board's Describe button: the game's position in words, for anyone who sees the
// board, privately and in their own language. It tells the game as it stands: an older board of the
// game, whose controls are not cleared yet, tells the newer position, the one a move is made on.
func (b *Bot) describe(req *Request) (Reply, error) {
	v, err := b.t.Seen(req.actor, req.Action().Game)
	if err != nil {
		return Reply{}, err
	}
	return pagedReply(req, describedMessages(v.Live, req.w)), nil
}

// pagedReply answers with the first of pages; the others follow it, in order, through the
// interaction (which works wherever the reply does: a DM, a channel the bot may not post in).
func pagedReply(req *Request, pages []Message) Reply {
	r := Reply{Type: Post, Message: pages[0]}
	if len(pages) == 1 {
		return r
	}
	return r.with(func(ctx context.Context, f Followup) {
		for i, m := range pages[1:] {
			if _, err := f.FollowUp(ctx, m); err != nil {
				req.log.Warn("could not follow a page in words with the next", "page", i+2, "pages", len(pages), "err", err)
				return
			}
		}
	})
}

// moveList answers a move with no play: the legal moves of the position the caller's moves go to
// (their game here, else their puzzle or lesson, else the channel's game, a team's), privately,
// grouped as the describer groups them.
func (b *Bot) moveList(req *Request) (Reply, error) {
	g := b.learningPosition(req)
	if g == nil {
		v, err := b.t.Find(req.actor, "", false)
		if err != nil {
			return Reply{}, err
		}
		g = v.Live
	}
	return pagedReply(req, legalMoveMessages(g, req.w)), nil
}
