package discord

import (
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"tabuleiro/bot"
)

// Discord's own values of the bits the bot asks for, and of the ones it must never ask for.
func TestPermissionBitsAreDiscords(t *testing.T) {
	for _, tt := range []struct {
		p    Permission
		want uint64
	}{
		{ViewChannel, 1024}, {SendMessages, 2048}, {AttachFiles, 32768},
		{CreatePublicThreads, 34359738368}, {SendMessagesInThreads, 274877906944},
	} {
		if uint64(tt.p) != tt.want {
			t.Errorf("%s = %d, want %d", tt.p, uint64(tt.p), tt.want)
		}
	}
	const administrator, manageChannels, manageMessages, manageThreads = 1 << 3, 1 << 4, 1 << 13, 1 << 34
	for _, p := range []Permission{administrator, manageChannels, manageMessages, manageThreads} {
		if InvitePermissions&p != 0 {
			t.Errorf("the invite asks for %s", p)
		}
	}
	if s := InvitePermissions.String(); strings.Contains(s, "<<") {
		t.Errorf("the invite asks for a permission without a name and a reason: %s", s)
	}
}

// TestReadmeInviteLinksUseInvitePermissions keeps README.md's invite links from drifting: every
// permissions= integer in it is InvitePermissions, and the README names each permission.
func TestReadmeInviteLinksUseInvitePermissions(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	found := regexp.MustCompile(`permissions=(\d+)`).FindAllStringSubmatch(readme, -1)
	if len(found) == 0 {
		t.Fatal("README.md has no invite link with permissions=")
	}
	for _, m := range found {
		n, err := strconv.ParseUint(m[1], 10, 64)
		if err != nil || Permission(n) != InvitePermissions {
			t.Errorf("README.md: permissions=%s is %s; want permissions=%d (%s)", m[1], Permission(n), uint64(InvitePermissions), InvitePermissions)
		}
	}
	// Its table gives each permission's bit: | **View Channel** | 1024 | why |
	bits := map[string]string{}
	for _, m := range regexp.MustCompile(`(?m)^\s*\| \*\*([^*|]+)\*\* \| (\d+) \|`).FindAllStringSubmatch(readme, -1) {
		bits[m[1]] = m[2]
	}
	for _, pn := range permissionNames {
		if !InvitePermissions.Has(pn.p) {
			continue
		}
		if want := strconv.FormatUint(uint64(pn.p), 10); bits[pn.name] != want {
			t.Errorf("README.md's permission table: %s is %q, want a row | **%s** | %s | and why", pn.name, bits[pn.name], pn.name, want)
		}
	}
	if len(bits) != len(permissionNames) {
		t.Errorf("README.md's permission table has %d rows, the invite %d permissions", len(bits), len(permissionNames))
	}
}

// The core checks app_permissions with its own copies of the bits (it knows no Discord package);
// they must be the ones the invite asks for.
func TestTheCoresPermissionsAreTheInvites(t *testing.T) {
	for _, tt := range []struct {
		core uint64
		p    Permission
	}{
		{bot.PermViewChannel, ViewChannel}, {bot.PermSendMessages, SendMessages},
		{bot.PermSendMessagesInThreads, SendMessagesInThreads},
	} {
		if tt.core != uint64(tt.p) || !InvitePermissions.Has(tt.p) {
			t.Errorf("the core checks %d for %s (%d), or the invite lacks it", tt.core, tt.p, uint64(tt.p))
		}
	}
}

func TestPermissionNamesWhatIsMissing(t *testing.T) {
	have, err := ParsePermission("3072")
	if err != nil {
		t.Fatal(err)
	}
	if !have.Has(ViewChannel|SendMessages) || have.Has(SendMessagesInThreads) {
		t.Errorf("3072 = %s", have)
	}
	if got := have.Missing(ViewChannel | SendMessagesInThreads).String(); got != "Send Messages in Threads" {
		t.Errorf("missing %q", got)
	}
	if got := Permission(1<<3 | 1<<10).String(); got != "View Channel, 1<<3" {
		t.Errorf("String = %q", got)
	}
	if got := have.Missing(SendMessages).String(); got != "no permission" {
		t.Errorf("nothing missing reads %q", got)
	}
	if _, err := ParsePermission("-1"); err == nil {
		t.Error("-1 parsed as permissions")
	}
}
