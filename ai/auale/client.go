package auale

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

// ErrNotAbapa refuses a game the dialect cannot describe.
var ErrNotAbapa = errors.New("the Aualé dialect plays Oware Abapa only: bench ouri --opt rules=abapa --protocol auale")

// Plays reports whether g is a game the dialect describes: Ouri with rules=abapa, not misère.
func Plays(g games.Game) bool {
	og, ok := g.(*ouri.Game)
	return ok && og.Rules() == ouri.RulesAbapa && !og.Misere()
}

// Client asks an engine speaking the dialect (an Aualé engine such as Aalina, or a Session) for
// its moves, as Aualé asks: "ucinewgame" and "isready" when a game begins, then for each
// decision the board after the last capture and the moves since, and "go movetime".
type Client struct {
	in    io.Writer
	out   *bufio.Scanner
	name  string
	game  []games.Move // the decisions of the game it was last asked about
	Level bool         // the engine offers our Level option
}

// NewClient greets the engine on in/out with "uci" and waits for its "uciok"; when it offers a
// Level option (tabuleiro does), it is set to level. name names the engine in errors.
func NewClient(in io.Writer, out io.Reader, name string, level ai.Level) (*Client, error) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 64*1024), 1024*1024)
	c := &Client{in: in, out: sc, name: name}
	if err := c.send("uci"); err != nil {
		return nil, err
	}
	for {
		l, err := c.read()
		if err != nil {
			return nil, err
		}
		if strings.HasPrefix(l, "option name Level ") {
			c.Level = true
		}
		if l == "uciok" {
			break
		}
	}
	if c.Level {
		if err := c.send("setoption name Level value " + string(level)); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func (c *Client) send(line string) error {
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		return fmt.Errorf("%s: %w", c.name, err)
	}
	return nil
}

func (c *Client) read() (string, error) {
	if !c.out.Scan() {
		return "", fmt.Errorf("%s stopped answering: %v", c.name, c.out.Err())
	}
	return strings.TrimSpace(c.out.Text()), nil
}

// until reads lines up to the first that starts with prefix.
func (c *Client) until(prefix string) (string, error) {
	for {
		l, err := c.read()
		if err != nil || strings.HasPrefix(l, prefix) {
			return l, err
		}
	}
}

// Choose asks the engine for its decision in g, thinking budget.
func (c *Client) Choose(g games.Game, budget time.Duration) (games.Move, error) {
	if !Plays(g) {
		return 0, fmt.Errorf("%s: %w", c.name, ErrNotAbapa)
	}
	og := g.(*ouri.Game)
	log := og.Log()
	if len(c.game) == 0 || len(log) < len(c.game) || !slices.Equal(c.game, log[:len(c.game)]) {
		c.send("ucinewgame")
		c.send("isready")
		if _, err := c.until("readyok"); err != nil {
			return 0, err
		}
	}
	c.game = log
	if err := c.send(PositionCommand(og)); err != nil {
		return 0, err
	}
	if err := c.send(fmt.Sprintf("go movetime %d", max(1, budget.Milliseconds()))); err != nil {
		return 0, err
	}
	l, err := c.until("bestmove")
	if err != nil {
		return 0, err
	}
	f := strings.Fields(l)
	if len(f) < 2 || len([]rune(f[1])) != 1 {
		return 0, fmt.Errorf("%s answered %q, want bestmove and one house letter", c.name, l)
	}
	after := og.Clone().(*ouri.Game)
	if err := Play(after, []rune(f[1])[0]); err != nil {
		return 0, fmt.Errorf("%s chose %q: %v", c.name, f[1], err)
	}
	return after.Log()[after.Ply()-1], nil
}

// Quit asks the engine to end.
func (c *Client) Quit() { c.send("quit") }
