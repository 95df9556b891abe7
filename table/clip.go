package table

import "unicode/utf8"

// LogInput is how much of what a person typed a log line keeps.
const LogInput = 32

// Clip is s cut to its first n characters, with "…" when something was cut: logs keep a prefix of
// what a person typed, enough to recognise it, never all of it.
func Clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := 0
	for k := 0; k < n && i < len(s); k++ {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	if i >= len(s) {
		return s
	}
	return s[:i] + "…"
}
