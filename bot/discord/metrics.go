package discord

import (
	"time"

	"tabuleiro/bot"
	"tabuleiro/metrics"
)

// observe counts an interaction answered: its kind, how it went, and the time since it arrived.
func observe(t bot.Type, r bot.Reply, arrived time.Time) {
	kind := metrics.Command
	switch t {
	case bot.Ping:
		kind = metrics.Ping
	case bot.Autocomplete:
		kind = metrics.Autocomplete
	case bot.Click:
		kind = metrics.Component
	}
	outcome := metrics.OK
	switch r.Outcome {
	case bot.Refused:
		outcome = metrics.Refused
	case bot.Failed:
		outcome = metrics.Error
	}
	metrics.Interaction(kind, outcome, time.Since(arrived))
}
