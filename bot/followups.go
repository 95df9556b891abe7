package bot

import (
	"context"
	"sync"
	"time"
)

// followupFor is how long the bot uses an interaction's follow-up after its reply: Discord's tokens
// are good for 15 minutes, and a minute is left for the work in flight.
const followupFor = 14 * time.Minute

// learnAfter is how old a board held by its follow-up, whose message id is unknown, gets before the bot asks its
// interaction for the id (see learnBoards): late enough that most boards are replaced first, early
// enough that the token still answers.
const learnAfter = 12 * time.Minute

// followups remembers, per game and per challenge, the follow-up of the interaction whose reply
// shows it now, so that the bot's own moves and notices go through that interaction while its token
// is good —
// where the bot user may not post (DMs, group DMs, channels without Send Messages) they could not
// go any other way. Tokens are not stored: after a restart, late work uses the channel.
type followups struct {
	mu                 sync.Mutex
	now                func() time.Time
	gen                uint64
	order              uint64 // the last nextOrder
	boards, challenges map[uint64]held
	// panels are people's private lesson and puzzle messages (see panelKey).
	panels map[uint64]held
}

// held is a follow-up and when the bot got it.
type held struct {
	f     Followup
	at    time.Time
	gen   uint64 // which set made it
	known bool   // the message's id is stored (with the game, for a board)
	order uint64 // setNewer: when the interaction that showed it was handled
}

func newFollowups(now func() time.Time) *followups {
	return &followups{now: now, boards: map[uint64]held{}, challenges: map[uint64]held{}, panels: map[uint64]held{}}
}

// set records f as what shows key now and returns what showed it before, while that is good. known
// says whether the id of f's message is stored already; when it is not, learnBoards asks for it.
func (l *followups) set(m map[uint64]held, key uint64, f Followup, known bool) Followup {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	prev, ok := m[key]
	l.gen++
	m[key] = held{f: f, at: now, gen: l.gen, known: known}
	if len(m) > 64 && len(m)%64 == 0 {
		for k, v := range m {
			if now.Sub(v.at) >= followupFor {
				delete(m, k)
			}
		}
	}
	if !ok || now.Sub(prev.at) >= followupFor {
		return nil
	}
	return prev.f
}

// setNewer is set for a message that replaces the one showing key only if it was asked for later
// (order, from nextOrder, taken when its interaction was handled): After steps may run out of
// order. It returns the follow-up whose message is superseded now: the previous one, or f itself
// when a later one is shown already.
func (l *followups) setNewer(m map[uint64]held, key uint64, f Followup, order uint64) Followup {
	l.mu.Lock()
	if prev, ok := m[key]; ok && prev.order > order && l.now().Sub(prev.at) < followupFor {
		l.mu.Unlock()
		return f
	}
	l.mu.Unlock()
	prev := l.set(m, key, f, true)
	l.mu.Lock()
	if v, ok := m[key]; ok && v.f == f {
		v.order = order
		m[key] = v
	}
	l.mu.Unlock()
	return prev
}

// nextOrder numbers an interaction as it is handled, for setNewer.
func (l *followups) nextOrder() uint64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.order++
	return l.order
}

// get is the follow-up that shows key, while it is good.
func (l *followups) get(m map[uint64]held, key uint64) Followup {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := m[key]
	if !ok || l.now().Sub(v.at) >= followupFor {
		return nil
	}
	return v.f
}

// drop forgets what showed key.
func (l *followups) drop(m map[uint64]held, key uint64) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(m, key)
}

// unknown is a message shown through a follow-up whose id is not stored.
type unknown struct {
	key, gen uint64
	f        Followup
}

// unknown lists the messages of m, at least age old, whose ids are not stored. Those past followupFor
// are listed too: asking a token that expired costs one refused request, and a clock that jumped
// (a machine waking from sleep) may have made a good one look old.
func (l *followups) unknown(m map[uint64]held, age time.Duration) []unknown {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	var out []unknown
	for k, v := range m {
		if !v.known && now.Sub(v.at) >= age {
			out = append(out, unknown{key: k, gen: v.gen, f: v.f})
		}
	}
	return out
}

// unknownOf is key's message, shown through a follow-up, when its id is not stored.
func (l *followups) unknownOf(m map[uint64]held, key uint64) (unknown, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	v, ok := m[key]
	if !ok || v.known {
		return unknown{}, false
	}
	return unknown{key: key, gen: v.gen, f: v.f}, true
}

// know runs store, which stores the id of u's message, if u still shows its key, and marks it known.
func (l *followups) know(m map[uint64]held, u unknown, store func()) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if v, ok := m[u.key]; ok && v.gen == u.gen {
		store()
		v.known = true
		m[u.key] = v
	}
}

// learnBoards asks the interactions of the boards they show, at least age old, whose message ids are not
// stored for their ids, and stores them with their games. A board posted as a reply to a command is
// known to the bot only by its interaction, whose token is good for 15 minutes; reading the id on every
// /move would cost a request per move, so it is read only when the board lasts longer than its token's
// usefulness, or when something needs it sooner (a turn ping's link, see boardID).
func (b *Bot) learnBoards(ctx context.Context, age time.Duration) {
	for _, u := range b.follow.unknown(b.follow.boards, age) {
		b.learn(ctx, u.key)
	}
}

// LearnBoards reads the ids of all the boards shown through follow-ups whose ids are not stored yet, a few at a time,
// until ctx ends: called before the program stops, so that after a restart the bot edits those
// boards instead of posting new ones (the interactions' tokens are not kept).
func (b *Bot) LearnBoards(ctx context.Context) {
	todo := b.follow.unknown(b.follow.boards, 0)
	if len(todo) == 0 {
		return
	}
	keys := make(chan uint64)
	var wg sync.WaitGroup
	for range min(8, len(todo)) {
		wg.Go(func() {
			for key := range keys {
				b.learn(ctx, key)
			}
		})
	}
	for _, u := range todo {
		if ctx.Err() != nil {
			break
		}
		keys <- u.key
	}
	close(keys)
	wg.Wait()
}

// learnEvery is how often Run looks for boards whose ids are to be learnt; dailyEvery, for daily
// puzzles due (as the table sweeps: a day's post, or a claim whose process died, comes within
// seconds of being due, not a minute).
const (
	learnEvery = time.Minute
	dailyEvery = 10 * time.Second
)

// runLearning posts the daily puzzles due, at once and as they fall due, and learns the boards'
// ids as they age, until ctx is done.
func (b *Bot) runLearning(ctx context.Context) {
	learn := time.NewTicker(learnEvery)
	defer learn.Stop()
	daily := time.NewTicker(dailyEvery)
	defer daily.Stop()
	b.postDailies(ctx)
	for {
		select {
		case <-ctx.Done():
			return
		case <-learn.C:
			b.learnBoards(ctx, learnAfter)
		case <-daily.C:
			b.postDailies(ctx)
		}
	}
}

// boardID is the id of the message that shows v's game now: the stored one, or, for a board whose
// id is not stored yet, the one its interaction tells (then stored).
func (b *Bot) boardID(ctx context.Context, v View) string {
	if v.Game.MessageID != "" {
		return v.Game.MessageID
	}
	return b.learn(ctx, v.Game.ID)
}

// learn asks the interaction that shows game key's board for its message id, when that is not stored,
// and stores it; "" when there is none or it cannot be read.
func (b *Bot) learn(ctx context.Context, key uint64) string {
	u, ok := b.follow.unknownOf(b.follow.boards, key)
	if !ok {
		return ""
	}
	id, err := u.f.Original(ctx)
	if err != nil {
		b.log.Debug("could not read the id of a board", "game", key, "err", err)
		return ""
	}
	b.follow.know(b.follow.boards, u, func() { b.t.NoteBoard(key, id) })
	return id
}
