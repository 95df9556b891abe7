package learn

import (
	"testing"

	"tabuleiro/games/catalog"
)

// taught maps every section heading of each game's rules file (copied here, as the repository
// refers to no file outside it) to the lessons that teach it.
var taught = map[string]map[string][]string{
	"ouri": {
		"1. Board and names":                         {"ouri.sow"},
		"2. Legal moves for player P":                {"ouri.feed", "ouri.singleton", "abapa.single", "ouri.stuck"},
		"3. Playing a move":                          {"ouri.sow", "ouri.capture", "ouri.laps", "ouri.slam", "abapa.slam"},
		"4. End of game":                             {"ouri.win", "ouri.stuck", "ouri.cycle", "ouri.agree", "ouri.misere"},
		"5. Notation":                                {"ouri.sow"},
		"6. Test vectors":                            {"ouri.laps", "ouri.slam", "abapa.slam", "ouri.feed"},
		"7. Rendering (mirrors the original layout)": {"ouri.sow"},
	},
	"ordo": {
		"1. Board and coordinates": {"ordo.move"},
		"2. Definitions":           {"ordo.move", "ordo.ordo", "ordo.reconnect"},
		"3. Legal moves":           {"ordo.move", "ordo.ordo", "ordo.sideways", "ordo.capture", "ordo.reconnect"},
		"4. End of game (checked after every move; P moved, Q is the opponent)": {"ordo.win"},
		"5. Notation":     {"ordo.move", "ordo.ordo", "ordo.capture"},
		"6. Test vectors": {"ordo.move", "ordo.ordo"},
		"7. Rendering (mirrors the original layout)": {"ordo.move"},
	},
	"oolong": {
		"1. Geometry and names": {"oolong.serve", "oolong.rotate"},
		"2. Setup":              {"oolong.serve", "oolong.move"},
		"3. Definitions":        {"oolong.serve", "oolong.free"},
		"4. A turn":             {"oolong.serve", "oolong.free", "oolong.move"},
		"5. Special actions":    {"oolong.move", "oolong.waiter", "oolong.rotate", "oolong.swap", "oolong.swapclaimed"},
		"6. End of game":        {"oolong.win"},
		"7. Notation":           {"oolong.serve", "oolong.move", "oolong.rotate", "oolong.swap"},
		"8. Worked example (must reproduce exactly)": {"oolong.serve"},
		"9. Rendering (mirrors the original layout)": {"oolong.serve"},
	},
}

func TestEverySectionOfTheRulesIsTaught(t *testing.T) {
	for _, d := range catalog.All() {
		sections, ok := taught[d.Kind]
		if !ok {
			t.Errorf("no sections of %s's rules are mapped to lessons", d.Title)
			continue
		}
		mapped := map[string]bool{}
		for heading, ids := range sections {
			t.Run(d.Title+"'s section "+heading+" is taught", func(t *testing.T) {
				if len(ids) == 0 {
					t.Fatal("no lesson teaches it")
				}
				for _, id := range ids {
					if l, ok := Lookup(id); !ok || l.Game() != d {
						t.Errorf("%s is not a lesson of %s", id, d.Title)
					}
					mapped[id] = true
				}
			})
		}
		for _, l := range Of(d) {
			if !mapped[l.ID] {
				t.Errorf("lesson %s teaches no section of %s's rules", l.ID, d.Title)
			}
		}
	}
}
