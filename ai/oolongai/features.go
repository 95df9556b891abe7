package oolongai

import (
	"math"

	"tabuleiro/games"
	"tabuleiro/games/oolong"
)

// The features of a position, all from the point of view of the player to move (the mover).
const (
	fBias      = iota // 1: being the one to move
	fRace             // the logit of the race's chance of five claims (model)
	fTempo            // what the mover's next placement adds to that chance
	fSend             // minus the most the opponent's next placement adds, where the mover sends them best
	fClaimed          // claimed tables, the mover's less the opponent's
	fFours            // open tables at four teas, the mover's less the opponent's
	fThrees           // open tables at three teas, likewise
	fMoveTea          // an unused Move Tea on an open table, the mover's less the opponent's
	fMoveWait         // an unused Move Waiter on an open table, likewise
	fColNear          // those of them one tea from firing, likewise
	fNear             // unused Rotate and Swap markers one tea of the mover's from firing, less the opponent's
	fPendMine         // specials queued for the mover to decide
	fPendTheir        // specials queued for the opponent (never, so far, where the search decides: weight 0)
	fFree             // the mover places freely
	fRaceLate         // fRace times the share of the 80 teas placed
	nFeatures
)

type features [nFeatures]float64

// raceLogit bounds the race's logit where its chance is nearly sure.
const raceLogit = 8

func featuresOf(p *oolong.Position) (f features) {
	me := p.ToMove()
	op := me.Other()
	var md model
	md.build(p, me)
	win := md.before[numTables][5]
	f[fBias] = 1
	f[fRace] = max(-raceLogit, min(raceLogit, math.Log(win/(1-win))))
	f[fRaceLate] = f[fRace] * float64(80-p.Supply(0)-p.Supply(1)) / 80
	if p.Placing() {
		f[fTempo] = tempo(p, me, &md)
		f[fSend] = -send(p, &md)
		if wt, ws := p.Waiter(); openSeats(p, wt, ws) == 0 {
			f[fFree] = 1
		}
	}
	sign := func(s games.Seat) float64 {
		if s == me {
			return 1
		}
		return -1
	}
	f[fClaimed] = float64(p.Claimed(me) - p.Claimed(op))
	for t := oolong.Dir(0); t < numTables; t++ {
		if p.Claim(t) != games.NoSeat {
			continue
		}
		cm, co := p.Count(me, t), p.Count(op, t)
		if emptySeats(p, t) > 0 {
			f[fFours] += b2f(cm == 4) - b2f(co == 4)
			f[fThrees] += b2f(cm == 3) - b2f(co == 3)
		}
		mk, ok := p.Marker(t)
		if !ok || p.Used(t) {
			continue
		}
		near := mk.Threshold() - 1
		switch mk {
		case oolong.BM, oolong.GM, oolong.BW, oolong.GW:
			s := sign(mk.Colour())
			if mk == oolong.BM || mk == oolong.GM {
				f[fMoveTea] += s
			} else {
				f[fMoveWait] += s
			}
			if max(cm, co) >= near {
				f[fColNear] += s
			}
		default:
			f[fNear] += b2f(cm >= near) - b2f(co >= near)
		}
	}
	if !p.Placing() { // Pending allocates
		for _, sp := range p.Pending() {
			if sp.Actor == me {
				f[fPendMine]++
			} else {
				f[fPendTheir]++
			}
		}
	}
	return f
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// send is the least the opponent's next placement can add to their chance (md is the mover's
// model), over the tables the mover's placement can send them to.
func send(p *oolong.Position, md *model) float64 {
	me := p.ToMove()
	// gain is what the opponent's tea on t takes from the mover's chance.
	gain := func(t oolong.Dir) float64 {
		if p.Claim(t) != games.NoSeat || emptySeats(p, t) == 0 {
			return 0
		}
		return md.four(t) * (md.q[t] - claimChance(p.Count(me, t), p.Count(me.Other(), t)+1))
	}
	var g [numTables]float64
	anyBest := 0.0
	for t := oolong.Dir(0); t < numTables; t++ {
		g[t] = gain(t)
		anyBest = max(anyBest, g[t])
	}
	// reply is what the opponent gains when sent to table t, blocked at seat from.
	reply := func(t, from oolong.Dir) float64 {
		if openSeats(p, t, from) > 0 {
			return g[t]
		}
		return anyBest // they place freely: roughly their best table
	}
	best := math.Inf(1)
	wt, ws := p.Waiter()
	if openSeats(p, wt, ws) > 0 {
		for s := oolong.Dir(0); s < numTables; s++ {
			if s != ws && p.At(wt, s) == oolong.Empty {
				best = min(best, reply(s, wt))
			}
		}
	} else {
		for t := oolong.Dir(0); t < numTables; t++ {
			if t == wt {
				continue
			}
			for s := oolong.Dir(0); s < numTables; s++ {
				if p.At(t, s) == oolong.Empty {
					best = min(best, reply(s, t))
				}
			}
		}
	}
	if math.IsInf(best, 1) {
		return 0
	}
	return best
}

// weights are the features' weights in the logit of the mover's chance of winning (a draw
// half), fitted on self-play results (TestTuneEval); nil evaluates by the race alone.
var weights = &fitted

// fitted is TestTuneEval's fit on 95,636 positions of 1,200 games at depth 6 played by the race
// alone: log loss 0.6057, where the race and tempo alone fit 0.6416.
var fitted = features{0.1133, 1.5236, 5.2348, 5.0036, -0.5243, -0.2635, -0.1258, 0.8116, 0.5003, 0.0409, 0.1068, 0.4142, 0.0000, 1.0405, 0.8038}

func evaluate(p *oolong.Position, side games.Seat) int {
	if weights == nil {
		return raceEvaluate(p, side)
	}
	f := featuresOf(p)
	z := 0.0
	for i, x := range f {
		z += weights[i] * x
	}
	v := int(evalScale * (2/(1+math.Exp(-z)) - 1))
	if side != p.ToMove() {
		return -v
	}
	return v
}
