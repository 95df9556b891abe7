package store

import (
	"bytes"
	"testing"
	"time"

	"tabuleiro/tournament"
)

// FuzzRecords decodes the fuzzer's bytes as each kind of record the store keeps (a game, a
// challenge, a server's settings, a standing, a tournament): never a panic, and a record that decodes writes
// back to bytes that decode to the same record (compared by their encodings, which are canonical).
// FuzzOpenDamagedFile reaches records only through bbolt's pages; this one aims at them.
//
//	go test -run '^$' -fuzz FuzzRecords -fuzztime 60s ./store/
func FuzzRecords(f *testing.F) {
	f.Add(byte(0), encodeGame(Game{ID: 7, Guild: "g", Channel: "c", Kind: "ouri", Encoded: []byte("x"), Seats: [2]Player{{UserID: "a"}, {Bot: true, Level: "easy"}}}))
	f.Add(byte(1), encodeChallenge(Challenge{ID: 3, Guild: "g", Channel: "c", Kind: "ordo", Challenger: "a", Opponent: "b", First: "me"}))
	f.Add(byte(2), encodeServerSettings(ServerSettings{Threads: true, Language: "pt", IdleTimeout: 3600e9}))
	f.Add(byte(2), encodeServerSettings(ServerSettings{Language: "en-US", PuzzleChannel: "c", Boards: BoardsImage}))
	f.Add(byte(3), encodeStanding(Standing{Won: 2, Lost: 1, Bot: []BotRecord{{Level: "hard", Won: 1}}}))
	f.Add(byte(4), encodeTournament(Tournament{ID: 5, Guild: "g", Channel: "c", Kind: "ordo", RoundTime: 3600e9,
		State: TournamentRunning, Players: []Entrant{{User: "a", Rating: 1500}, {User: "b", Rating: 1612.5, Withdrawn: true}},
		Played: []TournamentRound{{Round: tournament.Round{Pairings: []tournament.Pairing{{First: "a", Second: "b", Result: 1, Game: 9}, {First: "c"}}}}}}))
	f.Add(byte(0), encodeGame(Game{ID: 8, Guild: "g", Channel: "c", Kind: "ouri", Encoded: []byte("x"),
		Seats: [2]Player{{Team: true}, {Bot: true, Level: "easy"}}, Team: Team{Starter: "a", Window: 30e9,
			Votes: []Vote{{User: "a", Move: "d"}, {User: "b", Move: "e"}}, Closes: time.Unix(100, 0)}}))
	f.Add(byte(0), []byte{1})
	f.Add(byte(1), []byte{9, 0, 0})
	f.Fuzz(func(t *testing.T, kind byte, b []byte) {
		var encode func([]byte) ([]byte, bool)
		switch kind % 5 {
		case 0:
			encode = func(b []byte) ([]byte, bool) { g, err := decodeGame(1, b); return encodeGame(g), err == nil }
		case 1:
			encode = func(b []byte) ([]byte, bool) { c, err := decodeChallenge(1, b); return encodeChallenge(c), err == nil }
		case 2:
			encode = func(b []byte) ([]byte, bool) {
				s, err := decodeServerSettings(b)
				return encodeServerSettings(s), err == nil
			}
		case 3:
			encode = func(b []byte) ([]byte, bool) {
				var s Standing
				err := decodeStanding(&s, b)
				return encodeStanding(s), err == nil
			}
		case 4:
			encode = func(b []byte) ([]byte, bool) {
				t, err := decodeTournament(1, b)
				return encodeTournament(t), err == nil
			}
		}
		once, ok := encode(b)
		if !ok {
			return
		}
		twice, ok := encode(once)
		if !ok {
			t.Fatalf("kind %d: %x decoded, was written as %x, which does not decode", kind%5, b, once)
		}
		if !bytes.Equal(once, twice) {
			t.Fatalf("kind %d: %x decoded, was written as %x, then as %x", kind%5, b, once, twice)
		}
	})
}
