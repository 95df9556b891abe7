// Package bot turns people's commands and clicks into calls of the session core (package table) and
// its views into messages: text, mentions and rows of controls, in plain values that know no chat
// platform. The adapters translate: bot/discord to and from Discord's interactions and components,
// bot/console to and from lines typed in a terminal.
//
// Handle returns a Reply instead of doing I/O, so one Bot serves the gateway, the HTTP endpoint and
// the console alike, and tests assert on what it returns. What the bot says outside a reply (its own
// moves, expiry notices) goes out through a Sender.
//
//	b := bot.New(st, sender, bot.Config{})
//	go b.Run(ctx)                   // resumes bot moves, expires challenges and idle games
//	r := b.Handle(ctx, interaction) // answer r, then run r.After in the background
package bot
