package tournament_test

import (
	"fmt"

	"tabuleiro/tournament"
)

func ExampleSwiss() {
	players := []tournament.Player{{ID: "ana", Rating: 1612}, {ID: "bia", Rating: 1500}, {ID: "caio", Rating: 1450}}
	r1, _ := tournament.Swiss(players, nil, nil)
	fmt.Println(r1.Games)
	r1.Games[0].Result = tournament.FirstWins
	r2, _ := tournament.Swiss(players, []tournament.Round{r1}, nil)
	fmt.Println(r2.Games)
	for _, s := range tournament.Standings(tournament.SwissFormat, players, []tournament.Round{r1}) {
		fmt.Println(s.Rank, s.ID, s.Points, s.Buchholz)
	}
	// Output:
	// [{ana bia 0} {caio  0}]
	// [{caio ana 0} {bia  0}]
	// 1 caio 1 1
	// 2 ana 1 0
	// 3 bia 0 1
}
