// Package wire is Discord's interaction JSON, read and written by one codec for the HTTP endpoint
// and the gateway alike: Decode reads an interaction straight into a bot.Interaction (with its
// token, for the follow-ups), AppendResponse writes a bot.Reply straight as the interaction
// response, and AppendMessage writes a bot.Message as the body of a post or an edit over REST;
// with files (a board's picture, a game's GIF) Form wraps either as multipart form data.
// The custom ids of controls, the bot's actions as Discord carries them, are built and parsed here
// too. Nothing of discordgo is used: the bot's few shapes are written in one pass, and only the
// members the bot reads are decoded (see lean.go).
//
//	in, err := wire.Decode(body)            // body: the request, or a gateway event's d
//	reply := b.Handle(ctx, &in.Interaction)
//	answer := wire.AppendResponse(nil, reply)
package wire
