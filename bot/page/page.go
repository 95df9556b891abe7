package page

import (
	"bytes"
	_ "embed"
	"errors"
	"html/template"
	"log/slog"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"time"

	"tabuleiro/bot"
	"tabuleiro/render"
	"tabuleiro/render/describe"
	"tabuleiro/render/picture"
	"tabuleiro/say"
	"tabuleiro/table"
)

// Pages serves the games' pages; it is an http.Handler for every path under Prefix.
type Pages struct {
	bot    *bot.Bot
	key    []byte
	public string // PUBLIC_URL, without a trailing slash
	log    *slog.Logger
	// drawing holds a token for each board picture being drawn: a few milliseconds of a core
	// each, which anyone holding a link could otherwise ask for faster than they are drawn.
	drawing chan struct{}
	// drawWait is how long a picture waits for a token before it is refused for now.
	drawWait time.Duration
}

// New serves b's games' pages, their addresses signed with key and starting with public.
func New(b *bot.Bot, key []byte, public string, log *slog.Logger) *Pages {
	if log == nil {
		log = slog.Default()
	}
	return &Pages{bot: b, key: key, public: strings.TrimRight(public, "/"), log: log,
		drawing: make(chan struct{}, runtime.GOMAXPROCS(0)), drawWait: 2 * time.Second}
}

// Link is game id's page's address.
func (s *Pages) Link(id uint64) string { return s.public + Prefix + s.name(id) }

// ServeHTTP answers GET (and HEAD) of a page or its board; everything else is a bare 404.
func (s *Pages) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	req, ok := s.parse(r.URL.EscapedPath(), r.URL.RawQuery)
	if !ok || r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.NotFound(w, r)
		return
	}
	p, err := s.bot.Page(req.id, req.ply)
	if err != nil {
		if !errors.Is(err, table.ErrNoPage) {
			s.log.Warn("could not show a game's page", "game", req.id, "err", err)
		}
		http.NotFound(w, r)
		return
	}
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	// The board of a game being played changes with every decision; a finished one never does.
	if p.Over() {
		h.Set("Cache-Control", "public, max-age=300")
	} else {
		h.Set("Cache-Control", "no-cache")
	}
	var body []byte
	if req.png {
		select {
		case s.drawing <- struct{}{}:
		case <-time.After(s.drawWait):
			// Every core is drawing: come back in a moment rather than queue without end.
			h.Set("Retry-After", "1")
			http.Error(w, "busy drawing boards: try again in a moment", http.StatusServiceUnavailable)
			return
		case <-r.Context().Done():
			return
		}
		body, err = picture.Board(p.At, p.Words)
		<-s.drawing
		if err != nil {
			s.log.Warn("could not draw a game's board", "game", req.id, "err", err)
			http.NotFound(w, r)
			return
		}
		h.Set("Content-Type", "image/png")
	} else {
		var b bytes.Buffer
		if err := layout.Execute(&b, s.lay(p)); err != nil {
			s.log.Warn("could not lay out a game's page", "game", req.id, "err", err)
			http.NotFound(w, r)
			return
		}
		body = b.Bytes()
		h.Set("Content-Type", "text/html; charset=utf-8")
		// No script, no frame, nothing from elsewhere: the page is text, a style and its boards.
		h.Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'")
	}
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.Write(body)
}

//go:embed page.html
var pageHTML string

var layout = template.Must(template.New("page").Parse(pageHTML))

// laid is a page as its template shows it.
type laid struct {
	Lang        string
	Title       string
	Description string
	URL, Image  string // absolute: the page and its board now, for the Open Graph tags
	Board       string // the board after Ply decisions, relative to the page
	BoardAlt    string // the board in words, for whoever cannot see it
	ImageAlt    string // the board now in words (Image's)
	Players     [2][]piece
	Status      [][]piece
	Where       string // after how many decisions the board is
	Steps       []step
	Moves       []move
	NoMoves     string
	MovesHead   string
	TextHead    string
	Text        string // the board as text, with its notes
	Legend      []string
}

// piece is a stretch of text, maybe emphasised.
type piece struct {
	Text   string
	Strong bool
}

// step is one of the links that walk through the game; without Href it leads nowhere from here.
type step struct {
	Href, Label, Rel string
}

// move is one decision in the list, linking to the board after it.
type move struct {
	Href, Text string
	Current    bool
}

func (s *Pages) lay(p bot.PageView) laid {
	w := p.Words
	name := s.name(p.Game.ID)
	n := len(p.Moves)
	at := func(ply int) string { return "?ply=" + strconv.Itoa(ply) }
	l := laid{Lang: w.Lang(), URL: s.Link(p.Game.ID), Image: s.Link(p.Game.ID) + ".png",
		Board:     name + ".png" + at(p.Ply),
		BoardAlt:  describe.Alt(w.T("page.board-alt", map[string]any{"Position": describe.Short(p.At, w)})),
		ImageAlt:  describe.Alt(w.T("page.board-alt", map[string]any{"Position": describe.Short(p.Live, w)})),
		MovesHead: w.T("page.moves", nil), TextHead: w.T("page.text-board", nil)}
	l.Title = w.T("page.title", map[string]any{"Title": p.Desc().Title, "Player": s.playerName(p, 0), "Opponent": s.playerName(p, 1)})
	for i, r := range p.Players {
		l.Players[i] = pieces(r, p)
	}
	var status []string
	for _, r := range p.Status {
		l.Status = append(l.Status, pieces(r, p))
		status = append(status, plain(r, p))
	}
	l.Description = strings.Join(status, " · ")
	l.Where = w.T("page.start", nil)
	if p.Ply > 0 {
		l.Where = w.T("page.at", map[string]any{"Ply": p.Ply, "Total": n})
	}
	for _, st := range []struct {
		id, rel string
		to      int
	}{{"page.first", "first", 0}, {"page.back", "prev", p.Ply - 1}, {"page.next", "next", p.Ply + 1}, {"page.last", "last", n}} {
		s := step{Label: w.T(st.id, nil), Rel: st.rel}
		if st.to >= 0 && st.to <= n && st.to != p.Ply {
			s.Href = at(st.to)
		}
		l.Steps = append(l.Steps, s)
	}
	for i, m := range p.Moves {
		l.Moves = append(l.Moves, move{Href: at(i + 1), Text: m, Current: i+1 == p.Ply})
	}
	if n == 0 {
		l.NoMoves = w.T("history.empty", nil)
	}
	block := render.BlockOf(p.At, w)
	l.Text = strings.Join(append(block.Lines[:len(block.Lines):len(block.Lines)], unmarked(block.Notes)...), "\n")
	l.Legend = unmarked(block.Legend)
	return l
}

// playerName names a seat's player in a page's title: their display name, the bot, or the team.
func (s *Pages) playerName(p bot.PageView, seat int) string {
	pl := p.Game.Seats[seat]
	if pl.Bot {
		return p.Words.T("page.bot", nil)
	}
	if pl.Team {
		return p.Words.T("page.team", nil)
	}
	if n := p.Names[pl.UserID]; n != "" {
		return n
	}
	return p.Words.T("page.someone", nil)
}

// pieces are a text's stretches as a page shows them: a mention is the person's display name.
func pieces(r say.Rich, p bot.PageView) []piece {
	var out []piece
	for _, part := range r {
		switch part.Kind {
		case say.StrongPart:
			out = append(out, piece{Text: part.Text, Strong: true})
		case say.MentionPart:
			name := p.Names[part.Text]
			if name == "" {
				name = p.Words.T("page.someone", nil)
			}
			out = append(out, piece{Text: name})
		case say.ChannelPart:
			out = append(out, piece{Text: "#"})
		case say.TimePart:
			out = append(out, piece{Text: part.At.UTC().Format("2006-01-02 15:04 UTC")})
		default:
			out = append(out, piece{Text: part.Text})
		}
	}
	return out
}

// plain is a text without emphasis, as a page's description.
func plain(r say.Rich, p bot.PageView) string {
	var b strings.Builder
	for _, pc := range pieces(r, p) {
		b.WriteString(pc.Text)
	}
	return b.String()
}

// unmarked are notes without the catalogue's code marks, which a chat shows and a page need not.
func unmarked(lines []string) []string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.ReplaceAll(l, "`", "")
	}
	return out
}
