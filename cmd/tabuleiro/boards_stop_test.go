package main

import (
	"bufio"
	"net/http"
	"net/http/cookiejar"
	"strconv"
	"strings"
	"testing"
	"time"
)

// A shutdown ends the live boards' event streams, a player's and a watcher's, at its start: their
// pages reconnect (to another replica, or here once back), and the shutdown does not wait out its
// grace for streams that never end by themselves.
func TestAShutdownEndsTheBoardsStreams(t *testing.T) {
	_, priv, cfg := endpointConfig(t)
	cfg.PublicURL = "http://board.example.org"
	m, stop := serving(t, cfg)
	defer m.Close()
	body := func(n int, data string) string {
		return `{"id":"` + strconv.Itoa(n) + `","application_id":"424242","type":2,"token":"t` + strconv.Itoa(n) + `","version":1,` +
			`"guild_id":"100","channel_id":"200","member":{"user":{"id":"11","username":"alice"},"permissions":"32"},"data":` + data + `}`
	}
	for i, data := range []string{
		`{"id":"9","name":"tabuleiro","type":1,"options":[{"name":"settings","type":1,"options":[{"name":"pages","type":5,"value":true}]}]}`,
		`{"id":"9","name":"ouri","type":1,"options":[{"name":"vs-bot","type":1,"options":[{"name":"level","type":3,"value":"easy"},{"name":"first","type":3,"value":"me"}]}]}`,
	} {
		if res := signedPost(t, m, priv, body(i+1, data)); res.StatusCode != http.StatusOK {
			t.Fatalf("interaction %d: %s", i+1, res.Status)
		}
	}
	local := func(link string) string { return "http://" + m.Addr.String() + strings.TrimPrefix(link, cfg.PublicURL) }
	jar, _ := cookiejar.New(nil)
	player := &http.Client{Jar: jar}
	link, err := m.Boards.Invite("11", 1)
	if err != nil {
		t.Fatal(err)
	}
	if res, err := player.Get(local(link)); err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("alice's link: %v %v", res, err)
	}
	var ended []chan struct{}
	for who, c := range map[string]*http.Client{"alice": player, "a watcher": {}} {
		req, _ := http.NewRequest("GET", local(m.Boards.Address(1))+"/events", nil)
		res, err := c.Do(req)
		if err != nil || res.StatusCode != http.StatusOK {
			t.Fatalf("%s's stream: %v %v", who, res, err)
		}
		lines := bufio.NewScanner(res.Body)
		for lines.Scan() && !strings.HasPrefix(lines.Text(), "data: ") {
		}
		end := make(chan struct{})
		go func() {
			defer close(end)
			defer res.Body.Close()
			for lines.Scan() {
			}
		}()
		ended = append(ended, end)
	}
	start := time.Now()
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > shutdownGrace/2 {
		t.Errorf("the shutdown took %v, waiting on the streams", took)
	}
	for _, end := range ended {
		select {
		case <-end:
		case <-time.After(time.Second):
			t.Error("a stream goes on after the shutdown")
		}
	}
}
