package render

import (
	"testing"

	"tabuleiro/games"
	"tabuleiro/games/ordo"
)

// undrawn is a real game under a descriptor no drawing is registered for: a game added to the
// catalogue whose drawing was forgotten.
type undrawn struct{ games.Game }

var fourth = &games.Descriptor{Kind: "fourth", Title: "Fourth"}

func (undrawn) Descriptor() *games.Descriptor { return fourth }
func (undrawn) Kind() string                  { return fourth.Kind }

func TestADrawingIsFoundByTheGamesDescriptor(t *testing.T) {
	g, err := ordo.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := BlockOf(g, en); len(b.Lines) == 0 || b.Status.Kind != "ordo" || !Draws(ordo.Descriptor) {
		t.Fatalf("the registered game is not drawn: %+v", b)
	}
	b := BlockOf(undrawn{g}, en)
	if len(b.Lines) != 0 || len(b.Notes) != 1 || b.Notes[0] != "(fourth)" || b.Status.Seat != games.NoSeat {
		t.Errorf("a game without a drawing gives %+v, want its name in brackets", b)
	}
	if Draws(fourth) {
		t.Error("Draws says the fourth game is drawn")
	}
}
