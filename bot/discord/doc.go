// Package discord connects the command layer (package bot) to Discord: the HTTP interactions
// endpoint, the gateway connection, the REST Sender for the bot's own messages, and the
// configuration of discord.md section 4. It is thin: every decision is the bot's; this package
// verifies, transports, retries and waits.
//
//	cfg, err := discord.LoadConfig(os.Getenv)
//	s := discord.NewSession(cfg, discord.Retry{}, log)          // REST via DISCORD_API_BASE, API v10
//	b := bot.New(st, discord.NewSender(s, cfg.AppID, log), botCfg)
//	work := discord.NewWork(ctx, log)                            // After steps, waited for at shutdown
//	http.ListenAndServe(cfg.HTTPAddr, discord.NewEndpoint(b, cfg.PublicKey, work, discord.EndpointOptions{}))
package discord
