// Package describe tells a game's position in words, for a person who cannot see the board: a
// screen reader reads it aloud, and a picture carries its short form as alt text. It holds no grid
// and no line of symbols: the last decision first, then the position in the game's own terms (Ouri's
// houses by side and letter and the stores; Ordo's pieces by square, rank by rank, and whether each
// side is connected; Oolong's waiter, tables, teas by seat, claims and markers), then whose turn it
// is and how many legal moves there are. Every move it names is in the game's canonical notation,
// so a player can type it as they heard it. Words come from the catalogue (say) in the reader's
// language.
//
//	w := say.For("pt-BR")
//	for _, page := range describe.Game(g, w).Pages() { // each at most MaxPage characters
//		send(page)
//	}
//	alt := describe.Short(g, w)              // at most MaxShort characters
//	lists := describe.MovePages(g, w)        // the legal moves, grouped as the description groups them
package describe
