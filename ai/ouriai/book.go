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

// The opening book: every position of the first BookPlies plies of each rule set, and to
// BookLines plies those the book's own sowings lead to (see WriteBook), with the move a search
// BookDepth plies deep (with the fitted evaluation and the endgame database) chose there. book.txt
// is made by TestGenerateBook; each line is the rule set, the sowings from the start (- for none)
// and the book's sowing, as the mover's house letters:
//
//	abapa d;c e
//
// No position comes back within so few plies, so the game's history cannot change what the
// book says.
var (
	BookPlies = [2]int{ouri.RulesOuri: 4, ouri.RulesAbapa: 3}
	BookLines = [2]int{ouri.RulesOuri: 6, ouri.RulesAbapa: 3}
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

// bookFree is how many plies from the start are anyone's: past BookPlies, the book follows the
// lines in which the side to move has sown the book's sowings since.
const bookFree = 2

// WriteBook searches the book's positions of rules depth plies deep (with eval and db, either
// may be nil; workers searches at once) and writes the book's lines, calling progress after each:
// every position within plies plies of the start, and to lines plies those whose side to move has
// sown the book's sowing at each of its turns after the first bookFree plies, whatever the other
// side sowed. A position known holds is not searched again: its sowing is written as known says.
func WriteBook(w io.Writer, rules ouri.Rules, plies, lines, depth, workers int, eval *Weights, db *DB, known Book, progress func(done int)) error {
	type entry struct {
		line []string
		pos  ouri.Position
		// off[side]: that side has sown other than the book since the free plies.
		off [2]bool
	}
	seen := map[ouri.Position]bool{}
	var (
		written int
		err     error
	)
	level := []entry{{pos: ouri.Start(rules)}}
	for ply := 0; ply <= max(plies, lines) && len(level) > 0; ply++ {
		var todo []entry
		for _, e := range level {
			if !seen[e.pos] && !e.pos.Won() && e.pos.LegalMask() != 0 && (ply <= plies || !e.off[e.pos.ToMove]) {
				seen[e.pos] = true
				todo = append(todo, e)
			}
		}
		positions := make([]ouri.Position, len(todo))
		for i, e := range todo {
			positions[i] = e.pos
		}
		book := map[ouri.Position]int{}
		for i, m := range searchBook(positions, depth, workers, eval, db, known) {
			e := todo[i]
			book[e.pos] = m
			moves := "-"
			if len(e.line) > 0 {
				moves = strings.Join(e.line, ";")
			}
			if err == nil {
				_, err = fmt.Fprintf(w, "%s %s %c\n", rules, moves, 'a'+m)
			}
			written++
			if progress != nil {
				progress(written)
			}
		}
		// The next level: every sowing from every position of this one, each side marked off the
		// book once it sows other than the book (past the free plies).
		type lineKey struct {
			pos ouri.Position
			off [2]bool
		}
		expanded := map[lineKey]bool{}
		var next []entry
		for _, e := range level {
			if e.pos.Won() || e.pos.LegalMask() == 0 || expanded[lineKey{e.pos, e.off}] {
				continue
			}
			expanded[lineKey{e.pos, e.off}] = true
			b, held := book[e.pos]
			for m := 0; m < 6; m++ {
				if e.pos.LegalMask()&(1<<m) == 0 {
					continue
				}
				c, _ := e.pos.Sow(m)
				off := e.off
				if ply >= bookFree && (!held || m != b) {
					off[e.pos.ToMove] = true
				}
				if ply+1 > plies && off[0] && off[1] {
					continue // neither side follows the book any more
				}
				next = append(next, entry{append(slices.Clone(e.line), string(rune('a'+m))), c, off})
			}
		}
		level = next
	}
	return err
}

// searchBook is the book's sowing in each position: known's, or a search depth plies deep, by
// workers at once (each search alone gives the same answer).
func searchBook(positions []ouri.Position, depth, workers int, eval *Weights, db *DB, known Book) []int {
	best := make([]int, len(positions))
	next := make(chan int)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &Search{Eval: eval, DB: db, MaxDepth: depth}
			for i := range next {
				best[i] = s.Best(context.Background(), positions[i], nil, 24*time.Hour, nil).Move
			}
		}()
	}
	for i, p := range positions {
		if m, ok := known[p]; ok {
			best[i] = m
			continue
		}
		next <- i
	}
	close(next)
	wg.Wait()
	return best
}
