// Package oolong implements the rules of Oolong (rules/oolong.md): two players serve tea at nine
// tables of nine seats, the seat served sends the waiter (and the opponent) to the table of the
// same name, eight special markers fire at thresholds, and the first to claim five tables wins.
//
// Game implements games.Game for the bot, the store and the CLI: canonical notation (Format,
// Parse with errors that say what to do instead), the decision log, outcomes, perft and a
// Zobrist hash. Its accessors (At, Waiter, Marker, Used, Claim, Supply, Pending, Last, Free)
// serve the renderer.
//
// # Engines
//
// Search code should use Position, a small value (about 80 bytes, no pointers) holding the whole
// state, rules included. Copy it to branch; generate decisions into a reused buffer:
//
//	p := g.Position() // or oolong.NewPosition(oolong.DefaultLayout, oolong.TriggerAny)
//	var buf [oolong.MaxDecisions]games.Move
//	for _, m := range p.AppendDecisions(buf[:0]) { // never allocates with this buffer
//		c := p // copy-make
//		c.Apply(m) // m must come from AppendDecisions; Apply does not check
//		_ = c.ToMove() // who decides next (a pending special's actor), c.Outcome(), c.Hash()
//	}
//
// Every decision is one ply, specials included: after a placement that fires a marker, the
// acting player (possibly the opponent) decides the special (or skip) before play passes on.
// Specials with no legal choice are dropped automatically, so AppendDecisions is empty exactly
// when Over is true. CountDecisions counts without generating (bulk counting for perft and
// move-count heuristics). FormatMove writes any decision's notation without a position.
// Useful evaluation inputs: Count (teas of a colour on a table), Claim, Claimed, Supply,
// Waiter, Marker, Used, Pending.
//
// Decisions from AppendDecisions come in no particular order; Game.Legal sorts them by notation.
// Hash is computed from scratch (about 200 ns); it covers seats, waiter, markers and which are
// used, supplies, the pending queue in order, who decides, and the trigger option.
package oolong
