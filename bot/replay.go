package bot

import (
	"context"
	"strconv"

	"tabuleiro/say"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/store"
)

// replay answers `/… replay`: the most recent finished game here, privately, at its last decision,
// with ⏮ ◀ ▶ ⏭ to walk through it.
func (b *Bot) replay(req *Request) (Reply, error) {
	v, err := b.t.LastFinished(req.actor, req.in.Command.Str("player"))
	if err != nil {
		return Reply{}, err
	}
	m, err := replayMessage(v, len(v.Live.Log()), req.w, b.privateLook(req))
	if err != nil {
		return Reply{}, err
	}
	m.Private = true
	return Reply{Type: Post, Message: m}, nil
}

// replayStep answers a replay button: the same game at another decision, in place.
func (b *Bot) replayStep(req *Request) (Reply, error) {
	act := req.Action()
	ply := act.Page
	v, err := b.t.Replay(req.actor, act.Game)
	if err != nil {
		return Reply{}, err
	}
	m, err := replayMessage(v, ply, req.w, b.privateLook(req))
	if err != nil {
		return Reply{}, err
	}
	return update(m), nil
}

// replayMessage shows a finished game after ply decisions, its board as lk says.
func replayMessage(v View, ply int, w *say.Words, lk look) (Message, error) {
	n := len(v.Live.Log())
	g := v.Live
	if ply != n {
		var err error
		if g, err = v.At(ply); err != nil {
			return Message{}, err
		}
	}
	block := render.BlockOf(g, w)
	text := w.Rich("replay.head", map[string]any{"Players": players(v, w), "Ply": ply, "Total": n}).Add(say.Plain("\n"))
	var files []File
	if lk == asImage {
		if f, err := boardPicture(v, g, w); err == nil {
			files = []File{f}
		}
	}
	notes := block.Notes
	switch {
	case lk == asWords:
		// The description says the last decision, the position and the result in words.
		text, notes = text.Add(say.Plain(describe.Fit(g, w, wordsRoom)+"\n")), nil
	case files == nil:
		text = text.Add(say.Block("", block.Lines), say.Plain("\n"))
	}
	if ply == 0 && lk != asWords {
		notes = append(notes[:len(notes):len(notes)], block.Legend...)
	}
	for _, note := range notes {
		text = text.Add(say.Plain(note + "\n"))
	}
	switch {
	case ply == n:
		text = text.Add(resultLine(v, w))
	case ply > 0:
		seats, log := v.Live.Deciders(), v.Live.Log()
		text = text.Add(say.Plain(strconv.Itoa(ply) + ". " + v.Colour(seats[ply-1]).Word(w) + " " + v.Live.Format(log[ply-1])))
	default:
		text = text.Add(w.Rich("replay.start", nil))
	}
	// Two buttons may lead to the same decision: the button's place (in Ply) keeps their ids apart.
	step := func(place int, label string, to int) Control {
		return Control{Type: Button, Label: label, Style: Secondary, Disabled: to == ply || to < 0 || to > n,
			Action: Action{Route: routeReplay, Kind: v.Game.Kind, Game: v.Game.ID, Ply: place, Page: max(0, min(n, to))}}
	}
	row := Row{step(0, "⏮", 0), step(1, "◀", ply-1), step(2, "▶", ply+1), step(3, "⏭", n)}
	return Message{Content: clip(text), Rows: []Row{row}, Files: files}, nil
}

// rematch answers a finished board's Rematch: a new challenge to the other player with the seats
// swapped and the same options, or against the bot a new game at once, seats swapped, same level.
func (b *Bot) rematch(req *Request) (Reply, error) {
	v, err := b.t.Finished(req.actor, req.Action().Game)
	if err != nil {
		return Reply{}, err
	}
	if err := b.t.TakeRematch(v); err != nil {
		return Reply{}, err
	}
	r, err := b.rematchOf(req, v)
	if err != nil {
		if gave := b.t.GiveBackRematch(v); gave != nil {
			req.log.Warn("could not free a Rematch whose next game was not made", "game", v.Game.ID, "err", gave)
		}
	}
	return r, err
}

// rematchOf makes finished game v's next game, or the challenge to it.
func (b *Bot) rematchOf(req *Request, v View) (Reply, error) {
	d := v.Desc()
	seat := v.SeatOf(req.in.User)
	team := seat == games.NoSeat
	if team {
		// Anyone in the channel starts the team's next game.
		seat = v.TeamSeat()
	}
	other := v.Game.Seats[seat.Other()]
	opts := map[string]Value{}
	played := v.Live.Options()
	for _, spec := range d.Options {
		if val, ok := played[spec.Name]; ok {
			opts[spec.Name] = Value{Str: val, Bool: val == "true", IsBool: spec.Bool}
		}
	}
	if other.Bot {
		first := "me" // the person played second: now first
		if seat == 0 {
			first = "bot"
		}
		opts["level"], opts["first"] = Value{Str: other.Level}, Value{Str: first}
		if team {
			opts["team"] = Value{Bool: true, IsBool: true}
		}
		req.in.Command = CommandData{Name: d.Kind, Sub: "vs-bot", Options: opts, Bots: map[string]bool{}}
		return b.superseded(req, v)(b.vsBot(req, d))
	}
	first := "me"
	if seat == 0 {
		first = "them"
	}
	opts["opponent"], opts["first"] = Value{Str: other.UserID}, Value{Str: first}
	opts["rated"] = Value{Bool: v.Game.Rated, IsBool: true}
	if v.Game.Pace != store.PaceLive {
		opts["pace"] = Value{Str: v.Game.Pace.String()}
	}
	req.in.Command = CommandData{Name: d.Kind, Sub: "challenge", Options: opts, Bots: map[string]bool{}}
	return b.superseded(req, v)(b.challenge(req, d))
}

// superseded has the reply that starts the next game (a new board, or a challenge) also take the
// Rematch off the finished board that was clicked, once it is out: the reply is a new message, so the
// finished board is cleared through the interaction that shows it while its token is good, else in
// its channel by the id the click names.
func (b *Bot) superseded(req *Request, v View) func(Reply, error) (Reply, error) {
	return func(r Reply, err error) (Reply, error) {
		if err != nil {
			return r, err
		}
		after, clicked := r.After, req.in.Click.MessageID
		return r.with(func(ctx context.Context, f Followup) {
			if after != nil {
				after(ctx, f)
			}
			prev := b.follow.get(b.follow.boards, v.Game.ID)
			b.follow.drop(b.follow.boards, v.Game.ID)
			b.clearOld(ctx, v, prev, clicked, "", req.log.With("game", v.Game.ID))
		}), nil
	}
}
