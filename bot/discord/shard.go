package discord

import "strconv"

// Shard is this process's part of the guilds, as in Discord's gateway sharding: guild g belongs to
// shard (g >> 22) % Count. Direct messages belong to shard 0.
type Shard struct {
	ID, Count int
}

// Serves reports whether an interaction from guildID (empty for a DM) belongs to this shard.
// Discord already routes gateway events this way; checking again keeps a misconfigured process
// (or a proxy forwarding HTTP interactions) from playing games stored in another shard's file.
func (s Shard) Serves(guildID string) bool {
	if s.Count <= 1 {
		return true
	}
	if guildID == "" {
		return s.ID == 0
	}
	g, err := strconv.ParseUint(guildID, 10, 64)
	if err != nil {
		return false
	}
	return int((g>>22)%uint64(s.Count)) == s.ID
}
