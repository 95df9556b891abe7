// Package tournament pairs the rounds of Swiss and round-robin tournaments and ranks their
// players: pure functions over plain values, knowing nothing of games, servers or storage.
//
// Scores are counted in half points (a win 2, a draw 1, a loss 0, a bye 2), so that no sum is
// ever rounded. A Swiss round is paired from the players and the rounds before it:
//
//	players := []tournament.Player{{ID: "ana", Rating: 1612}, {ID: "bia", Rating: 1500}, {ID: "caio", Rating: 1450}}
//	r1, _ := tournament.Swiss(players, nil, nil)
//	// r1.Pairings: ana (first seat) against bia; caio has the bye
//	r1.Pairings[0].Result = tournament.FirstWins
//	r2, _ := tournament.Swiss(players, []tournament.Round{r1}, nil)
//	table := tournament.Standings(tournament.SwissFormat, players, []tournament.Round{r1, r2})
//
// The rules are those of the bot's tournaments:
//   - Swiss: players sorted by score, then rating; pairs within score groups, top half against
//     bottom half; never the same two players twice; nobody takes the same seat three rounds
//     running, nor the first seat with two more first seats than second already (nor the second
//     with two more second seats). A player floats to another score group only when a rematch or
//     those seat limits leave no pairing within the groups, never for the seats to alternate;
//     within the pairing so chosen the first seat alternates where it can. The bye goes to the
//     lowest-ranked player who has not had one.
//   - Round-robin: Berger tables, every pair exactly once, each player's seats balanced within one.
//   - Standings: score, then for Swiss Buchholz (the opponents' final scores; a bye counts as a game
//     against an opponent with the player's own score) and Sonneborn-Berger, for round-robin
//     Sonneborn-Berger and then the games between the tied players.
package tournament
