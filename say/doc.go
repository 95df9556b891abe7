// Package say is tabuleiro's message catalogue: every text a person sees, in each language the bot
// speaks (en-US and pt-BR), with placeholders and CLDR plural forms, read from one message file per
// language (en-US.toml, pt-BR.toml) embedded in the binary. It also holds the rules that pick the
// language: a private reply follows the caller's Discord locale, a public message the server's.
//
//	w := say.For(say.Private(in.Locale))
//	w.T("sub.vs-bot", map[string]any{"Title": "Ouri"}) // "Jogue Ouri contra o bot" for a pt-BR caller
//	w.T("duration.days", map[string]any{"Count": 7})    // "7 dias"; Count picks the plural form
//
// Message ids are dotted paths (nested TOML tables); both files hold the same ids and the same
// placeholders, which the package's tests check, with a lint that no string a person reads is
// written anywhere else.
//
// How a text reaches a person:
//   - The rules (games/…) and the session core (table) speak no language. They say what happened
//     as a games.Text, an id and its values: the rules' refusals are *games.Problem, the table's
//     *table.Refusal{Code, Text} (table.Refuse(code, "refusal.busy-you", "Title", …)). Values may be
//     games.Phrase (a seat's colour, a player, a result), worded in the reader's language.
//   - render words boards with the Words it is given (games.Words); the table names players
//     (table.PlayerName) and the bot words turns and results.
//   - What a person reads in a chat is Rich (w.Rich): words, and parts each adapter shows its own
//     way — a mention (Mention), a moment (Time), emphasis (**…** in the files), a block of lines
//     (Block). T gives plain words, for labels and names. No text carries a chat's markup.
//   - The bot picks the Words once per request: req.w for what only the caller sees, req.pub for
//     what the channel sees (the server's language), and b.publicWords for work done later.
//   - A new text is a new id in both files, written for players in each language.
package say
