// Package page serves each game as a web page, for the servers that turn pages on (`/tabuleiro
// settings pages:true`) of a bot with a public address (PUBLIC_URL): the board at every decision,
// stepped through by links (no JavaScript), the decisions, the players and the result, in the
// server's language, with Open Graph tags so that a link posted in a chat unfurls with the board.
//
//	GET /g/<id>-<key>           the page, at the last decision
//	GET /g/<id>-<key>?ply=N     the page after N decisions
//	GET /g/<id>-<key>.png       the board now (?ply=N: after N decisions)
//
// Game ids count up, so a page's address carries a key as well: the first 96 bits of an HMAC of
// the id under a secret the store keeps (store.PageKey). Nobody finds a page without being given
// its link, and every link stays good across restarts and processes. Anything else — a wrong key,
// an unknown game, a server without pages, a malformed path or ply, another method — is a bare
// 404 that says nothing more.
//
//	pages := page.New(bot, key, "https://tabuleiro.example.org")
//	bot.LinkPages(pages.Link)
//	// and the HTTP endpoint hands it every /g/… request
package page
