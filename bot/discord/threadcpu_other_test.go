//go:build !linux

package discord

import "time"

// threadCPU is not measured here: the benchmarks fall back on a calm estimate of verification.
func threadCPU() (time.Duration, bool) { return 0, false }
