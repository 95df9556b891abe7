package table

import (
	"tabuleiro/ai"
	"tabuleiro/store"
)

// QueueBlunders queues the decisions of user that a review of v's game marked ?? (forced ones
// never are): the position before each, with the game's history, waits in the person's queue
// to become their puzzle once proven. It returns how many it added; a game reviewed twice adds
// none the second time.
func (t *Table) QueueBlunders(user string, v View, r ai.Review) (int, error) {
	seat := v.SeatOf(user)
	if seat != 0 && seat != 1 {
		return 0, nil
	}
	g, err := v.At(0)
	if err != nil {
		return 0, err
	}
	log := v.Live.Log()
	played := make([]string, 0, len(log))
	for _, m := range log {
		played = append(played, g.Format(m))
		if err := g.Play(m); err != nil {
			return 0, err
		}
	}
	added := 0
	for _, d := range r.Decisions {
		if d.Grade != ai.Blunder || d.Forced || d.Seat != seat || d.Ply < 1 || d.Ply > len(played) {
			continue
		}
		_, ok, err := t.st.AddBlunder(user, store.Blunder{Kind: v.Game.Kind, Options: v.Live.Options(),
			Log: played[:d.Ply-1]})
		if err != nil {
			return added, err
		}
		if ok {
			added++
		}
	}
	return added, nil
}

// ProveBlunders asks prove of each of the person's blunders of the game not proven yet whether it
// is a puzzle (a proven win for the side to move that most moves throw away): a proven one stays
// to be offered first, the others leave the queue. It returns how many were proven.
func (t *Table) ProveBlunders(user, kind string, prove func(store.Blunder) (bool, error)) (int, error) {
	queue, err := t.st.Blunders(user, kind)
	if err != nil {
		return 0, err
	}
	proven := 0
	for _, b := range queue {
		if b.Proven {
			continue
		}
		ok, err := prove(b)
		if err != nil {
			return proven, err
		}
		if err := t.st.ProveBlunder(user, b.Seq, ok); err != nil {
			return proven, err
		}
		if ok {
			proven++
		}
	}
	return proven, nil
}

// QueueProvenBlunders queues the person's blunders of a reviewed game (QueueBlunders) and proves
// them puzzles (ProveBlunders, by ProvesPuzzle): how many are waiting for them now.
func (t *Table) QueueProvenBlunders(user string, v View, r ai.Review) (int, error) {
	if added, err := t.QueueBlunders(user, v, r); err != nil || added == 0 {
		return 0, err
	}
	return t.ProveBlunders(user, v.Game.Kind, ProvesPuzzle)
}
