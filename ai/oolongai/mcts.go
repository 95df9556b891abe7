package oolongai

import (
	"context"
	"math"
	"math/rand/v2"
	"slices"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

type mctsNode struct {
	pos      oolong.Position
	move     games.Move
	mover    games.Seat // who made move
	parent   int32
	children []int32
	untried  []games.Move
	visits   float64
	wins     float64 // for mover
}

const (
	playoutDepth = 12
	uctC         = 0.7
)

// MCTSSearch is the alternative Search was measured against (see the package doc): UCT over whole
// decisions with short greedy playouts scored by Evaluate, until deadline or ctx ends. It returns
// the most visited decision and the number of playouts.
func MCTSSearch(ctx context.Context, p *oolong.Position, legal []games.Move, deadline time.Time, rng *rand.Rand) (games.Move, uint64) {
	nodes := []mctsNode{{pos: *p, mover: p.ToMove().Other(), parent: -1, untried: append([]games.Move(nil), legal...)}}
	rng.Shuffle(len(nodes[0].untried), func(i, j int) { nodes[0].untried[i], nodes[0].untried[j] = nodes[0].untried[j], nodes[0].untried[i] })
	var buf [oolong.MaxDecisions]games.Move
	var playouts uint64
	for {
		if playouts%64 == 0 && (ctx.Err() != nil || time.Now().After(deadline)) {
			break
		}
		playouts++
		// Select.
		n := int32(0)
		for len(nodes[n].untried) == 0 && len(nodes[n].children) > 0 {
			best, bestV := int32(-1), math.Inf(-1)
			lnN := math.Log(nodes[n].visits)
			for _, c := range nodes[n].children {
				ch := &nodes[c]
				v := ch.wins/ch.visits + uctC*math.Sqrt(lnN/ch.visits)
				if v > bestV {
					best, bestV = c, v
				}
			}
			n = best
		}
		// Expand.
		if k := len(nodes[n].untried); k > 0 {
			m := nodes[n].untried[k-1]
			nodes[n].untried = nodes[n].untried[:k-1]
			c := nodes[n].pos
			c.Apply(m)
			child := mctsNode{pos: c, move: m, mover: nodes[n].pos.ToMove(), parent: n}
			if !c.Over() {
				ms := c.AppendDecisions(buf[:0])
				if len(ms) > wideNode {
					ms = bestByEval(&c, ms, wideNode)
				}
				child.untried = append([]games.Move(nil), ms...)
				rng.Shuffle(len(child.untried), func(i, j int) { child.untried[i], child.untried[j] = child.untried[j], child.untried[i] })
			}
			nodes = append(nodes, child)
			id := int32(len(nodes) - 1)
			nodes[n].children = append(nodes[n].children, id)
			n = id
		}
		// Playout: result for seat 0 in [0, 1].
		r := playout(nodes[n].pos, rng, buf[:0])
		for ; n >= 0; n = nodes[n].parent {
			nodes[n].visits++
			if nodes[n].mover == 0 {
				nodes[n].wins += r
			} else {
				nodes[n].wins += 1 - r
			}
		}
	}
	best, bestV := legal[0], -1.0
	for _, c := range nodes[0].children {
		if v := nodes[c].visits; v > bestV {
			best, bestV = nodes[c].move, v
		}
	}
	return best, playouts
}

func bestByEval(p *oolong.Position, ms []games.Move, k int) []games.Move {
	me := p.ToMove()
	keys := make([]uint64, len(ms))
	for i, m := range ms {
		c := *p
		c.Apply(m)
		v := Evaluate(&c, me)
		keys[i] = uint64(uint32(-v+1<<31))<<32 | uint64(m)
	}
	slices.Sort(keys)
	out := make([]games.Move, k)
	for i := range out {
		out[i] = games.Move(uint32(keys[i]))
	}
	return out
}

// playout plays greedy-random decisions (an immediate win or claim when there is one, else
// random) for a few plies and scores the end for seat 0.
func playout(p oolong.Position, rng *rand.Rand, buf []games.Move) float64 {
	for i := 0; i < playoutDepth && !p.Over(); i++ {
		ms := p.AppendDecisions(buf[:0])
		me := p.ToMove()
		pick := ms[rng.IntN(len(ms))]
		if len(ms) <= wideNode {
			for _, m := range ms {
				c := p
				c.Apply(m)
				if c.Claimed(me) > p.Claimed(me) {
					pick = m
					break
				}
			}
		}
		p.Apply(pick)
	}
	if p.Over() {
		switch p.Outcome().Winner {
		case 0:
			return 1
		case 1:
			return 0
		}
		return 0.5
	}
	return (1 + float64(evaluate(&p, 0))/evalScale) / 2
}
