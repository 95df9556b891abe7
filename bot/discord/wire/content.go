package wire

import "tabuleiro/bot"

// content is a message's text as Discord shows it, with a link to the message it points to. It
// is the one place where a message's content becomes Discord's: every response, post, edit and
// follow-up takes its text from here.
func content(m bot.Message) string {
	if m.Jump == nil {
		return m.Content
	}
	guild := m.Jump.Guild
	if guild == "" {
		guild = "@me"
	}
	return m.Content + " https://discord.com/channels/" + guild + "/" + m.Jump.Channel + "/" + m.Jump.Message
}
