package bot

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bwmarrin/discordgo"

	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/store"
)

// Discord's limits that shape the messages.
const (
	maxContent    = 2000
	maxRows       = 5
	maxRowButtons = 5
	maxOptions    = 25
)

// playerName is how a seat is named in messages: a mention, or the bot with its level.
func playerName(p store.Player) string {
	if p.Bot {
		level := p.Level
		if level == "" {
			level = "hard"
		}
		return "tabuleiro (" + level + ")"
	}
	return mention(p.UserID)
}

func mention(userID string) string { return "<@" + userID + ">" }

// seatOf is the seat a person plays in a game, or NoSeat.
func seatOf(rec store.Game, userID string) games.Seat {
	for s, p := range rec.Seats {
		if !p.Bot && p.UserID == userID {
			return games.Seat(s)
		}
	}
	return games.NoSeat
}

// players is the header line: who plays which colour.
func players(rec store.Game) string {
	return fmt.Sprintf("**%s** · %s (%s) vs %s (%s)", titles[rec.Kind],
		playerName(rec.Seats[0]), render.SeatName(rec.Kind, 0),
		playerName(rec.Seats[1]), render.SeatName(rec.Kind, 1))
}

// resultLine says who won (a mention) and how, or that it is a draw and why.
func resultLine(rec store.Game, g games.Game) string {
	_, status := splitStatus(rec.Kind, g, strings.TrimRight(render.Board(g), "\n"))
	if status != "" {
		return named(rec, g, status)
	}
	o := g.Outcome()
	how := o.Method.String()
	if o.Draw() {
		return "Draw by " + how
	}
	if o.Winner != 0 && o.Winner != 1 {
		return "Game over: " + how
	}
	if o.Method == games.Time {
		return playerName(rec.Seats[o.Winner]) + " wins on time"
	}
	return playerName(rec.Seats[o.Winner]) + " wins by " + how
}

// splitStatus takes out of a rendered block the line that says whose turn it is or the result, and
// returns the block without it and that line with the player's mention put before their colour
// ("Black to move: serve at table ne" → "<@1> (Black) to move: serve at table ne"). The message then
// says it once, outside the code block, where mentions work. status is "" when the block has no
// such line (the block is then unchanged).
func splitStatus(kind string, g games.Game, block string) (rest, status string) {
	o := g.Outcome()
	lines := strings.Split(block, "\n")
	var prefixes []string
	if o.Over() {
		prefixes = []string{"Draw"}
		if o.Winner == 0 || o.Winner == 1 {
			prefixes = append(prefixes, render.SeatName(kind, o.Winner)+" wins")
		}
	} else {
		colour := render.SeatName(kind, g.ToMove())
		prefixes = []string{colour + " to move", colour + " decides"}
	}
	// Ordo's heading carries the turn ("Ordo - move 3, White to move"): keep just the move number.
	headTurn := ""
	if kind == "ordo" && len(lines) > 0 && strings.HasPrefix(lines[0], "Ordo - move ") {
		if head, turn, ok := strings.Cut(lines[0], ", "); ok {
			lines[0], headTurn = head, turn
		}
	}
	for i, l := range lines {
		for _, p := range prefixes {
			if strings.HasPrefix(l, p) {
				status = l
				lines = append(lines[:i:i], lines[i+1:]...)
				return strings.TrimRight(strings.Join(lines, "\n"), "\n "), status
			}
		}
	}
	if headTurn != "" && !o.Over() {
		return strings.TrimRight(strings.Join(lines, "\n"), "\n "), headTurn
	}
	return block, ""
}

// named puts the player before the colour that starts a status line.
func named(rec store.Game, g games.Game, status string) string {
	for _, s := range []games.Seat{0, 1} {
		colour := render.SeatName(rec.Kind, s)
		if strings.HasPrefix(status, colour+" ") {
			return fmt.Sprintf("%s (%s)%s", playerName(rec.Seats[s]), colour, status[len(colour):])
		}
	}
	return status
}

// boardContent is the text of a game message: players, the board block (with the last decision),
// then one line saying whose turn it is or the result, and a pending offer.
func boardContent(rec store.Game, g games.Game) string {
	block, status := splitStatus(rec.Kind, g, strings.TrimRight(render.Board(g), "\n"))
	var tail []string
	if o := g.Outcome(); o.Over() {
		tail = append(tail, resultLine(rec, g))
	} else {
		s := g.ToMove()
		p := rec.Seats[s]
		turn := fmt.Sprintf("%s (%s) to move", playerName(p), render.SeatName(rec.Kind, s))
		if status != "" {
			turn = named(rec, g, status)
		}
		if p.Bot {
			turn += " — thinking…"
		} else {
			turn += fmt.Sprintf(" · `/%s move`", rec.Kind)
			if rec.Kind != "ordo" {
				turn += " or the buttons"
			}
		}
		tail = append(tail, turn)
		if rec.Offer.Kind != "" && (rec.Offer.By == 0 || rec.Offer.By == 1) {
			tail = append(tail, offerLine(rec))
		}
	}
	head := players(rec) + "\n```\n" + block + "\n```\n"
	content := head + strings.Join(tail, "\n")
	if len([]rune(content)) > maxContent {
		// The block and the turn or result matter most; drop the offer rather than cut the board.
		content = head + tail[0]
	}
	return clip(content)
}

func offerLine(rec store.Game) string {
	by := rec.Offer.By
	other := rec.Seats[by.Other()]
	if rec.Offer.Kind == "end" {
		return fmt.Sprintf("%s offers to end the game, each taking the seeds on their side — %s: `/%s end` to accept, or play on.",
			playerName(rec.Seats[by]), playerName(other), rec.Kind)
	}
	return fmt.Sprintf("%s offers a draw — %s: `/%s draw` to accept, or play on.", playerName(rec.Seats[by]), playerName(other), rec.Kind)
}

// boardMessage is the content and components of a game's message. view narrows Oolong's menus to
// one group of choices (a table to place on, a tea to move); "" shows the overview.
func boardMessage(rec store.Game, g games.Game, view string) (string, []discordgo.MessageComponent) {
	return boardContent(rec, g), boardComponents(rec, g, view)
}

// boardComponents are the buttons of a game message; none once the game is over.
func boardComponents(rec store.Game, g games.Game, view string) []discordgo.MessageComponent {
	if g.Outcome().Over() {
		return []discordgo.MessageComponent{}
	}
	base := fmt.Sprintf("/%s/%d/%d/", rec.Kind, rec.ID, g.Ply())
	resign := discordgo.Button{Label: "Resign", Style: discordgo.DangerButton, CustomID: base + "resign"}
	var rows []discordgo.MessageComponent
	if rec.Seats[g.ToMove()].Bot {
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{resign}}}
	}
	legal := games.Names(g, g.Legal())
	switch rec.Kind {
	case "ouri":
		rows = append(rows, ouriRows(base, legal)...)
	case "oolong":
		var extra []discordgo.MessageComponent
		rows, extra = oolongRows(base, legal, view)
		return append(rows, discordgo.ActionsRow{Components: append(extra, resign)})
	}
	return append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{resign}})
}

// ouriRows are the mover's six houses, a–f from their left, in two rows of three.
func ouriRows(base string, legal []string) []discordgo.MessageComponent {
	ok := map[string]bool{}
	for _, n := range legal {
		ok[n] = true
	}
	var rows []discordgo.MessageComponent
	for r := 0; r < 2; r++ {
		var row []discordgo.MessageComponent
		for c := 0; c < 3; c++ {
			h := string(rune('a' + r*3 + c))
			row = append(row, discordgo.Button{Label: h, Style: discordgo.PrimaryButton,
				CustomID: base + "sow/" + h, Disabled: !ok[h]})
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

// compass is the 3×3 layout of Oolong's directions, which name both tables and seats.
var compass = [3][3]string{{"nw", "n", "ne"}, {"w", "c", "e"}, {"sw", "s", "se"}}

// oolongRows are the controls of an Oolong decision: the seat grid of the directed table for a normal
// placement; otherwise select menus of the legal choices (grouped by table or by tea when there are
// too many), with Skip when a special may be declined. extra goes into the last row, before Resign.
func oolongRows(base string, legal []string, view string) (rows, extra []discordgo.MessageComponent) {
	legalSet := map[string]bool{}
	for _, n := range legal {
		legalSet[n] = true
	}
	if table, ok := oneTable(legal); ok {
		return seatGrid(base, table, legalSet), nil
	}
	if tables, ok := placementTables(legal); ok {
		// A free placement: pick a table in a menu, then a seat on its grid (Back returns to the menu).
		if view != "" && tables[view] > 0 {
			back := discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton, CustomID: base + "view"}
			return seatGrid(base, view, legalSet), []discordgo.MessageComponent{back}
		}
		menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: base + "group/0",
			Placeholder: "Free placement: first pick a table, then a seat"}
		for _, line := range compass {
			for _, t := range line {
				if n := tables[t]; n > 0 {
					label := fmt.Sprintf("table %s: %d empty seats", t, n)
					if n == 1 {
						label = fmt.Sprintf("table %s: 1 empty seat", t)
					}
					menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: label, Value: t})
				}
			}
		}
		return []discordgo.MessageComponent{discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}}}, nil
	}
	var choices []string
	for _, n := range legal {
		if n == "skip" {
			extra = append(extra, discordgo.Button{Label: "Skip", Style: discordgo.SecondaryButton, CustomID: base + "play/skip"})
			continue
		}
		choices = append(choices, n)
	}
	const menus = maxRows - 1 // the last row holds the buttons
	if view != "" {
		var in []string
		for _, n := range choices {
			if groupOf(n) == view {
				in = append(in, n)
			}
		}
		if len(in) > 0 && len(in) <= menus*maxOptions {
			extra = append([]discordgo.MessageComponent{discordgo.Button{Label: "Back", Style: discordgo.SecondaryButton,
				CustomID: base + "view"}}, extra...)
			return selectRows(base+"pick/", in, "Choose"), extra
		}
	}
	if len(choices) <= menus*maxOptions {
		return selectRows(base+"pick/", choices, "Choose"), extra
	}
	var groups []string
	seen := map[string]bool{}
	for _, n := range choices {
		if g := groupOf(n); !seen[g] {
			seen[g] = true
			groups = append(groups, g)
		}
	}
	if len(groups) > menus*maxOptions {
		groups = groups[:menus*maxOptions]
	}
	return selectRows(base+"group/", groups, "First pick"), extra
}

// oneTable reports whether every choice is a placement on the same table: a normal placement.
func oneTable(legal []string) (string, bool) {
	table := ""
	for _, n := range legal {
		t, _, ok := strings.Cut(n, ".")
		if !ok || strings.Contains(n, " ") || (table != "" && t != table) {
			return "", false
		}
		table = t
	}
	return table, table != ""
}

// seatGrid is the 3×3 seat buttons of a table, the illegal seats disabled.
func seatGrid(base, table string, legal map[string]bool) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for _, line := range compass {
		var row []discordgo.MessageComponent
		for _, seat := range line {
			n := table + "." + seat
			row = append(row, discordgo.Button{Label: seat, Style: discordgo.PrimaryButton,
				CustomID: base + "play/" + n, Disabled: !legal[n]})
		}
		rows = append(rows, discordgo.ActionsRow{Components: row})
	}
	return rows
}

// placementTables counts the choices per table when every choice is a placement (a free placement).
func placementTables(legal []string) (map[string]int, bool) {
	tables := map[string]int{}
	for _, n := range legal {
		t, _, ok := strings.Cut(n, ".")
		if !ok || strings.Contains(n, " ") {
			return nil, false
		}
		tables[t]++
	}
	return tables, len(tables) > 0
}

// groupOf is the first half of a choice, used to split long menus in two steps: the table of a
// placement ("nw" of "nw.s"), the tea a Move Tea lifts ("move nw.s" of "move nw.s e.n").
func groupOf(n string) string {
	if i := strings.LastIndexByte(n, ' '); i > 0 {
		return n[:i]
	}
	if t, _, ok := strings.Cut(n, "."); ok {
		return t
	}
	return n
}

// selectRows splits values into select menus of at most 25 options, one per row.
func selectRows(prefix string, values []string, verb string) []discordgo.MessageComponent {
	var rows []discordgo.MessageComponent
	for i := 0; i < len(values); i += maxOptions {
		part := values[i:min(i+maxOptions, len(values))]
		menu := discordgo.SelectMenu{MenuType: discordgo.StringSelectMenu, CustomID: fmt.Sprintf("%s%d", prefix, i/maxOptions),
			Placeholder: fmt.Sprintf("%s: %s … %s", verb, part[0], part[len(part)-1])}
		if len(part) == 1 {
			menu.Placeholder = verb + ": " + part[0]
		}
		for _, v := range part {
			menu.Options = append(menu.Options, discordgo.SelectMenuOption{Label: v, Value: v})
		}
		rows = append(rows, discordgo.ActionsRow{Components: []discordgo.MessageComponent{menu}})
	}
	return rows
}

// deciders is the seat that made each decision of g's log, found by replaying it.
func deciders(g games.Game) []games.Seat {
	log := g.Log()
	seats := make([]games.Seat, 0, len(log))
	r := games.RecordOf(g)
	start, err := newGame(r.Kind, r.Options)
	if err != nil {
		return nil
	}
	for _, m := range log {
		seats = append(seats, start.ToMove())
		if start.Play(m) != nil {
			return nil
		}
	}
	return seats
}

// historyText is the move list: one decision per line, "<ply>. <colour> <notation>", keeping the most
// recent decisions when the whole list does not fit in a message.
func historyText(rec store.Game, g games.Game) string {
	log := g.Log()
	seats := deciders(g)
	var lines []string
	for i, m := range log {
		colour := "?"
		if i < len(seats) {
			colour = render.SeatName(rec.Kind, seats[i])
		}
		lines = append(lines, fmt.Sprintf("%d. %s %s", i+1, colour, g.Format(m)))
	}
	foot := ""
	if g.Outcome().Over() {
		foot = "\n" + resultLine(rec, g)
	} else {
		foot = fmt.Sprintf("\n%s (%s) to move", playerName(rec.Seats[g.ToMove()]), render.SeatName(rec.Kind, g.ToMove()))
	}
	head := players(rec)
	if len(lines) == 0 {
		return head + "\nNo decisions yet." + foot
	}
	build := func(from int) string {
		body := strings.Join(lines[from:], "\n")
		if from > 0 {
			body = fmt.Sprintf("… %d earlier decisions\n", from) + body
		}
		return head + "\n```text\n" + body + "\n```" + foot
	}
	// Find the smallest cut that fits.
	from := sort.Search(len(lines), func(i int) bool { return len([]rune(build(i))) <= maxContent })
	return clip(build(from))
}
