// Package ouri is the rules engine for Ouri, the Cape Verdean member of the Oware/Awari family
// (rules/ouri.md): two rows of six houses, 48 seeds, first to capture 25 wins. Options select
// rules=ouri (default: singleton rule, grand slam captures and the capturer moves again) or
// rules=abapa (Oware Abapa: no singleton rule, a grand slam captures nothing), and misere=true
// (the smaller store wins).
//
// Game implements games.Game for the bot, the store and the command line:
//
//	g, _ := ouri.New(games.Options{"rules": "abapa"})
//	m, err := g.Parse("d") // South sows d
//	if err == nil {
//		_ = g.Play(m)
//	}
//
// # Fast API for search
//
// Position is the compact 16-byte state (houses 0–5 South a–f, 6–11 North a–f, stores, side to
// move, rule set), comparable with == and cheap to copy. Search with copy-make:
//
//	p := g.Position()
//	for mask := p.LegalMask(); mask != 0; mask &= mask - 1 {
//		h := bits.TrailingZeros8(mask) // the mover's house, 0 = a
//		child, captured := p.Sow(h)     // p is unchanged
//		_ = child.Won()                 // a store of 25 ends the game at once
//		_ = captured
//	}
//
// LegalMask never allocates (Legal fills a caller's buffer if a list is handier); Sow is two word
// additions and a short capture walk. Sow sets the next side to move per rule 3.4 (after an Ouri
// grand slam the same side moves again). What Sow leaves to the caller:
//   - the end of the game, checked in the order of rule 4.4: Won, then a third occurrence, then
//     LegalMask() == 0, where the seeds on each side go to their owner (Collect);
//   - repetition: only positions since the last capture (captured > 0) can recur, so a search
//     keeps a stack of those and compares with ==; Game.History gives the game's part of it;
//   - misère, which changes only the verdict, not play.
//
// Seeds never leave the board except by capture, so the seeds on the board (48 minus the stores)
// never grow along a line of play: an endgame database over positions with at most n seeds on
// the board is closed under Sow. Position.Hash is a Zobrist hash of houses, stores and side.
package ouri
