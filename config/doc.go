// Package config is how the program reads its configuration: the environment with the .env file
// of the working directory under it (Environment), the same for every subcommand, and the
// settings that are not Discord's (Program: the store, the bot's timings, backups, retention).
// Discord's own settings are read by package discord, with the helpers here (Shown never quotes a
// secret). Every variable the program reads is documented in README.md and .env.example; a test
// holds the three to the same list.
//
//	env, err := config.Environment(os.Getenv)
//	p, err := config.Load(env, token)
package config
