package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/gorilla/websocket"
)

// Client is one shard's connection to Discord's gateway. It connects, identifies, heartbeats, hands
// each INTERACTION_CREATE's payload to its handler, and keeps the session up: it resumes after a
// drop, a reconnect request or a dead connection (missed heartbeat ACK), identifies anew when the
// session is over, backs off between failures, and stops on a fatal close code (4004, 4010–4014)
// with a *Closed on Err saying what to fix.
type Client struct {
	token   string
	intents int
	shard   [2]int // id, count
	log     *slog.Logger
	// interaction receives each INTERACTION_CREATE's d, on the connection's goroutine: it must
	// return at once.
	interaction func(d json.RawMessage)

	// Wait waits between connections (backoff, Discord's 1–5 s after an invalid session); tests
	// replace it to record the waits without sleeping.
	Wait func(ctx context.Context, d time.Duration) error

	dialer *websocket.Dialer
	errc   chan error // the fatal error after Open, once

	mu   sync.Mutex
	stop context.CancelFunc // ends the connection loop; nil before Open
	done chan struct{}      // closed when the connection loop has returned
}

// New is a client identifying with token ("Bot …"), asking for intents, as shard id of count;
// interaction receives each INTERACTION_CREATE's payload.
func New(token string, intents, id, count int, interaction func(d json.RawMessage), log *slog.Logger) *Client {
	if log == nil {
		log = slog.Default()
	}
	return &Client{token: token, intents: intents, shard: [2]int{id, max(count, 1)}, log: log, interaction: interaction,
		Wait:   sleep,
		dialer: &websocket.Dialer{Proxy: http.ProxyFromEnvironment, HandshakeTimeout: 15 * time.Second},
		errc:   make(chan error, 1)}
}

// Open connects to addr (GET /gateway/bot's url; shards is its recommended count, for the message
// of close code 4011), identifies, and returns once the session is READY, or with what prevented
// it. Afterwards the connection keeps itself up until Close, or until a fatal close code, which
// Err delivers.
func (c *Client) Open(addr string, shards int) error {
	u, err := URL(addr)
	if err != nil {
		return fmt.Errorf("the gateway address from GET /gateway/bot: %w", err)
	}
	c.mu.Lock()
	if c.stop != nil {
		c.mu.Unlock()
		return errors.New("discord: the gateway is already open")
	}
	run, stop := context.WithCancel(context.Background())
	opened := make(chan error, 1)
	c.stop, c.done = stop, make(chan struct{})
	c.mu.Unlock()

	l := &link{g: c, url: u, shards: shards, opened: opened}
	go l.run(run)
	select {
	case err = <-opened:
	case <-c.done:
		err = errors.New("closed while connecting")
	}
	if err != nil {
		stop()
		<-c.done
		return fmt.Errorf("connecting to the Discord gateway: %w", err)
	}
	return nil
}

// Err delivers the error that stopped the client for good after Open (a *Closed). Nothing is sent
// after Close. A nil Client's channel never delivers, so a select may use it whether or not a
// gateway runs.
func (c *Client) Err() <-chan error {
	if c == nil {
		return nil
	}
	return c.errc
}

// Close closes the websocket normally, which ends the session, and returns once the connection
// loop has.
func (c *Client) Close() error {
	c.mu.Lock()
	stop, done := c.stop, c.done
	c.mu.Unlock()
	if stop == nil {
		return nil
	}
	stop()
	<-done
	return nil
}
