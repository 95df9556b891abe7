package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"time"

	"github.com/gorilla/websocket"

	"tabuleiro/bot/discord/rest"
	"tabuleiro/metrics"
)

// Gateway opcodes (https://discord.com/developers/docs/topics/opcodes-and-status-codes).
const (
	opDispatch       = 0
	opHeartbeat      = 1
	opIdentify       = 2
	opResume         = 6
	opReconnect      = 7
	opInvalidSession = 9
	opHello          = 10
	opHeartbeatACK   = 11
)

const (
	// helloTimeout bounds the wait for Hello after connecting; afterwards missed heartbeat ACKs
	// tell a dead connection.
	helloTimeout = 20 * time.Second
	writeTimeout = 10 * time.Second
	// closeTimeout bounds the wait for Discord's answer to our close frame on Close.
	closeTimeout = time.Second
	// maxBackoff caps the wait between failed connections.
	maxBackoff = time.Minute

	// closeResumable is the code we close with when we mean to resume: Discord invalidates the
	// session on 1000 and 1001.
	closeResumable = 4000
)

// frame is a gateway payload as read.
type frame struct {
	Op int             `json:"op"`
	D  json.RawMessage `json:"d"`
	S  *int64          `json:"s"`
	T  string          `json:"t"`
}

// session is what a resume needs; id is empty until READY, and after Discord ends the session.
type session struct {
	id        string
	resumeURL string
	seq       int64
}

// link is the connection loop of one Open: it connects, identifies or resumes, heartbeats,
// dispatches interactions, and reconnects until Close or a fatal close code. Only its goroutine
// touches its fields.
type link struct {
	g      *Client
	url    string // from GET /gateway/bot, with the query
	shards int    // Discord's recommended shard count, for the 4011 message
	sess   session
	// failures counts connections ended by a failure since the last READY or RESUMED; the wait
	// before the next one grows with it.
	failures int
	// opened is told the outcome of Open: nil at the first READY, or what prevented it. nil once
	// told; fatal errors then go to Client.Err.
	opened chan<- error
}

// ending is why a connection ended, and so what the next one does.
type ending struct {
	err   error   // for the log
	fatal *Closed // stop for good
	// told: Discord asked for the reconnect (op 7, op 9): no backoff, and not a failure of Open.
	told bool
	// identify: the session is over (op 9 d=false, 4007, 4009); the next connection identifies
	// anew, after a random 1–5 s when Discord said so with op 9.
	identify bool
	stopped  bool // Close
}

func (l *link) run(ctx context.Context) {
	defer close(l.g.done)
	var wait time.Duration
	for {
		if wait > 0 {
			if err := l.g.Wait(ctx, wait); err != nil {
				return
			}
		}
		if ctx.Err() != nil {
			return
		}
		end := l.connect(ctx)
		metrics.Gateway(false)
		switch {
		case end.stopped || ctx.Err() != nil:
			return
		case end.fatal != nil:
			l.g.log.Error("discord: the gateway refused the bot; not reconnecting", "code", end.fatal.Code, "err", end.fatal)
			if l.opened != nil {
				l.opened <- end.fatal
			} else {
				l.g.errc <- end.fatal
			}
			return
		case l.opened != nil && !end.told:
			// Open reports it: a bad address or a gateway down at start is for the operator to see.
			l.opened <- end.err
			return
		}
		if end.identify {
			l.sess = session{}
		}
		switch {
		case end.told && end.identify:
			wait = identifyWait()
		case end.told:
			wait = 0
		default:
			l.failures++
			wait = reconnectWait(l.failures)
		}
		next := "identify"
		if l.sess.id != "" {
			next = "resume"
		}
		l.g.log.Warn("discord: gateway connection ended; reconnecting", "err", end.err, "next", next, "wait", wait)
	}
}

// identifyWait is Discord's 1–5 s before identifying again after an invalid session.
func identifyWait() time.Duration {
	return time.Second + rand.N(4*time.Second)
}

// reconnectWait is the wait before the n-th consecutive failed connection's successor: 1 s doubled each
// time up to maxBackoff, jittered down to half so that shards do not reconnect in step.
func reconnectWait(n int) time.Duration {
	d := maxBackoff
	if n <= 7 {
		d = min(time.Second<<(n-1), maxBackoff)
	}
	return d/2 + rand.N(d/2+1)
}

// connect runs one connection from dialing to its end.
func (l *link) connect(ctx context.Context) ending {
	target := l.url
	resume := l.sess.id != ""
	if resume {
		if u, err := URL(l.sess.resumeURL); err == nil {
			target = u
		} else {
			l.g.log.Warn("discord: unusable resume_gateway_url; resuming on the gateway's address", "url", l.sess.resumeURL, "err", err)
		}
	}
	ws, _, err := l.g.dialer.DialContext(ctx, target, nil)
	if err != nil {
		return ending{err: fmt.Errorf("connecting to %s: %w", redact(target), err)}
	}
	c := &gatewayConn{ws: ws}
	interval, err := c.hello()
	if err != nil {
		ws.Close()
		return l.readEnded(err, "waiting for Hello")
	}
	if resume {
		err = c.send(opResume, map[string]any{"token": l.g.token, "session_id": l.sess.id, "seq": l.sess.seq})
	} else {
		err = c.send(opIdentify, l.identify())
	}
	if err != nil {
		ws.Close()
		return ending{err: fmt.Errorf("sending Identify or Resume: %w", err)}
	}
	c.start()
	defer c.stop()
	return l.serve(ctx, c, interval)
}

// identify is the Identify payload: the client's intents and shard.
func (l *link) identify() any {
	return map[string]any{
		"token":   l.g.token,
		"intents": l.g.intents,
		"shard":   l.g.shard,
		"properties": map[string]string{
			"os": runtime.GOOS, "browser": "tabuleiro", "device": "tabuleiro",
		},
	}
}

// serve reads the connection, heartbeats and dispatches until the connection ends.
func (l *link) serve(ctx context.Context, c *gatewayConn, interval time.Duration) ending {
	// The first heartbeat after interval × a random fraction, so that shards started together do
	// not heartbeat in step; then every interval.
	beat := time.NewTimer(rand.N(interval) + 1)
	defer beat.Stop()
	acked := true
	for {
		select {
		case <-ctx.Done():
			c.close(websocket.CloseNormalClosure, "shutting down")
			l.drain(c)
			return ending{stopped: true}
		case err := <-c.readErr:
			return l.readEnded(err, "reading")
		case <-beat.C:
			if !acked {
				c.close(closeResumable, "no heartbeat ACK")
				return ending{err: fmt.Errorf("no heartbeat ACK within %v: the connection is dead", interval)}
			}
			if err := c.send(opHeartbeat, l.seq()); err != nil {
				return ending{err: fmt.Errorf("sending a heartbeat: %w", err)}
			}
			acked = false
			beat.Reset(interval)
		case f := <-c.frames:
			if f.S != nil {
				l.sess.seq = *f.S
			}
			switch f.Op {
			case opHeartbeat: // Discord asks for one now
				if err := c.send(opHeartbeat, l.seq()); err != nil {
					return ending{err: fmt.Errorf("sending a heartbeat: %w", err)}
				}
			case opHeartbeatACK:
				acked = true
			case opReconnect:
				c.close(closeResumable, "reconnecting")
				return ending{told: true, err: errors.New("reconnect asked for by Discord (op 7)")}
			case opInvalidSession:
				var resumable bool
				json.Unmarshal(f.D, &resumable) // anything but true: not resumable
				c.close(closeResumable, "invalid session")
				if resumable && l.sess.id != "" {
					return ending{told: true, err: errors.New("invalid session (op 9), resumable")}
				}
				return ending{told: true, identify: true, err: errors.New("invalid session (op 9), not resumable")}
			case opDispatch:
				l.dispatch(f)
			}
		}
	}
}

// drain waits up to closeTimeout for Discord to answer our close frame. Interactions read
// meanwhile are still answered: the session ends with this close, so Discord will not send them
// again.
func (l *link) drain(c *gatewayConn) {
	timeout := time.NewTimer(closeTimeout)
	defer timeout.Stop()
	for {
		select {
		case f := <-c.frames:
			if f.Op == opDispatch {
				l.dispatch(f)
			}
		case <-c.readErr:
			return
		case <-timeout.C:
			return
		}
	}
}

// seq is a heartbeat's payload: the last sequence number, or null before any.
func (l *link) seq() any {
	if l.sess.seq == 0 {
		return nil
	}
	return l.sess.seq
}

func (l *link) dispatch(f frame) {
	switch f.T {
	case "READY":
		var r struct {
			SessionID string `json:"session_id"`
			ResumeURL string `json:"resume_gateway_url"`
		}
		if err := json.Unmarshal(f.D, &r); err != nil {
			l.g.log.Warn("discord: unreadable READY; the next reconnect identifies anew", "err", err)
		}
		l.sess.id, l.sess.resumeURL = r.SessionID, r.ResumeURL
		l.failures = 0
		metrics.Gateway(true)
		l.g.log.Info("discord: gateway session ready", "shard", l.g.shard[0], "shards", l.g.shard[1])
		if l.opened != nil {
			l.opened <- nil
			l.opened = nil
		}
	case "RESUMED":
		l.failures = 0
		metrics.Gateway(true)
		metrics.Resumed()
		l.g.log.Info("discord: gateway session resumed", "seq", l.sess.seq)
	case "INTERACTION_CREATE":
		l.g.interaction(f.D)
	}
}

// readEnded turns the error that ended reading into an ending: a close frame with a fatal code
// stops, 4007 and 4009 end the session, anything else resumes.
func (l *link) readEnded(err error, doing string) ending {
	var ce *websocket.CloseError
	if errors.As(err, &ce) {
		if fatal := fatalClose(ce.Code, ce.Text, l.shards); fatal != nil {
			return ending{fatal: fatal, err: fatal}
		}
		return ending{identify: sessionEnded(ce.Code), err: fmt.Errorf("connection closed by Discord with %d (%s) %q", ce.Code, closeMeaning[ce.Code], ce.Text)}
	}
	return ending{err: fmt.Errorf("%s: %w", doing, err)}
}

// gatewayConn is one websocket: its reader goroutine, and writes from the loop's goroutine only
// (gorilla allows one writer).
type gatewayConn struct {
	ws      *websocket.Conn
	frames  chan frame
	readErr chan error
	quit    chan struct{}
	read    chan struct{} // closed when the reader has returned
}

func (c *gatewayConn) hello() (time.Duration, error) {
	c.ws.SetReadDeadline(time.Now().Add(helloTimeout))
	var f frame
	if err := c.ws.ReadJSON(&f); err != nil {
		return 0, err
	}
	c.ws.SetReadDeadline(time.Time{})
	var h struct {
		Interval int64 `json:"heartbeat_interval"`
	}
	if f.Op != opHello || json.Unmarshal(f.D, &h) != nil || h.Interval <= 0 {
		return 0, fmt.Errorf("the gateway's first message is op %d, not a Hello with a heartbeat interval", f.Op)
	}
	return time.Duration(h.Interval) * time.Millisecond, nil
}

func (c *gatewayConn) send(op int, d any) error {
	c.ws.SetWriteDeadline(time.Now().Add(writeTimeout))
	return c.ws.WriteJSON(map[string]any{"op": op, "d": d})
}

func (c *gatewayConn) start() {
	c.frames, c.readErr = make(chan frame), make(chan error, 1)
	c.quit, c.read = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(c.read)
		for {
			var f frame
			_, msg, err := c.ws.ReadMessage()
			if err == nil {
				err = json.Unmarshal(msg, &f)
			}
			if err != nil {
				c.readErr <- err
				return
			}
			select {
			case c.frames <- f:
			case <-c.quit:
				return
			}
		}
	}()
}

// close sends a close frame.
func (c *gatewayConn) close(code int, text string) {
	c.ws.WriteControl(websocket.CloseMessage, websocket.FormatCloseMessage(code, text), time.Now().Add(writeTimeout))
}

// stop closes the socket and waits for the reader.
func (c *gatewayConn) stop() {
	close(c.quit)
	c.ws.Close()
	<-c.read
}

// URL adds the gateway version and encoding to an address Discord gave.
func URL(raw string) (string, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return "", err
	}
	if u.Scheme != "ws" && u.Scheme != "wss" {
		return "", fmt.Errorf("%q is not a websocket address", raw)
	}
	if u.Path == "" {
		u.Path = "/"
	}
	u.RawQuery = "v=" + rest.APIVersion + "&encoding=json"
	return u.String(), nil
}

// redact keeps an address fit for logs (no query).
func redact(addr string) string {
	if u, err := url.Parse(addr); err == nil {
		u.RawQuery = ""
		return u.String()
	}
	return addr
}

// sleep waits d, or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
