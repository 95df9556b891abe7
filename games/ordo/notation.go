package ordo

import (
	"strings"
	"unicode/utf8"

	"tabuleiro/games"
)

// ParseSquare reads a square such as "e5" (any case).
func ParseSquare(s string) (Square, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if len(t) == 2 && t[0] >= 'a' && t[0] < 'a'+Files && t[1] >= '1' && t[1] < '1'+Ranks {
		return SquareAt(int(t[0]-'a'), int(t[1]-'1')), nil
	}
	return NoSquare, games.Problemf("ordo.not-square", "Input", games.Quote(strings.TrimSpace(s)))
}

// Format writes m in canonical notation: "a3-a4", "e5xe6", "c2:d2-c4".
func Format(m games.Move) string {
	switch {
	case IsOrdo(m):
		return From(m).String() + ":" + End2(m).String() + "-" + To(m).String()
	case IsCapture(m):
		return From(m).String() + "x" + To(m).String()
	}
	return From(m).String() + "-" + To(m).String()
}

// token is one piece of a written move: a square (possibly not on the board) or a separator.
type token struct {
	text string // the square as written, or ":", "-", "x"
	sep  bool
}

// tokenize splits a command into squares and separators; spaces only separate.
func tokenize(s string) ([]token, error) {
	s = strings.ToLower(strings.TrimSpace(s))
	var out []token
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == ' ' || c == '\t':
			i++
		case c == ':' || c == '-' || c == 'x' && (i+1 >= len(s) || s[i+1] < '0' || s[i+1] > '9'):
			out = append(out, token{text: string(c), sep: true})
			i++
		case c >= 'a' && c <= 'z':
			j := i + 1
			for j < len(s) && s[j] >= '0' && s[j] <= '9' {
				j++
			}
			out = append(out, token{text: s[i:j]})
			i = j
		default:
			r, _ := utf8.DecodeRuneInString(s[i:])
			return nil, games.Problemf("ordo.bad-char", "Char", string(r))
		}
	}
	return out, nil
}

// written is a move as the player wrote it, before any rule is checked.
type written struct {
	from, to Square
	end2     Square // NoSquare for a singleton
	capture  bool   // written with x
}

// validForm are the shapes a move may take: s a square, then the separators as written. Three
// squares with no colon ("c2 d2 c4") can only be an ordo, so they are read as one.
var validForm = map[string]bool{"ss": true, "s-s": true, "sxs": true, "s:ss": true, "s:s-s": true, "s:sxs": true,
	"sss": true, "ss-s": true}

func readMove(s string) (written, error) {
	w := written{end2: NoSquare}
	toks, err := tokenize(s)
	if err != nil {
		return w, err
	}
	if len(toks) > 5 { // the longest form, s:s-s
		return w, games.Problemf("ordo.not-move", "Input", games.Quote(strings.TrimSpace(s)))
	}
	var b strings.Builder
	for _, t := range toks {
		if t.sep {
			b.WriteString(t.text)
		} else {
			b.WriteByte('s')
		}
	}
	form := b.String()
	if !validForm[form] {
		return w, games.Problemf("ordo.not-move", "Input", games.Quote(strings.TrimSpace(s)))
	}
	var squares []Square
	for _, t := range toks {
		if t.sep {
			continue
		}
		sq, err := ParseSquare(t.text)
		if err != nil {
			return w, err
		}
		squares = append(squares, sq)
	}
	switch form {
	case "ss", "s-s", "sxs":
		w.from, w.to, w.capture = squares[0], squares[1], form == "sxs"
		return w, nil
	case "s:ss", "s:s-s", "s:sxs", "sss", "ss-s":
		w.from, w.end2, w.to, w.capture = squares[0], squares[1], squares[2], form == "s:sxs"
		return w, nil
	}
	return w, games.Problemf("ordo.not-move", "Input", games.Quote(strings.TrimSpace(s)))
}
