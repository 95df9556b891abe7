package table

import (
	"sync"
	"time"
)

// Defaults of Config.StartLimit and Config.StartWindow: enough for anyone challenging friends one
// after another, too few to ping a channel three hundred times.
const (
	DefaultStartLimit  = 5
	DefaultStartWindow = time.Minute
)

// cooldown limits how many games and challenges one member starts in a window, on the table's
// clock. It holds at most limit times for each member who started something in the last two
// windows: members gone quiet are forgotten at the next sweep.
type cooldown struct {
	mu     sync.Mutex
	limit  int // < 0: no limit
	window time.Duration
	starts map[string][]time.Time // oldest first, all within the window when last looked at
	swept  time.Time
}

func newCooldown(limit int, window time.Duration) *cooldown {
	if limit == 0 {
		limit = DefaultStartLimit
	}
	if window <= 0 {
		window = DefaultStartWindow
	}
	return &cooldown{limit: limit, window: window, starts: map[string][]time.Time{}}
}

// take counts a start by user at now, or refuses it (counting nothing) with how long to wait.
// Every start asked for counts, whether or not it then succeeds: a refused one cost us work too.
func (c *cooldown) take(user string, now time.Time) error {
	if c.limit < 0 {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sweep(now)
	times := c.starts[user]
	i := 0
	for i < len(times) && !now.Before(times[i].Add(c.window)) {
		i++
	}
	times = times[i:]
	if len(times) >= c.limit {
		c.starts[user] = times
		wait := min(times[0].Add(c.window).Sub(now), c.window) // the clock may have stepped back
		secs := max(int((wait+time.Second-1)/time.Second), 1)
		return refuse(Refused, "refusal.too-fast", "Count", secs)
	}
	c.starts[user] = append(times, now)
	return nil
}

// sweep forgets, once a window, the members whose last start is a window old.
func (c *cooldown) sweep(now time.Time) {
	if now.Sub(c.swept) < c.window && !now.Before(c.swept) {
		return
	}
	c.swept = now
	for user, times := range c.starts {
		if len(times) == 0 || !now.Before(times[len(times)-1].Add(c.window)) {
			delete(c.starts, user)
		}
	}
}

// members is how many members the cooldown remembers.
func (c *cooldown) members() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.starts)
}
