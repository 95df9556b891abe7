// Package say is tabuleiro's message catalogue: every text a person sees, in each language the bot
// speaks (en-US and pt-BR), with placeholders and plural forms, read from one message file per
// language (en-US.toml, pt-BR.toml) embedded in the binary. It also holds the rules that pick the
// language: a private reply follows the caller's Discord locale, a public message the server's.
//
//	w := say.For(say.Private(in.Locale))
//	w.T("sub.vs-bot", map[string]any{"Title": "Ouri"}) // "Jogue Ouri contra o bot" for a pt-BR caller
//	w.T("duration.days", map[string]any{"Count": 7})    // "7 dias"; Count picks the plural form
//
// Message ids are dotted paths (nested TOML tables); both files hold the same ids and the same
// placeholders, which the package's tests check.
package say
