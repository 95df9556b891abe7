package bot

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

func newGame(kind string, opts games.Options) (games.Game, error) { return catalog.New(kind, opts) }

func parseID(s string) (uint64, error) { return strconv.ParseUint(s, 10, 64) }

// rng is a deterministic source for one purpose (layout, seat choice) of one game or challenge.
func (b *Bot) rng(purpose, id uint64) *rand.Rand {
	return rand.New(rand.NewPCG(b.cfg.Seed^purpose*0x9e3779b97f4a7c15, id))
}

// readOptions turns the command's game options into the engine's options, checked by the engine.
func readOptions(kind string, opts map[string]option) (games.Options, error) {
	o := games.Options{}
	for _, name := range gameOptionNames(kind) {
		v, ok := opts[name]
		if !ok {
			continue
		}
		if bv, isBool := v.v.(bool); isBool {
			o[name] = strconv.FormatBool(bv)
			continue
		}
		o[name] = strings.ToLower(v.str())
	}
	if _, err := catalog.New(kind, o); err != nil {
		return nil, refuse(CodeInvalid, "%s", upperFirst(err.Error()))
	}
	return o, nil
}

// deadline is when the player to decide loses on time: never for the bot, nor in a finished game.
func (b *Bot) deadline(rec store.Game, g games.Game, now time.Time) time.Time {
	if g.Outcome().Over() || rec.Seats[g.ToMove()].Bot {
		return time.Time{}
	}
	return now.Add(b.cfg.IdleTimeout)
}

// busy refuses a new game when a person already plays one of this kind in this channel.
func (b *Bot) busy(req *request, userID string) error {
	_, err := b.st.ActiveGame(req.channel, req.kind, userID)
	switch {
	case err == nil:
		if userID == req.user {
			return refuse(CodeRefused, "You already have an %s game in this channel — finish it or `/%s resign` first (`/%s board` shows it).",
				titles[req.kind], req.kind, req.kind)
		}
		return refuse(CodeRefused, "%s already has an %s game in this channel — wait until it is over.", mention(userID), titles[req.kind])
	case errors.Is(err, store.ErrNotFound):
		return nil
	}
	return err
}

// vsBot starts a game against the bot at once.
func (b *Bot) vsBot(ctx context.Context, req *request, opts map[string]option) (Reply, error) {
	level := ai.Hard
	if v := opts["level"].str(); v != "" {
		l, err := ai.ParseLevel(v)
		if err != nil {
			return Reply{}, refuse(CodeInvalid, "%s", upperFirst(err.Error()))
		}
		level = l
	}
	gopts, err := readOptions(req.kind, opts)
	if err != nil {
		return Reply{}, err
	}
	if err := b.busy(req, req.user); err != nil {
		return Reply{}, err
	}
	now := b.cfg.Now()
	// Layout and seats come from the seed and the interaction, so a test replays the same game.
	salt := hashString(req.in.ID)
	me := store.Player{UserID: req.user}
	bot := store.Player{Bot: true, Level: string(level)}
	seats := [2]store.Player{me, bot}
	switch first := strings.ToLower(opts["first"].str()); first {
	case "me":
	case "bot":
		seats = [2]store.Player{bot, me}
	case "", "random":
		if b.rng(2, salt).IntN(2) == 1 {
			seats = [2]store.Player{bot, me}
		}
	default:
		return Reply{}, refuse(CodeInvalid, "first must be me, bot or random, not %q.", first)
	}
	g, err := catalog.NewDealt(req.kind, gopts, b.rng(1, salt))
	if err != nil {
		return Reply{}, refuse(CodeInvalid, "%s", upperFirst(err.Error()))
	}
	rec := store.Game{Guild: req.guild, Channel: req.channel, Kind: req.kind, Seats: seats,
		Encoded: games.Encode(g), Created: now}
	rec.Deadline = b.deadline(rec, g, now)
	rec, err = b.st.CreateGame(rec)
	if err != nil {
		return Reply{}, err
	}
	req.log.Info("game started against the bot", "game", rec.ID, "level", level)
	content, comps := boardMessage(rec, g, "")
	return Reply{Response: public(content, comps), After: b.afterBoard(req, rec.ID, "")}, nil
}

// afterBoard runs once a new board message is out: it becomes the game's live board, the old one
// loses its buttons, and the bot makes its decisions if it is to move.
func (b *Bot) afterBoard(req *request, id uint64, oldMessage string) func(ctx context.Context) {
	return func(ctx context.Context) {
		b.wg.Add(1)
		defer b.wg.Done()
		log := req.log.With("game", id)
		msg, err := b.send.Original(ctx, req.in)
		if err != nil {
			log.Warn("could not read the id of the new board", "err", err)
		} else if err := b.st.SetMessage(id, msg); err != nil {
			log.Warn("could not record the new board", "err", err)
		}
		if oldMessage != "" && oldMessage != msg {
			empty := []discordgo.MessageComponent{}
			if err := b.send.Edit(ctx, req.channel, oldMessage, &discordgo.MessageEdit{Components: &empty}); err != nil {
				log.Debug("could not clear the old board's buttons", "err", err)
			}
		}
		b.botMoves(ctx, id)
	}
}

// afterInPlace runs once a board was updated in place: the bot moves if it is to.
func (b *Bot) afterInPlace(id uint64) func(ctx context.Context) {
	return func(ctx context.Context) {
		b.wg.Add(1)
		defer b.wg.Done()
		b.botMoves(ctx, id)
	}
}

// load reads the live game of a record just found (unless finding it failed) and names it in the
// request's log.
func (b *Bot) load(req *request, rec store.Game, err error) (store.Game, games.Game, error) {
	if err != nil {
		return rec, nil, err
	}
	rec, g, err := b.st.Game(rec.ID)
	if err != nil {
		return rec, nil, err
	}
	req.log = req.log.With("game", rec.ID)
	return rec, g, nil
}

// myGame is the caller's active game of the request's kind in this channel.
func (b *Bot) myGame(req *request) (store.Game, games.Game, error) {
	rec, err := b.st.ActiveGame(req.channel, req.kind, req.user)
	if errors.Is(err, store.ErrNotFound) {
		return rec, nil, refuse(CodeRefused, "You have no %s game in this channel — start one with `/%s vs-bot` or `/%s challenge`.",
			titles[req.kind], req.kind, req.kind)
	}
	return b.load(req, rec, err)
}

// mayDecide refuses a decision from anyone but the player to decide.
func mayDecide(req *request, rec store.Game, g games.Game) (games.Seat, error) {
	if g.Outcome().Over() {
		return games.NoSeat, refuse(CodeStale, "That game is over — %s.", resultLine(rec, g))
	}
	seat := seatOf(rec, req.user)
	if seat == games.NoSeat {
		return seat, refuse(CodeRefused, "You are not playing in this game — start your own with `/%s vs-bot` or `/%s challenge`.", rec.Kind, rec.Kind)
	}
	if turn := g.ToMove(); turn != seat {
		if rec.Seats[turn].Bot {
			return seat, refuse(CodeRefused, "It is the bot's turn — it is thinking; wait for its move.")
		}
		return seat, refuse(CodeRefused, "It is %s's turn, not yours — wait for their move.", playerName(rec.Seats[turn]))
	}
	return seat, nil
}

// decide stores a decision by seat at the record's ply. messageID, when set, becomes the live board.
func (b *Bot) decide(rec store.Game, seat games.Seat, m games.Move, messageID string) (store.Game, games.Game, error) {
	now := b.cfg.Now()
	return b.st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
		if err := g.Play(m); err != nil {
			return refuse(CodeInvalid, "%s", upperFirst(err.Error()))
		}
		// Playing on declines the opponent's offer; one's own offer stands until answered.
		if r.Offer.Kind != "" && r.Offer.By != seat {
			r.Offer = store.Offer{}
		}
		if messageID != "" {
			r.MessageID = messageID
		}
		r.Deadline = b.deadline(*r, g, now)
		return nil
	})
}

// move plays `/… move play:<notation>` and posts the new board.
func (b *Bot) move(ctx context.Context, req *request, play string) (Reply, error) {
	rec, g, err := b.myGame(req)
	if err != nil {
		return Reply{}, err
	}
	seat, err := mayDecide(req, rec, g)
	if err != nil {
		return Reply{}, err
	}
	m, err := g.Parse(play)
	if err != nil {
		return Reply{}, refuse(CodeInvalid, "%s", upperFirst(err.Error()))
	}
	old := rec.MessageID
	rec, g, err = b.decide(rec, seat, m, "")
	if err != nil {
		return Reply{}, err
	}
	req.log.Info("move", "ply", rec.Ply, "decision", g.Format(g.Log()[len(g.Log())-1]))
	content, comps := boardMessage(rec, g, "")
	return Reply{Response: public(content, comps), After: b.afterBoard(req, rec.ID, old)}, nil
}

// findGame is the game a spectator asks about: the named player's, the caller's, or the only one.
func (b *Bot) findGame(req *request, player string, finished bool) (store.Game, games.Game, error) {
	lookup := func(user string) (store.Game, error) {
		if finished {
			return b.st.LastGame(req.channel, req.kind, user)
		}
		return b.st.ActiveGame(req.channel, req.kind, user)
	}
	var rec store.Game
	var err error
	switch {
	case player != "":
		rec, err = lookup(player)
		if errors.Is(err, store.ErrNotFound) {
			return rec, nil, refuse(CodeNotFound, "%s has no %s game in this channel.", mention(player), titles[req.kind])
		}
	default:
		rec, err = lookup(req.user)
		if errors.Is(err, store.ErrNotFound) {
			var all []store.Game
			all, err = b.st.ChannelGames(req.channel)
			if err != nil {
				return rec, nil, err
			}
			var mine []store.Game
			for _, r := range all {
				if r.Kind == req.kind {
					mine = append(mine, r)
				}
			}
			switch len(mine) {
			case 0:
				if finished {
					if rec, err = b.st.LastGame(req.channel, req.kind, ""); err == nil {
						break
					}
					if !errors.Is(err, store.ErrNotFound) {
						return rec, nil, err
					}
				}
				return rec, nil, refuse(CodeNotFound, "No %s game is being played in this channel — start one with `/%s vs-bot` or `/%s challenge`.",
					titles[req.kind], req.kind, req.kind)
			case 1:
				rec, err = mine[0], nil
			default:
				var names []string
				for _, r := range mine {
					names = append(names, playerName(r.Seats[0])+" vs "+playerName(r.Seats[1]))
				}
				return rec, nil, refuse(CodeRefused, "Several %s games are running here (%s) — pick one with `player:`.",
					titles[req.kind], strings.Join(names, "; "))
			}
		}
	}
	return b.load(req, rec, err)
}

// board posts a game's board publicly; it becomes the live board.
func (b *Bot) board(ctx context.Context, req *request, player string) (Reply, error) {
	rec, g, err := b.findGame(req, player, false)
	if err != nil {
		return Reply{}, err
	}
	content, comps := boardMessage(rec, g, "")
	return Reply{Response: public(content, comps), After: b.afterBoard(req, rec.ID, rec.MessageID)}, nil
}

// history posts the move list of the current or most recent game.
func (b *Bot) history(ctx context.Context, req *request, player string) (Reply, error) {
	rec, g, err := b.findGame(req, player, true)
	if err != nil {
		return Reply{}, err
	}
	return Reply{Response: public(historyText(rec, g), nil)}, nil
}

// resign ends the caller's game as a loss.
func (b *Bot) resign(ctx context.Context, req *request) (Reply, error) {
	rec, _, err := b.myGame(req)
	var damaged *store.CorruptError
	if errors.As(err, &damaged) && damaged.Bucket == "games" {
		return b.retire(req, damaged)
	}
	if err != nil {
		return Reply{}, err
	}
	old := rec.MessageID
	rec, g, err := b.resignGame(req, rec.ID)
	if err != nil {
		return Reply{}, err
	}
	content, comps := boardMessage(rec, g, "")
	return Reply{Response: public(content, comps), After: b.afterBoard(req, rec.ID, old)}, nil
}

// retire closes the caller's game whose stored record cannot be read, so that it stops holding their
// place; nothing else could end it (it cannot be played, resigned or timed out).
func (b *Bot) retire(req *request, damaged *store.CorruptError) (Reply, error) {
	id, err := strconv.ParseUint(damaged.Key, 10, 64)
	if err != nil {
		return Reply{}, damaged
	}
	if err := b.st.Retire(id); err != nil {
		return Reply{}, err
	}
	req.log.Error("retired a game whose record cannot be read", "game", id, "err", damaged)
	return Reply{Response: private(fmt.Sprintf("Your %s game here (#%d) could not be read — its stored record is damaged — "+
		"so it has been closed without a result. You can start a new one with `/%s vs-bot` or `/%s challenge`.",
		titles[req.kind], id, req.kind, req.kind))}, nil
}

func (b *Bot) resignGame(req *request, id uint64) (store.Game, games.Game, error) {
	rec, g, err := b.st.Update(id, -1, func(r *store.Game, g games.Game) error {
		seat := seatOf(*r, req.user)
		if seat == games.NoSeat {
			return refuse(CodeRefused, "You are not playing in this game, so you cannot resign it.")
		}
		if g.Outcome().Over() {
			return refuse(CodeStale, "That game is already over.")
		}
		r.Deadline = time.Time{}
		return g.End(games.Resignation, seat)
	})
	if err == nil {
		req.log.Info("resigned")
	}
	return rec, g, err
}

// offer offers a draw (Oolong, Ordo) or to end the game collecting the seeds (Ouri), or accepts the
// opponent's offer.
func (b *Bot) offer(ctx context.Context, req *request) (Reply, error) {
	rec, g, err := b.myGame(req)
	if err != nil {
		return Reply{}, err
	}
	seat := seatOf(rec, req.user)
	if rec.Seats[seat.Other()].Bot {
		return Reply{}, refuse(CodeRefused, "The bot plays every game to the end — play on, or `/%s resign`.", req.kind)
	}
	kind := offerName(req.kind)
	if rec.Offer.Kind != "" && rec.Offer.By == seat {
		return Reply{}, refuse(CodeRefused, "You already made the offer — it is up to %s to accept with `/%s %s`.",
			playerName(rec.Seats[seat.Other()]), req.kind, kind)
	}
	old := rec.MessageID
	accept := rec.Offer.Kind != "" && rec.Offer.By == seat.Other()
	rec, g, err = b.st.Update(rec.ID, rec.Ply, func(r *store.Game, g games.Game) error {
		if accept {
			r.Deadline = time.Time{}
			return g.End(games.Agreement, seat)
		}
		r.Offer = store.Offer{Kind: kind, By: seat}
		return nil
	})
	if err != nil {
		return Reply{}, err
	}
	if accept {
		req.log.Info("ended by agreement")
		content, comps := boardMessage(rec, g, "")
		return Reply{Response: public(content, comps), After: b.afterBoard(req, rec.ID, old)}, nil
	}
	return Reply{Response: public(offerLine(rec), nil)}, nil
}

// gameButton handles a click or a selection on a game message.
func (b *Bot) gameButton(ctx context.Context, req *request, id uint64, ply int, action, arg string, values []string) (Reply, error) {
	rec, g, err := b.st.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return Reply{}, refuse(CodeNotFound, "That game no longer exists.")
	}
	if err != nil {
		return Reply{}, err
	}
	req.log = req.log.With("game", id)
	if rec.Channel != req.channel || rec.Kind != req.kind {
		return Reply{}, refuse(CodeRefused, "That board belongs to another channel.")
	}
	switch action {
	case "resign":
		if seatOf(rec, req.user) == games.NoSeat {
			return Reply{}, refuse(CodeRefused, "You are not playing in this game, so you cannot resign it.")
		}
		if g.Outcome().Over() {
			return Reply{}, refuse(CodeStale, "That game is already over.")
		}
		if arg != "yes" {
			yes := discordgo.Button{Label: "Yes, resign", Style: discordgo.DangerButton,
				CustomID: fmt.Sprintf("/%s/%d/%d/resign/yes", rec.Kind, rec.ID, ply)}
			r := private(fmt.Sprintf("Resign your %s game? Your opponent wins.", titles[rec.Kind]))
			r.Data.Components = []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{yes}}}
			return Reply{Response: r}, nil
		}
		rec, g, err := b.resignGame(req, id)
		if err != nil {
			return Reply{}, err
		}
		return Reply{Response: update("You resigned. "+resultLine(rec, g)+".", nil),
			After: b.afterEdit(req, rec, g)}, nil
	}
	// Everything else acts on the position, so it must be the newest board.
	if ply != rec.Ply {
		return Reply{}, refuse(CodeStale, staleBoard)
	}
	seat, err := mayDecide(req, rec, g)
	if err != nil {
		return Reply{}, err
	}
	msgID := ""
	if req.in.Message != nil {
		msgID = req.in.Message.ID
	}
	var play string
	switch action {
	case "view", "group":
		view := ""
		if action == "group" && len(values) > 0 {
			view = values[0]
		}
		content, comps := boardMessage(rec, g, view)
		return Reply{Response: update(content, comps)}, nil
	case "sow", "play":
		play = arg
	case "pick":
		if len(values) == 0 {
			return Reply{}, refuse(CodeInvalid, "Pick one of the choices.")
		}
		play = values[0]
	default:
		return Reply{}, refuse(CodeInvalid, "That button is not one of tabuleiro's.")
	}
	m, err := g.Parse(play)
	if err != nil {
		return Reply{}, refuse(CodeInvalid, "%s", upperFirst(err.Error()))
	}
	rec, g, err = b.decide(rec, seat, m, msgID)
	if err != nil {
		return Reply{}, err
	}
	req.log.Info("move", "ply", rec.Ply, "decision", play)
	content, comps := boardMessage(rec, g, "")
	return Reply{Response: update(content, comps), After: b.afterInPlace(rec.ID)}, nil
}

// afterEdit edits the live board once a game changed from a message that is not the board.
func (b *Bot) afterEdit(req *request, rec store.Game, g games.Game) func(ctx context.Context) {
	return func(ctx context.Context) {
		b.wg.Add(1)
		defer b.wg.Done()
		b.editBoard(ctx, rec, g)
	}
}

// editBoard shows a game's state on its live board, or posts a new board when it has none.
func (b *Bot) editBoard(ctx context.Context, rec store.Game, g games.Game) {
	content, comps := boardMessage(rec, g, "")
	log := b.log.With("guild", rec.Guild, "channel", rec.Channel, "game", rec.ID)
	if rec.MessageID != "" {
		if err := b.send.Edit(ctx, rec.Channel, rec.MessageID, &discordgo.MessageEdit{Content: &content, Components: &comps}); err == nil {
			return
		} else {
			log.Warn("could not edit the board; posting a new one", "err", err)
		}
	}
	id, err := b.send.Send(ctx, rec.Channel, &discordgo.MessageSend{Content: content, Components: comps})
	if err != nil {
		log.Error("could not post the board", "err", err)
		return
	}
	if err := b.st.SetMessage(rec.ID, id); err != nil {
		log.Warn("could not record the new board", "err", err)
	}
}

// hashString folds a string (an interaction id) into a seed.
func hashString(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}
