//go:build !race

package oolong

const raceEnabled = false
