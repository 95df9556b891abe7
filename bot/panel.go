package bot

import (
	"context"
	"hash/fnv"
)

// A person's lesson and puzzle are private messages, one panel each per game: a new panel (a typed
// move's answer, the command again, the daily puzzle's Solve) takes the controls off the one it
// replaces. The context menu's game menu is such a panel too, cleared once it posted its challenge. A private message can be edited only through the interaction that shows it, so that
// interaction is held as the panel's while its token is good; older panels keep their controls, which
// answer as stale.

// Panels of a person's game.
const (
	lessonPanel = "lesson"
	puzzlePanel = "puzzle"
	// challengePanel is the game menu of the context menu's challenge, keyed by the member
	// challenged instead of a game.
	challengePanel = "challenge"
)

// panelKey names user's panel of kind: their lesson's or their puzzle's.
func panelKey(panel, user, kind string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(panel + "\x00" + user + "\x00" + kind))
	return h.Sum64()
}

// panel has r, which posts or updates the person's panel of kind, become that panel: once it is out,
// a new message clears the panel it replaces.
func (b *Bot) panel(req *Request, panel, kind string, r Reply) Reply {
	key, posted, order := panelKey(panel, req.in.User, kind), r.Type == Post, b.follow.nextOrder()
	return r.with(func(ctx context.Context, f Followup) {
		prev := b.follow.setNewer(b.follow.panels, key, f, order)
		if !posted || prev == nil {
			return
		}
		if err := prev.ClearOriginal(ctx); err != nil {
			req.log.Debug("could not clear the previous panel's controls", "panel", panel, "err", err)
		}
	})
}

// panelDone has r, which a choice on the person's panel led to (a challenge posted from its menu),
// also clear that panel once r is out: it has done its work.
func (b *Bot) panelDone(req *Request, panel, kind string) func(Reply, error) (Reply, error) {
	return func(r Reply, err error) (Reply, error) {
		if err != nil {
			return r, err
		}
		key, after := panelKey(panel, req.in.User, kind), r.After
		return r.with(func(ctx context.Context, f Followup) {
			if after != nil {
				after(ctx, f)
			}
			prev := b.follow.get(b.follow.panels, key)
			if prev == nil {
				return
			}
			b.follow.drop(b.follow.panels, key)
			if err := prev.ClearOriginal(ctx); err != nil {
				req.log.Debug("could not clear a panel that did its work", "panel", panel, "err", err)
			}
		}), nil
	}
}
