package discord

import (
	"encoding/json"
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// marshalResponse writes an interaction response as JSON. The responses the bot makes (text,
// rows of buttons and menus, whom it may ping, flags, autocomplete choices) are written directly,
// in one pass; discordgo's components marshal each level on its own and encoding/json then reads
// every level's output again. Anything else goes through encoding/json. A test holds the two to
// the same JSON.
func marshalResponse(r *discordgo.InteractionResponse) ([]byte, error) {
	if b, ok := appendResponse(make([]byte, 0, 2048), r); ok {
		return b, nil
	}
	return json.Marshal(r)
}

// appendResponse appends r's JSON to b, or reports that r holds something it does not write.
func appendResponse(b []byte, r *discordgo.InteractionResponse) ([]byte, bool) {
	b = append(b, '{')
	if r.Type != 0 {
		b = append(b, `"type":`...)
		b = strconv.AppendInt(b, int64(r.Type), 10)
	}
	d := r.Data
	if d == nil {
		return append(b, '}'), true
	}
	if d.TTS || d.Embeds != nil || d.Attachments != nil || d.Poll != nil || d.CustomID != "" || d.Title != "" {
		return nil, false
	}
	if r.Type != 0 {
		b = append(b, ',')
	}
	b = append(b, `"data":{"tts":false,"content":`...)
	b = appendString(b, d.Content)
	b = append(b, `,"components":`...)
	b, ok := appendComponents(b, d.Components)
	if !ok {
		return nil, false
	}
	b = append(b, `,"embeds":null`...)
	if m := d.AllowedMentions; m != nil {
		if len(m.Roles) > 0 {
			return nil, false
		}
		b = append(b, `,"allowed_mentions":{"parse":`...)
		if m.Parse == nil {
			b = append(b, "null"...)
		} else {
			b = append(b, '[')
			for i, p := range m.Parse {
				if i > 0 {
					b = append(b, ',')
				}
				b = appendString(b, string(p))
			}
			b = append(b, ']')
		}
		if len(m.Users) > 0 {
			b = append(b, `,"users":`...)
			b = appendStrings(b, m.Users)
		}
		b = append(b, `,"replied_user":`...)
		b = strconv.AppendBool(b, m.RepliedUser)
		b = append(b, '}')
	}
	if d.Flags != 0 {
		b = append(b, `,"flags":`...)
		b = strconv.AppendInt(b, int64(d.Flags), 10)
	}
	if len(d.Choices) > 0 {
		b = append(b, `,"choices":[`...)
		for i, c := range d.Choices {
			v, ok := c.Value.(string)
			if c == nil || !ok || len(c.NameLocalizations) > 0 {
				return nil, false
			}
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, `{"name":`...)
			b = appendString(b, c.Name)
			b = append(b, `,"value":`...)
			b = appendString(b, v)
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, "}}"...), true
}

// appendComponents writes rows of buttons and string menus, as discordgo's MarshalJSON methods do.
func appendComponents(b []byte, comps []discordgo.MessageComponent) ([]byte, bool) {
	if comps == nil {
		return append(b, "null"...), true
	}
	b = append(b, '[')
	for i, c := range comps {
		if i > 0 {
			b = append(b, ',')
		}
		switch c := c.(type) {
		case discordgo.ActionsRow:
			if c.ID != 0 {
				return nil, false
			}
			b = append(b, `{"components":`...)
			var ok bool
			if b, ok = appendComponents(b, c.Components); !ok {
				return nil, false
			}
			b = append(b, `,"type":1}`...)
		case discordgo.Button:
			if c.Emoji != nil || c.URL != "" || c.SKUID != "" || c.ID != 0 {
				return nil, false
			}
			if c.Style == 0 {
				c.Style = discordgo.PrimaryButton
			}
			b = append(b, `{"label":`...)
			b = appendString(b, c.Label)
			b = append(b, `,"style":`...)
			b = strconv.AppendInt(b, int64(c.Style), 10)
			b = append(b, `,"disabled":`...)
			b = strconv.AppendBool(b, c.Disabled)
			if c.CustomID != "" {
				b = append(b, `,"custom_id":`...)
				b = appendString(b, c.CustomID)
			}
			b = append(b, `,"type":2}`...)
		case discordgo.SelectMenu:
			if c.MinValues != nil || c.MaxValues != 0 || c.DefaultValues != nil || c.ChannelTypes != nil || c.ID != 0 {
				return nil, false
			}
			b = append(b, `{"type":`...)
			b = strconv.AppendInt(b, int64(c.Type()), 10)
			if c.CustomID != "" {
				b = append(b, `,"custom_id":`...)
				b = appendString(b, c.CustomID)
			}
			b = append(b, `,"placeholder":`...)
			b = appendString(b, c.Placeholder)
			if len(c.Options) > 0 {
				b = append(b, `,"options":[`...)
				for j, o := range c.Options {
					if o.Emoji != nil {
						return nil, false
					}
					if j > 0 {
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
					b = append(b, `,"default":`...)
					b = strconv.AppendBool(b, o.Default)
					b = append(b, '}')
				}
				b = append(b, ']')
			}
			b = append(b, `,"disabled":`...)
			b = strconv.AppendBool(b, c.Disabled)
			b = append(b, '}')
		default:
			return nil, false
		}
	}
	return append(b, ']'), true
}

func appendStrings(b []byte, ss []string) []byte {
	b = append(b, '[')
	for i, s := range ss {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendString(b, s)
	}
	return append(b, ']')
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
