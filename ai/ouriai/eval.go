package ouriai

import (
	"math/bits"

	"tabuleiro/games/ouri"
)

// The positional evaluation: a linear function of a few features of the position, fitted on
// self-play games (TestTuneEval) to predict the seeds each side will still gain, so that an
// estimate is the store difference plus what the position promises.

// Feature indices. Each feature is counted for the side to move ("my") or its opponent ("their").
const (
	fStores       = iota         // store difference
	fSides                       // seeds on my side − seeds on their side
	fMyWeak                      // my houses holding 1 or 2 seeds (their targets)
	fTheirWeak                   // their houses holding 1 or 2 seeds (my targets)
	fMyHouses                    // my non-empty houses
	fTheirHouses                 // their non-empty houses
	fMyLaps                      // my houses of 12+ seeds, which lap the board
	fTheirLaps                   // theirs
	fMyCapture                   // the most I can capture now (the tempo is mine)
	fTheirCapture                // the most they could capture were it their turn (what I must parry)
	fMyReach                     // my houses whose sowing reaches their side
	fTheirReach                  // theirs
	fMyHouse                     // 6 features: the seeds in my houses a–f
	fTheirHouse   = fMyHouse + 6 // 6 features: the seeds in their houses a–f
	nHouseBase    = fTheirHouse + 6
)

const (
	fMyMoves      = nHouseBase + iota // my legal sowings
	fTheirMoves                       // theirs, were it their turn
	fMyHome                           // my seeds that a sowing would keep on my side
	fTheirHome                        // theirs
	fMyGift                           // my seeds that a sowing would hand to their side (a lap counted once)
	fTheirGift                        // theirs
	fMyBiggest                        // the seeds in my fullest house
	fTheirBiggest                     // in theirs
	// 6×counts features, one a house and seed count: my house i holds n seeds (the last count,
	// counts−1 or more); what each count of each house is worth beyond the features above.
	fMyCount
	fTheirCount = fMyCount + 6*counts // theirs
	nBase       = fTheirCount + 6*counts
)

// counts is how many seed counts of a house the count features tell apart: 0 to 11, and 12 or more.
const counts = 13

// NFeatures counts the features: each base feature alone and scaled by the seeds on the board,
// so that its weight can change between the opening and the endgame.
const NFeatures = 2*nBase + 1

// Weights are the evaluation's coefficients, in seeds per unit of feature; the last is a constant.
type Weights [NFeatures]float64

// evalScale is the estimate's resolution: an estimate counts eighths of a seed.
const evalScale = 8

// Features computes p's features for its side to move.
func Features(p *ouri.Position) (f [NFeatures]float64) {
	b, board := baseFeatures(p)
	phase := float64(board) / ouri.Seeds
	for i, v := range b {
		f[i] = float64(v)
		f[nBase+i] = float64(v) * phase
	}
	f[2*nBase] = 1
	return f
}

// baseFeatures computes the base features and the seeds on the board.
func baseFeatures(p *ouri.Position) (b [nBase]int, board int) {
	me, op := p.ToMove, 1-p.ToMove
	b[fStores] = int(p.Stores[me]) - int(p.Stores[op])
	for i := 0; i < 6; i++ {
		houseFeatures(&b, p, i)
		mine, theirs := p.Houses[int(me)*6+i], p.Houses[int(op)*6+i]
		board += int(mine) + int(theirs)
		b[fMyBiggest] = max(b[fMyBiggest], int(mine))
		b[fTheirBiggest] = max(b[fTheirBiggest], int(theirs))
	}
	b[fMyCapture], _ = captures(p)
	b[fMyMoves] = bits.OnesCount8(p.LegalMask())
	q := *p
	q.ToMove = op
	b[fTheirCapture], _ = captures(&q)
	b[fTheirMoves] = bits.OnesCount8(q.LegalMask())
	return b, board
}

// captures returns the most p's side to move captures in one sowing, and the sowings that capture
// (bit i: the mover's house i). Sowings of fewer than 12 seeds (nearly all) are worked out without
// sowing: each house from the next one to the last gains one.
func captures(p *ouri.Position) (best int, mask uint8) {
	return capturesAmong(p, p.LegalMask())
}

// capturesAmong is captures for the legal sowings given.
func capturesAmong(p *ouri.Position, legal uint8) (best int, mask uint8) {
	me := int(p.ToMove)
	first := 6 - me*6 // the opponent's house a
	for m := legal; m != 0; m &= m - 1 {
		h := bits.TrailingZeros8(m)
		from := me*6 + h
		n := int(p.Houses[from])
		if n >= 12 {
			if _, got := p.Sow(h); got > 0 {
				best, mask = max(best, got), mask|1<<h
			}
			continue
		}
		last := (from + n) % 12
		if last < first || last >= first+6 {
			continue
		}
		got := 0
		for j := last; j >= first; j-- {
			c := int(p.Houses[j]) + 1
			if c != 2 && c != 3 {
				break
			}
			got += c
		}
		if got == 0 || p.Rules == ouri.RulesAbapa && got == p.SideSeeds(uint8(1-me))+last-first+1 {
			continue // none, or a grand slam, which captures nothing under Abapa
		}
		best, mask = max(best, got), mask|1<<h
	}
	return best, mask
}

// capturesBySowing is captures the slow way, for tests.
func capturesBySowing(p *ouri.Position) (best int, mask uint8) {
	for m := p.LegalMask(); m != 0; m &= m - 1 {
		h := bits.TrailingZeros8(m)
		if _, got := p.Sow(h); got > 0 {
			best, mask = max(best, got), mask|1<<h
		}
	}
	return best, mask
}

// Evaluate is the estimate of p for its side to move, in eighths of a seed: the store difference
// plus the gain the weights predict.
func (w *Weights) Evaluate(p *ouri.Position) int {
	b, board := baseFeatures(p)
	phase := float64(board) / ouri.Seeds
	v := float64(b[fStores]) + w[2*nBase]
	for i, x := range b {
		v += float64(x) * (w[i] + w[nBase+i]*phase)
	}
	return int(v * evalScale)
}

// evaluator is Evaluate made fast for the search: every feature counted house by house is summed
// ahead, for each house and seed count, into what the house adds to the estimate, a part that
// holds all game (alone) and a part in proportion to the seeds on the board (scaled), so a house
// costs two lookups. It gives Evaluate's estimate, but for rounding.
type evaluator struct {
	w Weights
	// house[s][side][i][n]: what side's (0 mine, 1 theirs) house i holding n seeds adds, alone
	// (s = 0) and scaled (s = 1).
	house [2][2][6][ouri.Seeds + 1]float64
}

func newEvaluator(w *Weights) *evaluator {
	e := &evaluator{w: *w}
	for side := range 2 {
		for i := range 6 {
			for n := 0; n <= ouri.Seeds; n++ {
				var b [nBase]int
				sideHouseFeatures(&b, i, uint8(n), side)
				for f, x := range b {
					e.house[0][side][i][n] += w[f] * float64(x)
					e.house[1][side][i][n] += w[nBase+f] * float64(x)
				}
			}
		}
	}
	return e
}

// houseFeatures adds to b the features house i of each side contributes, for p's side to move.
func houseFeatures(b *[nBase]int, p *ouri.Position, i int) {
	sideHouseFeatures(b, i, p.Houses[int(p.ToMove)*6+i], 0)
	sideHouseFeatures(b, i, p.Houses[int(1-p.ToMove)*6+i], 1)
}

// sideHouseFeatures adds to b the features a house i holding n seeds contributes: a house of the
// side to move when their is 0, of its opponent when 1. Each "their" feature follows its "my"
// one, or for the features of each house, the block of six houses' own.
func sideHouseFeatures(b *[nBase]int, i int, n uint8, their int) {
	s := int(n)
	b[fSides] += s * (1 - 2*their)
	if s == 1 || s == 2 {
		b[fMyWeak+their]++
	}
	if s > 0 {
		b[fMyHouses+their]++
	}
	if s >= 12 {
		b[fMyLaps+their]++
	}
	if s >= 6-i {
		b[fMyReach+their]++
	}
	b[fMyHouse+6*their+i] = s
	// A sowing from house i keeps its first 5−i seeds at home and hands the next six over.
	b[fMyHome+their] += min(s, 5-i)
	b[fMyGift+their] += min(6, max(0, s-(5-i)))
	b[fMyCount+6*counts*their+i*counts+min(s, counts-1)]++
}

// evaluate is w.Evaluate(p), but for rounding, with the sowings that capture (as captures gives
// them), which the search plays out at its leaves. legal is p's legal sowings, which the search
// already has.
func (e *evaluator) evaluate(p *ouri.Position, legal uint8) (int, uint8) {
	me, op := int(p.ToMove), 1-int(p.ToMove)
	var alone, scaled float64
	biggest := [2]int{}
	for i := range 6 {
		mine, theirs := p.Houses[me*6+i], p.Houses[op*6+i]
		alone += e.house[0][0][i][mine] + e.house[0][1][i][theirs]
		scaled += e.house[1][0][i][mine] + e.house[1][1][i][theirs]
		biggest[0], biggest[1] = max(biggest[0], int(mine)), max(biggest[1], int(theirs))
	}
	q := *p
	q.ToMove = uint8(op)
	stores := int(p.Stores[me]) - int(p.Stores[op])
	myLegal, theirLegal := legal, q.LegalMask()
	myCapture, capturing := capturesAmong(p, myLegal)
	theirCapture, _ := capturesAmong(&q, theirLegal)
	for _, f := range [...]struct {
		f, x int
	}{
		{fStores, stores},
		{fMyCapture, myCapture},
		{fTheirCapture, theirCapture},
		{fMyMoves, bits.OnesCount8(myLegal)},
		{fTheirMoves, bits.OnesCount8(theirLegal)},
		{fMyBiggest, biggest[0]},
		{fTheirBiggest, biggest[1]},
	} {
		alone += e.w[f.f] * float64(f.x)
		scaled += e.w[nBase+f.f] * float64(f.x)
	}
	phase := float64(ouri.Seeds-int(p.Stores[0])-int(p.Stores[1])) / ouri.Seeds
	return int((float64(stores) + e.w[2*nBase] + alone + scaled*phase) * evalScale), capturing
}
