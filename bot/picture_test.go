package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"tabuleiro/store"
)

// imageServer has g1's admin turn image boards on.
func (e *env) imageServer() {
	e.t.Helper()
	in := e.slash("admin", "tabuleiro", "settings", "boards", store.BoardsImage)
	in.MemberPerms = PermManageServer
	if r := e.do(in); !strings.Contains(said(r.Message), "boards: **as pictures**") {
		e.t.Fatalf("settings: %s", said(r.Message))
	}
}

func TestABadBoardsValueIsRefusedAndChangesNothing(t *testing.T) {
	e := newEnv(t)
	e.imageServer()
	for _, c := range []struct{ name, sub, want string }{
		{"a server's", "settings", "`sideways` is not a way to show boards"},
		{"a person's", "me", "`sideways` is not a way to show boards"},
	} {
		t.Run(c.name+" is refused", func(t *testing.T) {
			in := e.slash("admin", "tabuleiro", c.sub, "boards", "sideways")
			in.MemberPerms = PermManageServer
			mustPrivate(t, e.do(in), c.want)
		})
	}
	if s, err := e.st.ServerSettings("g1"); err != nil || s.Boards != store.BoardsImage {
		t.Fatalf("the server's boards changed to %q (%v)", s.Boards, err)
	}
	if m, err := e.st.MemberSettings("admin"); err != nil || m.Boards != "" {
		t.Fatalf("the person's boards changed to %q (%v)", m.Boards, err)
	}
}

// Where the bot may post but not attach files, a board it shows by itself (here, a game lost on
// time, long after the last interaction) goes as text.
func TestABoardThatCannotBeAttachedGoesAsText(t *testing.T) {
	e := newEnv(t)
	e.imageServer()
	in := e.slash("alice", "ouri", "challenge", "opponent", "bob", "first", "me")
	r := e.do(in)
	accept := actionOf(t, r.Message.Rows, "accept")
	if r := e.do(e.click("bob", e.messageOf(in), accept)); len(r.Message.Files) != 1 || strings.Contains(said(r.Message), "```") {
		t.Fatalf("the accepted board is not a picture: %d files\n%s", len(r.Message.Files), said(r.Message))
	}
	e.rec.take()
	e.rec.forbidFiles = true
	e.clock.Advance(73 * time.Hour)
	e.bot.Sweep(context.Background())
	var shown *sent
	for _, c := range e.rec.take() {
		if c.op == "edit" && !c.cleared {
			shown = &c
		}
	}
	if shown == nil {
		t.Fatal("the board lost on time was not shown")
	}
	if len(shown.msg.Files) != 0 || !strings.Contains(shown.content(), "```") || !strings.Contains(shown.content(), "wins") {
		t.Fatalf("%d files:\n%s", len(shown.msg.Files), shown.content())
	}
}
