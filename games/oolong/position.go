package oolong

import (
	"math/bits"

	"tabuleiro/games"
)

// Trigger says which teas fire a colour-named marker (BM GM BW GW).
type Trigger uint8

const (
	TriggerAny   Trigger = iota // any colour fires it; the named colour acts
	TriggerOwner                // only the named colour's teas fire it
)

func (t Trigger) String() string {
	if t == TriggerOwner {
		return "owner"
	}
	return "any"
}

const (
	allSeats  = 1<<numDirs - 1
	allTables = 1<<numDirs - 1
	noMarker  = 0xFF
)

// MaxDecisions bounds the decisions of any position: the most is a Move Tea, at most
// S·(81−S) ≤ 36·45 = 1620 (S ≤ 36 own teas on unclaimed tables), plus skip.
const MaxDecisions = 1624

// Position is a whole Oolong position, rules included (layout and trigger), in a small value
// type: copy it to branch (c := *p; c.Apply(m)). The zero value is not usable: use NewPosition.
type Position struct {
	tea     [2][numDirs]uint16 // per colour, per table: bit s set when seat s holds that colour's tea
	claimed [2]uint16          // per colour: bit t set when the colour has ≥5 teas on table t
	marker  [numDirs]uint8     // the marker at each table, noMarker for c
	used    uint16             // bit t set when table t's marker is used
	queue   [8]uint8           // pending specials: table<<1 | actor; each marker fires at most once
	qHead   uint8
	qTail   uint8
	supply  [2]int8
	waiterT Dir
	waiterS Dir
	toMove  games.Seat // who decides next
	placer  games.Seat // who placed last: play passes to the other once the queue is empty
	result  uint8      // resultOngoing, resultBlack, resultGreen, resultDraw
	trigger Trigger
}

const (
	resultOngoing = iota
	resultBlack
	resultGreen
	resultDraw
)

// NewPosition is the start of a game: all seats empty, the waiter on c.c, Black to move.
func NewPosition(l Layout, t Trigger) Position {
	p := Position{supply: [2]int8{40, 40}, waiterT: C, waiterS: C, placer: 1, trigger: t}
	p.marker[C] = noMarker
	for i, m := range l {
		p.marker[layoutDirs[i]] = uint8(m)
	}
	return p
}

// ToMove is the seat that decides next: the acting player of the pending special, if any.
func (p *Position) ToMove() games.Seat { return p.toMove }

// Outcome is Ongoing, a Claim win, or an Exhaustion draw.
func (p *Position) Outcome() games.Outcome {
	switch p.result {
	case resultBlack:
		return games.Outcome{Winner: 0, Method: games.Claim}
	case resultGreen:
		return games.Outcome{Winner: 1, Method: games.Claim}
	case resultDraw:
		return games.Outcome{Winner: games.NoSeat, Method: games.Exhaustion}
	}
	return games.Ongoing
}

// Over reports whether the game has ended by the rules of play.
func (p *Position) Over() bool { return p.result != resultOngoing }

// At is the tea on a seat of a table.
func (p *Position) At(table, seat Dir) Tea {
	switch {
	case p.tea[0][table]>>seat&1 != 0:
		return Black
	case p.tea[1][table]>>seat&1 != 0:
		return Green
	}
	return Empty
}

// Waiter is the waiter's table and seat.
func (p *Position) Waiter() (table, seat Dir) { return p.waiterT, p.waiterS }

// Marker is the marker of a table; ok is false for c, which has none.
func (p *Position) Marker(table Dir) (m Marker, ok bool) {
	if p.marker[table] == noMarker {
		return 0, false
	}
	return Marker(p.marker[table]), true
}

// Used reports whether a table's marker has fired.
func (p *Position) Used(table Dir) bool { return p.used>>table&1 != 0 }

// Claim is the colour that claimed a table, or NoSeat.
func (p *Position) Claim(table Dir) games.Seat {
	switch {
	case p.claimed[0]>>table&1 != 0:
		return 0
	case p.claimed[1]>>table&1 != 0:
		return 1
	}
	return games.NoSeat
}

// Claimed is the number of tables a colour has claimed.
func (p *Position) Claimed(s games.Seat) int { return bits.OnesCount16(p.claimed[s]) }

// Count is how many of a colour's teas are on a table.
func (p *Position) Count(s games.Seat, table Dir) int { return bits.OnesCount16(p.tea[s][table]) }

// Supply is how many teas a colour has left to place.
func (p *Position) Supply(s games.Seat) int { return int(p.supply[s]) }

// Special is a special action waiting in the queue.
type Special struct {
	Marker Marker
	Table  Dir        // the marker's table (Rotate turns it)
	Actor  games.Seat // who decides it
}

// Pending lists the queued specials, the one to decide first at index 0.
func (p *Position) Pending() []Special {
	var out []Special
	for i := p.qHead; i < p.qTail; i++ {
		t := Dir(p.queue[i] >> 1)
		out = append(out, Special{Marker: Marker(p.marker[t]), Table: t, Actor: games.Seat(p.queue[i] & 1)})
	}
	return out
}

// Placing reports whether the next decision is a placement (no special is pending). Unlike
// Pending it never allocates, for search code.
func (p *Position) Placing() bool { return p.qHead == p.qTail }

// head is the special to decide now; ok is false when a placement is due.
func (p *Position) head() (table Dir, actor games.Seat, ok bool) {
	if p.qHead == p.qTail {
		return 0, 0, false
	}
	e := p.queue[p.qHead]
	return Dir(e >> 1), games.Seat(e & 1), true
}

func (p *Position) empty(t Dir) uint16 { return ^(p.tea[0][t] | p.tea[1][t]) & allSeats }

// open is table t's empty seats a tea may go to (the blocked seat excluded).
func (p *Position) open(t Dir) uint16 {
	e := p.empty(t)
	if t == p.waiterT {
		e &^= 1 << p.waiterS
	}
	return e
}

func (p *Position) unclaimed() uint16 { return ^(p.claimed[0] | p.claimed[1]) & allTables }

// Apply plays a decision that must be legal here (from AppendDecisions); it does not check.
func (p *Position) Apply(m games.Move) {
	switch moveKind(m) {
	case kindPlace:
		t, s := fieldA(m), fieldB(m)
		c := p.toMove
		p.tea[c][t] |= 1 << s
		p.supply[c]--
		p.placer = c
		p.waiterT, p.waiterS = s, t
		p.added(t, c)
	case kindMoveTea:
		_, a, _ := p.head()
		p.qHead++
		from, z := fieldA(m), fieldC(m)
		p.tea[a][from] &^= 1 << fieldB(m)
		p.tea[a][z] |= 1 << fieldD(m)
		p.added(z, a)
	case kindWaiter:
		p.qHead++
		p.waiterT = fieldA(m)
	case kindRotate:
		t, _, _ := p.head()
		p.qHead++
		k := fieldA(m)
		p.tea[0][t] = rotation[k][p.tea[0][t]]
		p.tea[1][t] = rotation[k][p.tea[1][t]]
		if p.waiterT == t && p.waiterS != C {
			p.waiterS = ring[(ringIndex[p.waiterS]+int(k))%8]
		}
	case kindSwap:
		p.qHead++
		a, b := fieldA(m), fieldB(m)
		for c := range p.tea {
			p.tea[c][a], p.tea[c][b] = p.tea[c][b], p.tea[c][a]
			ca, cb := p.claimed[c]>>a&1, p.claimed[c]>>b&1
			p.claimed[c] = p.claimed[c]&^(1<<a|1<<b) | ca<<b | cb<<a
		}
		switch p.waiterT {
		case a:
			p.waiterT = b
		case b:
			p.waiterT = a
		}
	case kindSkip:
		p.qHead++
	}
	if p.result == resultOngoing {
		p.settle()
	}
}

// added runs the trigger check and win check on table t, which just received colour c's tea.
func (p *Position) added(t Dir, c games.Seat) {
	n := bits.OnesCount16(p.tea[c][t])
	if mk := p.marker[t]; mk != noMarker && p.used>>t&1 == 0 && n >= int(markerThreshold[mk]) {
		actor, fires := c, true
		switch Marker(mk) {
		case BM, BW:
			actor, fires = 0, c == 0 || p.trigger == TriggerAny
		case GM, GW:
			actor, fires = 1, c == 1 || p.trigger == TriggerAny
		}
		if fires {
			p.used |= 1 << t
			p.queue[p.qTail] = uint8(t)<<1 | uint8(actor)
			p.qTail++
		}
	}
	if n >= 5 && p.claimed[c]>>t&1 == 0 {
		p.claimed[c] |= 1 << t
		if bits.OnesCount16(p.claimed[c]) >= 5 {
			p.result = resultBlack + uint8(c)
		}
	}
}

// settle drops specials that have no legal choice and decides who is to move, or that the game
// is drawn because that player has no tea left.
func (p *Position) settle() {
	for p.qHead < p.qTail {
		t, actor, _ := p.head()
		if p.hasChoice(Marker(p.marker[t]), actor) {
			p.toMove = actor
			return
		}
		p.qHead++
	}
	p.toMove = p.placer.Other()
	if p.supply[p.toMove] == 0 {
		p.result = resultDraw
	}
}

func (p *Position) hasChoice(m Marker, actor games.Seat) bool {
	switch m {
	case BM, GM:
		return p.countMoveTea(actor) > 0
	case SU:
		return bits.OnesCount16(p.unclaimed()) >= 2
	case SC:
		return p.claimed[0]|p.claimed[1] != 0 && p.unclaimed() != 0
	}
	return true
}

func (p *Position) countMoveTea(a games.Seat) int {
	u := p.unclaimed()
	total := 0
	var open [numDirs]int
	for t := Dir(0); t < numDirs; t++ {
		if u>>t&1 != 0 {
			open[t] = bits.OnesCount16(p.open(t))
			total += open[t]
		}
	}
	n := 0
	for t := Dir(0); t < numDirs; t++ {
		if u>>t&1 != 0 {
			n += bits.OnesCount16(p.tea[a][t]) * (total - open[t])
		}
	}
	return n
}

// CountDecisions is len(AppendDecisions(nil)) without listing them: perft's last ply.
func (p *Position) CountDecisions() int {
	if p.result != resultOngoing {
		return 0
	}
	t, actor, ok := p.head()
	if !ok {
		if n := bits.OnesCount16(p.open(p.waiterT)); n > 0 {
			return n
		}
		n := 0
		for u := Dir(0); u < numDirs; u++ {
			if u != p.waiterT {
				n += bits.OnesCount16(p.empty(u))
			}
		}
		return n
	}
	switch Marker(p.marker[t]) {
	case BM, GM:
		return p.countMoveTea(actor) + 1
	case BW, GW:
		return 9
	case RO:
		return 8
	case SU:
		u := bits.OnesCount16(p.unclaimed())
		return u*(u-1)/2 + 1
	case SC:
		return bits.OnesCount16(p.claimed[0]|p.claimed[1])*bits.OnesCount16(p.unclaimed()) + 1
	}
	return 0
}

// AppendDecisions appends every legal decision to dst (in no particular order) and returns it;
// with cap(dst) ≥ MaxDecisions it never allocates.
func (p *Position) AppendDecisions(dst []games.Move) []games.Move {
	if p.result != resultOngoing {
		return dst
	}
	t, actor, ok := p.head()
	if !ok {
		if e := p.open(p.waiterT); e != 0 {
			for ; e != 0; e &= e - 1 {
				dst = append(dst, place(p.waiterT, Dir(bits.TrailingZeros16(e))))
			}
			return dst
		}
		for u := Dir(0); u < numDirs; u++ {
			if u == p.waiterT {
				continue
			}
			for e := p.empty(u); e != 0; e &= e - 1 {
				dst = append(dst, place(u, Dir(bits.TrailingZeros16(e))))
			}
		}
		return dst
	}
	switch Marker(p.marker[t]) {
	case BM, GM:
		u := p.unclaimed()
		for a := Dir(0); a < numDirs; a++ {
			if u>>a&1 == 0 {
				continue
			}
			for src := p.tea[actor][a]; src != 0; src &= src - 1 {
				s := Dir(bits.TrailingZeros16(src))
				for z := Dir(0); z < numDirs; z++ {
					if z == a || u>>z&1 == 0 {
						continue
					}
					for e := p.open(z); e != 0; e &= e - 1 {
						dst = append(dst, moveTea(a, s, z, Dir(bits.TrailingZeros16(e))))
					}
				}
			}
		}
	case BW, GW:
		for z := Dir(0); z < numDirs; z++ {
			if z != p.waiterT {
				dst = append(dst, waiterTo(z))
			}
		}
	case RO:
		for k := 1; k <= 7; k++ {
			dst = append(dst, rotate(k))
		}
	case SU:
		u := p.unclaimed()
		for a := Dir(0); a < numDirs; a++ {
			for b := a + 1; b < numDirs; b++ {
				if u>>a&1 != 0 && u>>b&1 != 0 {
					dst = append(dst, swap(a, b))
				}
			}
		}
	case SC:
		u, c := p.unclaimed(), p.claimed[0]|p.claimed[1]
		for a := Dir(0); a < numDirs; a++ {
			for b := Dir(0); b < numDirs; b++ {
				if c>>a&1 != 0 && u>>b&1 != 0 {
					dst = append(dst, swap(a, b))
				}
			}
		}
	}
	return append(dst, skip)
}

// Perft counts the leaves of the decision tree depth plies deep, counting the last ply in bulk.
// It allocates its stack of positions and decision buffers once, not per node.
func (p *Position) Perft(depth int) uint64 {
	if depth <= 1 {
		if depth == 0 {
			return 1
		}
		return uint64(p.CountDecisions())
	}
	s := &perftStack{pos: make([]Position, depth), buf: make([][MaxDecisions]games.Move, depth)}
	s.pos[depth-1] = *p
	return s.perft(depth - 1)
}

type perftStack struct {
	pos []Position
	buf [][MaxDecisions]games.Move
}

// perft counts from s.pos[d], d+1 plies deep, writing children into s.pos[d-1].
func (s *perftStack) perft(d int) uint64 {
	p := &s.pos[d]
	if d == 0 {
		return uint64(p.CountDecisions())
	}
	var n uint64
	for _, m := range p.AppendDecisions(s.buf[d][:0]) {
		c := &s.pos[d-1]
		*c = *p
		c.Apply(m)
		n += s.perft(d - 1)
	}
	return n
}

// rotation[k][mask] is a table's seat mask turned clockwise k steps.
var rotation [8][1 << numDirs]uint16

var ringIndex [numDirs]int

func init() {
	for i, d := range ring {
		ringIndex[d] = i
	}
	for k := 0; k < 8; k++ {
		for mask := 0; mask < 1<<numDirs; mask++ {
			r := uint16(mask) & (1 << C)
			for i, d := range ring {
				if mask>>d&1 != 0 {
					r |= 1 << ring[(i+k)%8]
				}
			}
			rotation[k][mask] = r
		}
	}
}
