package wire

import (
	"strconv"
	"unicode/utf8"

	"tabuleiro/bot"
)

// The responses are written as JSON text with Discord's numbers in place: response types 1 (pong),
// 4 (a message), 5 (deferred), 7 (an update of the clicked message), 8 (autocomplete choices), and
// the message flag 64 (ephemeral: private to the person who asked).

// AppendResponse appends the JSON of the interaction response that answers with r, in one pass:
// the endpoint's answer and the gateway's callback alike. r.After is not the response's: the
// adapter runs it once the response is delivered.
func AppendResponse(b []byte, r bot.Reply) []byte {
	switch r.Type {
	case bot.Pong:
		return append(b, `{"type":1}`...)
	case bot.Choices:
		b = append(b, `{"type":8,"data":{"tts":false,"content":"","components":null,"embeds":null`...)
		if len(r.Choices) > 0 {
			b = append(b, `,"choices":[`...)
			for i, c := range r.Choices {
				if i > 0 {
					b = append(b, ',')
				}
				name := c
				if i < len(r.Names) && r.Names[i] != "" {
					name = r.Names[i]
				}
				b = append(b, `{"name":`...)
				b = appendString(b, name)
				b = append(b, `,"value":`...)
				b = appendString(b, c)
				b = append(b, '}')
			}
			b = append(b, ']')
		}
		return append(b, "}}"...)
	case bot.Launch:
		return append(b, `{"type":12}`...)
	case bot.Deferred:
		// Discord shows "thinking…" until After edits the answer in.
		if !r.Message.Private {
			return append(b, `{"type":5}`...)
		}
		return append(b, `{"type":5,"data":{"tts":false,"content":"","components":null,"embeds":null,"flags":64}}`...)
	case bot.Update:
		b = append(b, `{"type":7,"data":{"tts":false,"content":`...)
		b = appendString(b, content(r.Message))
		b = append(b, `,"components":`...)
		b = appendRows(b, r.Message.Rows, true)
		b = append(b, `,"embeds":null,"allowed_mentions":`...)
		b = appendAllowed(b, r.Message.Pings)
		b = appendAttachments(b, r.Message.Files)
		return append(b, "}}"...)
	}
	b = append(b, `{"type":4,"data":{"tts":false,"content":`...)
	b = appendString(b, content(r.Message))
	b = append(b, `,"components":`...)
	b = appendRows(b, r.Message.Rows, false)
	b = append(b, `,"embeds":null,"allowed_mentions":`...)
	b = appendAllowed(b, r.Message.Pings)
	if len(r.Message.Files) > 0 {
		b = appendAttachments(b, r.Message.Files)
	}
	if r.Message.Private {
		b = append(b, `,"flags":64`...)
	}
	return append(b, "}}"...)
}

// AppendMessage appends the JSON body of a message the bot posts (a channel message, a follow-up)
// or, with edit, of the edit that makes a message m: an edit always says its controls and its
// files, so that none are left from before (a board's old picture, say).
func AppendMessage(b []byte, m bot.Message, edit bool) []byte {
	b = append(b, `{"content":`...)
	b = appendString(b, content(m))
	if m.Rows != nil || edit {
		b = append(b, `,"components":`...)
		b = appendRows(b, m.Rows, true)
	}
	b = append(b, `,"allowed_mentions":`...)
	b = appendAllowed(b, m.Pings)
	if len(m.Files) > 0 || edit {
		b = appendAttachments(b, m.Files)
	}
	if m.Private && !edit {
		b = append(b, `,"flags":64`...)
	}
	if m.Once != "" && !edit {
		b = append(b, `,"nonce":`...)
		b = appendString(b, m.Once)
		b = append(b, `,"enforce_nonce":true`...)
	}
	return append(b, '}')
}

// appendAttachments writes the attachments a message keeps: exactly files, sent with it as the form
// parts files[0], files[1], … (see Form). On an edit, every attachment not listed is removed.
func appendAttachments(b []byte, files []bot.File) []byte {
	b = append(b, `,"attachments":[`...)
	for i, f := range files {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"id":`...)
		b = strconv.AppendInt(b, int64(i), 10)
		b = append(b, `,"filename":`...)
		b = appendString(b, f.Name)
		if f.Description != "" {
			b = append(b, `,"description":`...)
			b = appendString(b, f.Description)
		}
		b = append(b, '}')
	}
	return append(b, ']')
}

// ClearControls is the edit that takes a message's controls off and keeps its text, pinging
// nobody.
var ClearControls = []byte(`{"components":[],"allowed_mentions":{"parse":[]}}`)

// appendAllowed writes whom a message may ping, always explicitly: nobody but users (no roles, no
// @everyone, no reply ping), whoever else it mentions.
func appendAllowed(b []byte, users []string) []byte {
	b = append(b, `{"parse":[]`...)
	if len(users) > 0 {
		b = append(b, `,"users":[`...)
		for i, u := range users {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, u)
		}
		b = append(b, ']')
	}
	return append(b, `,"replied_user":false}`...)
}

// appendRows writes rows of controls as Discord's action rows: null for none, or [] with empty.
func appendRows(b []byte, rows []bot.Row, empty bool) []byte {
	if rows == nil {
		if empty {
			return append(b, "[]"...)
		}
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i, row := range rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"components":`...)
		if len(row) == 0 {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for j, c := range row {
				if j > 0 {
					b = append(b, ',')
				}
				if c.Type == bot.Menu {
					b = appendMenu(b, c)
				} else {
					b = appendButton(b, c)
				}
			}
			b = append(b, ']')
		}
		b = append(b, `,"type":1}`...)
	}
	return append(b, ']')
}

// Discord's button styles, by the bot's.
var styles = [...]byte{bot.Primary: '1', bot.Secondary: '2', bot.Success: '3', bot.Danger: '4'}

func appendButton(b []byte, c bot.Control) []byte {
	style := byte('1')
	if int(c.Style) < len(styles) {
		style = styles[c.Style]
	}
	b = append(b, `{"label":`...)
	b = appendString(b, c.Label)
	b = append(b, `,"style":`...)
	b = append(b, style)
	b = append(b, `,"disabled":`...)
	b = strconv.AppendBool(b, c.Disabled)
	b = append(b, `,"custom_id":"`...)
	b = appendCustomIDString(b, c.Action)
	return append(b, `","type":2}`...)
}

func appendMenu(b []byte, c bot.Control) []byte {
	b = append(b, `{"type":3,"custom_id":"`...)
	b = appendCustomIDString(b, c.Action)
	b = append(b, `","placeholder":`...)
	b = appendString(b, c.Placeholder)
	if len(c.Options) > 0 {
		b = append(b, `,"options":[`...)
		for i, o := range c.Options {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if o.Label != "" {
				b = append(b, `"label":`...)
				b = appendString(b, o.Label)
				b = append(b, ',')
			}
			b = append(b, `"value":`...)
			b = appendString(b, o.Value)
			b = append(b, `,"description":`...)
			b = appendString(b, o.Description)
			b = append(b, `,"default":false}`...)
		}
		b = append(b, ']')
	}
	return append(b, `,"disabled":false}`...)
}

// appendCustomIDString writes a's custom id inside a JSON string: escaped when it has to be (a
// kind or an argument with a quote, say), directly otherwise.
func appendCustomIDString(b []byte, a bot.Action) []byte {
	start := len(b)
	b = bot.AppendCustomID(b, a)
	for _, c := range b[start:] {
		if c < 0x20 || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' || c >= utf8.RuneSelf {
			id := string(b[start:])
			b = appendString(b[:start-1], id) // over the opening quote
			return b[:len(b)-1]               // the caller closes it
		}
	}
	return b
}

const hexDigits = "0123456789abcdef"

// appendString writes s as a JSON string, escaped as encoding/json escapes it (HTML characters,
// U+2028 and U+2029 included; invalid UTF-8 becomes U+FFFD).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
