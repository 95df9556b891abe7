package console

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"time"

	"tabuleiro/bot"
	"tabuleiro/bot/web"
	"tabuleiro/store"
	"tabuleiro/table"
)

// Options are how Serve runs the console.
type Options struct {
	Lang string // the language of everything printed (Language)
	// WebAddr is where the web board listens (WEB_ADDR, e.g. 127.0.0.1:8080); "" for no board.
	WebAddr string
}

// Serve is Run with the web board: the console's games are drawn and played in a browser too, on
// opt.WebAddr, whose address it prints at start. A board that cannot listen (the port is in use)
// is said, and the console goes on without it. `web` prints the typist's personal link to each of
// their games: the console has no login, so whoever types at it is who they say.
func Serve(ctx context.Context, st store.Store, cfg bot.Config, opt Options, in io.Reader, out io.Writer) error {
	return run(ctx, st, cfg, opt, in, out)
}

// serveBoards starts the web board on addr for b's games until ctx is done; it says where, or why
// not.
func (c *Console) serveBoards(ctx context.Context, b *bot.Bot, st store.Store, addr string, log *slog.Logger) {
	key, err := b.Table().PageKey()
	if err != nil {
		c.printf("  ? %v\n\n", err)
		return
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		c.printf("%s\n\n", c.w.T("web.console-in-use", map[string]any{"Addr": addr}))
		return
	}
	public := "http://" + reachable(ln.Addr())
	c.boards = web.New(web.Config{Bot: b, Key: key, Public: public, Context: ctx, Log: log})
	b.LinkBoards(c.boards) // every board message gets its Board button
	srv := &http.Server{Handler: c.boards, ReadHeaderTimeout: 10 * time.Second}
	go func() {
		if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Warn("the web board stopped", "err", err)
		}
	}()
	go func() {
		<-ctx.Done()
		srv.Close()
	}()
	c.printf("%s\n\n", c.w.T("web.console-address", map[string]any{"URL": public}))
}

// web prints user's personal link to each of their games in play.
func (c *Console) web(user string) {
	if c.boards == nil {
		c.printf("  ? %s\n\n", c.w.T("web.console-no-board", nil))
		return
	}
	all, err := c.b.Table().GamesOf(user)
	if err != nil {
		c.printf("  ? %v\n\n", err)
		return
	}
	n := 0
	for _, l := range all {
		rec := l.Game
		if rec.Channel != consoleChannel {
			continue
		}
		link, err := c.boards.Invite(user, rec.ID)
		if err != nil {
			c.printf("  ? %v\n\n", err)
			return
		}
		c.printf("  %s\n", c.w.T("web.console-link", map[string]any{"Title": table.Describe(rec.Kind).Title, "URL": link}))
		n++
	}
	if n == 0 {
		c.printf("  ? %s\n", c.w.T("web.console-no-game", nil))
	}
	c.printf("\n")
}

// reachable is a listening address as a browser on this machine reaches it: one that listens on
// every interface (WEB_ADDR=:8080) is reached at loopback.
func reachable(a net.Addr) string {
	tcp, ok := a.(*net.TCPAddr)
	if !ok || !tcp.IP.IsUnspecified() {
		return a.String()
	}
	return net.JoinHostPort("127.0.0.1", strconv.Itoa(tcp.Port))
}
