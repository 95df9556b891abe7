package bot

import (
	"tabuleiro/say"
	"tabuleiro/table"
)

// publicError words any error for the person who asked (table.Refusing says what it refuses), and
// says whether it is our fault.
func publicError(err error, w *say.Words) (msg say.Rich, internal bool) {
	r := table.Refusing(err)
	return refusalText(r, w), r.Code == table.Internal
}
