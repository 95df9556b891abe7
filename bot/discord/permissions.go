package discord

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// Permission is a set of Discord permission bits: the `permissions` integer of an invite link,
// an interaction's `app_permissions` (a decimal string on the wire).
type Permission uint64

// The permissions the bot asks for, each for one reason (Discord's "Bitwise Permission Flags").
// Everything else it says is an interaction response or goes through the interaction's webhook,
// which needs no permission in the channel.
const (
	// ViewChannel: the bot posts in, and edits, messages of channels it can see.
	ViewChannel Permission = 1 << 10
	// SendMessages: its own moves, expiry notices and turn pings after the interaction that caused
	// them has expired (a restart, a time-out); edits of its own messages need nothing more.
	SendMessages Permission = 1 << 11
	// AttachFiles: boards as pictures, a game's history as a text file when it does not fit in a
	// message, or as a GIF.
	AttachFiles Permission = 1 << 15
	// CreatePublicThreads: one thread per game, with the server setting `threads` on.
	CreatePublicThreads Permission = 1 << 35
	// SendMessagesInThreads: Send Messages does not apply in threads; this does.
	SendMessagesInThreads Permission = 1 << 38
)

// InvitePermissions is the `permissions` integer of the invite link: exactly the permissions
// above, nothing administrative. README.md's links are checked against it.
const InvitePermissions = ViewChannel | SendMessages | AttachFiles | CreatePublicThreads | SendMessagesInThreads

var permissionNames = []struct {
	p    Permission
	name string
}{
	{ViewChannel, "View Channel"},
	{SendMessages, "Send Messages"},
	{AttachFiles, "Attach Files"},
	{CreatePublicThreads, "Create Public Threads"},
	{SendMessagesInThreads, "Send Messages in Threads"},
}

// ParsePermission reads app_permissions (a decimal string).
func ParsePermission(s string) (Permission, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return 0, fmt.Errorf("permissions %q: not a decimal integer", s)
	}
	return Permission(n), nil
}

// Has reports whether p holds every permission of q.
func (p Permission) Has(q Permission) bool { return p&q == q }

// Missing is what q asks for that p lacks.
func (p Permission) Missing(q Permission) Permission { return q &^ p }

// String names the permissions as Discord's settings do ("View Channel, Send Messages"); a bit
// the bot never asks for is written as 1<<n.
func (p Permission) String() string {
	if p == 0 {
		return "no permission"
	}
	var names []string
	for _, pn := range permissionNames {
		if p.Has(pn.p) {
			names = append(names, pn.name)
			p &^= pn.p
		}
	}
	for p != 0 {
		n := bits.TrailingZeros64(uint64(p))
		names = append(names, fmt.Sprintf("1<<%d", n))
		p &^= 1 << n
	}
	return strings.Join(names, ", ")
}
