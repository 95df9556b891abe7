package tournament_test

import (
	"fmt"

	"tabuleiro/tournament"
)

func show(r tournament.Round) {
	for _, p := range r.Pairings {
		if p.Bye() {
			fmt.Println(p.First, "has the bye")
		} else {
			fmt.Println(p.First, "against", p.Second)
		}
	}
}

func ExampleSwiss() {
	players := []tournament.Player{{ID: "ana", Rating: 1612}, {ID: "bia", Rating: 1500}, {ID: "caio", Rating: 1450}}
	r1, _ := tournament.Swiss(players, nil, nil)
	show(r1)
	r1.Pairings[0].Result = tournament.FirstWins
	r2, _ := tournament.Swiss(players, []tournament.Round{r1}, nil)
	show(r2)
	for _, s := range tournament.Standings(tournament.SwissFormat, players, []tournament.Round{r1}) {
		fmt.Println(s.Rank, s.ID, s.Points, s.Buchholz)
	}
	// Output:
	// ana against bia
	// caio has the bye
	// caio against ana
	// bia has the bye
	// 1 caio 1 1
	// 2 ana 1 0
	// 3 bia 0 1
}
