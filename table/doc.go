// Package table is the session core: who plays whom, where, whose turn it is, offers, deadlines and
// the bot's seat. It knows nothing of Discord, of any text layout or of any language: its operations
// take who acts and where (an Actor) and return plain values — a View of a game, a challenge — or a
// *Refusal that says what to do instead as a catalogue id and its values. Adapters (bot/discord, the
// console) turn those into messages in the reader's language (say).
//
//	t := table.New(st, notifier, table.Config{})
//	go t.Run(ctx)                                  // pending bot moves, expiries, idle losses
//	v, err := t.VsBot(actor, ai.Hard, "me", nil)   // a View, or a *Refusal
//	v, err = t.Move(actor, "d")
//	go t.BotTurn(ctx, v)                           // once the person has seen the move
//
// Tournaments (tournament.go) are run here too: StartTournament pairs round 1 and starts its games;
// the store records each game's result as it ends, and Advance (or the sweep) pairs and starts the
// next round once a round is over, ends on time the games left when a round's time runs out, and
// returns what it did as plain values (Advance: rounds, games, standings).
package table
