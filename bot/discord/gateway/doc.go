// Package gateway is the bot's own client of Discord's gateway websocket, in place of discordgo's
// Session.Open: discordgo v0.29 neither resumes on resume_gateway_url nor waits before identifying
// again after an invalid session, and it reconnects forever after a close code that no reconnect
// can cure. A Client keeps one shard's session up and hands each INTERACTION_CREATE's payload, as
// it came, to its handler (package discord decodes it with the endpoint's codec, package wire).
//
//	c := gateway.New("Bot "+token, intents, shardID, shardCount, handle, log)
//	err := c.Open(addr, recommendedShards) // addr from GET /gateway/bot
//	select { case err := <-c.Err(): … }    // a *gateway.Closed: what to fix
//	c.Close()
package gateway
