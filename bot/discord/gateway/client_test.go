package gateway

import (
	"testing"
	"time"
)

func TestWaits(t *testing.T) {
	t.Run("the backoff doubles from 1 s to a minute, jittered down to half", func(t *testing.T) {
		for n, top := range map[int]time.Duration{1: time.Second, 2: 2 * time.Second, 3: 4 * time.Second,
			6: 32 * time.Second, 7: time.Minute, 8: time.Minute, 1000: time.Minute} {
			for range 200 {
				if d := reconnectWait(n); d < top/2 || d > top {
					t.Fatalf("reconnectWait(%d) = %v, want %v–%v", n, d, top/2, top)
				}
			}
		}
	})
	t.Run("identifying again after an invalid session waits 1–5 s", func(t *testing.T) {
		lo, hi := 5*time.Second, time.Duration(0)
		for range 1000 {
			d := identifyWait()
			lo, hi = min(lo, d), max(hi, d)
		}
		if lo < time.Second || hi > 5*time.Second || hi-lo < 3*time.Second {
			t.Errorf("identifyWait ranged over %v–%v, want spread over 1–5 s", lo, hi)
		}
	})
}

func TestURL(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"wss://gateway.discord.gg", "wss://gateway.discord.gg/?v=10&encoding=json"},
		{"wss://gateway-us-east1-b.discord.gg/", "wss://gateway-us-east1-b.discord.gg/?v=10&encoding=json"},
		{"wss://gateway.discord.gg/?v=6&encoding=etf", "wss://gateway.discord.gg/?v=10&encoding=json"},
		{"https://discord.com", ""},
		{"", ""},
	} {
		got, err := URL(tt.in)
		if got != tt.want || (err != nil) != (tt.want == "") {
			t.Errorf("URL(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
		}
	}
}
