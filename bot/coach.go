package bot

import (
	"context"
	"errors"
	"math"
	"sync"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

// coachTimeout bounds a hint's or a review's work: well inside the 15 minutes the interaction's
// token is good, so the answer can still be edited in.
const coachTimeout = 10 * time.Minute

// hint answers `/… hint`: the checks at once (a refusal is private and immediate), then, deferred,
// hard's suggestion edited into the private answer.
func (b *Bot) hint(req *Request) (Reply, error) {
	w := req.w
	if _, err := b.t.CanHint(req.actor); err != nil {
		return Reply{}, err
	}
	a := req.actor
	return b.deferred(req, "coach.thinking", func(ctx context.Context) (say.Rich, []File) {
		h, err := b.t.Hint(ctx, a)
		if err != nil {
			return b.coachFailure(req, w, err), nil
		}
		return hintText(w, h), nil
	})
}

// coaching holds the people whose hint or review is being worked on: one at a time each, so that
// nobody fills the coach's queue and delays everyone else's.
type coaching struct {
	mu    sync.Mutex
	since map[string]time.Time
}

// start takes user's turn with the coach, unless a job of theirs younger than coachTimeout (and
// the time to edit its answer in) holds it: an older one was lost with its interaction.
func (c *coaching) start(user string, now time.Time) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if t, ok := c.since[user]; ok && now.Sub(t) < coachTimeout+time.Minute {
		return false
	}
	if c.since == nil {
		c.since = map[string]time.Time{}
	}
	c.since[user] = now
	return true
}

func (c *coaching) done(user string) {
	c.mu.Lock()
	delete(c.since, user)
	c.mu.Unlock()
}

// deferred answers at once that the answer comes later (a private placeholder, message id), and
// edits in what work says and attaches, which has coachTimeout for it. A person has one such job
// at a time.
func (b *Bot) deferred(req *Request, id string, work func(ctx context.Context) (say.Rich, []File)) (Reply, error) {
	user := req.in.User
	if !b.coach.start(user, b.t.Now()) {
		return Reply{}, table.Refuse(table.Refused, "coach.refuse.busy")
	}
	return Reply{Type: Deferred, Message: Message{Content: req.w.Rich(id, nil), Private: true},
		After: func(ctx context.Context, f Followup) {
			defer b.coach.done(user)
			wctx, cancel := context.WithTimeout(ctx, coachTimeout)
			text, files := work(wctx)
			cancel()
			// The answer goes out even when the work ran out of time: say so rather than nothing.
			ectx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
			defer cancel()
			if err := f.EditOriginal(ectx, Message{Content: clip(text), Private: true, Files: files}); err != nil {
				req.log.Warn("could not edit in the coach's answer", "err", err)
			}
		}}, nil
}

// hintText words a hint: the decision, what it is worth to the caller, and the hints left.
func hintText(w *say.Words, h table.Hint) say.Rich {
	args := map[string]any{"Used": h.Used, "Max": table.HintsPerGame, "Move": h.Move, "Outlook": outlook(w, h.Win, h.Proven)}
	text := w.Rich("coach.hint.text", args)
	if left := h.Left(); left > 0 {
		return say.Join("\n", text, w.Rich("coach.hint.left", map[string]any{"Count": left}))
	}
	return say.Join("\n", text, w.Rich("coach.hint.last", nil))
}

// outlook says what a win chance means, in words for a proven result.
func outlook(w *say.Words, win float64, proven bool) string {
	switch {
	case proven && win >= 100:
		return w.T("coach.outlook.won", nil)
	case proven && win <= 0:
		return w.T("coach.outlook.lost", nil)
	case proven:
		return w.T("coach.outlook.drawn", nil)
	}
	return w.T("coach.outlook.chance", map[string]any{"Win": percent(win)})
}

// percent rounds a chance for people: never 0 or 100 for what is only an estimate.
func percent(p float64) int { return max(1, min(99, int(math.Round(p)))) }

// coachFailure is what the deferred answer says when the work failed.
func (b *Bot) coachFailure(req *Request, w *say.Words, err error) say.Rich {
	msg, internal := publicError(err, w)
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		req.log.Warn("the coach gave up", "err", err)
		return w.Rich("coach.busy", nil)
	case internal:
		req.log.Error("the coach failed", "err", err)
	default:
		req.log.Info("coach refused", "reason", table.Clip(msg.String(), table.LogInput))
	}
	return msg
}

// review answers `/… review`: the game is found at once (or refused privately), and the review,
// slow work, is edited into the deferred private answer.
func (b *Bot) review(req *Request) (Reply, error) {
	w := req.w
	v, err := b.t.ToReview(req.actor, req.in.Command.Str("player"))
	if err != nil {
		return Reply{}, err
	}
	return b.deferred(req, "coach.reviewing", func(ctx context.Context) (say.Rich, []File) {
		start := time.Now()
		r, err := b.t.Review(ctx, v)
		if err != nil {
			return b.coachFailure(req, w, err), nil
		}
		req.log.Info("review", "game", v.Game.ID, "decisions", len(r.Decisions), "took", time.Since(start).Round(time.Millisecond))
		text := reviewText(w, v, r, b.size)
		if n := b.queueBlunders(req, v, r); n > 0 {
			text = Clip(say.Join("\n", text, w.Rich("coach.review.puzzles", map[string]any{"Count": n, "Kind": v.Game.Kind})), b.size)
		}
		if !mayAttach(req.in.Perms) {
			return text, nil
		}
		graph, err := chanceGraph(v, r, w)
		if err != nil {
			req.log.Warn("could not draw a review's win chances", "game", v.Game.ID, "err", err)
			return text, nil
		}
		return text, []File{graph}
	})
}

// reviewText is a review as one message: the game, each decision hard finds clearly better than
// the one played (the worst kept when they do not all fit), each player's accuracy, the legend.
func reviewText(w *say.Words, v View, r ai.Review, size Measure) say.Rich {
	head := reviewHead(w, v, r)
	foot := say.Join("\n", append(reviewAccuracy(w, v, r), reviewLegend(w))...)
	build := func(least ai.Grade) (say.Rich, int) {
		var lines []say.Rich
		left := 0
		for _, x := range r.Decisions {
			if x.Grade == ai.Good {
				continue
			}
			if x.Grade < least {
				left++
				continue
			}
			lines = append(lines, reviewLine(w, v, x))
		}
		if len(lines) == 0 && left == 0 {
			lines = append(lines, w.Rich("coach.review.clean", nil))
		}
		if left > 0 {
			lines = append(lines, w.Rich("coach.review.more", map[string]any{"Count": left}))
		}
		return say.Join("\n", head, say.Join("\n", lines...), foot), left
	}
	var text say.Rich
	for _, least := range []ai.Grade{ai.Inaccuracy, ai.Mistake, ai.Blunder} {
		if text, _ = build(least); size(text) <= maxContent {
			return text
		}
	}
	return Clip(text, size)
}

// reviewHead names a review's game and how many decisions it judged.
func reviewHead(w *say.Words, v View, r ai.Review) say.Rich {
	if len(r.Decisions) == 0 {
		// Portuguese counts 0 in the singular ("0 decisão"): none is said in words.
		return w.Rich("coach.review.head-none", map[string]any{"Players": players(v, w)})
	}
	return w.Rich("coach.review.head", map[string]any{"Players": players(v, w), "Count": len(r.Decisions)})
}

// reviewAccuracy is each player's accuracy, South's (or the first seat's) first.
func reviewAccuracy(w *say.Words, v View, r ai.Review) []say.Rich {
	var acc []say.Rich
	for s := range 2 {
		seat := games.Seat(s)
		accuracy := "coach.review.accuracy"
		if r.Counted[seat] == 0 {
			accuracy = "coach.review.accuracy-none" // every decision was forced, or none was made
		}
		acc = append(acc, w.Rich(accuracy, map[string]any{
			"Who":      table.Seated(v.Game.Seats[seat], v.Colour(seat), w),
			"Accuracy": int(math.Round(r.Accuracy[seat])), "Count": r.Counted[seat]}))
	}
	return acc
}

// reviewLegend says what the marks mean.
func reviewLegend(w *say.Words) say.Rich {
	return w.Rich("coach.review.legend", map[string]any{
		"Inaccuracy": ai.InaccuracyLoss, "Mistake": ai.MistakeLoss, "Blunder": ai.BlunderLoss})
}

// reviewLine is one decision hard finds clearly better than the one played.
func reviewLine(w *say.Words, v View, x ai.Decision) say.Rich {
	return w.Rich("coach.review.line", map[string]any{
		"Ply": x.Ply, "Colour": v.Colour(x.Seat), "Played": v.Live.Format(x.Played), "Mark": x.Grade.Mark(),
		"Better": v.Live.Format(x.Best), "Loss": int(math.Round(x.Loss))})
}
