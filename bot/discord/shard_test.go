package discord

import (
	"strconv"
	"testing"
)

func TestShardServes(t *testing.T) {
	// Guild ids built from a shard: the bits under 22 are the timestamp-free part Discord ignores.
	guild := func(shardKey uint64) string { return strconv.FormatUint(shardKey<<22|12345, 10) }
	tests := []struct {
		name  string
		shard Shard
		guild string
		want  bool
	}{
		{"one shard serves every guild", Shard{0, 1}, guild(7), true},
		{"one shard serves DMs", Shard{0, 1}, "", true},
		{"a guild is served by its shard", Shard{1, 3}, guild(7), true}, // 7 % 3 == 1
		{"a guild is not served by another shard", Shard{0, 3}, guild(7), false},
		{"a guild is not served by a third shard", Shard{2, 3}, guild(7), false},
		{"DMs are served by shard 0", Shard{0, 4}, "", true},
		{"DMs are not served by other shards", Shard{3, 4}, "", false},
		{"a real guild id lands where Discord puts it", Shard{0, 2}, "81384788765712384", (81384788765712384>>22)%2 == 0},
		{"a malformed guild id is served by nobody", Shard{0, 2}, "abc", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := tt.shard.Serves(tt.guild); got != tt.want {
				t.Errorf("%+v.Serves(%q) = %v, want %v", tt.shard, tt.guild, got, tt.want)
			}
		})
	}
}

func TestEveryGuildHasExactlyOneShard(t *testing.T) {
	for g := uint64(0); g < 200; g++ {
		id := strconv.FormatUint(g<<22|g, 10)
		n := 0
		for s := 0; s < 5; s++ {
			if (Shard{s, 5}).Serves(id) {
				n++
			}
		}
		if n != 1 {
			t.Fatalf("guild %s is served by %d shards", id, n)
		}
	}
}
