package bot

import (
	"strings"
	"testing"

	"tabuleiro/say"
)

const pt = say.Portuguese

// speaking makes in come from a caller with locale on a server with guildLocale.
func speaking(in *Interaction, locale, guildLocale string) *Interaction {
	in.Locale, in.GuildLocale = locale, guildLocale
	return in
}

// labels are the labels of the buttons of rows.
func labels(rows []Row) map[string]bool {
	out := map[string]bool{}
	for _, c := range controls(rows) {
		out[c.Label] = true
	}
	return out
}

func TestAPortugueseCallerOnAnEnglishServer(t *testing.T) {
	e := newEnv(t)
	// A private answer follows the caller: Portuguese.
	r := e.do(speaking(e.slash("alice", "ouri", "challenge", "opponent", "alice"), pt, "en-US"))
	mustPrivate(t, r, "Você não pode desafiar a si mesmo")
	// A public message follows the server: English, with English buttons.
	r = e.do(speaking(e.slash("alice", "ouri", "challenge", "opponent", "bob"), pt, "en-US"))
	mustPublic(t, r)
	if !strings.Contains(said(r.Message), "challenges") {
		t.Errorf("the challenge is not English: %q", said(r.Message))
	}
	if l := labels(r.Message.Rows); !l["Accept"] || l["Aceitar"] {
		t.Errorf("the challenge's buttons are not English: %v", l)
	}
	// The server's setting wins over its locale, for every public message, the bot's own included.
	admin := speaking(e.slash("bob", "tabuleiro", "settings", "language", pt), "en-US", "en-US")
	admin.MemberPerms = PermManageServer
	if r = e.do(admin); !strings.Contains(said(r.Message), "language: **pt-BR**") {
		t.Errorf("the settings (for an English caller) do not say Portuguese: %q", said(r.Message))
	}
	e.rec.take()
	r = e.do(speaking(e.slash("bob", "ordo", "vs-bot", "first", "bot", "level", "easy"), "en-US", "en-US"))
	if !strings.Contains(said(r.Message), " joga") {
		t.Errorf("a board on a server set to Portuguese is not Portuguese: %q", said(r.Message))
	}
	edits := 0
	for _, c := range e.rec.edits() {
		if strings.Contains(c.content(), "Ordo") {
			edits++
			if !strings.Contains(c.content(), " joga") {
				t.Errorf("the bot's own move is not in the server's language: %q", c.content())
			}
		}
	}
	if edits == 0 {
		t.Error("the bot's move edited no board")
	}
	// And an English caller there is still answered privately in English.
	r = e.do(speaking(e.slash("bob", "ordo", "move", "play", "a1-a9"), "en-US", "en-US"))
	if !isPrivate(r) || strings.Contains(said(r.Message), "não") {
		t.Errorf("the refusal to an English caller is not English: %q", said(r.Message))
	}
}

// In a DM there is no server: the public messages, the bot's own moves included, speak the caller's
// language.
func TestAGameInADMSpeaksItsCallersLanguage(t *testing.T) {
	e := newEnv(t)
	r := e.do(speaking(inDM(e.slash("alice", "ouri", "vs-bot", "level", "easy", "first", "bot"), "dm-alice"), pt, ""))
	if isPrivate(r) || !strings.Contains(said(r.Message), "pensando") {
		t.Fatalf("the board in a Portuguese DM: %q", said(r.Message))
	}
	edits := 0
	for _, c := range e.rec.edits() {
		if strings.Contains(c.content(), "Ouri") {
			edits++
			if !strings.Contains(c.content(), " joga") || !strings.Contains(c.content(), "Última jogada: Sul semeou") {
				t.Errorf("the bot's move in a Portuguese DM is not Portuguese: %q", c.content())
			}
		}
	}
	if edits == 0 {
		t.Error("the bot's move edited no board")
	}
}
