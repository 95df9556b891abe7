package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func runCmd(t *testing.T, stdin string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

func TestPerftCommand(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"ouri from the start has six moves", []string{"perft", "ouri", "1"}, "6"},
		{"ouri depth zero is the position itself", []string{"perft", "ouri", "0"}, "1"},
		{"ordo from the start has 56 moves", []string{"perft", "ordo", "1"}, "56"},
		{"oolong from the start has 8 moves", []string{"perft", "oolong", "1"}, "8"},
		{"oolong with an explicit layout", []string{"perft", "oolong", "1", "--opt", "layout=RO,BM,GW,SU,RO,GM,SC,BW"}, "8"},
		{"moves are played before counting", []string{"perft", "ouri", "1", "--moves", "d"}, "6"},
		{"ordo after a move", []string{"perft", "ordo", "1", "--moves", "a3-a4"}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errs := runCmd(t, "", tt.args...)
			if code != 0 {
				t.Fatalf("exit %d, stderr %s", code, errs)
			}
			if tt.want != "" && lastLine(out) != tt.want {
				t.Errorf("last line %q, want %q", lastLine(out), tt.want)
			}
		})
	}
}

func TestPerftDivideAddsUpAndListsEveryMove(t *testing.T) {
	code, out, errs := runCmd(t, "", "perft", "ouri", "3", "--divide")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	_, total, _ := runCmd(t, "", "perft", "ouri", "3")
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 7 {
		t.Fatalf("want 6 move lines and a total, got:\n%s", out)
	}
	for i, l := range lines[:6] {
		if !strings.HasPrefix(l, string(rune('a'+i))+": ") {
			t.Errorf("line %d = %q, want it to start with %c: ", i, l, 'a'+i)
		}
	}
	if lastLine(out) != lastLine(total) {
		t.Errorf("divide total %s differs from perft %s", lastLine(out), lastLine(total))
	}
}

func TestPerftRefusesBadInput(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		mentions string
	}{
		{"an unknown game", []string{"perft", "chess", "2"}, "unknown game"},
		{"a depth that is not a number", []string{"perft", "ouri", "two"}, "depth"},
		{"an unknown option", []string{"perft", "ouri", "2", "--opt", "colour=red"}, "colour"},
		{"an illegal move names the move and its ply", []string{"perft", "ordo", "2", "--moves", "a3-a4;a3-a4"}, "ply 2"},
		{"a missing depth", []string{"perft", "ouri"}, "usage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, _, errs := runCmd(t, "", tt.args...)
			if code == 0 {
				t.Fatal("exit 0, want an error")
			}
			if !strings.Contains(errs, tt.mentions) {
				t.Errorf("stderr %q does not mention %q", errs, tt.mentions)
			}
		})
	}
}

func TestEngineProtocol(t *testing.T) {
	in := strings.Join([]string{
		`{"cmd":"play","move":"a"}`,
		`{"cmd":"new","game":"ouri","options":{"rules":"abapa"},"moves":["d","c"]}`,
		`{"cmd":"play","move":"e"}`,
		`{"cmd":"play","move":"zz"}`,
		`{"cmd":"perft","depth":2}`,
		`{"cmd":"go","level":"easy"}`,
		`{"cmd":"render"}`,
		`not json`,
		`{"cmd":"fly"}`,
		`{"cmd":"new","game":"ordo"}`,
	}, "\n")
	code, out, errs := runCmd(t, in, "engine")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var replies []map[string]any
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatalf("reply %q is not JSON: %v", l, err)
		}
		replies = append(replies, r)
	}
	if len(replies) != 10 {
		t.Fatalf("got %d replies for 10 requests:\n%s", len(replies), out)
	}
	for i, wantOK := range []bool{false, true, true, false, true, true, true, false, false, true} {
		if replies[i]["ok"] != wantOK {
			t.Errorf("reply %d ok=%v, want %v: %v", i+1, replies[i]["ok"], wantOK, replies[i])
		}
	}
	st := replies[2]
	if st["ply"] != 3.0 || st["to_move"] != 1.0 || st["over"] != false || st["result"] != "" {
		t.Errorf("state after d c e: %v", st)
	}
	if stores, ok := st["stores"].([]any); !ok || len(stores) != 2 {
		t.Errorf("ouri state has no stores: %v", st)
	}
	if _, ok := replies[4]["nodes"].(float64); !ok {
		t.Errorf("perft reply has no nodes: %v", replies[4])
	}
	if m, _ := replies[5]["move"].(string); len(m) != 1 {
		t.Errorf("go reply %v is not an ouri house", replies[5])
	}
	if txt, _ := replies[6]["text"].(string); !strings.Contains(txt, "A   B   C   D   E   F") {
		t.Errorf("render reply does not draw the board: %v", replies[6])
	}
	if legal, _ := replies[9]["legal"].([]any); len(legal) != 56 {
		t.Errorf("ordo start lists %d legal moves, want 56", len(legal))
	}
}

func TestEngineStateListsLegalMovesInByteOrder(t *testing.T) {
	_, out, _ := runCmd(t, `{"cmd":"new","game":"oolong"}`+"\n", "engine")
	var r struct {
		Legal []string `json:"legal"`
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := []string{"c.e", "c.n", "c.ne", "c.nw", "c.s", "c.se", "c.sw", "c.w"}
	if strings.Join(r.Legal, " ") != strings.Join(want, " ") {
		t.Errorf("legal = %v, want %v", r.Legal, want)
	}
}

func TestTallyScoresAndElo(t *testing.T) {
	tests := []struct {
		name  string
		t     tally
		score float64
		elo   float64
	}{
		{"an even match is worth nothing", tally{Win: 5, Draw: 2, Loss: 5}, 0.5, 0},
		{"three quarters of the points is about +191", tally{Win: 3, Loss: 1}, 0.75, 190.85},
		{"all draws is even", tally{Draw: 4}, 0.5, 0},
	}
	if _, lo, _ := (tally{Win: 200}).Elo(); lo < 600 || lo > 800 {
		t.Errorf("200 straight wins bound the difference at %+.0f, want about +728", lo)
	}
	if _, _, hi := (tally{Loss: 200}).Elo(); hi > -600 || hi < -800 {
		t.Errorf("200 straight losses bound the difference at %+.0f, want about -728", hi)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if s := tt.t.Score(); s != tt.score {
				t.Errorf("score %v, want %v", s, tt.score)
			}
			elo, lo, hi := tt.t.Elo()
			if d := elo - tt.elo; d > 0.01 || d < -0.01 {
				t.Errorf("elo %v, want %v", elo, tt.elo)
			}
			if lo > elo || hi < elo {
				t.Errorf("interval %v..%v does not hold %v", lo, hi, elo)
			}
		})
	}
}

func TestPairEloCountsPairsNotGames(t *testing.T) {
	// 100 openings: 10 lost twice, 60 won by the same seat both times, 30 won twice. As games that
	// is 120 wins and 80 losses, the same 60 %; counted by pairs, the 60 the seat decided say
	// nothing of the players, and the interval is narrower.
	byPairs := tally{Win: 120, Loss: 80, Pairs: [5]int{0: 10, 2: 60, 4: 30}, SameSeat: 60}
	elo, lo, hi := byPairs.PairElo()
	gelo, glo, ghi := byPairs.Elo()
	if d := elo - gelo; d > 0.01 || d < -0.01 {
		t.Errorf("by pairs %+.2f, by games %+.2f: the same score must give the same Elo", elo, gelo)
	}
	if !(glo < lo && lo < elo && elo < hi && hi < ghi) {
		t.Errorf("pairs' interval %+.0f..%+.0f, games' %+.0f..%+.0f around %+.0f: want the pairs' inside", lo, hi, glo, ghi, elo)
	}
	// s = 0.6, pair variance 0.09, se 0.03: 0.6 ± 0.0588.
	if want := eloOf(0.6 - 1.96*0.03); lo-want > 0.01 || want-lo > 0.01 {
		t.Errorf("lower bound %+.2f, want %+.2f", lo, want)
	}
	if _, lo, hi := (tally{}).PairElo(); !math.IsInf(lo, -1) || !math.IsInf(hi, 1) {
		t.Errorf("no pairs: interval %v..%v, want unbounded", lo, hi)
	}
	swept := tally{Win: 20, Pairs: [5]int{4: 10}}
	if _, lo, _ := swept.PairElo(); math.IsInf(lo, 0) || lo <= 0 {
		t.Errorf("ten pairs won twice: lower bound %v, want the games' finite bound above 0", lo)
	}
}

func TestMatchesOfTwoSeedsShareNoOpenings(t *testing.T) {
	const pairs = 20
	names := func(seed uint64) map[string]bool {
		out := map[string]bool{}
		for i := range pairs {
			st, err := opening("ordo", nil, 4, openingSeed(seed, i))
			if err != nil {
				t.Fatal(err)
			}
			out[strings.Join(st.moves, " ")] = true
		}
		return out
	}
	two, three := names(2), names(3)
	if len(two) < pairs-1 {
		t.Fatalf("seed 2 gives %d different openings of %d", len(two), pairs)
	}
	shared := 0
	for o := range three {
		if two[o] {
			shared++
		}
	}
	if shared > 1 {
		t.Errorf("seeds 2 and 3 share %d of %d openings: their matches are not independent", shared, pairs)
	}
}

func TestBenchPlaysPairedOpeningsFromBothSeats(t *testing.T) {
	code, out, errs := runCmd(t, "", "bench", "ouri", "--a", "easy", "--b", "easy", "--games", "4", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"4 games from 2 paired openings", "wins", "score:", "elo:"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errs, "4/4 games") {
		t.Errorf("no progress shown: %q", errs)
	}
	var win, draw, loss, same int
	var pairs [5]int
	if _, err := fmt.Sscanf(out[strings.Index(out, "A: "):], "A: %d wins, %d draws, %d losses", &win, &draw, &loss); err != nil {
		t.Fatalf("no W/D/L in %q: %v", out, err)
	}
	at := strings.Index(out, "pairs by A's points")
	if at < 0 {
		t.Fatalf("no pairs in the report:\n%s", out)
	}
	if _, err := fmt.Sscanf(out[at:], "pairs by A's points (0 ½ 1 1½ 2): %d %d %d %d %d (the same seat won both: %d)",
		&pairs[0], &pairs[1], &pairs[2], &pairs[3], &pairs[4], &same); err != nil {
		t.Fatalf("pairs line unreadable in %q: %v", out[at:], err)
	}
	if n := pairs[0] + pairs[1] + pairs[2] + pairs[3] + pairs[4]; n != 2 {
		t.Errorf("%d pairs counted, want 2", n)
	}
	if twice, got := 2*win+draw, pairs[1]+2*pairs[2]+3*pairs[3]+4*pairs[4]; twice != got {
		t.Errorf("the pairs hold %d half-points, the games %d", got, twice)
	}
	if same > pairs[2] || same > min(win, loss) {
		t.Errorf("%d pairs won by the same seat, of %d even pairs and %d wins, %d losses", same, pairs[2], win, loss)
	}
	_, again, _ := runCmd(t, "", "bench", "ouri", "--a", "easy", "--b", "easy", "--games", "4", "--seed", "3")
	if again != out {
		t.Errorf("the same seed gave a different match:\n%s\n%s", out, again)
	}
}

func TestServeRefusesToStartWithoutDiscord(t *testing.T) {
	for _, k := range []string{"DISCORD_TOKEN", "DISCORD_PUBLIC_KEY", "HTTP_ADDR"} {
		t.Setenv(k, "")
	}
	t.Chdir(t.TempDir()) // no .env here
	code, _, errs := runCmd(t, "", "serve")
	if code == 0 || !strings.Contains(errs, "DISCORD_TOKEN") {
		t.Errorf("serve without configuration: exit %d, stderr %q", code, errs)
	}
}

// TestHelpNamesEveryCommand: `tabuleiro --help` lists every command run answers to (read from
// run's switch, so a new command without a line in the usage fails here).
func TestHelpNamesEveryCommand(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "main.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var commands []string
	ast.Inspect(f, func(n ast.Node) bool {
		if fn, ok := n.(*ast.FuncDecl); ok && fn.Name.Name != "run" {
			return false
		}
		if c, ok := n.(*ast.CaseClause); ok {
			for _, e := range c.List {
				if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					name, _ := strconv.Unquote(lit.Value)
					if !strings.HasPrefix(name, "-") && name != "help" {
						commands = append(commands, name)
					}
				}
			}
		}
		return true
	})
	if !slices.Contains(commands, "perft") {
		t.Fatalf("found %v in run's switch: is the test still reading it?", commands)
	}
	code, out, _ := runCmd(t, "", "--help")
	if code != 0 {
		t.Fatalf("--help exits %d", code)
	}
	for _, c := range commands {
		if !strings.Contains(out, "\n  tabuleiro "+c+" ") {
			t.Errorf("--help does not list `tabuleiro %s`:\n%s", c, out)
		}
	}
}
