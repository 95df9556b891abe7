package bot

import (
	"tabuleiro/games"
	"tabuleiro/render/describe"
	"tabuleiro/say"
)

// Boards in words, for whoever cannot see the board: the position described (a public board's
// Describe button, answered privately) and the legal moves listed (`/… move` with no play), each as
// private messages of at most describe.MaxPage characters, the first answering and the rest
// following.

// describedMessages are g's position in words as private messages, a page each.
func describedMessages(g games.Game, w *say.Words) []Message {
	return privatePages(describe.Game(g, w).Pages())
}

// legalMoveMessages are g's legal moves, grouped as its description groups them, as private
// messages, a page each.
func legalMoveMessages(g games.Game, w *say.Words) []Message {
	return privatePages(describe.MovePages(g, w))
}

func privatePages(pages []string) []Message {
	out := make([]Message, len(pages))
	for i, p := range pages {
		out[i] = Message{Content: say.Plain(p), Private: true}
	}
	return out
}
