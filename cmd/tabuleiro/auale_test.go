package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"tabuleiro/ai/auale"
	"tabuleiro/games/ouri"
)

// uciPeer is the interface's side of a conversation with `tabuleiro engine` in Aualé's dialect.
type uciPeer struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	code  chan int
	sent  []string // the conversation, "> " what was sent, "< " what came back
}

func startUCIPeer(t *testing.T) *uciPeer {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	p := &uciPeer{t: t, in: inW, lines: make(chan string, 64), code: make(chan int, 1)}
	go func() {
		p.code <- engine(context.Background(), inR, outW, io.Discard)
		outW.Close()
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			p.lines <- sc.Text()
		}
		close(p.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return p
}

func (p *uciPeer) send(s string) {
	p.sent = append(p.sent, "> "+s)
	fmt.Fprintln(p.in, s)
}

// expect reads lines until one starts with prefix, failing on an error report or a silence.
func (p *uciPeer) expect(prefix string) string {
	p.t.Helper()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				p.t.Fatalf("the engine stopped before %q", prefix)
			}
			p.sent = append(p.sent, "< "+l)
			if strings.HasPrefix(l, prefix) {
				return l
			}
			if strings.HasPrefix(l, "info string error") {
				p.t.Fatalf("waiting for %q: %s", prefix, l)
			}
		case <-time.After(20 * time.Second):
			p.t.Fatalf("no %q within 20 s", prefix)
		}
	}
}

// TestAualeDialectPlaysAWholeGame: the engine answers Aualé's sequence (uci, ucinewgame, isready,
// then position and go for every move, the position sent from the last capture as Aualé sends it)
// through a whole game of Abapa, each bestmove legal for the side to move, and 0000 once it is over.
func TestAualeDialectPlaysAWholeGame(t *testing.T) {
	p := startUCIPeer(t)
	p.send("uci")
	if l := p.expect("id name"); l != "id name tabuleiro" {
		t.Errorf("identified as %q", l)
	}
	if l := p.expect("option"); !strings.Contains(l, "name Level type combo") {
		t.Errorf("option %q", l)
	}
	p.expect("uciok")
	p.send("setoption name Level value medium")
	p.send("ucinewgame")
	p.send("isready")
	p.expect("readyok")
	g, _ := ouri.New(map[string]string{"rules": "abapa"})
	fens := 0
	for !g.Outcome().Over() {
		cmd := auale.PositionCommand(g)
		if strings.Contains(cmd, "fen") {
			fens++
		}
		p.send(cmd)
		p.send("go depth 4 movetime 600")
		move := strings.TrimPrefix(p.expect("bestmove "), "bestmove ")
		if err := auale.Play(g, []rune(move)[0]); err != nil || len(move) != 1 {
			t.Fatalf("after %s: bestmove %q: %v", cmd, move, err)
		}
	}
	p.send(auale.PositionCommand(g))
	p.send("go movetime 50")
	if l := p.expect("bestmove"); l != "bestmove 0000" {
		t.Errorf("a finished game got %q", l)
	}
	p.send("quit")
	if code := <-p.code; code != 0 {
		t.Errorf("exit %d", code)
	}
	t.Logf("%d plies, %d sent by board, %v", g.Ply(), fens, g.Outcome())
	if fens == 0 || g.Ply() < 20 {
		t.Errorf("%d plies, %d positions sent by board: not a whole game", g.Ply(), fens)
	}
}

// TestAualeDialectRefusesWhatItCannotFollow: each bad command is answered with what was wrong, and
// the position stays what it was (the next bestmove is a legal move of it).
func TestAualeDialectRefusesWhatItCannotFollow(t *testing.T) {
	bad := []struct{ name, cmd, says string }{
		{"an unknown command", "fly", "unknown command"},
		{"a move of the wrong side", "position startpos moves a", "South's turn"},
		{"a letter that is no house", "position startpos moves G", "not a house"},
		{"an empty house", "position startpos moves DdD", "move 3"},
		{"a board with too few parts", "position fen 4-4-4-S", "has 4 parts"},
		{"a board that is not 48 seeds", "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-1-S", "seeds"},
		{"a side to move that is no side", "position fen 4-4-4-4-4-4-4-4-4-4-4-4-0-0-X", "S or N"},
		{"neither startpos nor fen", "position middle", "startpos"},
		{"an unknown option", "setoption name Hash value 64", "Level"},
		{"an unknown level", "setoption name Level value expert", "easy, medium or hard"},
		{"a go without its number", "go movetime soon", "whole number"},
	}
	p := startUCIPeer(t)
	p.send("uci")
	p.expect("uciok")
	p.send("setoption name Level value easy")
	p.send("position startpos moves Dc")
	for _, b := range bad {
		t.Run(b.name+" is refused and changes nothing", func(t *testing.T) {
			p.send(b.cmd)
			select {
			case l := <-p.lines:
				if !strings.HasPrefix(l, "info string error: ") || !strings.Contains(l, b.says) {
					t.Errorf("%q answered %q, want an error naming %q", b.cmd, l, b.says)
				}
			case <-time.After(10 * time.Second):
				t.Fatalf("%q got no answer", b.cmd)
			}
			p.send("go movetime 20")
			move := strings.TrimPrefix(p.expect("bestmove "), "bestmove ")
			g, _ := ouri.New(map[string]string{"rules": "abapa"})
			for _, c := range "Dc" {
				auale.Play(g, c)
			}
			if err := auale.Play(g, []rune(move)[0]); err != nil {
				t.Errorf("bestmove %q after the refusal: %v", move, err)
			}
		})
	}
	t.Run("go infinite thinks until stop, then answers", func(t *testing.T) {
		p.send("go infinite")
		select {
		case l := <-p.lines:
			t.Fatalf("answered %q before stop", l)
		case <-time.After(100 * time.Millisecond):
		}
		p.send("stop")
		if l := p.expect("bestmove "); len(l) != len("bestmove A") || !strings.ContainsAny(l[9:], "ABCDEF") {
			t.Errorf("after stop: %q (South to move)", l)
		}
	})
}

// FuzzAualeDialect: any lines after uci get whole-line answers, never a panic; a refusal says it
// is one, a bestmove is one house letter or 0000, and the session ends at quit or the input's end.
func FuzzAualeDialect(f *testing.F) {
	for _, s := range []string{
		"position startpos moves DdF\ngo movetime 5\nisready",
		"position fen 1-1-1-0-5-11-0-0-0-9-9-7-4-0-N moves d\ngo depth 3\nstop",
		"setoption name Level value medium\nucinewgame\nposition startpos moves A b\ngo wtime 300 btime 300",
		"position fen 4-4-4\nposition fen 0-0-0-0-0-0-0-0-0-0-0-1-24-23-S\ngo movetime 1",
		"go infinite\nstop\nponderhit\nfly\nquit\nposition startpos",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, input string) {
		var lines []string
		for _, l := range strings.Split(input, "\n") {
			// a long think is the caller's to ask for; level hard would build Ouri's endgame tables
			if low := strings.ToLower(l); strings.Contains(low, "infinite") || strings.Contains(low, "ponder") || strings.Contains(low, "level") {
				continue
			}
			lines = append(lines, l)
		}
		var out strings.Builder
		in := "uci\nsetoption name Level value easy\n" + strings.Join(lines, "\n") + "\n"
		if code := engine(context.Background(), strings.NewReader(in), &out, io.Discard); code != 0 {
			t.Fatalf("exit %d", code)
		}
		for _, l := range strings.Split(strings.TrimSpace(out.String()), "\n") {
			switch {
			case strings.HasPrefix(l, "bestmove "):
				if m := l[len("bestmove "):]; m != "0000" && (len(m) != 1 || !strings.ContainsAny(m, "ABCDEFabcdef")) {
					t.Fatalf("bestmove %q", m)
				}
			case strings.HasPrefix(l, "info string error: "), strings.HasPrefix(l, "id "), strings.HasPrefix(l, "option "),
				l == "uciok", l == "readyok":
			default:
				t.Fatalf("unexpected line %q", l)
			}
		}
	})
}
