package ouri

// zobrist holds fixed random keys, filled deterministically (splitmix64) so hashes are stable
// across runs and builds.
var zobrist = func() (z struct {
	house [12][Seeds + 1]uint64
	store [2][Seeds + 1]uint64
	north uint64
}) {
	x := uint64(0x6f757269) // "ouri"
	next := func() uint64 {
		x += 0x9e3779b97f4a7c15
		r := x
		r = (r ^ r>>30) * 0xbf58476d1ce4e5b9
		r = (r ^ r>>27) * 0x94d049bb133111eb
		return r ^ r>>31
	}
	for i := range z.house {
		for s := range z.house[i] {
			z.house[i][s] = next()
		}
	}
	for i := range z.store {
		for s := range z.store[i] {
			z.store[i][s] = next()
		}
	}
	z.north = next()
	return z
}()

// Hash is a Zobrist hash of houses, stores and side to move (the rules are not included).
func (p *Position) Hash() uint64 {
	var h uint64
	for i, s := range p.Houses {
		h ^= zobrist.house[i][s%(Seeds+1)]
	}
	h ^= zobrist.store[0][p.Stores[0]%(Seeds+1)] ^ zobrist.store[1][p.Stores[1]%(Seeds+1)]
	if p.ToMove != 0 {
		h ^= zobrist.north
	}
	return h
}
