package learn

import (
	"strings"

	"tabuleiro/games"
	"tabuleiro/games/ouri"
)

func init() {
	register(ouri.Descriptor,
		&Lesson{ID: "ouri.sow", Setup: Setup{Options: games.Options{"rules": ouri.RulesOuri.String()}},
			Steps: []Step{{Check: lastSeedIn(1, 1)}}},
		&Lesson{ID: "ouri.capture", Setup: Setup{Position: board([6]int{2, 0, 0, 4, 2, 0}, [6]int{1, 2, 5, 3, 2, 1}, 13, 13, ouri.RulesOuri)},
			Steps: []Step{{Check: capturesHouses(2)}}},
		&Lesson{ID: "ouri.laps", Setup: Setup{Position: board([6]int{2, 3, 0, 0, 0, 12}, [6]int{0, 0, 0, 3, 0, 0}, 14, 14, ouri.RulesOuri)},
			Steps: []Step{{Check: captures("ouri.laps")}}},
		&Lesson{ID: "ouri.feed", Setup: Setup{Position: board([6]int{2, 0, 0, 0, 0, 1}, [6]int{}, 22, 23, ouri.RulesOuri)},
			Steps: []Step{{Check: feeds("ouri.feed")}}},
		&Lesson{ID: "ouri.singleton", Setup: Setup{Position: board([6]int{1, 0, 0, 3, 0, 1}, [6]int{2, 1, 0, 0, 0, 0}, 20, 20, ouri.RulesOuri)},
			Steps: []Step{{Check: captures("ouri.singleton")}}},
		&Lesson{ID: "abapa.single", Setup: Setup{Position: board([6]int{3, 0, 0, 0, 0, 1}, [6]int{2, 0, 0, 1, 0, 0}, 20, 21, ouri.RulesAbapa)},
			Steps: []Step{{Check: captures("abapa.single")}}},
		&Lesson{ID: "ouri.slam", Setup: Setup{Position: board([6]int{3, 0, 4, 0, 0, 2}, [6]int{1, 2, 0, 0, 0, 0}, 18, 18, ouri.RulesOuri)},
			Steps: []Step{{Check: grandSlam}, {Check: feeds("ouri.slam")}}},
		&Lesson{ID: "abapa.slam", Setup: Setup{Position: board([6]int{3, 0, 4, 0, 0, 2}, [6]int{1, 2, 0, 0, 0, 0}, 18, 18, ouri.RulesAbapa)},
			Steps: []Step{{Check: captures("abapa.slam")}}},
		&Lesson{ID: "ouri.win", Setup: Setup{Position: board([6]int{0, 0, 0, 4, 2, 0}, [6]int{1, 1, 3, 2, 0, 0}, 21, 14, ouri.RulesOuri)},
			Steps: []Step{{Check: wins("ouri.win")}}},
		&Lesson{ID: "ouri.stuck", Setup: Setup{Position: board([6]int{3, 3, 2, 0, 0, 2}, [6]int{1, 2, 0, 0, 0, 0}, 15, 20, ouri.RulesOuri)},
			Steps: []Step{{Check: wins("ouri.stuck")}}},
		&Lesson{ID: "ouri.cycle", Setup: Setup{Position: board([6]int{0, 0, 0, 1, 1, 0}, [6]int{0, 0, 0, 0, 0, 1}, 23, 22, ouri.RulesOuri),
			// Two laps of the three seeds, so that the position after c comes a third time.
			Moves: strings.Fields("e f f a a b d c b d c e e f f a a b d c b d e e")},
			Steps: []Step{{Check: wins("ouri.cycle")}}},
		&Lesson{ID: "ouri.agree", Setup: Setup{Position: board([6]int{2, 2, 2, 1, 0, 0}, [6]int{0, 0, 0, 0, 0, 1}, 20, 20, ouri.RulesOuri)},
			Steps: []Step{{Agree: true, Check: func(_, _ games.Game, _ games.Move) games.Text {
				return games.Text{ID: "learn.ouri.agree.sowed", Args: games.Args("Offer", ouri.Descriptor.Offer)}
			}}}},
		&Lesson{ID: "ouri.misere", Setup: Setup{Position: misere([6]int{2, 0, 0, 4, 2, 0}, [6]int{1, 1, 3, 2, 0, 0}, 15, 18)},
			Steps: []Step{{Check: capturesNothing}}},
	)
}

// board is a position South to move, South's houses a–f, North's a–f and the stores.
func board(south, north [6]int, southStore, northStore int, rules ouri.Rules) func() (games.Game, error) {
	return func() (games.Game, error) {
		return games.Started(ouri.FromPosition(position(south, north, southStore, northStore, rules), false))
	}
}

// misere is board under the rules of Ouri with misere=true.
func misere(south, north [6]int, southStore, northStore int) func() (games.Game, error) {
	return func() (games.Game, error) {
		return games.Started(ouri.FromPosition(position(south, north, southStore, northStore, ouri.RulesOuri), true))
	}
}

func position(south, north [6]int, southStore, northStore int, rules ouri.Rules) ouri.Position {
	p := ouri.Position{Stores: [2]uint8{uint8(southStore), uint8(northStore)}, Rules: rules}
	for i := range 6 {
		p.Houses[i], p.Houses[6+i] = uint8(south[i]), uint8(north[i])
	}
	return p
}

// house names a house for a reason: "your house e" or "North's house b", from the mover's side.
func house(mover games.Seat, index int) games.Text {
	letter := string(rune('a' + index%6))
	if games.Seat(index/6) == mover {
		return games.Text{ID: "learn.ouri.yours", Args: games.Args("House", letter)}
	}
	return games.Text{ID: "learn.ouri.theirs", Args: games.Args("House", letter, "Seat", games.Colour{D: ouri.Descriptor, Seat: mover.Other()})}
}

// lastSeedIn asks for a sowing whose last seed falls in the opponent's house (side 1) or the
// mover's own (side 0), a = 0.
func lastSeedIn(side, target int) func(before, after games.Game, m games.Move) games.Text {
	return func(before, _ games.Game, m games.Move) games.Text {
		mover := before.ToMove()
		from := 6*int(mover) + int(m)
		at := from
		for n := before.(*ouri.Game).Houses()[from]; n > 0; {
			if at = (at + 1) % 12; at != from {
				n--
			}
		}
		want := 6*int(mover.Other()) + target
		if side == 0 {
			want = 6*int(mover) + target
		}
		if at == want {
			return games.Text{}
		}
		return games.Text{ID: "learn.ouri.sow.lands", Args: games.Args("House", before.Format(m), "Count", before.(*ouri.Game).Houses()[from], "Last", house(mover, at))}
	}
}

// capturesHouses asks for a sowing that captures n of the opponent's houses or more.
func capturesHouses(n int) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		opp := 6 * int(before.ToMove().Other())
		was, now := before.(*ouri.Game).Houses(), after.(*ouri.Game).Houses()
		taken := 0
		for i := opp; i < opp+6; i++ {
			if was[i] > 0 && now[i] == 0 {
				taken++
			}
		}
		if taken >= n {
			return games.Text{}
		}
		return games.Text{ID: "learn.ouri.capture.fewer", Args: games.Args("House", before.Format(m), "Count", taken)}
	}
}

// captures asks for a sowing that captures; a sowing that captures nothing is explained by the
// lesson's reason "none", or "slam" when it was a grand slam that Abapa leaves uncaptured.
func captures(lesson string) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		s := after.(*ouri.Game).LastSowing()
		switch {
		case s.Captured > 0:
			return games.Text{}
		case s.GrandSlam:
			return games.Text{ID: "learn." + lesson + ".slam", Args: games.Args("House", before.Format(m))}
		}
		return games.Text{ID: "learn." + lesson + ".none", Args: games.Args("House", before.Format(m))}
	}
}

// grandSlam asks for a sowing that captures every seed of the opponent's side.
func grandSlam(before, after games.Game, m games.Move) games.Text {
	s := after.(*ouri.Game).LastSowing()
	if s.GrandSlam && s.Captured > 0 {
		return games.Text{}
	}
	left, opp, h := 0, 6*int(before.ToMove().Other()), after.(*ouri.Game).Houses()
	for _, n := range h[opp : opp+6] {
		left += n
	}
	return games.Text{ID: "learn.ouri.slam.left", Args: games.Args("House", before.Format(m), "Count", left)}
}

// feeds asks for a sowing that leaves the opponent seeds to play.
func feeds(lesson string) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		opp, h := 6*int(before.ToMove().Other()), after.(*ouri.Game).Houses()
		for _, n := range h[opp : opp+6] {
			if n > 0 {
				return games.Text{}
			}
		}
		return games.Text{ID: "learn." + lesson + ".hungry", Args: games.Args("House", before.Format(m))}
	}
}

// wins asks for a decision that wins the game at once.
func wins(lesson string) func(before, after games.Game, m games.Move) games.Text {
	return func(before, after games.Game, m games.Move) games.Text {
		if o := after.Outcome(); o.Over() && o.Winner == before.ToMove() {
			return games.Text{}
		}
		stores := after.(*ouri.Game).Stores()
		return games.Text{ID: "learn." + lesson + ".on", Args: games.Args("House", before.Format(m), "Store", stores[before.ToMove()])}
	}
}

// capturesNothing asks for a sowing that captures nothing (misère: the smaller store wins).
func capturesNothing(before, after games.Game, m games.Move) games.Text {
	if n := after.(*ouri.Game).LastSowing().Captured; n > 0 {
		return games.Text{ID: "learn.ouri.misere.took", Args: games.Args("House", before.Format(m), "Count", n)}
	}
	return games.Text{}
}
