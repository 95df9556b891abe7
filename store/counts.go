package store

// Counts is how many games are not over and how many challenges wait for an answer, by game: what
// the operators' gauges show (metrics.Count reads it every few seconds at most, not per request).
func (s *DB) Counts() (active, open map[string]int, err error) {
	gs, err := s.games(0, func(tx Tx) []uint64 { return ids(tx, bGameChannel, nil, false, 0) })
	if err != nil {
		return nil, nil, err
	}
	cs, err := s.challenges(func(tx Tx) []uint64 { return ids(tx, bChallengeChannel, nil, false, 0) })
	if err != nil {
		return nil, nil, err
	}
	active, open = map[string]int{}, map[string]int{}
	for _, g := range gs {
		active[g.Kind]++
	}
	for _, c := range cs {
		open[c.Kind]++
	}
	return active, open, nil
}
