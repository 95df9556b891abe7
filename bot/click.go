package bot

import (
	"context"

	"tabuleiro/games"

	"tabuleiro/say"
	"tabuleiro/table"
)

// click answers a button or a menu choice by its action's route.
func (b *Bot) click(ctx context.Context, req *Request) (Reply, error) {
	act := req.in.Click.Action
	route := b.routes.byName[act.Route]
	if route == nil || act.Kind != AppCommand && table.Describe(act.Kind) == nil {
		return Reply{}, refuse(table.Invalid, "refusal.foreign-button")
	}
	kind := act.Kind
	if kind == AppCommand {
		kind = ""
	}
	if err := req.begin(kind); err != nil {
		return Reply{}, err
	}
	return route.Answer(ctx, req)
}

// decide plays the decision a game's button or menu names.
func (b *Bot) decide(req *Request) (Reply, error) {
	click := req.in.Click
	act, a := click.Action, req.actor
	play := act.Arg
	if act.Route == routePick {
		if len(click.Values) == 0 {
			// Checked after the board, as before: a stale board says so first.
			if _, err := b.t.Controls(&a, act.Game, act.Ply); err != nil {
				return Reply{}, err
			}
			return Reply{}, refuse(table.Invalid, "refusal.pick-choice")
		}
		play = click.Values[0]
	}
	v, err := b.t.Choose(a, act.Game, act.Ply, play, click.MessageID)
	if err != nil {
		return Reply{}, err
	}
	return update(b.boardMessage(v, "", req.pub, b.look(req))).with(b.afterInPlace(v)), nil
}

// view shows a game's board again, narrowed to the group a menu chose (Oolong's table of a free
// placement), or the overview.
func (b *Bot) view(req *Request) (Reply, error) {
	click := req.in.Click
	act, a := click.Action, req.actor
	v, err := b.t.Controls(&a, act.Game, act.Ply)
	if err != nil {
		return Reply{}, err
	}
	group := ""
	if act.Route == routeGroup && len(click.Values) > 0 {
		group = click.Values[0]
	}
	return update(b.boardMessage(v, group, req.pub, b.look(req))), nil
}

// resignAsk answers a board's Resign: are you sure?
func (b *Bot) resignAsk(req *Request) (Reply, error) {
	act := req.in.Click.Action
	v, err := b.t.CanResign(req.actor, act.Game)
	if err != nil {
		return Reply{}, err
	}
	confirm := "reply.resign-confirm"
	if v.TeamSeat() != games.NoSeat {
		confirm = "reply.resign-confirm-team" // the team resigns, and the bot wins
	}
	r := private(req.w.Rich(confirm, map[string]any{"Title": v.Desc().Title}))
	r.Message.Rows = []Row{{{Type: Button, Label: req.w.T("button.resign-yes", nil), Style: Danger, Action: act.to(routeResignYes)}}}
	return r, nil
}

// resignClicked resigns the game once its player said yes.
func (b *Bot) resignClicked(req *Request) (Reply, error) {
	v, err := b.t.ResignGame(req.actor, req.in.Click.Action.Game)
	if err != nil {
		return Reply{}, err
	}
	return update(Message{Content: req.w.Rich("reply.resigned", map[string]any{"Result": result(v)})}).with(b.afterEdit(v, req.pub)), nil
}

// afterEdit edits the game's board once a game changed from a message that is not the board.
func (b *Bot) afterEdit(v View, w *say.Words) func(ctx context.Context, f Followup) {
	return func(ctx context.Context, f Followup) {
		b.showBoard(ctx, v, w)
		b.unping(ctx, v)
		b.tournamentGameOver(ctx, v)
	}
}
