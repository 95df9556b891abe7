package discord

import (
	"strconv"
	"strings"
	"testing"

	"tabuleiro/bot/discord/wire"
	"tabuleiro/say"
)

// Ordo's start has 56 legal moves and autocomplete shows 25: the last says how many more there
// are and what to type to narrow them, and a move that is only the start of some lists them.
func TestAutocompleteSaysHowManyMoreAndAPartialMoveIsNarrowed(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) {
			w := say.For(lang)
			tb := newTable(t)
			const channel, alice = "c-narrow", "71"
			if r := tb.sendIn(in(command(alice, channel, "ordo", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), lang, lang)); r.private() {
				t.Fatalf("vs-bot refused: %s", r.Data.Content)
			}
			r := tb.sendIn(in(typing(alice, channel, "ordo", ""), lang, lang))
			if len(r.Data.Choices) != 25 {
				t.Fatalf("%d suggestions, want 25", len(r.Data.Choices))
			}
			last := r.Data.Choices[24]
			if want := w.T("autocomplete.more", map[string]any{"Count": 32, "Example": last.Value}); last.Name != want || last.Value == "" {
				t.Errorf("the last suggestion is %+v, want the name %q", last, want)
			}
			r = tb.sendIn(in(command(alice, channel, "ordo", "move", opt{"play", 3, "c2"}), lang, lang))
			want := w.T("refusal.narrow", map[string]any{"Input": "c2", "Count": 6,
				"Moves": "c2-c3, c2-c4, c2-d3, c2-e4, c2:d2-c3, c2:d2-c4"})
			if !r.private() || !strings.Contains(r.Data.Content, want) {
				t.Errorf("play:c2 answered %q, want %q", r.Data.Content, want)
			}
		})
	}
}

// Discord says where an interaction was made in its channel's type: in a thread (11) the bot
// needs Send Messages in Threads, in a channel (0) Send Messages, and the core hears which.
func TestTheChannelsTypeDecidesWhichSendingPermissionIsNeeded(t *testing.T) {
	const view, send, sendInThreads = 1 << 10, 1 << 11, 1 << 38
	for _, lang := range say.Languages {
		w := say.For(lang)
		tb := newTable(t)
		for i, tt := range []struct {
			name        string
			channelType int
			perms       uint64
			missing     string
		}{
			{"a text channel, may send in threads only", 0, view | sendInThreads, "perm.send-messages"},
			{"a public thread, may send in channels only", 11, view | send, "perm.send-messages-in-threads"},
			{"a private thread, may send in threads", 12, view | sendInThreads, ""},
			{"a text channel, may send", 0, view | send, ""},
		} {
			t.Run(lang+" "+tt.name, func(t *testing.T) {
				channel := strconv.Itoa(900 + i)
				m := in(command("81", channel, "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}), lang, lang)
				m["channel"] = map[string]any{"id": channel, "type": tt.channelType}
				m["app_permissions"] = strconv.FormatUint(tt.perms, 10)
				r := tb.sendIn(m)
				if tt.missing == "" {
					if r.private() {
						t.Fatalf("refused: %s", r.Data.Content)
					}
					return
				}
				if !r.private() || !strings.Contains(r.Data.Content, w.T(tt.missing, nil)) {
					t.Errorf("answered %q, want a refusal naming %q", r.Data.Content, w.T(tt.missing, nil))
				}
			})
		}
	}
}

// Every interaction, the gateway's as the endpoint's, says whether it was made in a thread.
func TestAnInteractionSaysWhetherItIsInAThread(t *testing.T) {
	for _, tt := range []struct {
		body string
		want bool
	}{
		{`{"id":"1","type":2,"channel_id":"5","channel":{"id":"5","type":11}}`, true},
		{`{"id":"2","type":2,"channel_id":"5","channel":{"id":"5","type":12,"name":"x"}}`, true},
		{`{"id":"3","type":2,"channel_id":"5","channel":{"id":"5","type":0}}`, false},
		{`{"id":"4","type":2,"channel_id":"5"}`, false},
	} {
		in, err := wire.Decode([]byte(tt.body))
		if err != nil || in.InThread != tt.want {
			t.Errorf("%s: in a thread %v (%v), want %v", tt.body, in != nil && in.InThread, err, tt.want)
		}
	}
}
