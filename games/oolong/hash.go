package oolong

import "math/bits"

// Zobrist keys, drawn once from a fixed splitmix64 sequence so hashes are the same in every run.
var (
	zTea     [2][numDirs * numDirs]uint64
	zWaiter  [numDirs * numDirs]uint64
	zUsed    [numDirs]uint64
	zMarker  [numDirs][numMarkers]uint64
	zSupply  [2][41]uint64
	zQueue   [8][numDirs * 2]uint64
	zToMove  uint64
	zPlacer  uint64
	zResult  [4]uint64
	zTrigger uint64
)

func init() {
	x := uint64(0x6f6f6c6f6e67) // "oolong"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		z := x
		z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
		z = (z ^ z>>27) * 0x94d049bb133111eb
		return z ^ z>>31
	}
	for c := range zTea {
		for i := range zTea[c] {
			zTea[c][i] = next()
		}
	}
	for i := range zWaiter {
		zWaiter[i] = next()
	}
	for i := range zUsed {
		zUsed[i] = next()
	}
	for i := range zMarker {
		for j := range zMarker[i] {
			zMarker[i][j] = next()
		}
	}
	for c := range zSupply {
		for i := range zSupply[c] {
			zSupply[c][i] = next()
		}
	}
	for i := range zQueue {
		for j := range zQueue[i] {
			zQueue[i][j] = next()
		}
	}
	zToMove, zPlacer, zTrigger = next(), next(), next()
	for i := range zResult {
		zResult[i] = next()
	}
}

// Hash is a Zobrist hash of everything that decides the future: seats, waiter, markers and which
// are used, supplies, the pending queue in order, who decides and who placed last, and the rules.
func (p *Position) Hash() uint64 {
	var h uint64
	for c := range p.tea {
		for t := range p.tea[c] {
			for m := p.tea[c][t]; m != 0; m &= m - 1 {
				h ^= zTea[c][t*int(numDirs)+bits.TrailingZeros16(m)]
			}
		}
	}
	h ^= zWaiter[int(p.waiterT)*int(numDirs)+int(p.waiterS)]
	for t := range p.marker {
		if p.marker[t] != noMarker {
			h ^= zMarker[t][p.marker[t]]
		}
		if p.used>>t&1 != 0 {
			h ^= zUsed[t]
		}
	}
	for c := range p.supply {
		h ^= zSupply[c][p.supply[c]]
	}
	for i := p.qHead; i < p.qTail; i++ {
		h ^= zQueue[i-p.qHead][p.queue[i]]
	}
	if p.toMove == 1 {
		h ^= zToMove
	}
	if p.placer == 1 {
		h ^= zPlacer
	}
	if p.trigger == TriggerOwner {
		h ^= zTrigger
	}
	return h ^ zResult[p.result]
}
