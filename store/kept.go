package store

import (
	"bytes"
	"sync"

	"tabuleiro/games"
)

// kept holds a copy of the live game each write left, with the encoding it was written as, so
// that the next read of that game (usually the next move's) takes it instead of replaying the
// log. A read takes the copy it finds only when the stored encoding is the one kept, byte for
// byte: a write by anyone else (another process on a shared KV, a rolled back group) makes it a
// miss and the read replays. A taken copy is the reader's alone; the next write keeps a new one.
type kept struct {
	mu    sync.Mutex
	games map[uint64]keptGame
}

type keptGame struct {
	encoded []byte
	g       games.Game
}

// keptMax bounds the copies kept: about one per game played at the moment, far more than a
// process plays at once. A full map forgets one at random for each new one.
const keptMax = 4096

// put keeps g, a copy no one else holds, as the game encoded.
func (k *kept) put(id uint64, encoded []byte, g games.Game) {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.games == nil {
		k.games = make(map[uint64]keptGame)
	}
	if _, ok := k.games[id]; !ok && len(k.games) >= keptMax {
		for old := range k.games {
			delete(k.games, old)
			break
		}
	}
	k.games[id] = keptGame{encoded, g}
}

// take hands over the game kept for id when it was kept as encoded, or nil.
func (k *kept) take(id uint64, encoded []byte) games.Game {
	k.mu.Lock()
	defer k.mu.Unlock()
	c, ok := k.games[id]
	if !ok {
		return nil
	}
	delete(k.games, id)
	if !bytes.Equal(c.encoded, encoded) {
		return nil
	}
	return c.g
}

// drop forgets the game kept for id.
func (k *kept) drop(id uint64) {
	k.mu.Lock()
	defer k.mu.Unlock()
	delete(k.games, id)
}
