package bot

import (
	"log/slog"
	"maps"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

// A game's web page (bot/page lays it out and serves it): what the page says comes from here, in
// the server's language, as plain values.

// PageView is a game as its web page shows it after Ply of its decisions.
type PageView struct {
	View
	Words   *say.Words  // the server's language
	Players [2]say.Rich // each seat's player with their colour
	Moves   []string    // every decision, "<ply>. <colour> <notation>"
	// Status is the result and the rating changes once the game is over, else whose turn it is.
	Status []say.Rich
	Ply    int        // how many decisions the page shows played
	At     games.Game // the game after Ply decisions
	// Names are the display names of the people the texts mention, where known.
	Names map[string]string
}

// Page is game id after ply decisions (-1: all of them), for its web page; table.ErrNoPage when
// there is none to show: no such game, its server shows no pages, or the game has no such ply.
func (b *Bot) Page(id uint64, ply int) (PageView, error) {
	v, err := b.t.Page(id)
	if err != nil {
		return PageView{}, err
	}
	n := len(v.Live.Log())
	if ply < 0 {
		ply = n
	}
	if ply > n {
		return PageView{}, table.ErrNoPage
	}
	at := v.Live
	if ply < n {
		if at, err = v.At(ply); err != nil {
			return PageView{}, err
		}
	}
	w := b.publicWords(v.Game.Guild, v.Game.Channel, "")
	p := PageView{View: v, Words: w, Moves: moveLines(v, w), Ply: ply, At: at}
	for s := range p.Players {
		p.Players[s] = table.Seated(v.Game.Seats[s], v.Colour(games.Seat(s)), w).Sentence()
	}
	if v.Over() {
		p.Status = append(p.Status, resultLine(v, w))
		if line := changeLine(v.Game, w); len(line) > 0 {
			p.Status = append(p.Status, line)
		}
	} else {
		s := v.Live.ToMove()
		p.Status = append(p.Status, w.Rich("status.to-move", map[string]any{"Who": table.Seated(v.Game.Seats[s], v.Colour(s), w)}).Sentence())
	}
	var users []string
	for _, s := range v.Game.Seats {
		if !s.Bot && s.UserID != "" {
			users = append(users, s.UserID)
		}
	}
	if p.Names, err = b.t.Names(users...); err != nil {
		return PageView{}, err
	}
	return p, nil
}

// LinkPages makes the bot link each game's web page from its result and its history, on servers
// with pages on; link gives a game's page's address. Call it before the bot serves.
func (b *Bot) LinkPages(link func(id uint64) string) { b.pageLink = link }

// pageOf is the address of v's game's page, or "" when its server shows none.
func (b *Bot) pageOf(v View) string {
	if b.pageLink == nil || !b.t.ShowsPages(v.Game.Guild) {
		return ""
	}
	return b.pageLink(v.Game.ID)
}

// pageLine links a game's page, or is nothing when there is none.
func pageLine(page string, w *say.Words) say.Rich {
	if page == "" {
		return nil
	}
	return w.Rich("page.link", map[string]any{"URL": page})
}

// keepNames keeps the display names an interaction shows, when its server shows pages, so that
// the pages of its games can name their players.
func (b *Bot) keepNames(in *Interaction, log *slog.Logger) {
	if b.pageLink == nil || !b.t.ShowsPages(in.Guild) {
		return
	}
	todo := b.names.unkept(in)
	if len(todo) == 0 {
		return
	}
	if err := b.t.NoteNames(todo); err != nil {
		log.Warn("could not keep display names for the game pages", "err", err)
		return
	}
	b.names.kept(todo)
}

// names' kept part: what the store holds, as far as this process knows.

// unkept are the names an interaction shows that the store may not hold yet.
func (n *names) unkept(in *Interaction) map[string]string {
	seen := maps.Clone(in.Command.Names)
	if in.UserName != "" && in.User != "" {
		if seen == nil {
			seen = map[string]string{}
		}
		seen[in.User] = in.UserName
	}
	n.mu.Lock()
	defer n.mu.Unlock()
	for id, name := range seen {
		if name == "" || n.stored[id] == name {
			delete(seen, id)
		}
	}
	return seen
}

func (n *names) kept(m map[string]string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.stored == nil || len(n.stored) > 100000 {
		n.stored = map[string]string{}
	}
	maps.Copy(n.stored, m)
}
