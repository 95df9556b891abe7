package discord

import (
	"fmt"
	"strconv"
	"strings"

	"tabuleiro/bot"
)

// The custom id of a control is a short path that carries its action; this file alone builds and
// parses them:
//
//	/{kind}/ch/{challenge}/{verb}             a challenge's Accept and Decline
//	/{kind}/{game}/{ply}/{verb}[/{arg}]       a game's controls (the ply makes old boards stale)
//
// Discord allows 100 characters; the longest (an Oolong Move Tea pick) stays well under.

// customID writes an action as its custom id.
func customID(a bot.Action) string {
	if a.Challenge != 0 {
		return fmt.Sprintf("/%s/ch/%d/%s", a.Kind, a.Challenge, a.Verb)
	}
	id := fmt.Sprintf("/%s/%d/%d/%s", a.Kind, a.Game, a.Ply, a.Verb)
	if a.Arg != "" {
		id += "/" + a.Arg
	}
	return id
}

// parseCustomID reads a custom id back into its action; ok is false for an id that is not one of
// ours (the bot then refuses the click).
func parseCustomID(id string) (a bot.Action, ok bool) {
	parts := strings.Split(strings.TrimPrefix(id, "/"), "/")
	if len(parts) < 4 || parts[0] == "" {
		return bot.Action{}, false
	}
	a.Kind = parts[0]
	if parts[1] == "ch" {
		c, err := strconv.ParseUint(parts[2], 10, 64)
		if err != nil || c == 0 || len(parts) != 4 {
			return bot.Action{}, false
		}
		a.Challenge, a.Verb = c, parts[3]
		return a, true
	}
	game, err1 := strconv.ParseUint(parts[1], 10, 64)
	ply, err2 := strconv.ParseUint(parts[2], 10, 31)
	if err1 != nil || err2 != nil {
		return bot.Action{}, false
	}
	a.Game, a.Ply, a.Verb, a.Arg = game, int(ply), parts[3], strings.Join(parts[4:], "/")
	return a, true
}
