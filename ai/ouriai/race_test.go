//go:build race

package ouriai

// The race detector slows the brute-force checks tenfold; they then run on smaller positions.
func init() { raceEnabled = true }
