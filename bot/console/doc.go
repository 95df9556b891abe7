// Package console plays tabuleiro in a terminal, without Discord: it is an adapter like
// bot/discord, and stands in for Discord's side too. Typed lines become bot.Interaction values run
// through the same Bot.Handle (slash commands with their options, "click <label>", "select
// <value>", "help", "quit"; "@name" before a line types it as someone else), and the console is the
// bot's Sender and follow-ups, keeping the messages the bot posted so that later clicks find their
// buttons.
//
// It prints each message as plain console text from its parts (say.Rich): a mention as @name, a
// moment as how long until or since it ("in 10m"), emphasis as the words alone, a block as its
// lines; it parses nothing back out of the text. Its golden transcripts (testdata/, in English and
// Portuguese) test the bot's whole conversation.
//
//	console.Run(ctx, st, bot.Config{}, console.Language("", os.Getenv), os.Stdin, os.Stdout)
package console
