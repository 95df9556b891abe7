// Package ordo is the rules engine for Ordo, Dieter Stein's connection game (rules/ordo.md): two
// players race to the opponent's home row while keeping all their pieces in one connected group.
//
// Game implements games.Game for the bot, the store and the CLI. Underneath is Position, a small
// value type meant for search (alpha-beta, MCTS): bitboards of 10 files × 8 ranks held as 8 ranks
// of 16-bit lanes in two uint64s (Bits), so that neighbour dilation, flood fills and sideways
// shifts are a handful of word operations and never wrap between ranks.
//
// The low-level API, none of which allocates:
//
//	p := ordo.Start()                   // or g.Position()
//	var buf [256]games.Move
//	for _, m := range p.Moves(buf[:0]) { // legal moves, generation order
//		c := p.Play(m)                   // copy-make: p is untouched, undo = keep p
//		if c.Pieces[c.Side].Empty() ... // Pieces[seat] are Bits; c.Hash is Zobrist, kept up to date
//	}
//	p.CountMoves()                      // the number of legal moves without generating them
//	p.Connected(seat)                   // one group? (false: that side must reconnect on its turn)
//	p.Decided()                         // home row, capture, no moves (repetition needs history)
//	p.WinsAtOnce(m)                     // m reaches the goal rank or takes the last enemy piece
//	p.Perft(depth)                      // perft without the repetition draw; Game.Perft has it
//
// Useful pieces for an evaluation: Bits.Fill and Bits.Dilate (groups and their frontiers),
// Bits.Row and GoalRank (advancement), Bits.Count (material). A piece whose neighbours do not hang
// together around it may be a cut point; own.AndNot(Bit(s)).Connected() says for sure.
//
// A move (games.Move) packs the moving piece, where it lands, an ordo's other end and a capture
// flag (From, To, End2, IsOrdo, IsCapture), so Format needs no position. Notation is canonical
// lower case: "a3-a4", "e5xe6", "c2:d2-c4" (ordo ends in file-then-rank order, the landing square
// is the first end's).
package ordo
