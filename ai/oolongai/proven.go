package oolongai

// Proven reports whether a search score is a result the search proved (a win or a loss so many
// decisions away), not an estimate: the coach reads such a score as certain.
func Proven(score int) bool { return score >= winScore-maxPly || score <= -winScore+maxPly }
