package config

import (
	"fmt"
	"testing"
)

func TestWebAddr(t *testing.T) {
	for _, tt := range []struct {
		value, want string
		bad         bool
	}{
		{"", DefaultWebAddr, false},
		{"off", "", false},
		{"127.0.0.1:9000", "127.0.0.1:9000", false},
		{":0", ":0", false},
		{"[::1]:8080", "[::1]:8080", false},
		{"localhost", "", true},
		{"127.0.0.1:http", "", true},
		{"127.0.0.1:70000", "", true},
	} {
		t.Run(fmt.Sprintf("WEB_ADDR=%q", tt.value), func(t *testing.T) {
			var problem string
			got := WebAddr(tt.value, func(format string, a ...any) { problem = fmt.Sprintf(format, a...) })
			if got != tt.want || (problem != "") != tt.bad {
				t.Fatalf("got %q (problem %q), want %q (problem: %v)", got, problem, tt.want, tt.bad)
			}
		})
	}
}
