package console

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"tabuleiro/bot"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// lockedBuffer is a transcript written by the console and read by the test meanwhile.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// awaitLine waits until the transcript matches re and gives the match.
func awaitLine(t *testing.T, out *lockedBuffer, re *regexp.Regexp) []string {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		if m := re.FindStringSubmatch(out.String()); m != nil {
			return m
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatalf("the transcript never showed %s:\n%s", re, out.String())
	return nil
}

// consoleOn runs a console with the web board on addr; typing into in.
func consoleOn(t *testing.T, addr string) (in *io.PipeWriter, out *lockedBuffer) {
	t.Helper()
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	r, w := io.Pipe()
	out = &lockedBuffer{}
	done := make(chan error, 1)
	go func() {
		done <- Serve(context.Background(), st, bot.Config{Seed: 1, CoachDepth: 2}, Options{Lang: say.English, WebAddr: addr}, r, out)
	}()
	t.Cleanup(func() {
		w.Close()
		if err := <-done; err != nil {
			t.Error(err)
		}
		st.Close()
	})
	return w, out
}

func TestTheConsolesBoardIsPlayedInABrowser(t *testing.T) {
	in, out := consoleOn(t, "127.0.0.1:0")
	address := awaitLine(t, out, regexp.MustCompile(`The board you click is at (http://127\.0\.0\.1:\d+) `))[1]
	fmt.Fprintln(in, "/ouri vs-bot level:easy first:me")
	fmt.Fprintln(in, "web")
	link := awaitLine(t, out, regexp.MustCompile(`Your personal link to the Ouri game, as a player \(one use, within 15 minutes\): (\S+)`))[1]
	if !strings.HasPrefix(link, address+"/b/") {
		t.Fatalf("the link %s is not on the board's address %s", link, address)
	}
	jar, _ := cookiejar.New(nil)
	browser := &http.Client{Jar: jar}
	res, err := browser.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	board := res.Request.URL.String()
	if res.StatusCode != http.StatusOK || !strings.HasPrefix(board, address+"/b/") {
		t.Fatalf("the link led to %s: %s", board, res.Status)
	}
	res, err = browser.Post(board+"/decide", "application/json", strings.NewReader(`{"ply":0,"play":"d"}`))
	if err != nil {
		t.Fatal(err)
	}
	var a struct {
		Error string
		State *struct{ Ply int }
	}
	json.NewDecoder(res.Body).Decode(&a)
	res.Body.Close()
	if res.StatusCode != http.StatusOK || a.State == nil || a.State.Ply != 1 {
		t.Fatalf("sowing d from the browser: %s %+v", res.Status, a)
	}
	// The console shows the decision made in the browser, and the bot's answer.
	awaitLine(t, out, regexp.MustCompile("(?s)the bot edited message.*Last: South sowed `d`.*Last: North sowed"))
	// bob has no game: his `web` says so.
	fmt.Fprintln(in, "@bob web")
	awaitLine(t, out, regexp.MustCompile(regexp.QuoteMeta(en("web.console-no-game"))))
}

func TestTheBoardButtonGivesThePlayersLink(t *testing.T) {
	in, out := consoleOn(t, "127.0.0.1:0")
	address := awaitLine(t, out, regexp.MustCompile(`The board you click is at (http://127\.0\.0\.1:\d+) `))[1]
	fmt.Fprintln(in, "/ouri vs-bot level:easy first:me")
	awaitLine(t, out, regexp.MustCompile(`\[Resign\] \[Describe\] \[Board\]`))
	fmt.Fprintln(in, "click Board")
	w := say.For(say.English)
	want := regexp.QuoteMeta(w.T("reply.board-link", map[string]any{"Title": "Ouri", "URL": "LINK"}))
	link := awaitLine(t, out, regexp.MustCompile(strings.Replace(want, "LINK", `(\S+)`, 1)))[1]
	if !strings.HasPrefix(link, address+"/b/") {
		t.Fatalf("the Board button's link %s is not on the board's address %s", link, address)
	}
	res, err := http.Get(link)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusOK {
		t.Fatalf("the Board button's link: %s", res.Status)
	}
}

func TestAPortInUseIsSaidAndTheConsoleGoesOn(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	in, out := consoleOn(t, ln.Addr().String())
	awaitLine(t, out, regexp.MustCompile(regexp.QuoteMeta(en("web.console-in-use", "Addr", ln.Addr().String()))))
	fmt.Fprintln(in, "/ordo rules")
	awaitLine(t, out, regexp.MustCompile(`Ordo`))
	fmt.Fprintln(in, "web")
	awaitLine(t, out, regexp.MustCompile(regexp.QuoteMeta(en("web.console-no-board"))))
}

func TestABoardOnEveryInterfaceIsLinkedAtLoopback(t *testing.T) {
	for _, tt := range []struct {
		addr net.Addr
		want string
	}{
		{&net.TCPAddr{IP: net.IPv4zero, Port: 8080}, "127.0.0.1:8080"},
		{&net.TCPAddr{IP: net.IPv6unspecified, Port: 8081}, "127.0.0.1:8081"},
		{&net.TCPAddr{IP: net.IPv4(192, 168, 1, 5), Port: 8080}, "192.168.1.5:8080"},
	} {
		if got := reachable(tt.addr); got != tt.want {
			t.Errorf("%s is linked as %s, want %s", tt.addr, got, tt.want)
		}
	}
}

// boardsOf stands for the web board in a console without one listening.
type boardsOf string

func (b boardsOf) Invite(member string, id uint64) (string, error) {
	return string(b) + "/" + member, nil
}

func TestTheActivitysLaunchIsSaid(t *testing.T) {
	st, err := store.Open(t.TempDir()+"/console.db", store.Options{Decode: catalog.Decode})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	var out bytes.Buffer
	c := New(&out, nil)
	c.SetLanguage(say.English)
	b := bot.New(st, c, bot.Config{Seed: 1, CoachDepth: 2})
	b.LinkBoards(boardsOf("http://boards.example"))
	b.LaunchActivity()
	c.Attach(b)
	if err := c.Play(context.Background(), strings.NewReader("/ouri vs-bot level:easy first:me\nclick Board\n")); err != nil {
		t.Fatal(err)
	}
	b.Wait()
	w := say.For(say.English)
	if got := out.String(); !strings.Contains(got, "("+w.T("console.launch", nil)+")") || strings.Contains(got, "http://boards.example") {
		t.Errorf("the Board button of an application with Activities:\n%s", got)
	}
}
