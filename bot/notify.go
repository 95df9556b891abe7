package bot

import (
	"context"
	"errors"
	"log/slog"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// GameChanged shows a game's state on its board, or posts a new board when it has none or the
// old one cannot be edited. It is how the session core's changes nobody asked for reach people. A
// game lost on time also pings its players: an edited board notifies nobody.
func (b *Bot) GameChanged(ctx context.Context, v View) {
	w := b.publicWords(v.Game.Guild, v.Game.Channel, "")
	b.showBoard(ctx, v, w)
	b.unping(ctx, v)
	if v.Live.Outcome().Method != games.Time {
		return
	}
	var pings []string
	var names []say.Rich
	for _, p := range v.Game.Seats {
		switch {
		case p.Team:
			// A team is the whole channel: named, nobody pinged.
			names = append(names, table.PlayerName(p, w))
		case !p.Bot:
			pings = append(pings, p.UserID)
			names = append(names, say.Mention(p.UserID))
		}
	}
	m := Message{Content: w.Rich("notify.time", map[string]any{"Players": say.Join(" ", names...), "Title": v.Desc().Title,
		"Result": result(v)}), Pings: pings}
	if _, err := b.send.Send(ctx, v.Where(), m); err != nil {
		b.log.Warn("could not tell the players of a game lost on time", "game", v.Game.ID, "err", err)
	}
}

// showBoard shows a game's state: through the interaction that shows its board while its token is good,
// else by editing the board in the channel, else by posting a new board there. Where the bot may not
// post, the players are told (through an interaction whose token is good) and nothing is retried: the game goes on,
// and /… board shows it.
func (b *Bot) showBoard(ctx context.Context, v View, w *say.Words) { b.showBoardOnce(ctx, v, w, "") }

// showBoardOnce is showBoard whose board, when it is posted anew, is named once (Message.Once;
// "" for none): a tournament's board shown again by another process after a death.
func (b *Bot) showBoardOnce(ctx context.Context, v View, w *say.Words, once string) {
	m := b.boardMessage(v, "", w, b.gameLook(v))
	m.Once = once
	log := b.log.With("guild", v.Game.Guild, "channel", v.Game.Channel, "game", v.Game.ID)
	f := b.follow.get(b.follow.boards, v.Game.ID)
	if f != nil {
		err := f.EditOriginal(ctx, m)
		if err == nil {
			return
		}
		log.Warn("could not edit the board through its interaction; trying the channel", "err", err)
	}
	err := b.postBoard(ctx, v, m, log)
	if errors.Is(err, ErrForbidden) && len(m.Files) > 0 {
		// The bot may post but not attach files there, perhaps: the board goes as text.
		log.Info("could not show the board as a picture; showing it as text", "err", err)
		text := b.boardMessage(v, "", w, asText)
		text.Once = once
		err = b.postBoard(ctx, v, text, log)
	}
	switch {
	case err == nil:
	case errors.Is(err, ErrForbidden):
		b.forbidden(ctx, v, f, err, w)
	default:
		log.Error("could not post the board", "err", err)
	}
}

// postBoard edits the board in the channel, else posts a new one there (and notes its id).
func (b *Bot) postBoard(ctx context.Context, v View, m Message, log *slog.Logger) error {
	var err error
	if v.Game.MessageID != "" {
		if err = b.send.Edit(ctx, v.Where(), v.Game.MessageID, m); err == nil {
			return nil
		}
		if errors.Is(err, ErrForbidden) {
			return err
		}
		log.Warn("could not edit the board; posting a new one", "err", err)
	}
	id, err := b.send.Send(ctx, v.Where(), m)
	if err == nil {
		b.t.NoteBoard(v.Game.ID, id)
	}
	return err
}

// forbidden tells the players that the bot may not post in their channel, through an
// interaction when there is one; the game stays playable with commands.
func (b *Bot) forbidden(ctx context.Context, v View, f Followup, err error, w *say.Words) {
	log := b.log.With("guild", v.Game.Guild, "channel", v.Game.Channel, "game", v.Game.ID)
	if f == nil {
		log.Warn("the bot may not post in the channel of a game and no interaction can say so", "err", err)
		return
	}
	m := Message{Content: w.Rich("notify.forbidden", map[string]any{"Title": v.Desc().Title, "Kind": v.Game.Kind})}
	if _, err := f.FollowUp(ctx, m); err != nil {
		log.Warn("could not tell the players that the bot may not post here", "err", err)
	}
}

// ChallengeExpired disables an expired challenge's buttons and says so, through its interaction
// while its token is good.
func (b *Bot) ChallengeExpired(ctx context.Context, c store.Challenge) {
	w := b.publicWords(c.Guild, c.Channel, "")
	m := Message{Content: expiredText(c, w), Rows: challengeRows(c, true, w)}
	if f := b.follow.get(b.follow.challenges, c.ID); f != nil {
		if err := f.EditOriginal(ctx, m); err == nil {
			return
		}
	}
	if c.MessageID == "" {
		return
	}
	if err := b.send.Edit(ctx, c.Channel, c.MessageID, m); err != nil {
		b.log.Warn("could not edit an expired challenge", "challenge", c.ID, "err", err)
	}
}

// TurnPing posts a short message that pings only the player to move, linking the board, and deletes
// the game's previous ping.
func (b *Bot) TurnPing(ctx context.Context, v View, reminder bool, stale string) (string, error) {
	if stale != "" {
		b.unping(ctx, View{Game: v.Game, StalePing: stale})
	}
	mover := v.Mover().UserID
	w := b.publicWords(v.Game.Guild, v.Game.Channel, "")
	id := "notify.turn"
	if reminder {
		id = "notify.reminder"
		if v.Game.Pace != store.PaceLive {
			// A day-paced game reminds with a quarter of the time left (table/pace.go).
			id = "notify.reminder-paced"
		}
	}
	text := w.Rich(id, map[string]any{"Player": say.Mention(mover), "Title": v.Desc().Title,
		"Opponent": table.Player(v.Game.Seats[v.Live.ToMove().Other()]), "Deadline": say.Time(v.Game.Deadline)})
	m := Message{Content: text, Pings: []string{mover}}
	if board := b.boardID(ctx, v); board != "" {
		m.Jump = &Jump{Guild: v.Game.Guild, Channel: v.Where(), Message: board}
	}
	id, err := b.send.Send(ctx, v.Where(), m)
	if err != nil {
		b.log.Warn("could not ping the player to move", "game", v.Game.ID, "err", err)
		return "", err
	}
	return id, nil
}

// unping deletes a turn ping that no longer applies.
func (b *Bot) unping(ctx context.Context, v View) {
	if v.StalePing == "" {
		return
	}
	if err := b.send.Delete(ctx, v.Where(), v.StalePing); err != nil {
		b.log.Debug("could not delete an old turn ping", "game", v.Game.ID, "err", err)
	}
}
