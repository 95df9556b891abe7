package bot

import (
	"context"
	"sort"
	"strconv"
	"strings"

	"tabuleiro/say"
	"tabuleiro/table"
)

// historyText is the move list: one decision per line, "<ply>. <colour> <notation>", every decision
// from ply 1. When the whole list does not fit in a message, the text keeps the most recent decisions
// and whole is the complete list as a file <game>-<id>.txt; else whole is nil.
// page, when not "", is the game's web page, linked below the list.
func historyText(v View, w *say.Words, page string, size Measure) (text say.Rich, whole *File) {
	lines := moveLines(v, w)
	foot := say.Plain("\n")
	if v.Over() {
		foot = foot.Add(resultLine(v, w))
	} else {
		s := v.Live.ToMove()
		foot = foot.Add(w.Rich("status.to-move", map[string]any{"Who": table.Seated(v.Game.Seats[s], v.Colour(s), w)}).Sentence())
	}
	if page != "" {
		foot = foot.Add(say.Plain("\n"), pageLine(page, w))
	}
	head := players(v, w)
	if len(lines) == 0 {
		return head.Add(say.Plain("\n"), w.Rich("history.empty", nil), foot), nil
	}
	name := v.Game.Kind + "-" + strconv.FormatUint(v.Game.ID, 10) + ".txt"
	build := func(from int) say.Rich {
		text := head
		if from > 0 {
			text = text.Add(say.Plain("\n"), w.Rich("history.earlier", map[string]any{"Count": from, "File": name}))
		}
		return text.Add(say.Plain("\n"), say.Block("text", lines[from:]), foot)
	}
	if all := build(0); size(all) <= maxContent {
		return all, nil
	}
	// Find the smallest cut that fits.
	from := sort.Search(len(lines), func(i int) bool { return size(build(i)) <= maxContent })
	return Clip(build(from), size), &File{Name: name, Content: []byte(strings.Join(lines, "\n") + "\n"),
		Description: w.T("words.alt.moves", map[string]any{"Count": len(lines)})}
}

// moveLines are a game's decisions, one a line: "<ply>. <colour> <notation>", from ply 1.
func moveLines(v View, w *say.Words) []string {
	log, seats := v.Live.Log(), v.Live.Deciders()
	colours := [2]string{v.Colour(0).Word(w), v.Colour(1).Word(w)}
	lines := make([]string, 0, len(log))
	for i, m := range log {
		colour := "?"
		if i < len(seats) && (seats[i] == 0 || seats[i] == 1) {
			colour = colours[seats[i]]
		}
		lines = append(lines, strconv.Itoa(i+1)+". "+colour+" "+v.Live.Format(m))
	}
	return lines
}

// drawGIF draws v's game as a GIF when no other is being drawn.
func (b *Bot) drawGIF(ctx context.Context, v View, w *say.Words) (File, error) {
	select {
	case b.gifs <- struct{}{}:
		defer func() { <-b.gifs }()
	case <-ctx.Done():
		return File{}, ctx.Err()
	}
	return gameGIF(v, w)
}

// historyGIF answers `/… history format:gif`: drawing a long game takes a while, so the answer is
// deferred and the GIF edited in with the move list; a game too long for one GIF gets the list.
func (b *Bot) historyGIF(req *Request, v View) (Reply, error) {
	if !mayAttach(req.in.Perms) {
		return Reply{}, refuse(table.Refused, "refusal.may-not-attach", "Kind", v.Game.Kind)
	}
	w := req.pub
	return Reply{Type: Deferred, After: func(ctx context.Context, f Followup) {
		text, whole := historyText(v, w, b.pageOf(v), b.size)
		m := Message{Content: text}
		if whole != nil {
			m.Files = []File{*whole}
		}
		gif, err := b.drawGIF(ctx, v, w)
		if err == nil {
			m.Files = append([]File{gif}, m.Files...)
		} else {
			req.log.Warn("could not draw a game as a GIF", "game", v.Game.ID, "err", err)
			m.Content = clip(say.Join("\n", w.Rich("history.no-gif", nil), text))
		}
		if err := f.EditOriginal(ctx, m); err != nil {
			req.log.Warn("could not edit in a game's GIF", "game", v.Game.ID, "err", err)
		}
	}}, nil
}
