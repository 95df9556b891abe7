package wire

import (
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

// CustomID writes an action as its custom id.
func CustomID(a bot.Action) string {
	var buf [64]byte // every id fits: one allocation, the string's
	return string(appendCustomID(buf[:0], a))
}

// appendCustomID appends a's custom id to b.
func appendCustomID(b []byte, a bot.Action) []byte {
	b = append(b, '/')
	b = append(b, a.Kind...)
	if a.Challenge != 0 {
		b = append(b, "/ch/"...)
		b = strconv.AppendUint(b, a.Challenge, 10)
		return append(append(b, '/'), a.Verb...)
	}
	b = append(b, '/')
	b = strconv.AppendUint(b, a.Game, 10)
	b = append(b, '/')
	b = strconv.AppendInt(b, int64(a.Ply), 10)
	b = append(append(b, '/'), a.Verb...)
	if a.Arg != "" {
		b = append(append(b, '/'), a.Arg...)
	}
	return b
}

// ParseCustomID reads a custom id back into its action; ok is false for an id that is not one of
// ours (the bot then refuses the click).
func ParseCustomID(id string) (a bot.Action, ok bool) {
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
