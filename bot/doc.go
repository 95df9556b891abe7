// Package bot turns people's commands and clicks into calls of the session core (package table) and
// its views into messages: it draws the boards (render), words turns, results and refusals in the
// reader's language (say), and lays out the controls. A message is plain values that know no chat
// platform: its text is a say.Rich (words, mentions, moments, emphasis, the board's block), its
// controls rows of buttons and menus with their Actions. The adapters translate: bot/discord to
// and from Discord's interactions, components and markup, bot/console to and from lines typed in
// a terminal and plain text.
//
// Handle returns a Reply instead of doing I/O, so one Bot serves the gateway, the HTTP endpoint and
// the console alike, and tests assert on what it returns. What the bot says outside a reply (its own
// moves, expiry notices, turn pings) goes through the follow-up of the interaction that shows the
// game while its token is good (followups.go), else through a Sender.
//
//	b := bot.New(st, sender, bot.Config{})
//	go b.Run(ctx)                   // resumes bot moves, expires challenges and idle games
//	r := b.Handle(ctx, interaction) // answer r, then run r.After in the background
package bot
