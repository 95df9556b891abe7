package bot

import (
	"testing"

	"tabuleiro/say"
)

// Inside a thread the bot posts with Send Messages in Threads, in a channel with Send Messages;
// neither stands in for the other, so starting a game is refused where the one that applies is
// missing, and the refusal names it in the caller's language.
func TestStartingNeedsTheSendingPermissionOfWhereItIs(t *testing.T) {
	for _, lang := range say.Languages {
		w := say.For(lang)
		e := newEnv(t)
		for _, tt := range []struct {
			name     string
			inThread bool
			perms    uint64
			missing  string // "" starts the game
		}{
			{"a channel where it may send in threads only", false, PermViewChannel | PermSendMessagesInThreads, "perm.send-messages"},
			{"a thread where it may send in channels only", true, PermViewChannel | PermSendMessages, "perm.send-messages-in-threads"},
			{"a thread where it may send in threads", true, PermViewChannel | PermSendMessagesInThreads, ""},
			{"a channel where it may send", false, PermViewChannel | PermSendMessages, ""},
		} {
			for _, sub := range []string{"vs-bot", "challenge"} {
				t.Run(lang+" "+sub+" in "+tt.name, func(t *testing.T) {
					in := e.slash("alice-"+lang, "ouri", sub, "opponent", "bob-"+lang)
					in.Channel = "c-" + sub + " " + tt.name
					in.InThread, in.Perms, in.Locale = tt.inThread, tt.perms, lang
					r := e.do(in)
					if tt.missing == "" {
						mustPublic(t, r)
						return
					}
					mustPrivate(t, r, w.T(tt.missing, nil))
				})
			}
		}
	}
}
