package bot

import (
	"context"
	"fmt"
	"strings"

	"tabuleiro/games"
	"tabuleiro/store"
	"tabuleiro/table"
)

// GameChanged shows a game's state on its live board, or posts a new board when it has none or the
// old one cannot be edited. It is how the session core's changes nobody asked for reach people. A
// game lost on time also pings its players: an edited board notifies nobody.
func (b *Bot) GameChanged(ctx context.Context, v View) {
	b.showBoard(ctx, v)
	if v.Live.Outcome().Method != games.Time {
		return
	}
	var pings, names []string
	for _, p := range v.Game.Seats {
		if !p.Bot {
			pings = append(pings, p.UserID)
			names = append(names, table.Mention(p.UserID))
		}
	}
	m := Message{Content: fmt.Sprintf("%s — your %s game ended on time: %s.", strings.Join(names, " "), v.Desc().Title,
		table.ResultLine(v)), Pings: pings}
	if _, err := b.send.Send(ctx, v.Game.Channel, m); err != nil {
		b.log.Warn("could not tell the players of a game lost on time", "game", v.Game.ID, "err", err)
	}
}

// showBoard edits a game's live board, or posts a new one.
func (b *Bot) showBoard(ctx context.Context, v View) {
	m := boardMessage(v, "")
	log := b.log.With("guild", v.Game.Guild, "channel", v.Game.Channel, "game", v.Game.ID)
	if v.Game.MessageID != "" {
		err := b.send.Edit(ctx, v.Game.Channel, v.Game.MessageID, m)
		if err == nil {
			return
		}
		log.Warn("could not edit the board; posting a new one", "err", err)
	}
	id, err := b.send.Send(ctx, v.Game.Channel, m)
	if err != nil {
		log.Error("could not post the board", "err", err)
		return
	}
	b.t.NoteBoard(v.Game.ID, id)
}

// ChallengeExpired disables an expired challenge's buttons and says so.
func (b *Bot) ChallengeExpired(ctx context.Context, c store.Challenge) {
	if c.MessageID == "" {
		return
	}
	m := Message{Content: expiredText(c), Rows: challengeRows(c, true)}
	if err := b.send.Edit(ctx, c.Channel, c.MessageID, m); err != nil {
		b.log.Warn("could not edit an expired challenge", "challenge", c.ID, "err", err)
	}
}
