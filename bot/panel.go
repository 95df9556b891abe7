package bot

import (
	"context"
	"hash/fnv"
)

// A person's lesson and puzzle are private messages, one panel each per game: a new panel (a typed
// move's answer, the command again, the daily puzzle's Solve) takes the controls off the one it
// replaces. A private message can be edited only through the interaction that shows it, so that
// interaction is held as the panel's while its token is good; older panels keep their controls, which
// answer as stale.

// Panels of a person's game.
const (
	lessonPanel = "lesson"
	puzzlePanel = "puzzle"
)

// panelKey names user's panel of kind: their lesson's or their puzzle's.
func panelKey(panel, user, kind string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(panel + "\x00" + user + "\x00" + kind))
	return h.Sum64()
}

// panel has r, which posts or updates the person's panel of kind, become that panel: once it is out,
// a new message clears the panel it replaces.
func (b *Bot) panel(req *request, panel, kind string, r Reply) Reply {
	key, posted := panelKey(panel, req.in.User, kind), r.Type == Post
	return r.with(func(ctx context.Context, f Followup) {
		prev := b.follow.set(b.follow.panels, key, f, true)
		if !posted || prev == nil {
			return
		}
		if err := prev.ClearOriginal(ctx); err != nil {
			req.log.Debug("could not clear the previous panel's controls", "panel", panel, "err", err)
		}
	})
}
