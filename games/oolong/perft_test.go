package oolong

import "testing"

func TestQuickPerft(t *testing.T) {
	p := NewPosition(DefaultLayout, TriggerAny)
	for d := 0; d <= 7; d++ {
		t.Log(d, p.Perft(d))
	}
}
