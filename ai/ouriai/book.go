package ouriai

import (
	"bufio"
	"context"
	_ "embed"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"

	"tabuleiro/games/ouri"
)

// The opening book: every position of the first BookPlies plies of each rule set, with the move
// a search BookDepth plies deep (with the fitted evaluation and the endgame database) chose
// there. book.txt is made by TestGenerateBook; each line is the rule set, the sowings from the
// start (- for none) and the book's sowing, as the mover's house letters:
//
//	abapa d;c e
//
// No position comes back within so few plies, so the game's history cannot change what the
// book says.
var (
	BookPlies = [2]int{ouri.RulesOuri: 4, ouri.RulesAbapa: 3}
	BookDepth = [2]int{ouri.RulesOuri: 24, ouri.RulesAbapa: 20}
)

//go:embed book.txt
var bookText string

// Book maps a position to its book sowing (0 = a).
type Book map[ouri.Position]int

var (
	bookOnce sync.Once
	books    [2]Book
)

// Opening is the shipped book of a rule set (empty if book.txt is missing the rule set).
func Opening(rules ouri.Rules) Book {
	bookOnce.Do(func() {
		var err error
		if books, err = ParseBook(strings.NewReader(bookText)); err != nil {
			panic(fmt.Sprintf("ouriai: the shipped book.txt: %v", err))
		}
	})
	return books[rules&1]
}

// ParseBook reads a book in book.txt's form; lines starting with # are comments.
func ParseBook(r io.Reader) ([2]Book, error) {
	bs := [2]Book{{}, {}}
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		f := strings.Fields(line)
		if len(f) != 3 {
			return bs, fmt.Errorf("line %d: %q: want the rules, the sowings so far and the book's sowing", n, line)
		}
		var rules ouri.Rules
		switch f[0] {
		case ouri.RulesOuri.String():
			rules = ouri.RulesOuri
		case ouri.RulesAbapa.String():
			rules = ouri.RulesAbapa
		default:
			return bs, fmt.Errorf("line %d: rules %q: want %s or %s", n, f[0], ouri.RulesOuri, ouri.RulesAbapa)
		}
		p := ouri.Start(rules)
		var sowings []string
		if f[1] != "-" {
			sowings = strings.Split(f[1], ";")
		}
		sowings = append(sowings, f[2])
		for i, s := range sowings {
			m, ok := house(s)
			if !ok || p.LegalMask()&(1<<m) == 0 {
				return bs, fmt.Errorf("line %d: %q is not a legal sowing there (%s)", n, s, line)
			}
			if i == len(sowings)-1 {
				bs[rules&1][p] = m
				break
			}
			p, _ = p.Sow(m)
		}
	}
	return bs, sc.Err()
}

// house reads a house letter a–f.
func house(s string) (int, bool) {
	if len(s) != 1 || s[0] < 'a' || s[0] > 'f' {
		return 0, false
	}
	return int(s[0] - 'a'), true
}

// WriteBook searches every position of rules within plies plies of the start depth plies deep
// (with eval and db, either may be nil; workers searches at once) and writes the book's lines,
// calling progress after each.
func WriteBook(w io.Writer, rules ouri.Rules, plies, depth, workers int, eval *Weights, db *DB, progress func(done, total int)) error {
	type entry struct {
		line []string
		pos  ouri.Position
	}
	seen := map[ouri.Position]bool{}
	var todo []entry
	level := []entry{{nil, ouri.Start(rules)}}
	for ply := 0; ply <= plies; ply++ {
		var next []entry
		for _, e := range level {
			if seen[e.pos] || e.pos.Won() || e.pos.LegalMask() == 0 {
				continue
			}
			seen[e.pos] = true
			todo = append(todo, e)
			for m := 0; m < 6; m++ {
				if e.pos.LegalMask()&(1<<m) != 0 {
					c, _ := e.pos.Sow(m)
					next = append(next, entry{append(slices.Clone(e.line), string(rune('a'+m))), c})
				}
			}
		}
		level = next
	}
	// The positions are searched by workers at once (each search alone gives the same answer)
	// and written in order.
	best := make([]chan int, len(todo))
	for i := range best {
		best[i] = make(chan int, 1)
	}
	next := make(chan int)
	for range workers {
		go func() {
			s := &Search{Eval: eval, DB: db, MaxDepth: depth}
			for i := range next {
				best[i] <- s.Best(context.Background(), todo[i].pos, nil, 24*time.Hour, nil).Move
			}
		}()
	}
	go func() {
		for i := range todo {
			next <- i
		}
		close(next)
	}()
	var err error
	for i, e := range todo {
		m := <-best[i]
		moves := "-"
		if len(e.line) > 0 {
			moves = strings.Join(e.line, ";")
		}
		if err == nil {
			_, err = fmt.Fprintf(w, "%s %s %c\n", rules, moves, 'a'+m)
		}
		if progress != nil {
			progress(i+1, len(todo))
		}
	}
	return err
}
