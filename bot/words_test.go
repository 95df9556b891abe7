package bot

import (
	"context"

	"strings"
	"testing"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/learn"
	"tabuleiro/render/describe"
	"tabuleiro/render/describe/describetest"
	"tabuleiro/say"
	"tabuleiro/store"
)

func TestDescribedAndListedPagesArePrivateAndFit(t *testing.T) {
	for _, kind := range catalog.Names {
		for _, lang := range say.Languages {
			w := say.For(lang)
			g, err := catalog.New(kind, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, pages := range [][]Message{describedMessages(g, w), legalMoveMessages(g, w)} {
				if len(pages) == 0 {
					t.Fatalf("%s (%s): no page", kind, lang)
				}
				for _, m := range pages {
					text := m.Content.String()
					if !m.Private || text == "" || utf8.RuneCountInString(text) > describe.MaxPage || strings.Contains(text, "```") {
						t.Errorf("%s (%s): a page, private %v, of %d characters:\n%s", kind, lang, m.Private,
							utf8.RuneCountInString(text), text)
					}
				}
			}
			listed := ""
			for _, m := range legalMoveMessages(g, w) {
				listed += m.Content.String() + "\n"
			}
			for _, name := range games.Names(g, g.Legal()) {
				if !strings.Contains(listed, name) {
					t.Errorf("%s (%s): the list lacks %s:\n%s", kind, lang, name, listed)
				}
			}
		}
	}
}

func TestAPositionInWordsFitsAroundALessonsText(t *testing.T) {
	for _, kind := range catalog.Names {
		g, _ := catalog.New(kind, nil)
		for ply := 0; ply < 60 && !g.Outcome().Over(); ply++ {
			g.Play(g.Legal()[ply*7%len(g.Legal())])
		}
		for _, lang := range say.Languages {
			w := say.For(lang)
			text, files := shownPosition(g, "x.png", asWords, w)
			if len(files) != 0 || utf8.RuneCountInString(text.String()) > wordsRoom || strings.Contains(text.String(), "```") {
				t.Errorf("%s (%s): %d files, %d characters:\n%s", kind, lang, len(files), utf8.RuneCountInString(text.String()), text)
			}
			if turn := describe.Game(g, w).Turn; !strings.HasSuffix(text.String(), turn) {
				t.Errorf("%s (%s): the words do not end with whose turn it is (%q):\n%s", kind, lang, turn, text)
			}
		}
	}
}

// A person who chose boards in words gets what only they see as words: a lesson, a puzzle, a
// replay, with no board block and no picture.
func TestBoardsInWordsAreWhatOnlyTheirChooserSees(t *testing.T) {
	e := newEnv(t)
	if _, err := e.st.ChangeMemberSettings("alice", func(m *store.MemberSettings) { m.Boards = store.BoardsWords }); err != nil {
		t.Fatal(err)
	}
	for _, lang := range say.Languages {
		w := say.For(lang)
		for _, sub := range []string{"learn", "puzzle"} {
			in := e.slash("alice", "ordo", sub)
			in.Locale = lang
			r := e.do(in)
			got := said(r.Message)
			rank := strings.Fields(w.T("words.ordo.rank", map[string]any{"Rank": 1, "Squares": ""}))[0] // "rank", "fileira"
			if !r.Message.Private || len(r.Message.Files) != 0 || strings.Contains(got, "```") || !strings.Contains(got, "; "+rank+" ") {
				t.Errorf("%s (%s): private %v, %d files, no ranks in words:\n%s", sub, lang, r.Message.Private, len(r.Message.Files), got)
			}
		}
	}
	in := e.slash("bob", "ordo", "learn")
	if got := said(e.do(in).Message); !strings.Contains(got, "```") {
		t.Errorf("bob chose nothing, yet his lesson has no board block:\n%s", got)
	}
}

func TestEveryLessonInWordsFitsAMessage(t *testing.T) {
	for _, lang := range say.Languages {
		w := say.For(lang)
		for _, d := range descriptors() {
			for _, l := range learn.Of(d) {
				a, err := learn.Start(l)
				if err != nil {
					t.Fatal(err)
				}
				m := lessonMessage(a, nil, w, "", asWords)
				if n := letters(m.Content); n > maxContent || strings.HasSuffix(m.Content.String(), "…") || strings.Contains(m.Content.String(), "```") {
					t.Errorf("%s (%s): %d characters, clipped or with a block:\n%s", l.ID, lang, n, m.Content)
				}
			}
		}
	}
}

// A listener plays a whole game of each kind against the bot, reading only the position in words
// and the legal moves the bot lists (what the Describe button and a bare `/… move` answer), and
// typing the moves as it heard them.
func TestAListenerPlaysAWholeGameAgainstTheBotFromTheWords(t *testing.T) {
	for _, kind := range catalog.Names {
		for _, lang := range say.Languages {
			t.Run(kind+" in "+lang, func(t *testing.T) {
				e := newEnv(t)
				w := say.For(lang)
				in := e.slash("alice", kind, "vs-bot", "level", "easy", "first", "me")
				in.Locale = lang
				e.do(in)
				for turn := 0; ; turn++ {
					rec, err := e.st.ActiveGame("c1", kind, "alice")
					if err != nil {
						if turn < 3 {
							t.Fatalf("the game ended after %d turns: %v", turn, err)
						}
						break // over
					}
					if turn > 400 {
						t.Fatalf("no end after %d turns", turn)
					}
					_, g, err := e.st.Game(rec.ID)
					if err != nil {
						t.Fatal(err)
					}
					for _, m := range describedMessages(g, w) {
						if strings.Contains(m.Content.String(), "```") {
							t.Fatalf("the words hold a board block:\n%s", m.Content)
						}
					}
					var list []string
					for _, m := range legalMoveMessages(g, w) {
						list = append(list, m.Content.String())
					}
					heard := describetest.Heard(list, w)
					if len(heard) == 0 {
						t.Fatalf("no move heard in %q", list)
					}
					typed := heard[turn*7%len(heard)]
					move := e.slash("alice", kind, "move", "play", typed)
					move.Locale = lang
					if r := e.do(move); r.Message.Private {
						t.Fatalf("%q, as heard, is refused: %s", typed, said(r.Message))
					}
				}
			})
		}
	}
}

// A board shown only to a person who chose words (a game's board answered privately) keeps its
// players and turn line, and tells the position instead of drawing it.
func TestABoardInWordsTellsThePositionAndKeepsTheTurn(t *testing.T) {
	e := newEnv(t)
	e.do(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me"))
	rec, g := e.game("ordo", "alice")
	for _, lang := range say.Languages {
		w := say.For(lang)
		v := View{Game: rec, Live: g}
		text, files := boardContent(v, w, true, "", asWords, nil, letters)
		got := text.String()
		if len(files) != 0 || strings.Contains(got, "```") || !strings.Contains(got, describe.Game(g, w).Text()) ||
			!strings.HasPrefix(got, players(v, w).String()) {
			t.Errorf("%s: %d files; want the players, then the position in words:\n%s", lang, len(files), got)
		}
		turn, _ := boardContent(v, w, true, "", asText, nil, letters)
		last := strings.Split(turn.String(), "\n")
		if !strings.HasSuffix(got, last[len(last)-1]) {
			t.Errorf("%s: the board in words lost its turn line %q:\n%s", lang, last[len(last)-1], got)
		}
	}
}

// Boards in words are a person's own choice: /tabuleiro me takes it, and then the replay only they
// see tells the position; a server's boards are public and stay text or pictures.
func TestBoardsInWordsAreChosenWithMeAndRefusedForTheServer(t *testing.T) {
	for _, lang := range say.Languages {
		t.Run("in "+lang, func(t *testing.T) {
			e := newEnv(t)
			w := say.For(lang)
			cases := []struct {
				name, sub, want string
				perms           uint64
			}{
				{"a person's boards take words", "me", w.T("settings.boards-words", nil), 0},
				{"a server's boards refuse them", "settings", w.T("refusal.boards", map[string]any{"Value": store.BoardsWords}), PermManageServer},
			}
			for _, c := range cases {
				in := e.slash("alice", AppCommand, c.sub, "boards", store.BoardsWords)
				in.Locale, in.MemberPerms = lang, c.perms
				mustPrivate(t, e.do(in), c.want)
			}
			if m, err := e.st.MemberSettings("alice"); err != nil || m.Boards != store.BoardsWords {
				t.Fatalf("alice's boards are %q (%v), not words", m.Boards, err)
			}
			if s, err := e.st.ServerSettings("g1"); err != nil || s.Boards != "" {
				t.Fatalf("the server's boards changed to %q (%v)", s.Boards, err)
			}
			e.do(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me"))
			e.do(e.slash("alice", "ordo", "resign"))
			in := e.slash("alice", "ordo", "replay")
			in.Locale = lang
			r := e.do(in)
			last, err := e.st.LastGame("c1", "ordo", "alice")
			if err != nil {
				t.Fatal(err)
			}
			_, g, err := e.st.Game(last.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got := said(r.Message); !r.Message.Private || strings.Contains(got, "```") || len(r.Message.Files) != 0 ||
				!strings.Contains(got, describe.Game(g, w).Position[0]) {
				t.Errorf("the replay is not in words (private %v, %d files):\n%s", r.Message.Private, len(r.Message.Files), got)
			}
			in = e.slash("alice", AppCommand, "me", "boards", boardsServer)
			in.Locale = lang
			mustPrivate(t, e.do(in), w.T("settings.boards-server", nil))
		})
	}
}

// Every public board carries Describe, within Discord's limits of 5 rows and 5 buttons a row (a
// row holding a menu holds nothing else), on every board a game shows: a panel narrowed to each of
// its groups, the bot's turn, the end.
func TestEveryBoardCarriesDescribeWithinTheLimits(t *testing.T) {
	w := say.For(say.English)
	for _, kind := range catalog.Names {
		g, err := catalog.New(kind, nil)
		if err != nil {
			t.Fatal(err)
		}
		rec := store.Game{ID: 7, Kind: kind, Seats: [2]store.Player{{UserID: "alice"}, {UserID: "bob"}}}
		check := func(v View, group string) {
			rows := boardRows(v, group, w)
			last := rows[len(rows)-1]
			if len(rows) > maxRows || !onlyDescribe(last[len(last)-1:]) {
				t.Fatalf("%s ply %d (group %q): %d rows, the last %+v", kind, v.Live.Ply(), group, len(rows), last)
			}
			for _, row := range rows {
				if len(row) > 5 || len(row) > 1 && row[0].Type == Menu {
					t.Fatalf("%s ply %d (group %q): a row of %d controls: %+v", kind, v.Live.Ply(), group, len(row), row)
				}
			}
		}
		for ply := 0; ; ply++ {
			v := View{Game: rec, Live: g}
			check(v, "")
			if p, ok := g.(games.Paneled); ok {
				for _, gr := range p.Panel().Groups {
					check(v, gr.Name)
				}
			}
			v.Game.Seats[g.ToMove()].Bot = true
			check(v, "")
			if g.Outcome().Over() {
				break
			}
			legal := g.Legal()
			if err := g.Play(legal[ply*5%len(legal)]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// Describe answers whoever clicks it, player or not, privately and in their own language, with the
// position as it stands: in play, and once the game is over.
func TestDescribeTellsAnyoneTheBoardPrivately(t *testing.T) {
	for _, kind := range catalog.Names {
		for _, lang := range say.Languages {
			t.Run(kind+" in "+lang, func(t *testing.T) {
				e := newEnv(t)
				msg := e.challengeGame(kind)
				w := say.For(lang)
				for _, who := range []string{"alice", "carol"} {
					rec, g := e.game(kind, "alice")
					in := e.click(who, msg, actionOf(t, e.shown(rec, g).msg.Rows, routeDescribe))
					in.Locale = lang
					r := e.do(in)
					want := describedMessages(g, w)
					if !isPrivate(r) || said(r.Message) != want[0].Content.String() || len(r.Message.Rows) != 0 {
						t.Fatalf("%s's Describe: private %v, said\n%s\nwant\n%s", who, isPrivate(r), said(r.Message), want[0].Content)
					}
				}
				rec, _ := e.game(kind, "alice")
				resign := e.slash("bob", kind, "resign")
				end := e.do(resign)
				_, g, err := e.st.Game(rec.ID)
				if err != nil {
					t.Fatal(err)
				}
				in := e.click("carol", e.messageOf(resign), actionOf(t, end.Message.Rows, routeDescribe))
				in.Locale = lang
				r := e.do(in)
				if got, turn := said(r.Message), describe.Game(g, w).Turn; !isPrivate(r) || !strings.HasSuffix(got, turn) {
					t.Errorf("Describe on the finished board does not end with its result %q:\n%s", turn, got)
				}
			})
		}
	}
}

// A description longer than a message answers with its first page; the others follow, private and
// in order, through the interaction.
func TestALongDescriptionFollowsItsFirstPage(t *testing.T) {
	e := newEnv(t)
	pages := []Message{{Content: say.Plain("one"), Private: true}, {Content: say.Plain("two"), Private: true},
		{Content: say.Plain("three"), Private: true}}
	in := e.click("carol", "m1", Action{Route: routeDescribe})
	r := pagedReply(&Request{in: in, log: e.log}, pages)
	if !isPrivate(r) || said(r.Message) != "one" || r.After == nil {
		t.Fatalf("the reply: %+v", r)
	}
	e.rec.take()
	r.After(context.Background(), followup{e.rec, in})
	var got []string
	for _, c := range e.rec.take() {
		if c.op != "followup" || !c.msg.Private {
			t.Fatalf("a page went as %+v", c)
		}
		got = append(got, c.content())
	}
	if strings.Join(got, " ") != "two three" {
		t.Fatalf("the pages followed as %q", got)
	}
	if r := pagedReply(&Request{in: in, log: e.log}, pages[:1]); r.After != nil {
		t.Fatal("a single page has follow-ups to make")
	}
}

// A move with no play lists the legal moves privately, grouped as the describer groups them, of
// where the caller's moves go: their game, else their lesson; typing a play still suggests them.
func TestAMoveWithNoPlayListsTheLegalMoves(t *testing.T) {
	for _, d := range descriptors() {
		for _, o := range moveSpec(d).Options {
			if o.Name == "play" && (o.Required || !o.Autocomplete) {
				t.Errorf("/%s move play: required %v, autocomplete %v; want optional, suggested", d.Kind, o.Required, o.Autocomplete)
			}
		}
	}
	for _, lang := range say.Languages {
		t.Run("in "+lang, func(t *testing.T) {
			e := newEnv(t)
			w := say.For(lang)
			e.do(e.slash("alice", "ordo", "vs-bot", "level", "easy", "first", "me"))
			_, game := e.game("ordo", "alice")
			e.do(e.slash("bob", "ordo", "learn"))
			lesson, err := e.bot.t.Lesson("bob", "ordo")
			if err != nil {
				t.Fatal(err)
			}
			for _, c := range []struct {
				who string
				g   games.Game
			}{{"alice", game}, {"bob", lesson.Game()}} {
				in := e.slash(c.who, "ordo", "move")
				in.Locale = lang
				r := e.do(in)
				want := legalMoveMessages(c.g, w)
				if !isPrivate(r) || said(r.Message) != want[0].Content.String() {
					t.Errorf("%s's bare move: private %v, said\n%s\nwant\n%s", c.who, isPrivate(r), said(r.Message), want[0].Content)
				}
			}
			if r := e.handle(e.typing("alice", "ordo", "move", "play", "a3")); r.Type != Choices || len(r.Choices) == 0 {
				t.Errorf("typing a3 suggests nothing: %+v", r)
			}
		})
	}
}
