package bot

import (
	"context"
	"hash/fnv"
	"time"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// postDailies posts the daily puzzle of every server whose puzzle-hour has come, once a day.
func (b *Bot) postDailies(ctx context.Context) {
	if _, err := b.t.PostDailies(ctx, b.t.Now(), b.chooseDaily, b.postDaily); err != nil {
		b.log.Error("posting the daily puzzles", "err", err)
	}
}

// chooseDaily is the day's puzzle, the same on every server: the games take turns by day, and the
// day picks one of the game's puzzles.
func (b *Bot) chooseDaily(_ store.DailyServer, day string) (kind, id string, ok bool) {
	all, err := shelves()
	if err != nil {
		b.log.Error("reading the puzzles", "err", err)
		return "", "", false
	}
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return "", "", false
	}
	ds := descriptors()
	kind = ds[int(t.Unix()/86400)%len(ds)].Kind
	cs := all[kind].candidates
	if len(cs) == 0 {
		return "", "", false
	}
	h := fnv.New32a()
	h.Write([]byte(day))
	return kind, cs[int(h.Sum32()%uint32(len(cs)))].ID, true
}

// postDaily sends a claimed daily puzzle to its channel, in the server's language.
func (b *Bot) postDaily(ctx context.Context, d store.DailyPuzzle) (string, error) {
	m, err := dailyMessage(d, b.publicWords(d.Guild, "", ""))
	if err != nil {
		return "", err
	}
	return b.send.Send(ctx, d.Channel, m)
}

// dailyMessage is a daily puzzle as its channel sees it: the position, the task, how many solved
// it, and the Solve button.
func dailyMessage(d store.DailyPuzzle, w *say.Words) (Message, error) {
	a, err := puzzleOf(d.Kind, table.PuzzlePick{Attempt: store.PuzzleAttempt{Puzzle: d.Puzzle}})
	if err != nil {
		return Message{}, err
	}
	desc := a.Game.Descriptor()
	task := "puzzle.task.any"
	if a.Puzzle.Plies > 0 {
		task = "puzzle.task.plies"
	}
	content := say.Join("\n",
		w.Rich("daily.head", map[string]any{"Title": desc.Title, "Day": d.Day}),
		blockWithNotes(render.BlockOf(a.Game, w)),
		w.Rich(task, map[string]any{"Colour": games.Colour{D: desc, Seat: a.Solver}, "Plies": a.Puzzle.Plies, "Kind": desc.Kind}),
		solvers(d.Solvers, w),
		w.Rich("daily.foot", nil),
	)
	solve := Control{Type: Button, Label: w.T("button.solve", nil), Style: Primary,
		Action: Action{Route: routeDaily, Kind: d.Kind, Arg: d.Day}}
	return Message{Content: clip(content), Rows: []Row{{solve}}}, nil
}

// solveDaily answers the Solve button: the day's puzzle, privately, for the person who clicked.
func (b *Bot) solveDaily(req *Request) (Reply, error) {
	kind, day := req.actor.Kind, req.Action().Arg
	all, err := shelves()
	if err != nil {
		return Reply{}, err
	}
	pick, err := b.t.SolveDaily(req.in.User, req.in.Guild, day, all[kind].candidates)
	if err != nil {
		return Reply{}, err
	}
	a, err := puzzleOf(kind, pick)
	if err != nil {
		return Reply{}, err
	}
	if !pick.Resumed {
		req.log.Info("daily puzzle opened", "puzzle", pick.Attempt.Puzzle, "day", day)
	}
	return b.panel(req, puzzlePanel, kind, Reply{Type: Post, Message: puzzleMessage(a, pick, nil, "", req.w, b.privateLook(req))}), nil
}

// showSolvers edits a daily puzzle's message to its count of solvers now. It runs while the
// solver's answer waits, so it is bounded well inside Discord's 3 s; an edit given up is made good
// by the next solver's, as the count is the store's.
func (b *Bot) showSolvers(d store.DailyPuzzle) {
	m, err := dailyMessage(d, b.publicWords(d.Guild, "", ""))
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		err = b.send.Edit(ctx, d.Channel, d.MessageID, m)
	}
	if err != nil {
		b.log.Warn("counting a daily puzzle's solvers", "guild", d.Guild, "day", d.Day, "err", err)
	}
}

// solvers counts the daily puzzle's solvers; none is said in words (Portuguese would count "0
// pessoa", its plural form "one" taking 0).
func solvers(n int, w *say.Words) say.Rich {
	if n == 0 {
		return w.Rich("daily.unsolved", nil)
	}
	return w.Rich("daily.solvers", map[string]any{"Count": n})
}
