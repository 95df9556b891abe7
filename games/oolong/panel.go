package oolong

import (
	"fmt"

	"tabuleiro/games"
)

// Panel is the choices of the player to decide. A placement is a keypad of the seats of each table
// that has one to serve: the directed table alone normally, every table with an empty seat for a
// free placement. A special is menus of its choices, grouped by what they act on first (the tea a
// Move Tea lifts, the first table of a swap), with skip apart.
func (g *Game) Panel() games.Panel {
	if g.Outcome().Over() {
		return games.Panel{}
	}
	var p games.Panel
	legal := g.Legal()
	if _, _, pending := g.pos.head(); pending {
		index := map[string]int{}
		for _, m := range legal {
			c := games.Choice{Label: FormatMove(m), Notation: FormatMove(m), Move: m, Legal: true,
				Description: g.pos.describe(m)}
			if moveKind(m) == kindSkip {
				p.Skip = &c
				continue
			}
			name := specialGroup(m)
			i, ok := index[name]
			if !ok {
				i = len(p.Groups)
				index[name] = i
				p.Groups = append(p.Groups, games.Group{Name: name})
			}
			p.Groups[i].Choices = append(p.Groups[i].Choices, c)
		}
		return p
	}
	var seats [numDirs]uint16 // the legal seats of each table
	for _, m := range legal {
		if moveKind(m) == kindPlace {
			seats[fieldA(m)] |= 1 << fieldB(m)
		}
	}
	for t := Dir(0); t < numDirs; t++ {
		if seats[t] == 0 {
			continue
		}
		keys := games.Group{Name: t.String(), Keypad: true}
		for s := Dir(0); s < numDirs; s++ {
			m := place(t, s)
			keys.Choices = append(keys.Choices, games.Choice{Label: s.String(), Notation: FormatMove(m), Move: m,
				Legal: seats[t]>>s&1 != 0})
		}
		p.Groups = append(p.Groups, keys)
	}
	return p
}

// specialGroup is what a special's choice acts on first, to split a long menu in two steps: the tea
// a Move Tea lifts ("move nw.s"), the first table of a swap ("swap n"), or the special's verb.
func specialGroup(m games.Move) string {
	switch moveKind(m) {
	case kindMoveTea:
		return fmt.Sprintf("move %s.%s", fieldA(m), fieldB(m))
	case kindSwap:
		return "swap " + fieldA(m).String()
	case kindWaiter:
		return "waiter"
	case kindRotate:
		return "rotate"
	}
	return FormatMove(m)
}
