// Package table is the session core: who plays whom, where, whose turn it is, offers, deadlines,
// turn pings, the bot's seat and a team's. It knows nothing of Discord or of any chat's markup, and
// draws no board: its operations take who acts and where (an Actor) and return plain values — a
// View (a game's record and its live game), a challenge, a hint — or a *Refusal that says what to
// do instead as a catalogue id and its values. The one thing it words itself, a player's name (a
// mention, the bot and its level, or the team), is a say.Rich in the reader's catalogue. The bot
// draws the boards, words turns and results, and hands them to the adapters.
//
// A file a concern: game.go (starting, moving, resigning, offers), challenge.go, bot.go (the bot's
// moves), team.go (a channel's team: its votes, tallied and closed on time), sweep.go (the loop of
// the process with the store's duty: expiries, idle losses, pings, team votes and tournament rounds
// due), ping.go (turn pings), settings.go (servers' and people's settings, cached), language.go
// (what a place speaks), cooldown.go (how many games a member may start), thread.go, coach.go,
// rating.go, replay.go, tournament.go, lessons.go, puzzles.go, daily.go (the daily puzzle),
// blunders.go (the review's blunders queued as puzzles), pace.go (days per decision, vacations),
// everywhere.go (a member's games in every server and DM), digest.go (the daily "your move" DM).
//
//	t := table.New(st, notifier, table.Config{})
//	go t.Run(ctx)                                // pending bot moves, expiries, idle losses, pings
//	v, err := t.VsBot(actor, ai.Hard, "me", nil) // a View, or a *Refusal
//	v, old, err := t.Move(actor, "d")            // old: the board message the new one replaces
//	go t.BotTurn(ctx, v)                         // once the person has seen the move
//
// Tournaments (tournament.go) are run here too: StartTournament pairs round 1 and starts its games;
// the store records each game's result as it ends, and Advance (or the sweep) pairs and starts the
// next round once a round is over, ends on time the games left when a round's time runs out, and
// returns what it did as plain values (Advance: rounds, games, standings).
package table
