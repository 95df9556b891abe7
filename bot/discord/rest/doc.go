// Package rest is how the bot's REST calls reach Discord, under discordgo's client: Transport (the
// http.RoundTripper of the discordgo session) sends every call to DISCORD_API_BASE on API v10 and
// retries what Discord asks to be retried, within bounds; Webhooks edits the messages interaction
// responses created, with a rate-limit bucket per interaction token, forgotten when idle.
//
//	s.Client = &http.Client{Transport: &rest.Transport{Base: base, Retry: rest.Retry{}, Log: log}}
//	hooks := rest.NewWebhooks(s)
//	err := hooks.Edit(ctx, appID, token, body, "application/json") // PATCH /webhooks/{app}/{token}/messages/@original
package rest
