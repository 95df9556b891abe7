// Package discord connects the bot (package bot) to Discord: the HTTP interactions endpoint, the
// gateway connection, and the REST Sender for what the bot says outside its answers. It is thin:
// every decision is the bot's; this package verifies, transports, retries and waits.
//
// An interaction takes one road whichever way it comes: its JSON is decoded by wire.Decode straight
// into a bot.Interaction, goes through one pipeline (shard filter, de-duplication, the bot's
// Handle), and the bot.Reply is written by wire.AppendResponse straight as Discord's JSON — the
// endpoint's answer, or the gateway's callback. The bot's posts and edits over REST are written by
// wire.AppendMessage. Panics are recovered once per road: in the bot's Handle for answers, in Work
// for what runs after them.
//
// What discordgo still does, by choice: the REST calls (discordgo.Session.RequestRaw with its
// per-route rate limiter, its endpoints and *discordgo.RESTError), command registration
// (ApplicationCommand values and the bulk overwrite) and GET /gateway/bot. What it does not:
// interaction JSON (package wire: one pass each way, reading only what the bot uses; with files
// attached, a board's picture say, wire.Form makes the multipart body of an answer, a callback, a
// post or an edit alike), the gateway websocket (package gateway: discordgo v0.29 neither resumes on
// resume_gateway_url nor stops on fatal close codes), edits through interaction webhooks and
// retries (package rest: a rate-limit bucket per token, forgotten when idle; bounded retries on 429
// and 5xx, under discordgo's client).
//
// Config holds Discord's settings only; the program's others are package config's, and
// cmd/tabuleiro reads both from one environment.
//
//	dc, err := discord.LoadConfig(env)
//	s := discord.NewSession(dc, rest.Retry{}, log)             // REST via DISCORD_API_BASE, API v10
//	sender := discord.NewSender(s, dc.AppID, log)
//	b := bot.New(st, sender, botCfg)
//	work := discord.NewWork(ctx, log)                           // After steps, waited for at shutdown
//	x := discord.NewInteractions(b, sender)
//	http.ListenAndServe(dc.HTTPAddr, discord.NewEndpoint(x, dc.PublicKey, work, discord.EndpointOptions{}))
package discord
