//go:build race

package oolong

// raceEnabled shrinks the slowest cross-checks: the race detector makes the naive reference ~10× slower.
const raceEnabled = true
