package console

import (
	"testing"
	"time"
)

func TestSpanShowsTheTwoLargestUnitsRoundedWithoutZeros(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{0, "0s"},
		{45 * time.Second, "45s"},
		{10 * time.Minute, "10m"},
		{time.Hour, "1h"},
		{time.Hour + 30*time.Minute + 20*time.Second, "1h30m"},
		{time.Hour + 20*time.Second, "1h"},
		{51*time.Hour + 29*time.Minute, "2d3h"},
		{7 * 24 * time.Hour, "7d"},
		{9*time.Minute + 59*time.Second, "10m"},
		{9*time.Minute + 29*time.Second, "9m"},
		{time.Hour + 29*time.Minute + 40*time.Second, "1h30m"},
		{23*time.Hour + 59*time.Minute + 40*time.Second, "1d"},
		{51*time.Hour + 59*time.Minute, "2d4h"},
		{59 * time.Second, "59s"},
	} {
		if got := span(c.d); got != c.want {
			t.Errorf("span(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
