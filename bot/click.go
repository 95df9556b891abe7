package bot

import (
	"context"

	"tabuleiro/say"
	"tabuleiro/table"
)

// click routes a button or a menu choice by its action.
func (b *Bot) click(ctx context.Context, req *request) (Reply, error) {
	click := req.in.Click
	act := click.Action
	if act.Kind == AppCommand && act.Verb == "challenge" {
		return b.challengePicked(req, click)
	}
	if act.Kind == AppCommand && act.Verb == tournamentVerb {
		return b.tournamentClick(ctx, req, act)
	}
	if table.Describe(act.Kind) == nil {
		return Reply{}, refuse(table.Invalid, "refusal.foreign-button")
	}
	if err := req.begin(act.Kind); err != nil {
		return Reply{}, err
	}
	if act.Challenge != 0 {
		req.log = req.log.With("challenge", act.Challenge)
		req.actor.Log = req.log
		return b.answer(req, click)
	}
	if act.Verb == lessonVerb {
		return b.lessonClick(req, table.Describe(act.Kind), click)
	}
	if act.Verb == dailyVerb {
		return b.solveDaily(req, act.Kind, act.Arg)
	}
	if act.Verb == puzzleVerb {
		return b.puzzleClick(req, table.Describe(act.Kind), click)
	}
	if act.Verb == "leaderboard" {
		return b.leaderboardPage(req, act.Arg)
	}
	a := req.actor
	switch act.Verb {
	case "rematch":
		return b.rematch(req, act)
	case "replay":
		return b.replayStep(req, act)
	case "resign":
		if act.Arg != "yes" {
			v, err := b.t.CanResign(a, act.Game)
			if err != nil {
				return Reply{}, err
			}
			yes := Action{Kind: act.Kind, Game: act.Game, Ply: act.Ply, Verb: "resign", Arg: "yes"}
			r := private(req.w.Rich("reply.resign-confirm", map[string]any{"Title": v.Desc().Title}))
			r.Message.Rows = []Row{{{Type: Button, Label: req.w.T("button.resign-yes", nil), Style: Danger, Action: yes}}}
			return r, nil
		}
		v, err := b.t.ResignGame(a, act.Game)
		if err != nil {
			return Reply{}, err
		}
		return update(Message{Content: req.w.Rich("reply.resigned", map[string]any{"Result": result(v)})}).with(b.afterEdit(v, req.pub)), nil
	case "view", "group":
		v, err := b.t.Controls(&a, act.Game, act.Ply)
		if err != nil {
			return Reply{}, err
		}
		group := ""
		if act.Verb == "group" && len(click.Values) > 0 {
			group = click.Values[0]
		}
		return update(b.boardMessage(v, group, req.pub, b.look(req))), nil
	}
	var play string
	switch act.Verb {
	case "sow", "play":
		play = act.Arg
	case "pick":
		if len(click.Values) == 0 {
			// Checked after the board, as before: a stale board says so first.
			if _, err := b.t.Controls(&a, act.Game, act.Ply); err != nil {
				return Reply{}, err
			}
			return Reply{}, refuse(table.Invalid, "refusal.pick-choice")
		}
		play = click.Values[0]
	default:
		return Reply{}, refuse(table.Invalid, "refusal.foreign-button")
	}
	v, err := b.t.Choose(a, act.Game, act.Ply, play, click.MessageID)
	if err != nil {
		return Reply{}, err
	}
	return update(b.boardMessage(v, "", req.pub, b.look(req))).with(b.afterInPlace(v)), nil
}

// afterEdit edits the game's board once a game changed from a message that is not the board.
func (b *Bot) afterEdit(v View, w *say.Words) func(ctx context.Context, f Followup) {
	return func(ctx context.Context, f Followup) {
		b.showBoard(ctx, v, w)
		b.unping(ctx, v)
		b.showAdvanced(ctx, v)
	}
}
