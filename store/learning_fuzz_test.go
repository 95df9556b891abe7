package store

import (
	"bytes"
	"testing"

	"tabuleiro/games"
	"tabuleiro/rating"
)

// FuzzLearningRecords decodes the fuzzer's bytes as each of the learning's records (a solver, a
// puzzle's rating, a seen puzzle, an attempt, a daily puzzle, a blunder): never a panic, and a
// record that decodes writes back to bytes that decode to the same record.
//
//	go test -run '^$' -fuzz FuzzLearningRecords -fuzztime 60s ./store/
func FuzzLearningRecords(f *testing.F) {
	f.Add(byte(0), encodeSolver(Solver{Rating: rating.Start, Solved: 3, Failed: 1}))
	f.Add(byte(1), encodePuzzleRecord(puzzleRecord{Rating: rating.Start, Tried: 2, Solved: 1}))
	f.Add(byte(2), encodeSeen(seenRecord{state: Solved, result: PuzzleResult{Puzzle: "ouri-0001", Solved: true, Rated: true}}))
	f.Add(byte(2), encodeSeen(seenRecord{}))
	f.Add(byte(3), encodeAttempt(PuzzleAttempt{Puzzle: "ordo-0002", Played: []string{"a3-a4"}, Guild: "g", Day: "2026-03-01"}))
	f.Add(byte(4), encodeDaily(DailyPuzzle{Channel: "c", Kind: "ouri", Puzzle: "ouri-0001", MessageID: "m", Solvers: 4}))
	f.Add(byte(5), encodeBlunder(Blunder{Kind: "ouri", Options: games.Options{"rules": "abapa"}, Log: []string{"a", "b"}, Proven: true}))
	f.Add(byte(5), []byte{1, 0, 1, '=', 0, 0})
	f.Fuzz(func(t *testing.T, kind byte, b []byte) {
		var encode func([]byte) ([]byte, bool)
		switch kind % 6 {
		case 0:
			encode = func(b []byte) ([]byte, bool) {
				var s Solver
				err := decodeSolver(&s, b)
				return encodeSolver(s), err == nil
			}
		case 1:
			encode = func(b []byte) ([]byte, bool) {
				p, err := decodePuzzleRecord(b)
				return encodePuzzleRecord(p), err == nil
			}
		case 2:
			encode = func(b []byte) ([]byte, bool) { s, err := decodeSeen(b); return encodeSeen(s), err == nil }
		case 3:
			encode = func(b []byte) ([]byte, bool) { a, err := decodeAttempt(b); return encodeAttempt(a), err == nil }
		case 4:
			encode = func(b []byte) ([]byte, bool) { d, err := decodeDaily("g", "d", b); return encodeDaily(d), err == nil }
		case 5:
			encode = func(b []byte) ([]byte, bool) { x, err := decodeBlunder(1, b); return encodeBlunder(x), err == nil }
		}
		once, ok := encode(b)
		if !ok {
			return
		}
		twice, ok := encode(once)
		if !ok {
			t.Fatalf("kind %d: %x decoded, was written as %x, which does not decode", kind%6, b, once)
		}
		if !bytes.Equal(once, twice) {
			t.Fatalf("kind %d: %x decoded, was written as %x, then as %x", kind%6, b, once, twice)
		}
	})
}
