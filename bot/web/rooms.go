package web

import (
	"encoding/json"
	"hash/maphash"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
)

// A room is everyone watching one game without a seat: they all see the same state in their
// language, so it is made once a change and a language, however many watch.
//
// A watcher's connection is held by its room (hold): once its stream has begun, the request that
// opened it is done, and the room writes each new state and the heartbeats to the connection
// itself. A watcher then costs the server its connection and a goroutine that notices when it
// goes, not a request's goroutine and buffers. Where a connection cannot be taken over (HTTP/2, a
// ResponseWriter that does not hand it over), the request streams the watcher as a player's is
// streamed, from its slot of one: a watcher that has not taken the last state gets the newer in
// its place. Either way nobody waits long for a slow watcher: a held connection that cannot take a
// state within writeWait is closed, and its page reconnects.

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
	mu   sync.Mutex
	// c is the watcher's slot of one until its connection is held.
	c chan []byte
	// conn is the connection the room writes to, once held; last is what it was last sent
	// (stateHash), so that only changes are sent.
	conn net.Conn
	last uint64
}

// writeWait is how long a held connection has to take a state or a heartbeat.
const writeWait = 2 * time.Second

// writers is how many held connections a room writes to at once: a slow one holds up only its
// share.
const writers = 8

var stateSeed = maphash.MakeSeed()

// stateHash stands for a state in what a held watcher was last sent: eight bytes a watcher
// rather than the state itself.
func stateHash(b []byte) uint64 { return maphash.Bytes(stateSeed, b) }

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

// send writes a state's event (b and its frame), or with b nil a heartbeat, to the held
// connection, unless it was sent the state last; a connection that fails is closed.
func (w *seatless) send(b, frame []byte) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.write(b, frame)
}

// write is send, w.mu held.
func (w *seatless) write(b, frame []byte) {
	if b != nil {
		h := stateHash(b)
		if h == w.last {
			return
		}
		w.last = h
	}
	w.conn.SetWriteDeadline(time.Now().Add(writeWait))
	if _, err := w.conn.Write(frame); err != nil {
		w.conn.Close() // its reader takes it out of the room
	}
}

// enter adds a watcher of game id in lang; its states come on its slot until its connection is
// held or it leaves.
func (s *Server) enter(id uint64, lang string) (*seatless, func()) {
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
	return w, func() {
		s.rooms.mu.Lock()
		defer s.rooms.mu.Unlock()
		delete(r.watchers, w)
		if len(r.watchers) == 0 {
			r.stop()
			delete(s.rooms.m, id)
		}
	}
}

// hold hands watcher w's connection, its stream begun with first, to its room: from now on the
// room writes to it, and a goroutine waits for the page to go, then closes it and calls leave.
func (s *Server) hold(w *seatless, conn net.Conn, first []byte, leave func()) {
	w.mu.Lock()
	w.conn, w.last = conn, stateHash(first)
	select {
	case b := <-w.c: // offered since the first state was read
		w.write(b, event(b))
	default:
	}
	w.c = nil
	w.mu.Unlock()
	if s.streams.Err() != nil {
		conn.Close() // the streams have ended, and the room those it held
	}
	go func() {
		// A page sends nothing after its request: a read ends when it goes (or is closed here).
		var b [16]byte
		for {
			if _, err := conn.Read(b[:]); err != nil {
				break
			}
		}
		conn.Close()
		leave()
	}()
}

// serveRoom makes the room's state after each change, once a language, for every watcher; it
// says the held streams are alive every heartbeat, and ends them when the streams end (EndStreams,
// Config.Context): the pages reconnect.
func (s *Server) serveRoom(id uint64, r *room, changed <-chan struct{}, done <-chan struct{}) {
	beat := time.NewTicker(s.cfg.Heartbeat)
	defer beat.Stop()
	for {
		select {
		case <-done:
			return
		case <-s.streams.Done():
			s.end(r)
			return
		case <-beat.C:
			deliver(s.held(r), nil, alive)
		case <-changed:
			s.fanOut(id, r)
		}
	}
}

// alive is the heartbeat, an event stream's comment: proxies keep a stream open that speaks.
var alive = []byte(": alive\n\n")

// event is state b as a server-sent event.
func event(b []byte) []byte {
	return append(append([]byte("retry: 1000\nevent: state\ndata: "), b...), '\n', '\n')
}

// fanOut makes game id's state once for each language the room's watchers speak and sends it to
// each: written to the held connections, offered to the others' slots.
func (s *Server) fanOut(id uint64, r *room) {
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
		held := ws[:0]
		for _, w := range ws {
			w.mu.Lock()
			if w.conn == nil {
				w.offer(b)
			} else {
				held = append(held, w)
			}
			w.mu.Unlock()
		}
		deliver(held, b, event(b))
	}
}

// held is the room's watchers whose connections it holds.
func (s *Server) held(r *room) []*seatless {
	s.rooms.mu.Lock()
	defer s.rooms.mu.Unlock()
	var ws []*seatless
	for w := range r.watchers {
		w.mu.Lock()
		if w.conn != nil {
			ws = append(ws, w)
		}
		w.mu.Unlock()
	}
	return ws
}

// deliver sends state b (nil: a heartbeat) as frame to the held watchers ws, writers at a time.
func deliver(ws []*seatless, b, frame []byte) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(len(ws), writers) {
		wg.Go(func() {
			for i := next.Add(1) - 1; i < int64(len(ws)); i = next.Add(1) - 1 {
				ws[i].send(b, frame)
			}
		})
	}
	wg.Wait()
}

// end closes the connections room r holds: their pages reconnect (to another replica, or to
// this one when it is back).
func (s *Server) end(r *room) {
	for _, w := range s.held(r) {
		w.conn.Close()
	}
}
