//go:build !linux

package picture

import "time"

// threadCPU is not measured outside Linux: the benchmarks report 0 for it.
func threadCPU() time.Duration { return 0 }

func lockThread() func() { return func() {} }
