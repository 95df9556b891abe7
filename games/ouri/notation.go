package ouri

import (
	"fmt"
	"strings"

	"tabuleiro/games"
)

var seatNames = [2]string{"South", "North"}

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
		return 0, fmt.Errorf("the game is over (%s) — no more sowing", g.outcome)
	}
	t := strings.TrimSpace(games.Normalize(s))
	if err := games.Foreign(t, fmt.Sprintf("name one of your houses, a–f (you may sow %s)", g.legalNames())); err != nil {
		return 0, err
	}
	t = strings.ToLower(t)
	if len(t) != 1 || t[0] < 'a' || t[0] > 'f' {
		if t == "" {
			return 0, fmt.Errorf("no house named — you may sow %s", g.legalNames())
		}
		return 0, fmt.Errorf("%s is not a house — name one of a–f (you may sow %s)", games.Quote(t), g.legalNames())
	}
	m := games.Move(t[0] - 'a')
	if g.legal(m) {
		return m, nil
	}
	p := &g.pos
	seeds := p.Houses[int(p.ToMove)*6+int(m)]
	opp := seatNames[1-p.ToMove]
	switch {
	case seeds == 0:
		return 0, fmt.Errorf("house %s is empty — you may sow %s", t, g.legalNames())
	case p.SideSeeds(1-p.ToMove) == 0 && int(seeds) < 6-int(m):
		verb := "reaches"
		if len(g.Legal()) > 1 {
			verb = "reach"
		}
		return 0, fmt.Errorf("you must feed %s: only %s %s their side (house %s does not)", opp, g.legalNames(), verb, t)
	}
	return 0, fmt.Errorf("house %s holds a single seed, and the singleton rule forbids sowing one while another house holds two or more — you may sow %s", t, g.legalNames())
}

// legalNames lists the legal houses as "a, b, d".
func (g *Game) legalNames() string {
	names := games.Names(g, g.Legal())
	if len(names) == 0 {
		return "nothing"
	}
	return strings.Join(names, ", ")
}
