// Package rating is the Glicko-2 rating system (Mark Glickman, "Example of the Glicko-2 system",
// 2013) as tabuleiro uses it: new players start at 1500 with deviation 350 and volatility 0.06, the
// system constant τ is 0.5, and each rated game is one rating period for both of its players,
// computed from both players' values before the game.
//
// It knows nothing of games, servers or storage: ratings in, ratings out.
//
//	a, b := rating.Start, rating.Start
//	a, b = rating.Game(a, b, rating.Win) // a beat b
//	fmt.Println(a, b)                    // 1662? 1338?
package rating
