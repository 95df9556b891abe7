package bot

import (
	"sync"
	"time"
)

// liveFor is how long the bot uses an interaction's follow-up after its reply: Discord's tokens live
// 15 minutes, and a minute is left for the work in flight.
const liveFor = 14 * time.Minute

// lives remembers, per game and per challenge, the follow-up of the interaction whose reply shows
// it now, so that the bot's own moves and notices go through that interaction while it lives —
// where the bot user may not post (DMs, group DMs, channels without Send Messages) they could not
// go any other way. Tokens are not stored: after a restart, late work uses the channel.
type lives struct {
	mu                 sync.Mutex
	now                func() time.Time
	boards, challenges map[uint64]live
}

type live struct {
	f  Followup
	at time.Time
}

func newLives(now func() time.Time) *lives {
	return &lives{now: now, boards: map[uint64]live{}, challenges: map[uint64]live{}}
}

// set records f as what shows key now and returns what showed it before, while that lives.
func (l *lives) set(m map[uint64]live, key uint64, f Followup) Followup {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	prev, ok := m[key]
	m[key] = live{f: f, at: now}
	if len(m) > 64 && len(m)%64 == 0 {
		for k, v := range m {
			if now.Sub(v.at) >= liveFor {
				delete(m, k)
			}
		}
	}
	if !ok || now.Sub(prev.at) >= liveFor {
		return nil
	}
	return prev.f
}

// get is the follow-up that shows key, while it lives.
func (l *lives) get(m map[uint64]live, key uint64) Followup {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := m[key]
	if !ok || l.now().Sub(v.at) >= liveFor {
		return nil
	}
	return v.f
}

// drop forgets what showed key.
func (l *lives) drop(m map[uint64]live, key uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(m, key)
}
