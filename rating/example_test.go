package rating_test

import (
	"fmt"

	"tabuleiro/rating"
)

func ExampleGame() {
	a, b := rating.Start, rating.Start
	a, b = rating.Game(a, b, rating.Win) // a beat b
	fmt.Println(a, b)
	fmt.Printf("%.2f %.2f\n", a.Deviation, a.Volatility)
	// Output:
	// 1662? 1338?
	// 290.32 0.06
}
