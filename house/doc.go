// Package house holds no code: its tests keep the rules the whole module is built to, which no
// single package can check on its own.
//
//   - Every game of catalog.All() has every capability the bot needs: its rating policy (in the
//     descriptor), an engine for the medium and hard levels and the coach (ai), a drawing
//     (render, and render/picture for its image), five lessons or more (learn), and puzzles: a
//     truth that judges them and at least one shipped set (ai/puzzle). A game added to the
//     catalogue without one fails here, not in a player's channel.
//   - Game knowledge stays in the descriptors and in the packages that play and draw the games: no
//     Go code outside games/, ai/, render/ and learn/ names a game in a string literal.
//   - The floors: games (pure rules) < ai, render, learn < table (the session core) < bot < bot/discord,
//     bot/console (the adapters) < cmd/tabuleiro. No package imports one on a higher floor, and
//     discordgo is imported only under bot/discord.
package house
