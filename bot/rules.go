package bot

// rulesSummary is the short summary `/… rules` shows to the caller alone.
var rulesSummary = map[string]string{
	"oolong": "**Oolong** — serve tea at 9 tables of 9 seats; the first to claim 5 tables wins.\n" +
		"• Tables and seats are named like a compass: `nw n ne / w c e / sw s se`.\n" +
		"• The waiter stands on a table (the *directed* table) and a seat there (blocked). Place a tea on an empty, " +
		"unblocked seat of the directed table: `/oolong move play:ne` (or `c.ne`).\n" +
		"• The seat you play sends the waiter — and your opponent — to the table of that name.\n" +
		"• If the directed table has no free seat, place anywhere else (a free placement).\n" +
		"• A table with 5 teas of one colour is claimed. Each outer table has a marker that fires when a colour " +
		"reaches its threshold: move tea, move the waiter, rotate, swap tables — decide it with the menu, or skip.\n" +
		"• Black moves first. No tea left for the player to move: a draw.\n" +
		"Commands: `/oolong vs-bot`, `/oolong challenge`, `/oolong move`, `/oolong board`, `/oolong history`, `/oolong draw`, `/oolong resign`.",
	"ouri": "**Ouri** — the Cape Verdean mancala: 2 rows of 6 houses, 4 seeds each; capture 25 seeds to win.\n" +
		"• Your houses are `a`–`f` from your left. Sow: lift all seeds of a house and drop one per house " +
		"counter-clockwise (skipping the house you emptied): `/ouri move play:d` or the buttons.\n" +
		"• If your last seed lands on your opponent's side making 2 or 3, capture it, and the houses before it " +
		"with 2 or 3 on their side.\n" +
		"• When your opponent has no seeds you must feed them if you can. Ouri rules: with a 2+ house you may not " +
		"sow a single seed; a grand slam captures and you move again. Abapa: no singleton rule, a grand slam captures nothing.\n" +
		"• No legal move, or a position repeated 3 times: each takes the seeds on their side. 24–24 is a draw. " +
		"Misère: the smaller store wins.\n" +
		"Commands: `/ouri vs-bot`, `/ouri challenge`, `/ouri move`, `/ouri board`, `/ouri history`, `/ouri end`, `/ouri resign`.",
	"ordo": "**Ordo** — keep all your pieces in one connected group and reach your opponent's home row.\n" +
		"• Board a–j × 1–8; White (O) starts on ranks 1–3 and moves first, Black (X) on ranks 6–8.\n" +
		"• Move one piece any distance forward, diagonally forward or sideways through empty squares; it may " +
		"capture the first enemy piece it meets: `/ordo move play:a3-a4`, `e5xe6`.\n" +
		"• Or move an *ordo* — a line of 2+ of your pieces on a rank (forward) or a file (sideways) — together, " +
		"without capturing: `c2:d2-c4`.\n" +
		"• After every move your pieces must be connected (8-neighbourhood). If a capture cuts you apart, you may " +
		"also move backward and must reconnect.\n" +
		"• Win by reaching the far row, capturing every enemy piece, or leaving your opponent without a move. " +
		"Third repetition: a draw.\n" +
		"Commands: `/ordo vs-bot`, `/ordo challenge`, `/ordo move`, `/ordo board`, `/ordo history`, `/ordo draw`, `/ordo resign`.",
}
