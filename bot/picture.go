package bot

import (
	"fmt"
	"math"
	"strings"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/render/picture"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Pictures a message attaches: boards as images (a server's setting boards for its public boards,
// a person's own for what only they see), the review's win chance by ply, a game as a GIF.

// PermAttachFiles lets the bot attach files where it posts (Discord's number).
const PermAttachFiles uint64 = 1 << 15

// The most a picture may weigh: Discord takes far more, but a board is redrawn on every move and
// a reply's body has to travel inline.
const (
	maxImage = 100 << 10
	maxGIF   = 2 << 20
)

// look is how a board is shown: a monospace block, a picture with the text around it, or (what
// only one person sees, as they chose) a description in words.
type look uint8

const (
	asText look = iota
	asImage
	asWords
)

// publicLook is how a server's public boards are shown: as it chose, but as text where the bot may
// not attach files (perms are what an interaction said; 0 when nobody said, as for later work).
func (b *Bot) publicLook(guild string, perms uint64) look {
	if !mayAttach(perms) || !b.t.ImageBoards(guild) {
		return asText
	}
	return asImage
}

// mayAttach reports whether the bot may attach files where perms were read; a platform that does
// not say (0) is trusted.
func mayAttach(perms uint64) bool { return perms == 0 || perms&PermAttachFiles != 0 }

// boardsShown words a boards setting (text, image, server) for the settings' replies: pictures
// where the bot may not attach files are said to be text there, and why.
func boardsShown(choice string, perms uint64) games.Text {
	if choice == store.BoardsImage && !mayAttach(perms) {
		return games.Text{ID: "settings.boards-image-unattached"}
	}
	return games.Text{ID: "settings.boards-" + choice}
}

// look is how the boards of a request's public answer are shown: in a DM, which has no server's
// settings, as the caller chose for themselves.
func (b *Bot) look(req *Request) look {
	if req.in.Guild == "" {
		return b.dmLook(req.in.Perms, req.in.User)
	}
	return b.publicLook(req.in.Guild, req.in.Perms)
}

// gameLook is how a game's board is shown when no request asked for it (the bot's move, a team's
// vote closed): as its server's boards are, or in a DM as its people chose.
func (b *Bot) gameLook(v View) look {
	if v.Game.Guild != "" {
		return b.publicLook(v.Game.Guild, 0)
	}
	var people []string
	for _, p := range v.Game.Seats {
		if !p.Bot && !p.Team {
			people = append(people, p.UserID)
		}
	}
	return b.dmLook(0, people...)
}

// dmLook is how the boards of a DM are shown: pictures when one of its people chose boards:image
// for themselves (/tabuleiro me), else text. Boards in words stay what only one person sees: a
// DM's board is public to everyone there, and its picture's alt text tells it.
func (b *Bot) dmLook(perms uint64, people ...string) look {
	if !mayAttach(perms) {
		return asText
	}
	for _, u := range people {
		if m, err := b.t.MemberSettings(u); err == nil && m.Boards == store.BoardsImage {
			return asImage
		}
	}
	return asText
}

// privateLook is how the boards only the caller sees are shown: their own choice, else their
// server's.
func (b *Bot) privateLook(req *Request) look {
	m, err := b.t.MemberSettings(req.in.User)
	if err != nil {
		req.log.Warn("could not read a person's settings; their server's boards are used", "err", err)
	}
	switch {
	case m.Boards == store.BoardsWords:
		return asWords
	case !mayAttach(req.in.Perms) || m.Boards == store.BoardsText:
		return asText
	case m.Boards == store.BoardsImage:
		return asImage
	}
	return b.look(req)
}

// boardPicture draws g, a position of v's game, as a PNG named for the game and its ply. A picture
// that cannot be drawn or weighs too much is an error: the text block shows the board instead.
func boardPicture(v View, g games.Game, w *say.Words) (File, error) {
	return drawn(g, fmt.Sprintf("%s-%d-%d.png", v.Game.Kind, v.Game.ID, g.Ply()), w)
}

// drawn is g drawn as the PNG file name.
func drawn(g games.Game, name string, w *say.Words) (File, error) {
	png, err := picture.Board(g, w)
	if err != nil {
		return File{}, err
	}
	if len(png) > maxImage {
		return File{}, fmt.Errorf("the picture %s weighs %d bytes, over %d", name, len(png), maxImage)
	}
	return File{Name: name, Content: png, Lines: render.BlockOf(g, w).Lines, Description: describe.Short(g, w)}, nil
}

// shownPosition is a position as a private message shows it: its block and notes, or as lk says
// its notes alone with its picture, a PNG named name, or the position in words.
func shownPosition(g games.Game, name string, lk look, w *say.Words) (say.Rich, []File) {
	if lk == asWords {
		return say.Plain(describe.Fit(g, w, wordsRoom)), nil
	}
	block := render.BlockOf(g, w)
	if lk == asImage {
		if f, err := drawn(g, name, w); err == nil {
			return say.Plain(strings.Join(block.Notes, "\n")), []File{f}
		}
	}
	return blockWithNotes(block), nil
}

// wordsRoom is the most a description takes of a message that says more around it (a lesson's
// text and task, a puzzle's head): a longer one gives its short form.
const wordsRoom = 1200

// chanceGraph draws a review's win chance by ply as a PNG: the first seat's chance in the position
// after each ply, from the decider's chances the review found.
func chanceGraph(v View, r ai.Review, w *say.Words) (File, error) {
	if len(r.Decisions) == 0 {
		return File{}, fmt.Errorf("game %d has no decision to draw", v.Game.ID)
	}
	first := func(d ai.Decision, chance float64) float64 {
		if d.Seat == 1 {
			return 100 - chance
		}
		return chance
	}
	chances := make([]float64, 0, len(r.Decisions)+1)
	for _, d := range r.Decisions {
		chances = append(chances, first(d, d.Before))
	}
	last := r.Decisions[len(r.Decisions)-1]
	chances = append(chances, first(last, last.After))
	png, err := picture.Chances(v.Desc(), chances, w)
	if err != nil {
		return File{}, err
	}
	if len(png) > maxImage {
		return File{}, fmt.Errorf("the graph of game %d weighs %d bytes, over %d", v.Game.ID, len(png), maxImage)
	}
	return File{Name: fmt.Sprintf("%s-%d-chances.png", v.Game.Kind, v.Game.ID), Content: png,
		Description: chancesAlt(v, chances, w)}, nil
}

// chancesAlt says what the graph of chances shows: the first seat's chance at the start and the
// end, and where it was lowest and highest.
func chancesAlt(v View, chances []float64, w *say.Words) string {
	low, high := 0, 0
	for i, c := range chances {
		if c < chances[low] {
			low = i
		}
		if c > chances[high] {
			high = i
		}
	}
	pc := func(c float64) int { return int(math.Round(c)) }
	return describe.Alt(w.T("words.alt.chances", map[string]any{"Title": v.Desc().Title, "Colour": v.Colour(0),
		"Count": len(chances) - 1, "Start": pc(chances[0]), "End": pc(chances[len(chances)-1]),
		"Low": pc(chances[low]), "LowPly": low, "High": pc(chances[high]), "HighPly": high}))
}

// gameGIF draws v's game, every decision from the start, as an animated GIF.
func gameGIF(v View, w *say.Words) (File, error) {
	start, err := v.At(0)
	if err != nil {
		return File{}, err
	}
	gif, err := picture.Game(start, v.Live.Log(), w)
	if err != nil {
		return File{}, err
	}
	if len(gif) > maxGIF {
		return File{}, fmt.Errorf("the GIF of game %d weighs %d bytes, over %d", v.Game.ID, len(gif), maxGIF)
	}
	alt := describe.Alt(w.T("words.alt.game", map[string]any{"Title": v.Desc().Title, "Count": len(v.Live.Log()),
		"Final": describe.Short(v.Live, w)}))
	return File{Name: fmt.Sprintf("%s-%d.gif", v.Game.Kind, v.Game.ID), Content: gif, Description: alt}, nil
}
