//go:build race

package puzzle

// raceEnabled shrinks the slowest cross-check: the race detector makes the deep search ~10× slower.
const raceEnabled = true
