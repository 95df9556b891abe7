package bot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/table"
)

// postDailies posts the daily puzzle of every server whose puzzle-hour has come, once a day.
func (b *Bot) postDailies(ctx context.Context) {
	if _, err := b.t.PostDailies(ctx, b.t.Now(), table.ChooseDaily, b.postDaily); err != nil {
		b.log.Error("posting the daily puzzles", "err", err)
	}
}

// postDaily sends a claimed daily puzzle to its channel, in the server's language, its position
// shown as the server's boards are (as text where the bot turns out not to be allowed to attach the
// picture). Both carry the day's Once: a refused picture posted nothing, and a claim taken over
// after its process died posts under the same name, so Discord shows the day once.
func (b *Bot) postDaily(ctx context.Context, d store.DailyPuzzle) (string, error) {
	w := b.publicWords(d.Guild, "", "")
	m, err := dailyMessage(d, w, b.publicLook(d.Guild, 0))
	if err != nil {
		return "", err
	}
	m.Once = dailyOnce(d)
	id, err := b.send.Send(ctx, d.Channel, m)
	if errors.Is(err, ErrForbidden) && len(m.Files) > 0 {
		b.log.Info("could not post the daily puzzle as a picture; posting it as text", "guild", d.Guild, "err", err)
		if m, err = dailyMessage(d, w, asText); err == nil {
			m.Once = dailyOnce(d)
			id, err = b.send.Send(ctx, d.Channel, m)
		}
	}
	return id, err
}

// dailyOnce names a server's daily puzzle of a day, the same in every process: "dy", the day and
// a hash of the server, 23 characters at most.
func dailyOnce(d store.DailyPuzzle) string {
	h := fnv.New64a()
	h.Write([]byte(d.Guild))
	return "dy" + strings.ReplaceAll(d.Day, "-", "") + strconv.FormatUint(h.Sum64(), 36)
}

// dailyMessage is a daily puzzle as its channel sees it: the position (as lk says: a block, or a
// picture with its notes and alt text), the task, how many solved it, and the Solve button.
func dailyMessage(d store.DailyPuzzle, w *say.Words, lk look) (Message, error) {
	a, err := table.DailyPosition(d)
	if err != nil {
		return Message{}, err
	}
	desc := a.Game.Descriptor()
	position, files := shownPosition(a.Game, fmt.Sprintf("daily-%s-%s.png", d.Kind, d.Day), lk, w)
	content := say.Join("\n",
		w.Rich("daily.head", map[string]any{"Title": desc.Title, "Day": dayText(d.Day, w)}),
		position,
		pendingLine(a.Game, w),
		puzzleTask(desc, a.Solver, a.Puzzle.Plies, w),
		solvers(d.Solvers, w),
		w.Rich("daily.foot", nil),
	)
	solve := Control{Type: Button, Label: w.T("button.solve", nil), Style: Primary,
		Action: Action{Route: routeDaily, Kind: d.Kind, Arg: d.Day}}
	return Message{Content: clip(content), Rows: []Row{{solve}}, Files: files}, nil
}

// dayText is a daily puzzle's UTC day ("2026-03-01") as the language writes a date.
func dayText(day string, w *say.Words) string {
	t, err := time.Parse(time.DateOnly, day)
	if err != nil {
		return day
	}
	return w.T("daily.date", map[string]any{"Year": t.Format("2006"), "Month": t.Format("01"), "Date": t.Format("02")})
}

// solveDaily answers the Solve button: the day's puzzle, privately, for the person who clicked.
func (b *Bot) solveDaily(req *Request) (Reply, error) {
	kind, day := req.actor.Kind, req.Action().Arg
	v, err := b.t.OpenDaily(req.in.User, req.in.Guild, day)
	if err != nil {
		return Reply{}, err
	}
	if !v.Pick.Resumed {
		req.log.Info("daily puzzle opened", "puzzle", v.Pick.Attempt.Puzzle, "day", day)
	}
	return b.panel(req, puzzlePanel, kind, Reply{Type: Post, Message: puzzleMessage(v, nil, "", req.w, b.privateLook(req))}), nil
}

// showSolvers edits a daily puzzle's message to its count of solvers now. It runs while the
// solver's answer waits, so it is bounded well inside Discord's 3 s; an edit given up is made good
// by the next solver's, as the count is the store's.
func (b *Bot) showSolvers(d store.DailyPuzzle) {
	// An edit replaces the message's files: a picture goes again with the count.
	m, err := dailyMessage(d, b.publicWords(d.Guild, "", ""), b.publicLook(d.Guild, 0))
	if err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		err = b.send.Edit(ctx, d.Channel, d.MessageID, m)
		if errors.Is(err, ErrForbidden) && len(m.Files) > 0 {
			if m, err = dailyMessage(d, b.publicWords(d.Guild, "", ""), asText); err == nil {
				err = b.send.Edit(ctx, d.Channel, d.MessageID, m)
			}
		}
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
