package discord

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image/gif"
	"image/png"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"tabuleiro/bot"
	"tabuleiro/bot/discord/wire"
	"tabuleiro/games"
	words "tabuleiro/render/describe"
	"tabuleiro/render/picture"
	"tabuleiro/say"
)

// Boards as pictures, through the signed endpoint and the fake Discord: every message that shows
// a board carries its PNG as a multipart attachment and lists it as the only attachment, so a
// move's edit leaves no stale picture behind.

// shown is a message as Discord receives it, in a response's data or a REST body.
type shown struct {
	Content     string
	Components  json.RawMessage
	Attachments *[]struct {
		ID          int    `json:"id"`
		Filename    string `json:"filename"`
		Description string `json:"description"`
	}
	Allowed *struct {
		Parse []string `json:"parse"`
		Users []string `json:"users"`
	} `json:"allowed_mentions"`
	Flags int
}

// lastAnswer is the message of the last interaction response the endpoint wrote, its type and
// the files it carried.
func (tb *table) lastAnswer(r httpReply) (shown, int) {
	tb.t.Helper()
	var resp struct {
		Type int
		Data shown
	}
	if err := json.Unmarshal(tb.lastRound.Load()[1], &resp); err != nil {
		tb.t.Fatal(err)
	}
	return resp.Data, resp.Type
}

// admin is in made by a member with Manage Server.
func admin(in map[string]any) map[string]any {
	in["member"].(map[string]any)["permissions"] = "32"
	return in
}

// gameOf is the game a board's controls act on.
func gameOf(t *testing.T, ids []string) uint64 {
	t.Helper()
	for _, id := range ids {
		if a, ok := bot.ParseCustomID(id); ok && a.Game != 0 {
			return a.Game
		}
	}
	t.Fatalf("no game in the custom ids %v", ids)
	return 0
}

// checkPicture fails unless m, with files, shows g's position of game id as its one attachment:
// a PNG of that board (the picture package's, in English: see checkPictureIn), named for the game and its ply, listed
// as the message's only attachment, instead of the text block; within Discord's limits for
// components, pinging nobody.
func checkPicture(t *testing.T, what string, m shown, files []attached, kind string, id uint64, g games.Game) {
	t.Helper()
	checkPictureIn(t, say.English, what, m, files, kind, id, g)
}

// checkPictureIn is checkPicture with the picture in lang.
func checkPictureIn(t *testing.T, lang, what string, m shown, files []attached, kind string, id uint64, g games.Game) {
	t.Helper()
	name := fmt.Sprintf("%s-%d-%d.png", kind, id, g.Ply())
	if len(files) != 1 || files[0].Field != "files[0]" || files[0].Name != name || files[0].Type != "image/png" {
		t.Fatalf("%s: files %+v, want one image/png %s as files[0]", what, describe(files), name)
	}
	if _, err := png.Decode(bytes.NewReader(files[0].Content)); err != nil {
		t.Fatalf("%s: not a PNG: %v", what, err)
	}
	want, err := picture.Board(g, say.For(lang))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(files[0].Content, want) {
		t.Errorf("%s: the picture is not the board at ply %d", what, g.Ply())
	}
	if len(files[0].Content) > 100<<10 {
		t.Errorf("%s: the picture weighs %d bytes, over 100 KB", what, len(files[0].Content))
	}
	if m.Attachments == nil || len(*m.Attachments) != 1 || (*m.Attachments)[0].ID != 0 || (*m.Attachments)[0].Filename != name {
		t.Errorf("%s: attachments %+v, want only %s", what, m.Attachments, name)
	} else if got, want := (*m.Attachments)[0].Description, words.Short(g, say.For(lang)); got != want {
		t.Errorf("%s: the picture's description is %q, want the position in words:\n%s", what, got, want)
	}
	if strings.Contains(m.Content, "```") {
		t.Errorf("%s: the text block is still there:\n%s", what, m.Content)
	}
	if m.Allowed == nil || m.Allowed.Parse == nil || len(m.Allowed.Parse) != 0 || len(m.Allowed.Users) != 0 {
		t.Errorf("%s: allowed_mentions %+v: a board pings nobody", what, m.Allowed)
	}
	lintMessage(t, what, m.Content, readComponents(t, m.Components))
}

func describe(files []attached) []string {
	var out []string
	for _, f := range files {
		out = append(out, f.Field+" "+f.Name+" "+f.Type+" "+strconv.Itoa(len(f.Content))+" bytes")
	}
	return out
}

// position is game id's position now, from the store.
func (tb *table) position(id uint64) games.Game {
	tb.t.Helper()
	_, g, err := tb.st.Game(id)
	if err != nil {
		tb.t.Fatal(err)
	}
	return g
}

// patches are the multipart-or-JSON edits made to path.
func (tb *table) patches(path string) []call {
	var out []call
	for _, c := range tb.f.recorded() {
		if c.Method == "PATCH" && c.Path == path {
			out = append(out, c)
		}
	}
	return out
}

func readShown(t *testing.T, body string) shown {
	t.Helper()
	var m shown
	if err := json.Unmarshal([]byte(body), &m); err != nil {
		t.Fatalf("%s: %v", body, err)
	}
	return m
}

func TestBoardPicturesThroughTheEndpoint(t *testing.T) {
	tb := newTable(t)
	r, _ := tb.send(admin(command("a1", "c1", "tabuleiro", "settings", opt{"boards", 3, "image"})))
	mustSay(t, "the settings", r.Data.Content, "boards: **as pictures**")

	r, token := tb.send(command("a1", "c1", "ouri", "challenge", opt{"opponent", 6, "b1"}, opt{"first", 3, "me"}))
	if len(r.Files) != 0 {
		t.Fatalf("a challenge has no board, yet carries %v", describe(r.Files))
	}
	accept := ""
	for _, id := range r.customIDs() {
		if strings.HasSuffix(id, "/accept") {
			accept = id
		}
	}
	board := "orig-" + token
	r, _ = tb.send(click("b1", "c1", accept, board))
	m, typ := tb.lastAnswer(r)
	id := gameOf(t, r.customIDs())
	t.Run("the accepted challenge becomes the board's picture", func(t *testing.T) {
		if typ != 7 {
			t.Fatalf("type %d, want 7 (the challenge updated in place)", typ)
		}
		checkPicture(t, "accepted", m, r.Files, "ouri", id, tb.position(id))
	})

	t.Run("a move by button replaces the picture in place", func(t *testing.T) {
		sow := ""
		for _, cid := range r.customIDs() {
			if strings.Contains(cid, "/sow/") {
				sow = cid
				break
			}
		}
		r, _ := tb.send(click("a1", "c1", sow, board))
		m, typ := tb.lastAnswer(r)
		if typ != 7 || r.private() {
			t.Fatalf("type %d, private %v: %s", typ, r.private(), m.Content)
		}
		checkPicture(t, "sown by button", m, r.Files, "ouri", id, tb.position(id))
	})

	t.Run("a move by command posts a new board with its picture", func(t *testing.T) {
		moves := tb.choices("b1", "c1")
		r, _ := tb.send(command("b1", "c1", "ouri", "move", opt{"play", 3, moves[0]}))
		m, typ := tb.lastAnswer(r)
		if typ != 4 || r.private() {
			t.Fatalf("type %d, private %v: %s", typ, r.private(), m.Content)
		}
		checkPicture(t, "moved by command", m, r.Files, "ouri", id, tb.position(id))
	})

	for _, kind := range kinds {
		t.Run("a new "+kind+" game's board is its picture", func(t *testing.T) {
			channel := "k-" + kind
			r, _ := tb.send(command("k1", channel, kind, "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}))
			m, typ := tb.lastAnswer(r)
			if typ != 4 || r.private() {
				t.Fatalf("type %d, private %v: %s", typ, r.private(), m.Content)
			}
			id := gameOf(t, r.customIDs())
			checkPicture(t, kind, m, r.Files, kind, id, tb.position(id))
		})
	}

	t.Run("the bot's move edits its picture in through the interaction's webhook", func(t *testing.T) {
		r, _ := tb.send(command("c2user", "c2", "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}))
		vs := gameOf(t, r.customIDs())
		if len(r.Files) != 1 {
			t.Fatalf("the new game's board carries %v", describe(r.Files))
		}
		moves := tb.choices("c2user", "c2")
		r, token := tb.send(command("c2user", "c2", "ouri", "move", opt{"play", 3, moves[0]}))
		if len(r.Files) != 1 || !strings.HasSuffix(r.Files[0].Name, "-1.png") {
			t.Fatalf("the moved board carries %v", describe(r.Files))
		}
		tb.settle()
		edits := tb.patches("/api/v10/webhooks/424242/" + token + "/messages/@original")
		if len(edits) == 0 {
			t.Fatal("the bot's move was not edited in")
		}
		last := edits[len(edits)-1]
		g := tb.position(vs)
		if g.Ply() != 2 {
			t.Fatalf("the bot has not moved: ply %d", g.Ply())
		}
		checkPicture(t, "the bot's move", readShown(t, last.Body), last.Files, "ouri", vs, g)
	})
}

func TestBoardPicturesOverChannelRoutes(t *testing.T) {
	tb := newTable(t)
	ctx := context.Background()
	png := []byte("\x89PNG\r\n\x1a\nnot really")
	m := bot.Message{Content: say.Plain("board"), Files: []bot.File{{Name: "ordo-5-9.png", Content: png, Description: "White to move."}}}
	id, err := tb.sender.Send(ctx, "c7", m)
	if err != nil {
		t.Fatal(err)
	}
	if err := tb.sender.Edit(ctx, "c7", id, m); err != nil {
		t.Fatal(err)
	}
	if err := tb.sender.Edit(ctx, "c7", id, bot.Message{Content: say.Plain("as text now")}); err != nil {
		t.Fatal(err)
	}
	calls := tb.f.recorded()
	if len(calls) != 3 {
		t.Fatalf("%d calls", len(calls))
	}
	for i, c := range []struct {
		name, method string
		files        int
	}{
		{"a post carries the picture", "POST", 1},
		{"an edit replaces it with the new one", "PATCH", 1},
		{"an edit without pictures removes the old one", "PATCH", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := calls[i]
			if got.Method != c.method || len(got.Files) != c.files {
				t.Fatalf("%s %s with %v", got.Method, got.Path, describe(got.Files))
			}
			s := readShown(t, got.Body)
			if c.method == "PATCH" && s.Attachments == nil || s.Attachments != nil && len(*s.Attachments) != c.files {
				t.Fatalf("attachments %+v", s.Attachments)
			}
			if c.files == 1 && (!bytes.Equal(got.Files[0].Content, png) || got.Files[0].Type != "image/png") {
				t.Fatalf("the file changed on the way: %v", describe(got.Files))
			}
		})
	}
}

func TestBoardsStayTextWhereTheBotMayNotAttach(t *testing.T) {
	tb := newTable(t)
	tb.send(admin(command("a1", "c1", "tabuleiro", "settings", opt{"boards", 3, "image"})))
	noAttach := func(in map[string]any) map[string]any {
		in["app_permissions"] = strconv.FormatUint(bot.PermViewChannel|bot.PermSendMessages, 10)
		return in
	}
	r, _ := tb.send(noAttach(command("a1", "c1", "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"})))
	if r.private() || len(r.Files) != 0 || !strings.Contains(r.Data.Content, "```") {
		t.Fatalf("files %v, content:\n%s", describe(r.Files), r.Data.Content)
	}
	r, _ = tb.send(noAttach(command("a1", "c1", "ouri", "history", opt{"format", 3, "gif"})))
	if !r.private() || !strings.Contains(r.Data.Content, "Attach Files") {
		t.Fatalf("history as a GIF where the bot may not attach: %s", r.Data.Content)
	}
}

// Where the bot may not attach files, the settings do not promise pictures: they say the boards
// stay text in that channel, and which permission would change it, to the one who asked only.
func TestSettingsSayPicturesNeedAttachFiles(t *testing.T) {
	for _, locale := range say.Languages {
		w := say.For(locale)
		lang := struct{ locale, pictures, unattached string }{locale,
			"**" + w.T("settings.boards-image", nil) + "**", w.T("settings.boards-image-unattached", nil)}
		t.Run(lang.locale, func(t *testing.T) {
			tb := newTable(t)
			in := func(m map[string]any, attach bool) map[string]any {
				m["locale"] = lang.locale
				perms := bot.PermViewChannel | bot.PermSendMessages
				if attach {
					perms |= bot.PermAttachFiles
				}
				m["app_permissions"] = strconv.FormatUint(perms, 10)
				return m
			}
			for _, c := range []struct {
				name   string
				attach bool
				m      map[string]any
			}{
				{"the server's boards", false, admin(command("a1", "c1", "tabuleiro", "settings", opt{"boards", 3, "image"}))},
				{"a person's own boards", false, command("b1", "c1", "tabuleiro", "me", opt{"boards", 3, "image"})},
				{"the server's boards where the bot may attach", true, admin(command("a1", "c1", "tabuleiro", "settings"))},
			} {
				r, _ := tb.send(in(c.m, c.attach))
				switch said := r.Data.Content; {
				case !r.private():
					t.Errorf("%s: said in public: %s", c.name, said)
				case c.attach && (!strings.Contains(said, lang.pictures) || strings.Contains(said, lang.unattached)):
					t.Errorf("%s: %s", c.name, said)
				case !c.attach && !strings.Contains(said, lang.unattached):
					t.Errorf("%s: pictures promised where the bot may not attach: %s", c.name, said)
				}
			}
		})
	}
}

func TestPrivateBoardsFollowThePersonsOwnSetting(t *testing.T) {
	tb := newTable(t)
	tb.ouriGame("c1", "a1", "b1", false)
	tb.play("c1", "a1", tb.choices("a1", "c1")[0])
	tb.send(command("b1", "c1", "ouri", "resign"))

	r, _ := tb.send(command("a1", "c1", "ouri", "replay"))
	if len(r.Files) != 0 || !strings.Contains(r.Data.Content, "```") {
		t.Fatalf("a text server's replay carries %v", describe(r.Files))
	}
	r, _ = tb.send(command("a1", "c1", "tabuleiro", "me", opt{"boards", 3, "image"}))
	mustSay(t, "/tabuleiro me", r.Data.Content, "the boards only you see: **as pictures**")
	r, _ = tb.send(command("a1", "c1", "ouri", "replay"))
	if !r.private() || len(r.Files) != 1 || r.Files[0].Type != "image/png" {
		t.Fatalf("private %v, files %v", r.private(), describe(r.Files))
	}
	if m, _ := tb.lastAnswer(r); strings.Contains(m.Content, "```") || m.Attachments == nil || len(*m.Attachments) != 1 {
		t.Fatalf("attachments %+v:\n%s", m.Attachments, m.Content)
	}
	for _, sub := range []string{"learn", "puzzle"} {
		t.Run("a "+sub+" position is a picture too", func(t *testing.T) {
			r, _ := tb.send(command("a1", "c1", "ouri", sub))
			if !r.private() || len(r.Files) != 1 || r.Files[0].Type != "image/png" {
				t.Fatalf("private %v, files %v:\n%s", r.private(), describe(r.Files), r.Data.Content)
			}
			if _, err := png.Decode(bytes.NewReader(r.Files[0].Content)); err != nil {
				t.Fatal(err)
			}
			if m, _ := tb.lastAnswer(r); strings.Contains(m.Content, "```") {
				t.Fatalf("the text block is still there:\n%s", m.Content)
			}
		})
	}
	r, _ = tb.send(command("b1", "c1", "ouri", "replay"))
	if len(r.Files) != 0 {
		t.Fatalf("another person's replay follows a1's setting: %v", describe(r.Files))
	}
	if r, _ = tb.send(command("b1", "c1", "ouri", "learn")); len(r.Files) != 0 {
		t.Fatalf("another person's lesson follows a1's setting: %v", describe(r.Files))
	}
	r, _ = tb.send(command("a1", "c1", "tabuleiro", "me", opt{"boards", 3, "sideways"}))
	if !r.private() || !strings.Contains(r.Data.Content, "`sideways` is not a way to show boards") {
		t.Fatalf("a bad value: %s", r.Data.Content)
	}
}

func TestReviewAndHistoryAttachTheirPictures(t *testing.T) {
	tb := newCoachTable(t)
	tb.ouriGame("c1", "a1", "b1", false)
	for range 3 {
		tb.play("c1", "a1", tb.choices("a1", "c1")[0])
		tb.play("c1", "b1", tb.choices("b1", "c1")[0])
	}
	tb.send(command("b1", "c1", "ouri", "resign"))

	t.Run("review attaches the win chance by ply", func(t *testing.T) {
		r, token := tb.send(command("a1", "c1", "ouri", "review"))
		if r.Type != 5 {
			t.Fatalf("type %d", r.Type)
		}
		tb.settle()
		edits := tb.patches("/api/v10/webhooks/424242/" + token + "/messages/@original")
		if len(edits) != 1 || len(edits[0].Files) != 1 {
			t.Fatalf("%d edits", len(edits))
		}
		f := edits[0].Files[0]
		if !strings.HasSuffix(f.Name, "-chances.png") || f.Type != "image/png" || len(f.Content) > 100<<10 {
			t.Fatalf("%v", describe(edits[0].Files))
		}
		if _, err := png.Decode(bytes.NewReader(f.Content)); err != nil {
			t.Fatal(err)
		}
		m := readShown(t, edits[0].Body)
		mustSay(t, "the review", m.Content, "Review of")
		if m.Attachments == nil || len(*m.Attachments) != 1 || (*m.Attachments)[0].Filename != f.Name {
			t.Fatalf("attachments %+v", m.Attachments)
		}
	})

	t.Run("history format:gif attaches the game animated, a frame a ply", func(t *testing.T) {
		r, token := tb.send(command("a1", "c1", "ouri", "history", opt{"format", 3, "gif"}))
		if r.Type != 5 || r.private() {
			t.Fatalf("type %d, private %v", r.Type, r.private())
		}
		tb.settle()
		edits := tb.patches("/api/v10/webhooks/424242/" + token + "/messages/@original")
		if len(edits) != 1 || len(edits[0].Files) != 1 {
			t.Fatalf("%d edits", len(edits))
		}
		f := edits[0].Files[0]
		if !strings.HasSuffix(f.Name, ".gif") || f.Type != "image/gif" || len(f.Content) > 2<<20 {
			t.Fatalf("%v", describe(edits[0].Files))
		}
		anim, err := gif.DecodeAll(bytes.NewReader(f.Content))
		if err != nil {
			t.Fatal(err)
		}
		if len(anim.Image) != 7 {
			t.Errorf("%d frames for 6 decisions and the start", len(anim.Image))
		}
		m := readShown(t, edits[0].Body)
		mustSay(t, "the history", m.Content, "1. South", "6. North")
		if m.Allowed == nil || len(m.Allowed.Users) != 0 {
			t.Errorf("allowed_mentions %+v", m.Allowed)
		}
	})

	t.Run("an unknown format is refused", func(t *testing.T) {
		r, _ := tb.send(command("a1", "c1", "ouri", "history", opt{"format", 3, "mp4"}))
		if !r.private() || !strings.Contains(r.Data.Content, "`mp4` is not a history format") {
			t.Fatalf("%s", r.Data.Content)
		}
	})
}

// Over the gateway the answer goes to the interaction's callback: a board's picture goes with it
// as a multipart form, listed as the updated message's only attachment.
func TestGatewayAnswersCarryPictures(t *testing.T) {
	pic := []byte("\x89PNG\r\n\x1a\nboard")
	h := handlerFunc(func(ctx context.Context, in *bot.Interaction) bot.Reply {
		return bot.Reply{Type: bot.Update, Message: bot.Message{Content: say.Plain("board"),
			Files: []bot.File{{Name: "ouri-1-4.png", Content: pic, Description: "South to move."}}}}
	})
	g, f, work := testGateway(t, Shard{0, 1}, h)
	g.interaction(&wire.Interaction{Token: "gtok", Interaction: bot.Interaction{ID: "77", Type: bot.Click, Guild: "1", Channel: "2"}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	work.Wait(ctx)
	calls := f.recorded()
	if len(calls) != 1 || calls[0].Path != "/api/v10/interactions/77/gtok/callback" {
		t.Fatalf("calls %+v", calls)
	}
	var resp struct {
		Type int
		Data shown
	}
	if err := json.Unmarshal([]byte(calls[0].Body), &resp); err != nil {
		t.Fatal(err)
	}
	a := resp.Data.Attachments
	if resp.Type != 7 || a == nil || len(*a) != 1 || (*a)[0].Filename != "ouri-1-4.png" {
		t.Fatalf("type %d, attachments %+v", resp.Type, a)
	}
	if fs := calls[0].Files; len(fs) != 1 || fs[0].Type != "image/png" || !bytes.Equal(fs[0].Content, pic) {
		t.Fatalf("files %v", describe(fs))
	}
}

func TestBoardPicturesSpeakTheServersLanguage(t *testing.T) {
	tb := newTable(t)
	tb.send(admin(command("a1", "c1", "tabuleiro", "settings", opt{"boards", 3, "image"}, opt{"language", 3, "pt-BR"})))
	r, _ := tb.send(command("a1", "c1", "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"}))
	m, _ := tb.lastAnswer(r)
	id := gameOf(t, r.customIDs())
	g := tb.position(id)
	checkPictureIn(t, "pt-BR", "a Portuguese server's board", m, r.Files, "ouri", id, g)
	if en, _ := picture.Board(g, say.For(say.English)); bytes.Equal(en, r.Files[0].Content) {
		t.Error("the Portuguese picture is the English one: the status under the board is not translated")
	}
}

// Every picture the bot attaches, in each language, carries alt text in that language: the board
// in words, what the review's graph and the history's GIF show.
func TestEveryPictureIsDescribedInTheMessagesLanguage(t *testing.T) {
	for _, lang := range []string{say.English, say.Portuguese} {
		t.Run(lang, func(t *testing.T) {
			tb := newCoachTable(t)
			as := func(in map[string]any) map[string]any {
				in["locale"] = lang
				return in
			}
			tb.send(as(admin(command("a1", "c1", "tabuleiro", "settings", opt{"boards", 3, "image"}, opt{"language", 3, lang}))))
			tb.send(as(command("a1", "c1", "tabuleiro", "me", opt{"boards", 3, "image"})))
			tb.ouriGame("c1", "a1", "b1", false)
			var answers []shown
			for range 3 {
				for _, who := range []string{"a1", "b1"} {
					r, _ := tb.send(as(command(who, "c1", "ouri", "move", opt{"play", 3, tb.choices(who, "c1")[0]})))
					m, _ := tb.lastAnswer(r)
					answers = append(answers, m)
				}
			}
			tb.send(command("b1", "c1", "ouri", "resign"))
			for _, c := range [][]opt{{}, {{"format", 3, "gif"}}} {
				tb.send(as(command("a1", "c1", "ouri", "history", c...)))
			}
			for _, sub := range []string{"replay", "review", "learn", "puzzle"} {
				r, _ := tb.send(as(command("a1", "c1", "ouri", sub)))
				m, _ := tb.lastAnswer(r)
				answers = append(answers, m)
			}
			tb.settle()
			for _, c := range tb.f.recorded() {
				if len(c.Files) > 0 {
					var resp struct{ Data shown }
					m := readShown(t, c.Body)
					if json.Unmarshal([]byte(c.Body), &resp) == nil && resp.Data.Attachments != nil {
						m = resp.Data
					}
					answers = append(answers, m)
				}
			}
			seen := map[string]bool{}
			for _, m := range answers {
				if m.Attachments == nil {
					continue
				}
				for _, a := range *m.Attachments {
					kind := "board"
					for _, k := range []string{"chances.png", "gif", "txt"} {
						if strings.HasSuffix(a.Filename, k) {
							kind = k
						}
					}
					seen[kind] = true
					if n := utf8.RuneCountInString(a.Description); n == 0 || n > 1024 {
						t.Errorf("%s: a description of %d characters", a.Filename, n)
					}
					if ours, theirs := languageOf(a.Description); ours != lang {
						t.Errorf("%s: a description in %s (%s), want %s: %q", a.Filename, ours, theirs, lang, a.Description)
					}
				}
			}
			for _, want := range []string{"board", "chances.png", "gif"} {
				if !seen[want] {
					t.Errorf("no %s picture was attached: %v", want, seen)
				}
			}
		})
	}
}

// languageOf says which language an Ouri description is in, and the word that says so.
func languageOf(s string) (lang, word string) {
	for _, w := range []string{"Sul", "Norte", "partida", "decisões"} {
		if strings.Contains(s, w) {
			return say.Portuguese, w
		}
	}
	for _, w := range []string{"South", "North", "game", "decisions"} {
		if strings.Contains(s, w) {
			return say.English, w
		}
	}
	return "no language", ""
}

// inDM is in as Discord sends it from a DM: no server, the caller as user rather than member.
func inDM(in map[string]any) map[string]any {
	delete(in, "guild_id")
	in["user"] = in["member"].(map[string]any)["user"]
	delete(in, "member")
	return in
}

// A DM has no server settings: its boards are pictures for a member who chose boards:image for
// themselves, text for one who did not.
func TestADMsBoardsAreAsItsMemberChose(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run(lang, func(t *testing.T) {
			tb := newTable(t)
			r, _ := tb.send(in(inDM(command("d1", "dm-d1", "tabuleiro", "me", opt{"boards", 3, "image"})), lang, lang))
			if want := say.For(lang).T("settings.boards-image", nil); !strings.Contains(r.Data.Content, want) {
				t.Fatalf("me boards:image answered %q, want %q", r.Data.Content, want)
			}
			r, _ = tb.send(in(inDM(command("d1", "dm-d1", "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"})), lang, lang))
			m, _ := tb.lastAnswer(r)
			id := gameOf(t, r.customIDs())
			checkPictureIn(t, lang, "the DM's first board", m, r.Files, "ouri", id, tb.position(id))

			r, _ = tb.send(in(inDM(command("d2", "dm-d2", "ouri", "vs-bot", opt{"level", 3, "easy"}, opt{"first", 3, "me"})), lang, lang))
			if len(r.Files) != 0 || !strings.Contains(r.Data.Content, "```") {
				t.Errorf("a DM of a member who chose nothing shows a picture (%v) or no text block:\n%s", describe(r.Files), r.Data.Content)
			}
		})
	}
}
