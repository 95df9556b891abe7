package bot

import (
	"strings"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/say"
	"tabuleiro/table"
)

// Limits of chat platforms' controls (Discord's) that shape the boards' rows.
const (
	maxRows    = 5
	maxButtons = 5 // in a row
)

// players is the header line: who plays which colour.
func players(v View, w *say.Words) say.Rich {
	return w.Rich("board.players", map[string]any{"Title": v.Desc().Title,
		"Player": table.Seated(v.Game.Seats[0], v.Colour(0), w), "Opponent": table.Seated(v.Game.Seats[1], v.Colour(1), w)})
}

// boardContent is the text of a game message: players, the board block (with the last decision),
// then one line saying whose turn it is or the result (with the game's page, when it has one), and
// a pending offer. The legend comes with the game's first boards (until each player has decided
// once) and when asked for. As an image, the block goes and the picture of the board comes as the
// message's file (text again when it cannot be drawn).
func boardContent(v View, w *say.Words, legend bool, page string, lk look, clock say.Rich, size Measure) (say.Rich, []File) {
	block := render.BlockOf(v.Live, w)
	var tail []say.Rich
	if v.Over() {
		tail = append(tail, resultLine(v, w))
		if line := changeLine(v.Game, w); len(line) > 0 {
			tail = append(tail, line)
		}
		if line := pageLine(page, w); len(line) > 0 {
			tail = append(tail, line)
		}
	} else {
		s := v.Live.ToMove()
		p := v.Game.Seats[s]
		turn := statusLine(v, block.Status, w)
		if len(turn) == 0 {
			turn = w.Rich("status.to-move", map[string]any{"Who": table.Seated(p, v.Colour(s), w)}).Sentence()
		}
		id := "board.turn.move"
		switch {
		case p.Bot:
			id = "board.turn.thinking"
		case p.Team && isPaneled(v.Live):
			id = "board.turn.vote-or-buttons"
		case p.Team:
			id = "board.turn.vote"
		case isPaneled(v.Live):
			id = "board.turn.move-or-buttons"
		}
		tail = append(tail, w.Rich(id, map[string]any{"Turn": turn, "Kind": v.Game.Kind}))
		if len(clock) > 0 {
			// A day-paced game's deadline, or its player's vacation (pace.go).
			tail = append(tail, clock)
		}
		if p.Team {
			tail = append(tail, teamTurn(v, w))
		}
		if o := v.Game.Offer; o.Kind != "" && (o.By == 0 || o.By == 1) {
			tail = append(tail, offerLine(v, w))
		}
	}
	head := players(v, w).Add(say.Plain("\n"), say.Block("", block.Lines), say.Plain("\n"))
	var files []File
	if lk == asImage {
		if f, err := boardPicture(v, v.Live, w); err == nil {
			head, files = players(v, w).Add(say.Plain("\n")), []File{f}
		}
	}
	notes := block.Notes
	if legend || v.Live.Ply() < 2 {
		notes = append(notes[:len(notes):len(notes)], block.Legend...)
	}
	if lk == asWords {
		// The description says the last decision and the position; the turn line still names the
		// player and how to move.
		head, notes = players(v, w).Add(say.Plain("\n"+describe.Fit(v.Live, w, wordsRoom)+"\n")), nil
	}
	build := func() say.Rich {
		var r strings.Builder
		for _, n := range notes {
			r.WriteString(n + "\n")
		}
		return head.Add(say.Plain(r.String()), say.Join("\n", tail...))
	}
	content := build()
	for size(content) > maxContent {
		// The board and the turn or result matter most: drop the offer (or a team's votes), then
		// the notes from the end (the legend) back to the last decision.
		switch {
		case len(tail) > 1:
			tail = tail[:1]
		case len(notes) > 0:
			notes = notes[:len(notes)-1]
		default:
			return Clip(content, size), files
		}
		content = build()
	}
	return Clip(content, size), files
}

func isPaneled(g games.Game) bool {
	_, ok := g.(games.Paneled)
	return ok
}

func offerLine(v View, w *say.Words) say.Rich {
	by := v.Game.Offer.By
	args := map[string]any{"Player": table.PlayerName(v.Game.Seats[by], w),
		"Opponent": table.PlayerName(v.Game.Seats[by.Other()], w), "Kind": v.Game.Kind}
	if v.Game.Offer.Kind != "end" {
		return w.Rich("board.offer.draw", args)
	}
	args["Result"] = agreedResult(v, w)
	return w.Rich("board.offer.end", args)
}

// agreedResult is how the game would end if the offer to end it were accepted now: Ouri's end
// collects the seeds, so accepting may hand either player the win, and the offer must say so.
func agreedResult(v View, w *say.Words) say.Rich {
	ended := v.Live.Clone()
	if ended.End(games.Agreement, games.NoSeat) != nil {
		return nil
	}
	return resultLine(table.View{Game: v.Game, Live: ended}, w)
}

// boardMessage is a game's message in w's language (the server's: it is public), its board shown
// as lk says. group narrows a long menu to one group of choices (a table to place on, a tea to
// move); "" shows the overview.
func (b *Bot) boardMessage(v View, group string, w *say.Words, lk look) Message {
	m := Message{Rows: b.boardControls(v, group, w)}
	m.Content, m.Files = boardContent(v, w, false, b.pageOf(v), lk, b.clockLine(v, w), b.size)
	return m
}

// requestedBoard is a game's message as /… board shows it: with its legend.
func (b *Bot) requestedBoard(v View, w *say.Words, lk look) Message {
	m := Message{Rows: b.boardControls(v, "", w)}
	m.Content, m.Files = boardContent(v, w, true, b.pageOf(v), lk, b.clockLine(v, w), b.size)
	return m
}

// boardRows are the controls of a game message: Rematch and Describe once the game is over; Resign
// and Describe while the bot thinks; otherwise the mover's panel (when the game has one), Resign and
// Describe. Describe, for anyone, is always last in the last row: a panel's rows leave it room.
func boardRows(v View, group string, w *say.Words) []Row {
	base := Action{Kind: v.Game.Kind, Game: v.Game.ID, Ply: v.Live.Ply()}
	describe := describeButton(base, w)
	if v.Over() {
		// Rematch stays: either player's click starts the next game.
		return []Row{{{Type: Button, Label: w.T("button.rematch", nil), Style: Success, Action: base.to(routeRematch)}, describe}}
	}
	resign := Control{Type: Button, Label: w.T("button.resign", nil), Style: Danger, Action: base.to(routeResign)}
	p, ok := v.Live.(games.Paneled)
	if !ok || v.Mover().Bot {
		return []Row{{resign, describe}}
	}
	rows, extra := panelRows(base, p.Panel(), group, w)
	return append(rows, append(extra, resign, describe))
}

// describeButton tells base's board in words, privately, to whoever clicks it.
func describeButton(base Action, w *say.Words) Control {
	return Control{Type: Button, Label: w.T("button.describe", nil), Style: Secondary, Action: base.to(routeDescribe)}
}

// decision is the action of a control that plays a decision (its notation) on base's board.
func (a Action) decision(route, notation string) Action {
	a = a.to(route)
	a.Arg = notation
	return a
}

// menu is the action of the part-th menu of a split one.
func (a Action) menu(route string, part int) Action {
	a = a.to(route)
	a.Menu = part
	return a
}

// panelRows lay out a panel: a keypad of buttons; a free choice of keypads (pick the group in a menu,
// then a cell, with Back); or menus of choices, split by group when there are too many, with Skip.
// extra goes into the last row, before Resign.
func panelRows(base Action, p games.Panel, group string, w *say.Words) (rows []Row, extra Row) {
	if p.Skip != nil {
		extra = append(extra, Control{Type: Button, Label: w.T("button.skip", nil), Style: Secondary, Action: base.decision(routePlay, p.Skip.Notation)})
	}
	if len(p.Groups) == 0 {
		return nil, extra
	}
	if p.Groups[0].Keypad {
		if len(p.Groups) == 1 {
			return keypad(base, p.Groups[0]), extra
		}
		for _, g := range p.Groups {
			if g.Name == group && group != "" {
				back := Control{Type: Button, Label: w.T("button.back", nil), Style: Secondary, Action: base.to(routeView)}
				return keypad(base, g), append(Row{back}, extra...)
			}
		}
		menu := Control{Type: Menu, Action: base.menu(routeGroup, 0), Placeholder: w.T("menu.free-placement", nil)}
		for _, g := range p.Groups {
			n := 0
			for _, c := range g.Choices {
				if c.Legal {
					n++
				}
			}
			label := w.T("menu.table-seats", map[string]any{"Table": g.Name, "Count": n})
			menu.Options = append(menu.Options, Option{Label: label, Value: g.Name})
		}
		return []Row{{menu}}, extra
	}
	const menus = maxRows - 1 // the last row holds the buttons
	var all []Option
	for _, g := range p.Groups {
		all = append(all, options(g, w)...)
	}
	if group != "" {
		for _, g := range p.Groups {
			if g.Name != group || len(g.Choices) > menus*maxChoices {
				continue
			}
			back := Control{Type: Button, Label: w.T("button.back", nil), Style: Secondary, Action: base.to(routeView)}
			return selectRows(base, routePick, options(g, w), w.T("menu.choose", nil)), append(Row{back}, extra...)
		}
	}
	if len(all) <= menus*maxChoices {
		return selectRows(base, routePick, all, w.T("menu.choose", nil)), extra
	}
	var names []Option
	for _, g := range p.Groups {
		names = append(names, Option{Label: g.Name, Value: g.Name})
	}
	if len(names) > menus*maxChoices {
		names = names[:menus*maxChoices]
	}
	return selectRows(base, routeGroup, names, w.T("menu.first-pick", nil)), extra
}

// options are a group's choices as menu values: the notation, and what the choice does.
func options(g games.Group, w *say.Words) []Option {
	out := make([]Option, 0, len(g.Choices))
	for _, c := range g.Choices {
		out = append(out, Option{Label: c.Notation, Value: c.Notation, Description: c.Description.Word(w)})
	}
	return out
}

// keypad is a group's cells as rows of three buttons, the illegal ones disabled.
func keypad(base Action, g games.Group) []Row {
	var rows []Row
	for i, c := range g.Choices {
		if i%3 == 0 {
			rows = append(rows, Row{})
		}
		// Custom ids made by earlier builds say sow for Ouri's houses (an unnamed keypad) and play
		// for an Oolong table's seats; keep them so that a board posted before an upgrade still works.
		route := routePlay
		if g.Name == "" {
			route = routeSow
		}
		rows[len(rows)-1] = append(rows[len(rows)-1], Control{Type: Button, Label: c.Label, Style: Primary,
			Action: base.decision(route, c.Notation), Disabled: !c.Legal})
	}
	return rows
}

// selectRows splits values into menus of at most 25 options, one per row.
func selectRows(base Action, route string, values []Option, prompt string) []Row {
	var rows []Row
	for i := 0; i < len(values); i += maxChoices {
		part := values[i:min(i+maxChoices, len(values))]
		menu := Control{Type: Menu, Action: base.menu(route, i/maxChoices),
			Placeholder: prompt + ": " + part[0].Label + " … " + part[len(part)-1].Label, Options: part}
		if len(part) == 1 {
			menu.Placeholder = prompt + ": " + part[0].Label
		}
		rows = append(rows, Row{menu})
	}
	return rows
}
