package web

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"tabuleiro/bot/web/webtest"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/store"
)

// marksOf finds the squares a written Ordo move is picked by on the board, in order: "c2:d2-c4" is
// c2, d2, c4.
var marksOf = regexp.MustCompile(`[a-j]\d+`)

// A whole Ordo game against the bot (easy) is played from the keyboard alone: Tab onto the board,
// arrows to a square, Enter to pick it; no click. Every decision, hers and the bot's, is said in
// the live region, and the focus stays on the board across every update.
func TestAWholeOrdoGameIsPlayedByKeyboardAlone(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	g, err := catalog.New("ordo", nil)
	if err != nil {
		t.Fatal(err)
	}
	rec, err := s.st.CreateGame(store.Game{Guild: "g1", Channel: "c9", Kind: "ordo", Encoded: games.Encode(g), MessageID: "board",
		Seats: [2]store.Player{{UserID: "111"}, {Bot: true, Level: "easy"}}})
	if err != nil {
		t.Fatal(err)
	}
	alice := tab(t, browser, "en-US")
	if err := chromedp.Do(alice, chromedp.EmulateViewport(1280, 900), chromedp.Navigate(s.invite(t, "111", rec.ID)), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	// The page's live region is listened to: every text it is given, in order.
	if err := webtest.Eval(alice, `window.said = []; new MutationObserver(() => said.push(document.querySelector("[role=status]").textContent))
		.observe(document.querySelector("[role=status]"), {childList: true, characterData: true, subtree: true}); 0`, nil); err != nil {
		t.Fatal(err)
	}
	key := func(k string) {
		t.Helper()
		if err := chromedp.Do(alice, chromedp.KeyEvent(k)); err != nil {
			t.Fatal(err)
		}
	}
	// focused is where the focus is: the mark of the board's cell and its place in the grid.
	type place struct {
		Mark     string
		Row, Col int
		OnBoard  bool
	}
	focused := func() place {
		t.Helper()
		var p place
		if err := webtest.Eval(alice, `(() => { const e = document.activeElement;
			return {Mark: e.dataset.mark || "", Row: Number(e.dataset.row), Col: Number(e.dataset.col), OnBoard: !!e.closest(".board")}; })()`, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	cell := func(mark string) place {
		t.Helper()
		var p place
		if err := webtest.Eval(alice, `(() => { const e = document.querySelector('[data-mark="`+mark+`"]');
			return {Mark: e.dataset.mark, Row: Number(e.dataset.row), Col: Number(e.dataset.col), OnBoard: e.classList.contains("can")}; })()`, &p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	// Tab from the top of the page reaches the board.
	for range 5 {
		if focused().OnBoard {
			break
		}
		key(kb.Tab)
	}
	if !focused().OnBoard {
		t.Fatal("Tab never reached the board")
	}
	// walk arrows the focus from where it is to mark, and presses Enter there.
	walk := func(mark string) {
		t.Helper()
		to := cell(mark)
		if !to.OnBoard {
			t.Fatalf("%s is not offered", mark)
		}
		for p := focused(); p.Row != to.Row || p.Col != to.Col; p = focused() {
			switch {
			case p.Row < to.Row:
				key(kb.ArrowDown)
			case p.Row > to.Row:
				key(kb.ArrowUp)
			case p.Col < to.Col:
				key(kb.ArrowRight)
			default:
				key(kb.ArrowLeft)
			}
		}
		key(kb.Enter)
	}
	// Alice runs for the far rank: of her legal moves, the one whose destination is highest.
	rank := func(move string) int {
		marks := marksOf.FindAllString(move, -1)
		n, _ := strconv.Atoi(marks[len(marks)-1][1:])
		return n
	}
	for {
		_, live, err := s.st.Game(rec.ID)
		if err != nil {
			t.Fatal(err)
		}
		if live.Outcome().Over() {
			t.Logf("the game ended after %d decisions: %v", live.Ply(), live.Outcome())
			break
		}
		if live.Ply() > 200 {
			t.Fatalf("no end after %d decisions", live.Ply())
		}
		best := ""
		for _, m := range live.Legal() {
			if w := live.Format(m); best == "" || rank(w) > rank(best) {
				best = w
			}
		}
		for _, m := range marksOf.FindAllString(best, -1) {
			walk(m)
		}
		// Her move, then the bot's answer (unless hers ended the game).
		ply := live.Ply()
		deadline := time.Now().Add(10 * time.Second)
		for {
			_, now, err := s.st.Game(rec.ID)
			if err != nil {
				t.Fatal(err)
			}
			if now.Ply() > ply && (now.Outcome().Over() || now.ToMove() == 0) {
				ply = now.Ply()
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("after %s the game stays at %d decisions", best, now.Ply())
			}
			time.Sleep(10 * time.Millisecond)
		}
		waitPly(t, alice, s, ply)
		if p := focused(); !p.OnBoard {
			t.Fatalf("after %s the focus left the board (on %+v)", best, p)
		}
	}
	_, live, _ := s.st.Game(rec.ID)
	var said []string
	if err := webtest.Eval(alice, `said`, &said); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(said, "\n")
	for _, m := range live.Log() {
		if w := live.Format(m); !strings.Contains(all, "played "+w) {
			t.Errorf("the live region never said %s was played; it said:\n%s", w, all)
		}
	}
}
