package wire

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"tabuleiro/bot"
	"tabuleiro/say"
)

// content is a message's text as Discord shows it, with a link to the message it points to. It
// is the one place where a message's content becomes Discord's: every response, post, edit and
// follow-up takes its text from here.
func content(m bot.Message) string {
	text := markup(bot.Clip(m.Content, Size))
	if m.Jump == nil {
		return text
	}
	guild := m.Jump.Guild
	if guild == "" {
		guild = "@me"
	}
	return text + " https://discord.com/channels/" + guild + "/" + m.Jump.Channel + "/" + m.Jump.Message
}

// Size is how many characters r takes in Discord, which counts its markup (markup): the bot fits
// its messages to Discord's limit by it (the Sender's Size), and content clips by it.
func Size(r say.Rich) int { return utf8.RuneCountInString(markup(r)) }

// markup writes a text in Discord's markup: a mention <@id>, a moment <t:seconds:R> (each reader's
// client shows it relative to now, in their own language), emphasis **…**, a block fenced on lines
// of its own. The words are as they are.
func markup(r say.Rich) string {
	var b strings.Builder
	n := 0
	for _, p := range r {
		n += len(p.Text) + len("```text\n\n```") // room for any part's marks
	}
	b.Grow(n)
	for _, p := range r {
		switch p.Kind {
		case say.StrongPart:
			// Spaces stay outside the marks: "**in **" would not close (a closing ** must follow
			// a letter), as happens where emphasis is split around a mention or a channel.
			core := strings.TrimSpace(p.Text)
			if core == "" {
				b.WriteString(p.Text)
				break
			}
			lead := p.Text[:strings.Index(p.Text, core)]
			b.WriteString(lead + "**" + core + "**" + p.Text[len(lead)+len(core):])
		case say.MentionPart:
			b.WriteString("<@" + p.Text + ">")
		case say.ChannelPart:
			b.WriteString("<#" + p.Text + ">")
		case say.TimePart:
			b.WriteString("<t:" + strconv.FormatInt(p.At.Unix(), 10) + ":R>")
		case say.BlockPart:
			b.WriteString("```" + p.Lang + "\n" + p.Text + "\n```")
		default:
			b.WriteString(p.Text)
		}
	}
	return b.String()
}
