// Package bot turns Discord interactions into game commands and game states into Discord messages.
//
// Handlers return values (a *discordgo.InteractionResponse and an optional After step) instead of doing
// I/O, so one Bot serves the gateway, the HTTP endpoint (bot/discord) and the local console alike, and
// tests assert on what Handle returns. Everything the bot says outside an interaction response (its own
// moves, expiry notices) goes out through a Sender.
//
//	b := bot.New(st, sender, bot.Config{})
//	go b.Run(ctx)                   // resumes bot moves, expires challenges and idle games
//	r := b.Handle(ctx, interaction) // answer r.Response, then run r.After in the background
package bot
