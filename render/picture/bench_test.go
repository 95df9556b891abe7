package picture

import (
	"slices"
	"testing"
	"time"

	"tabuleiro/games/ouri"
)

// BenchmarkBoard draws and encodes the boards of a game of each variant in turn, and reports the
// 99th percentile and the slowest of the times one took, in wall time (p99-ms, max-ms) and in
// the CPU time of the thread that drew it (cpu-p99-ms, cpu-max-ms: on Linux, what it takes of one
// core however many other processes share it), and the heaviest PNG. Run it with -cpu 1.
func BenchmarkBoard(b *testing.B) {
	for _, v := range everyVariant {
		b.Run(v.name, func(b *testing.B) {
			defer lockThread()()
			positions := playout(b, v, 1)
			wall := make([]time.Duration, 0, b.N)
			cpu := make([]time.Duration, 0, b.N)
			heaviest := 0
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				start, startCPU := time.Now(), threadCPU()
				data, err := Board(positions[i%len(positions)], en)
				wall, cpu = append(wall, time.Since(start)), append(cpu, threadCPU()-startCPU)
				if err != nil {
					b.Fatal(err)
				}
				heaviest = max(heaviest, len(data))
			}
			b.StopTimer()
			report(b, wall, "")
			report(b, cpu, "cpu-")
			b.ReportMetric(float64(heaviest)/1024, "max-KB")
		})
	}
}

// report reports the 99th percentile and the largest of times, in milliseconds.
func report(b *testing.B, times []time.Duration, prefix string) {
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)*99/100]), prefix+"p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), prefix+"max-ms")
}

// BenchmarkGame draws a game of 100 plies (Oolong's longest random game has fewer) as a GIF,
// and reports its size and the thread CPU time it took (cpu-ms/op).
func BenchmarkGame(b *testing.B) {
	for _, v := range everyVariant {
		b.Run(v.name, func(b *testing.B) {
			defer lockThread()()
			start, log := longGame(b, v, 100)
			size := 0
			b.ResetTimer()
			startCPU := threadCPU()
			for i := 0; i < b.N; i++ {
				data, err := Game(start, log, en)
				if err != nil {
					b.Fatal(err)
				}
				size = len(data)
			}
			b.ReportMetric(float64((threadCPU()-startCPU).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			b.ReportMetric(float64(len(log)), "plies")
			b.ReportMetric(float64(size)/1024, "KB")
		})
	}
}

// BenchmarkChances draws the win chance of a 100-ply game.
func BenchmarkChances(b *testing.B) {
	chances := make([]float64, 101)
	for i := range chances {
		chances[i] = 50 + 45*float64(i%20-10)/10
	}
	for i := 0; i < b.N; i++ {
		if _, err := Chances(ouri.Descriptor, chances, en); err != nil {
			b.Fatal(err)
		}
	}
}
