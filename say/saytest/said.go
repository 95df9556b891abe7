// Package saytest gives the rules packages' tests the English a person reads for an error. It
// lives beside the catalogue, not under games: the rules' code knows no language, and only their
// tests ask how a refusal reads.
package saytest

import (
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

	"tabuleiro/games"
	"tabuleiro/say"
)

// Said is what a person reads for err, in English, with its first letter in lower case as the
// engines wrote it before the catalogue (the adapters capitalise): a problem is worded from the
// catalogue, any other error is its own message. The code marks that set notation apart in prose
// are left out: these tests hold the words, say's tests the marks.
func Said(err error) string {
	var p *games.Problem
	if !errors.As(err, &p) {
		return err.Error()
	}
	s := strings.ReplaceAll(p.Word(say.For(say.English)), "`", "")
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToLower(r)) + s[n:]
}
