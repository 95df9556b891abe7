package gateway

import (
	"fmt"
	"strconv"

	"tabuleiro/bot/discord/rest"
)

// Closed is the gateway closing the connection with a code after which reconnecting cannot help:
// the token, the shard settings or the intents must change first. Client.Err delivers it (Open
// returns it when it comes before the first READY); its message says what to fix.
type Closed struct {
	Code   int
	Reason string // Discord's own text, when it gave one
	Fix    string // what the operator has to change
}

func (e *Closed) Error() string {
	what := Meaning(e.Code)
	msg := fmt.Sprintf("the Discord gateway closed the connection with code %d (%s)", e.Code, what)
	if e.Reason != "" && e.Reason != what {
		msg += fmt.Sprintf(": %q", e.Reason)
	}
	if e.Fix != "" {
		msg += "; " + e.Fix
	}
	return msg + "; not reconnecting"
}

// Meaning names a gateway close code as Discord's documentation does.
func Meaning(code int) string {
	if what := closeMeaning[code]; what != "" {
		return what
	}
	return "close code " + strconv.Itoa(code)
}

// closeMeaning names Discord's gateway close codes
// (https://discord.com/developers/docs/topics/opcodes-and-status-codes#gateway-close-event-codes).
var closeMeaning = map[int]string{
	4000: "unknown error",
	4001: "unknown opcode",
	4002: "decode error",
	4003: "not authenticated",
	4004: "authentication failed",
	4005: "already authenticated",
	4007: "invalid seq",
	4008: "rate limited",
	4009: "session timed out",
	4010: "invalid shard",
	4011: "sharding required",
	4012: "invalid API version",
	4013: "invalid intent(s)",
	4014: "disallowed intent(s)",
}

// fatalClose returns the error for a close code Discord documents as "do not reconnect", or nil.
// shards is Discord's recommended shard count from GET /gateway/bot (0 when unknown).
func fatalClose(code int, reason string, shards int) *Closed {
	var fix string
	switch code {
	case 4004:
		fix = "DISCORD_TOKEN is not a valid bot token: copy the bot's token again from the Discord Developer Portal (Bot → Reset Token)"
	case 4010:
		fix = "SHARD_ID must be at least 0 and below SHARD_COUNT"
	case 4011:
		fix = "the bot is in too many servers for one connection: set SHARD_COUNT"
		if shards > 1 {
			fix += " to " + strconv.Itoa(shards) + " (what Discord recommends)"
		}
		fix += " and run one process per SHARD_ID"
	case 4012:
		fix = "Discord no longer accepts gateway version " + rest.APIVersion + ": update tabuleiro"
	case 4013:
		fix = "Discord did not accept the intents sent (tabuleiro asks for Guilds only): update tabuleiro"
	case 4014:
		fix = "the bot asked for a privileged intent it is not allowed: tabuleiro needs only Guilds, so update tabuleiro, or enable the intent under Bot → Privileged Gateway Intents in the Developer Portal"
	default:
		return nil
	}
	return &Closed{Code: code, Reason: reason, Fix: fix}
}

// sessionEnded reports whether a close code ends the session: a resume would be refused, so the
// next connection identifies anew.
func sessionEnded(code int) bool {
	return code == 4007 || code == 4009
}
