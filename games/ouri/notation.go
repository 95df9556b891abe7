package ouri

import (
	"fmt"
	"strings"

	"tabuleiro/games"
)

// Format writes a sowing as the mover's house letter a–f.
func (g *Game) Format(m games.Move) string {
	if m < 6 {
		return string(rune('a' + m))
	}
	return fmt.Sprintf("?%d", uint32(m))
}

// Parse reads a house letter a–f in either case (full-width letters too) and accepts it only if it
// is legal now.
func (g *Game) Parse(s string) (games.Move, error) {
	if err := games.CheckLength(s); err != nil {
		return 0, err
	}
	if g.outcome.Over() {
		return 0, games.Problemf("ouri.over")
	}
	t := strings.TrimSpace(games.Normalize(s))
	if err := games.Foreign(t, games.Text{ID: "ouri.hint", Args: games.Args("Houses", g.legalNames())}); err != nil {
		return 0, err
	}
	t = strings.ToLower(t)
	if len(t) != 1 || t[0] < 'a' || t[0] > 'f' {
		if t == "" {
			return 0, games.Problemf("ouri.no-house", "Houses", g.legalNames())
		}
		return 0, games.Problemf("ouri.not-house", "Input", games.Quote(t), "Houses", g.legalNames())
	}
	m := games.Move(t[0] - 'a')
	if g.legal(m) {
		return m, nil
	}
	p := &g.pos
	seeds := p.Houses[int(p.ToMove)*6+int(m)]
	switch {
	case seeds == 0:
		return 0, games.Problemf("ouri.empty", "House", t, "Houses", g.legalNames())
	case p.SideSeeds(1-p.ToMove) == 0 && int(seeds) < 6-int(m):
		return 0, games.Problemf("ouri.feed", "Opponent", games.Colour{D: Descriptor, Seat: games.Seat(1 - p.ToMove)}, "Houses", g.legalNames(), "Reach", games.Text{ID: "ouri.reach", Args: games.Args("Count", len(g.Legal()))}, "House", t)
	}
	return 0, games.Problemf("ouri.singleton", "House", t, "Houses", g.legalNames())
}

// legalNames lists the legal houses as "a, b, d", as a placeholder's value.
func (g *Game) legalNames() any {
	names := games.Names(g, g.Legal())
	if len(names) == 0 {
		return games.Text{ID: "list.none"}
	}
	return strings.Join(names, ", ")
}
