// Package web serves the live board: every game drawn by the page itself, updated the moment any
// surface decides (a button, a typed move, the bot, a team's vote, a clock), and played by
// clicking by the seated player to decide. It is a third adapter over the same table as Discord
// and the console: a decision made here is table.Choose, refused exactly as a button's would be,
// in the viewer's language (Accept-Language).
//
//	GET  /b/<id>-<key>               the board (the client, embedded; built from web/ at the repo root)
//	GET  /b/<id>-<key>/state         the game as JSON, as this viewer sees it
//	GET  /b/<id>-<key>/events        server-sent events: the state again after every change
//	POST /b/<id>-<key>/decide        {"ply": 12, "play": "c2:d2-c3"}
//	POST /b/<id>-<key>/resign        {"ply": 12}
//	POST /b/<id>-<key>/offer         {"ply": 12}: offer a draw (Ouri: to end), or accept one
//	POST /b/<id>-<key>/hint          {"ply": 12}: hard's suggestion to the player to decide (table.Hint)
//	POST /b/<id>-<key>/review        a finished game's review (table.Review), for anyone who watches
//	POST /b/<id>-<key>/branch        {"ply": 3, "plays": ["c", "f"]}: a line tried on a finished game
//	GET  /b/<id>-<key>/join/<token>  a player's personal link: sets their session, once
//
// With Config.Activity (DISCORD_ACTIVITY=on) the same client runs as a Discord Activity, inside
// Discord's iframe (activity.go):
//
//	GET  /                 the Activity's page (Discord's URL mapping of /; also /activity)
//	POST /api/token        {"code": "…"}: the member's OAuth2 code exchanged with Discord
//	POST /api/activity     {"access_token": "…", "instance_id": "…"}: the instance channel's games,
//	                       a session for each when Discord says the member is in the instance
//
// The store's live feed (store.Watcher; etcd's watch across replicas) tells the server of every
// change. The watchers of a game share a room that lays its state out once a change and a
// language, and, over HTTP/1.1, holds their connections and writes to them itself, so that a
// watcher costs a connection and a small reader rather than a request; a player's stream is their
// own (their choices). EndStreams, at a shutdown, ends them all: the pages reconnect. A decision made here is then shown in
// the chat as a button's would be (bot.Decided: the board message, the bot's reply).
//
// A board's address carries a key (an HMAC of the game's id) so that nobody finds a game by
// counting. Whoever has the address watches; only a session cookie, set by a personal link
// (Invite: bound to a member and a game, one use, 15 minutes), lets its member decide, and
// then only what the table lets them. The links are kept in the store (store.Links), so that
// behind a balancer a link one replica made opens the board on any other, once; the sessions
// are signed with the store's page key, which every replica shares. Nothing secret reaches the
// page: no user ids, no keys.
//
//	boards := web.New(web.Config{Bot: b, Key: key, Public: "http://127.0.0.1:8080"})
//	link, err := boards.Invite("alice", gameID) // for alice's eyes only
//	http.ListenAndServe(addr, boards)
package web
