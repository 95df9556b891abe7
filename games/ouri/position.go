package ouri

import "math/bits"

// Rules selects the rule set: Ouri (the default) or Oware Abapa.
type Rules uint8

const (
	// RulesOuri: singleton rule on; a grand slam captures and the capturer moves again.
	RulesOuri Rules = iota
	// RulesAbapa: no singleton rule; a grand slam is legal but captures nothing.
	RulesAbapa
)

func (r Rules) String() string {
	if r == RulesAbapa {
		return "abapa"
	}
	return "ouri"
}

// Seeds is the number of seeds in play; Win is the store that ends the game at once.
const (
	Seeds = 48
	Win   = 25
)

// Position is the compact, copyable state the search works on: 16 bytes, comparable with ==.
// Houses are indexed 0–5 = South a–f, 6–11 = North a–f. ToMove is 0 (South) or 1 (North).
// Misère does not change play, only the verdict, so it is not part of the position.
type Position struct {
	Houses [12]uint8
	Stores [2]uint8
	ToMove uint8
	Rules  Rules
}

// Start is the opening position under the given rules.
func Start(r Rules) Position {
	p := Position{Rules: r}
	for i := range p.Houses {
		p.Houses[i] = 4
	}
	return p
}

// SideSeeds is the number of seeds on a seat's side (0 = South, 1 = North).
func (p *Position) SideSeeds(seat uint8) int {
	n := 0
	for _, s := range p.Houses[seat*6 : seat*6+6] {
		n += int(s)
	}
	return n
}

// LegalMask returns the legal moves of the side to move as a bit set: bit i is the mover's house i
// (a = 0 … f = 5). Zero means the side to move has no legal move (the game is over).
func (p *Position) LegalMask() uint8 {
	own := int(p.ToMove) * 6
	opp := 6 - own
	h := &p.Houses
	oppEmpty := h[opp]|h[opp+1]|h[opp+2]|h[opp+3]|h[opp+4]|h[opp+5] == 0
	var mask, big uint8
	for i := 0; i < 6; i++ {
		s := h[own+i]
		if s == 0 || oppEmpty && int(s) < 6-i {
			continue
		}
		mask |= 1 << i
		if s >= 2 {
			big |= 1 << i
		}
	}
	// Singleton rule, applied after feeding: if any candidate holds two or more, only those remain.
	if p.Rules == RulesOuri && big != 0 {
		return big
	}
	return mask
}

// Legal writes the legal moves (mover's house indices, ascending) into buf and returns the count.
// buf needs room for 6.
func (p *Position) Legal(buf []int) int {
	n := 0
	for m := p.LegalMask(); m != 0; m &= m - 1 {
		buf[n] = bits.TrailingZeros8(m)
		n++
	}
	return n
}

// Sow plays the mover's house h (0–5) and returns the new position and the seeds captured.
// It does not check legality (use LegalMask) nor the end of the game (use Over).
func (p Position) Sow(h int) (Position, int) {
	q, captured, _ := p.sow(h)
	return q, captured
}

// sow is Sow that also reports a grand slam (under Abapa one that captured nothing).
func (p Position) sow(h int) (Position, int, bool) {
	me := int(p.ToMove)
	from := me*6 + h
	n := int(p.Houses[from])
	p.Houses[from] = 0
	if n >= 11 {
		// Full laps drop one seed in each of the other 11 houses.
		laps := uint8(n / 11)
		for i := range p.Houses {
			p.Houses[i] += laps
		}
		p.Houses[from] -= laps
		n %= 11
	}
	last := from
	for ; n > 0; n-- {
		last++
		if last == 12 {
			last = 0
		}
		if last == from {
			last++
			if last == 12 {
				last = 0
			}
		}
		p.Houses[last]++
	}
	// A lap count that is a multiple of 11 ends on the house just before the origin.
	if last == from {
		last = from - 1
		if last < 0 {
			last = 11
		}
	}
	lo := 6 - me*6
	captured := 0
	slam := false
	if last >= lo && last < lo+6 && (p.Houses[last] == 2 || p.Houses[last] == 3) {
		j := last
		for j >= lo && (p.Houses[j] == 2 || p.Houses[j] == 3) {
			captured += int(p.Houses[j])
			j--
		}
		if captured == p.SideSeeds(uint8(1-me)) {
			slam = true
			if p.Rules == RulesAbapa {
				captured = 0
			}
		}
		if captured > 0 {
			for k := j + 1; k <= last; k++ {
				p.Houses[k] = 0
			}
			p.Stores[me] += uint8(captured)
		}
	}
	// The opponent moves next if they have a seed; otherwise (after an Ouri grand slam) P again.
	if p.SideSeeds(uint8(1-me)) > 0 {
		p.ToMove = uint8(1 - me)
	}
	return p, captured, slam
}

// Won reports whether a store has reached 25, which ends the game at once.
func (p *Position) Won() bool { return p.Stores[0] >= Win || p.Stores[1] >= Win }

// Collect moves the seeds on each side into their owner's store, as the game does when it ends by
// no legal move, a third occurrence or agreement.
func (p Position) Collect() Position {
	for i, s := range p.Houses {
		p.Stores[i/6] += s
		p.Houses[i] = 0
	}
	return p
}
