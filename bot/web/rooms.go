package web

import (
	"encoding/json"
	"sync"

	"tabuleiro/games"
	"tabuleiro/say"
)

// A room is everyone watching one game without a seat: they all see the same state in their
// language, so it is made once a change and a language, however many watch, and handed to each
// watcher's slot of one. A watcher that has not taken the last state gets the newer in its place:
// nobody waits for a slow watcher.

type rooms struct {
	mu sync.Mutex
	m  map[uint64]*room
}

type room struct {
	watchers map[*seatless]struct{}
	stop     func()
}

// seatless is one watcher's stream.
type seatless struct {
	lang string
	c    chan []byte
}

// offer puts a state in the watcher's slot, in place of one it has not taken.
func (w *seatless) offer(b []byte) {
	for {
		select {
		case w.c <- b:
			return
		default:
		}
		select {
		case <-w.c:
		default:
		}
	}
}

// enter adds a watcher of game id in lang; its states come on the channel until leave.
func (s *Server) enter(id uint64, lang string) (<-chan []byte, func()) {
	w := &seatless{lang: lang, c: make(chan []byte, 1)}
	s.rooms.mu.Lock()
	defer s.rooms.mu.Unlock()
	if s.rooms.m == nil {
		s.rooms.m = map[uint64]*room{}
	}
	r := s.rooms.m[id]
	if r == nil {
		changed, stop := s.watch(id)
		done := make(chan struct{})
		r = &room{watchers: map[*seatless]struct{}{}, stop: func() { stop(); close(done) }}
		s.rooms.m[id] = r
		go s.serveRoom(id, r, changed, done)
	}
	r.watchers[w] = struct{}{}
	return w.c, func() {
		s.rooms.mu.Lock()
		defer s.rooms.mu.Unlock()
		delete(r.watchers, w)
		if len(r.watchers) == 0 {
			r.stop()
			delete(s.rooms.m, id)
		}
	}
}

// serveRoom makes the room's state after each change, once a language, for every watcher.
func (s *Server) serveRoom(id uint64, r *room, changed <-chan struct{}, done <-chan struct{}) {
	for {
		select {
		case <-done:
			return
		case <-changed:
		}
		s.rooms.mu.Lock()
		langs := map[string][]*seatless{}
		for w := range r.watchers {
			langs[w.lang] = append(langs[w.lang], w)
		}
		s.rooms.mu.Unlock()
		for lang, ws := range langs {
			l, err := s.cfg.Bot.Live(id, say.For(lang))
			if err != nil || s.cfg.Watch != nil && !s.cfg.Watch(l.Game) {
				continue
			}
			b, err := json.Marshal(state(l, games.NoSeat))
			if err != nil {
				continue
			}
			for _, w := range ws {
				w.offer(b)
			}
		}
	}
}
