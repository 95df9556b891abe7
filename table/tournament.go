package table

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/metrics"
	"tabuleiro/say"
	"tabuleiro/store"
	"tabuleiro/tournament"
)

// A tournament's rounds are paired here (package tournament) and kept by the store, which stores
// each round once: whoever pairs a round (a request, the sweep, another process) compares the
// tournament's revision, and the loser reads what the winner stored. A game's result is recorded
// by the store in the transaction that ends it; the next round is paired right there, where every
// game's ending passes (ending.go), or else when the sweep finds the round over. Everything a round needs done later
// (a game to start, a withdrawn player's game to end, the round's time running out) leaves the
// tournament in the store's due index until it is done, so a restart finds it.

// Tournament durations.
const (
	DefaultRoundTime = 24 * time.Hour
	MinRoundTime     = time.Hour
	MaxRoundTime     = 7 * 24 * time.Hour
)

// NewTournament is what `tournament create` chose.
type NewTournament struct {
	Format    tournament.Format
	Rounds    int           // Swiss: 0 for the default, ceil(log2 players) + 1 when it starts
	RoundTime time.Duration // 0 for DefaultRoundTime
	Options   games.Options
	Rated     *bool      // nil: the server's setting
	Pace      store.Pace // each game's pace: live, or days per decision (the round lasts RoundTime)
	Thread    string     // the tournament's own thread, when the server uses threads: its games live there
}

// TournamentNotifier hears what a tournament did outside any request (the sweep): a round paired,
// games started or ended on time, the tournament finished. A Notifier may implement it.
type TournamentNotifier interface {
	TournamentAdvanced(ctx context.Context, a Advance)
}

// Advance is what one look at a tournament did, for the bot to show: nothing of it had been shown.
type Advance struct {
	Tournament store.Tournament
	// Ended are the games this look ended: lost on time when the round's time ran out, or resigned
	// for a player who withdrew.
	Ended []View
	// Rounds are the rounds (from 1: Tournament.Played[n-1]) this look paired, oldest first (several
	// when a round was over at once, every game of it forfeited), and a round shown again whose
	// message was never posted. Their messages ping the round's players (tournament.Round.Playing)
	// and say which games wait for a player (tournament.Round.Waiting).
	Rounds []int
	// Started are the games this look started, the new rounds' and those that waited for a player,
	// and the games of a round shown again whose boards were never posted.
	Started []View
	// Boards are the rounds (from 1) whose games' boards are among Started: the rounds this look
	// paired, and a round whose showing a process left undone. Once they are posted, NoteRoundBoards.
	Boards []int
	// Blocked are the players keeping a pairing of the current round waiting, to tell what ends
	// the wait: when the round starts, and once more at half its time.
	Blocked []Blocked
	// Finished: this look finished the tournament; Standings are its final standings.
	Finished  bool
	Standings []tournament.Standing
}

// Changed reports whether the look did anything to show.
func (a Advance) Changed() bool {
	return len(a.Ended) > 0 || len(a.Rounds) > 0 || len(a.Started) > 0 || len(a.Boards) > 0 || len(a.Blocked) > 0 || a.Finished
}

// Blocked is a player whose game of the tournament's kind, where it plays, keeps their pairing of
// round Round (board Board, from 0) from starting: it starts once that game ends, and is forfeited
// if the game is still on when the round's time ends.
type Blocked struct {
	Round, Board int
	Player       string
	Game         store.Game // the game that keeps them busy
	Reminder     bool       // half the round's time is gone; else the round just started
}

// Standings are a tournament's standings now.
type Standings struct {
	Tournament store.Tournament
	Rows       []tournament.Standing
}

// CreateTournament opens a tournament in the actor's channel for the actor's game; players join it
// until it starts.
func (t *Table) CreateTournament(a Actor, n NewTournament) (store.Tournament, error) {
	log := t.logOf(&a)
	if a.Place.Guild == "" {
		return store.Tournament{}, refuse(Refused, "refusal.tournament.dm")
	}
	if n.RoundTime == 0 {
		n.RoundTime = DefaultRoundTime
	}
	switch {
	case n.Format != tournament.SwissFormat && n.Format != tournament.RoundRobinFormat:
		return store.Tournament{}, refuse(Invalid, "refusal.tournament.format")
	case n.Format == tournament.RoundRobinFormat && n.Rounds != 0:
		return store.Tournament{}, refuse(Invalid, "refusal.tournament.rounds-round-robin")
	case n.Format == tournament.SwissFormat && (n.Rounds < 0 || n.Rounds > tournament.MaxSwissPlayers-1):
		return store.Tournament{}, refuse(Invalid, "refusal.tournament.rounds", "Max", tournament.MaxSwissPlayers-1)
	case n.RoundTime < MinRoundTime || n.RoundTime > MaxRoundTime:
		return store.Tournament{}, refuse(Invalid, "refusal.tournament.round-time")
	}
	g, err := catalog.New(a.Kind, n.Options)
	if err != nil {
		return store.Tournament{}, Problem(Invalid, err)
	}
	rated, err := t.rates(&a, g, n.Rated)
	if err != nil {
		return store.Tournament{}, err
	}
	if err := t.oneHere(a.Place.Channel, nil); err != nil {
		return store.Tournament{}, err
	}
	tr, err := t.st.CreateTournament(store.Tournament{Guild: a.Place.Guild, Channel: a.Place.Channel,
		Thread: n.Thread, Kind: a.Kind, Options: g.Options(), Format: n.Format, Rounds: n.Rounds,
		RoundTime: n.RoundTime, Rated: rated, Pace: n.Pace, Creator: a.User, Created: t.cfg.Now()})
	if errors.Is(err, store.ErrTournamentHere) {
		// Another was created here meanwhile: it is named.
		return store.Tournament{}, t.oneHere(a.Place.Channel, err)
	}
	if err != nil {
		return store.Tournament{}, err
	}
	log.Info("tournament created", "tournament", tr.ID, "format", n.Format, "rated", rated)
	return tr, nil
}

// oneHere refuses a tournament where one is open or running already (a channel, or a tournament's
// thread, holds one at a time), naming it; refused is the store's refusal when it was first to
// tell.
func (t *Table) oneHere(channel string, refused error) error {
	here, err := t.st.ChannelTournaments(channel)
	switch {
	case err != nil:
		return err
	case len(here) > 0:
		return refuse(Refused, "refusal.tournament.here", "Title", Describe(here[0].Kind).Title, "Tournament", here[0].ID)
	}
	return refused
}

// JoinTournament enters the actor in tournament id, with their rating in its game on the server
// (it orders players of equal score).
func (t *Table) JoinTournament(a Actor, id uint64) (store.Tournament, error) {
	tr, err := t.Tournament(id)
	if err != nil {
		return store.Tournament{}, err
	}
	s, err := t.st.Standing(tr.Guild, tr.Kind, a.User)
	if err != nil {
		return store.Tournament{}, err
	}
	tr, err = t.st.JoinTournament(id, a.User, s.Rating.Rating)
	if err != nil {
		return store.Tournament{}, err
	}
	t.logOf(&a).Info("joined a tournament", "tournament", id)
	return tr, nil
}

// Left is what leaving a tournament did: before its start the player is simply out; after it,
// they withdrew, and the game they were playing (Forfeited) is resigned, their opponent scoring it.
type Left struct {
	Tournament store.Tournament
	Forfeited  *View
	Advance    Advance // what the withdrawal led to: a round over, the next paired
}

// LeaveTournament takes the actor out of tournament id, or withdraws them from it once started.
func (t *Table) LeaveTournament(ctx context.Context, a Actor, id uint64) (Left, error) {
	tr, err := t.st.LeaveTournament(id, a.User)
	if err != nil {
		return Left{}, err
	}
	log := t.logOf(&a).With("tournament", id)
	left := Left{Tournament: tr}
	if tr.State != store.TournamentRunning {
		log.Info("left a tournament")
		return left, nil
	}
	log.Info("withdrew from a tournament")
	// The game under way is ended here; should that fail (or the process stop), the tournament
	// stays due and the sweep ends it.
	for _, p := range tr.Current().Pairings {
		if p.Game != 0 && !p.Decided() && (p.First == a.User || p.Second == a.User) {
			if v, ok := t.forfeitGame(t.st, p.Game, a.User); ok {
				left.Forfeited = &v
			}
		}
	}
	left.Advance = Advance{Tournament: tr}
	t.advance(t.st, &left.Advance)
	left.Tournament = left.Advance.Tournament
	return left, nil
}

// StartTournament pairs round 1 of tournament id and starts its games: the creator's or a
// manager's (manager: the actor may manage the server) decision.
func (t *Table) StartTournament(ctx context.Context, a Actor, id uint64, manager bool) (Advance, error) {
	tr, err := t.Tournament(id)
	if err != nil {
		return Advance{}, err
	}
	if tr.Creator != a.User && !manager {
		return Advance{}, refuse(Refused, "refusal.tournament.not-yours", "Creator", say.Mention(tr.Creator))
	}
	// A join or leave between the read and the pairing makes it pair again, a few times at most.
	for range 8 {
		switch {
		case tr.State != store.TournamentOpen:
			return Advance{}, store.ErrTournamentStarted
		case len(tr.Players) < 2:
			return Advance{}, refuse(Refused, "refusal.tournament.too-few", "Players", len(tr.Players))
		}
		first, rounds, err := t.firstRound(tr)
		if err != nil {
			return Advance{}, err
		}
		tr.Rounds = rounds
		stored, err := t.st.PairRound(tr, first)
		if errors.Is(err, store.ErrTournamentMoved) {
			// Someone joined or left while the round was paired: pair again.
			if tr, err = t.Tournament(id); err != nil {
				return Advance{}, err
			}
			continue
		}
		if err != nil {
			return Advance{}, err
		}
		metrics.RoundPaired()
		t.logOf(&a).Info("tournament started", "tournament", id, "players", len(tr.Players), "rounds", rounds)
		adv := Advance{Tournament: stored, Rounds: []int{1}, Boards: []int{1}}
		t.advance(t.st, &adv)
		return adv, nil
	}
	return Advance{}, refuse(Stale, "refusal.tournament.moving")
}

// CancelTournament stops tournament id: the creator's or a manager's decision. Games under way
// go on as ordinary games.
func (t *Table) CancelTournament(a Actor, id uint64, manager bool) (store.Tournament, error) {
	tr, err := t.Tournament(id)
	if err != nil {
		return store.Tournament{}, err
	}
	if tr.Creator != a.User && !manager {
		return store.Tournament{}, refuse(Refused, "refusal.tournament.not-yours", "Creator", say.Mention(tr.Creator))
	}
	tr, err = t.st.CancelTournament(id)
	if err != nil {
		return store.Tournament{}, err
	}
	t.logOf(&a).Info("tournament cancelled", "tournament", id)
	return tr, nil
}

// TournamentStandings ranks tournament id's players by the games decided so far.
func (t *Table) TournamentStandings(id uint64) (Standings, error) {
	tr, err := t.Tournament(id)
	if err != nil {
		return Standings{}, err
	}
	return Standings{Tournament: tr, Rows: standings(tr)}, nil
}

// Tournaments are the open and running tournaments where the actor is (a channel, or a
// tournament's thread), oldest first: the bot's commands find "the tournament here" among them.
func (t *Table) Tournaments(a Actor) ([]store.Tournament, error) {
	return t.st.ChannelTournaments(a.Place.Channel)
}

// LastEnded is the tournament that ended most recently where the actor is, having played at least
// a round (one cancelled before its start has no standings to read); false when there is none.
func (t *Table) LastEnded(a Actor) (store.Tournament, bool, error) {
	list, err := t.st.EndedTournaments(a.Place.Channel, 10)
	if err != nil {
		return store.Tournament{}, false, err
	}
	for _, tr := range list {
		if len(tr.Played) > 0 {
			return tr, true, nil
		}
	}
	return store.Tournament{}, false, nil
}

// InTournament reports whether game id was started for a tournament's pairing: its next game is
// the next round's, so its board offers no rematch.
func (t *Table) InTournament(id uint64) bool {
	_, err := t.st.GameTournament(id)
	return err == nil
}

// Advance looks at tournament id now: it ends the games a withdrawal or the round's time ended,
// starts the games waiting for a player, and pairs and starts the next round once the round is
// over (or finishes the tournament). A game's ending does it at once (ending.go), the sweep for
// whatever is due; it is safe to call at any time, from any process.
func (t *Table) Advance(id uint64) (Advance, error) {
	tr, err := t.Tournament(id)
	if err != nil {
		return Advance{}, err
	}
	adv := Advance{Tournament: tr}
	t.advance(t.st, &adv)
	return adv, nil
}

// LostOnTime reports whether game id (a tournament pairing's) was lost on time, which its round's
// results say.
func (t *Table) LostOnTime(id uint64) bool {
	rec, _, err := t.st.Game(id)
	return err == nil && rec.Outcome.Method == games.Time
}

// NoteRound records the message that announced a round (Advance.Rounds); a round left without one
// for store.AnnounceWait (its process died before posting it) is given again by the sweep. Note
// any non-empty id also when the announcement could not be posted (a 403), or every sweep gives
// the round again.
func (t *Table) NoteRound(id uint64, round int, messageID string) error {
	return t.st.SetRoundMessage(id, round, messageID)
}

// NoteRoundBoards records that the boards of a round's games were posted (Advance.Boards); until
// then the sweep posts, after store.AnnounceWait, those whose games have no message.
func (t *Table) NoteRoundBoards(id uint64, round int) error {
	return t.st.SetRoundBoards(id, round)
}

// sweepTournaments advances the tournaments due now and tells the notifier what changed.
func (t *Table) sweepTournaments(ctx context.Context, st store.Store, now time.Time) {
	due, err := st.TournamentsDue(now)
	if err != nil {
		t.log.Error("could not list the tournaments due", "err", err)
	}
	for _, tr := range due {
		adv := Advance{Tournament: tr}
		t.advance(st, &adv)
		if cur := adv.Tournament.Current(); adv.Tournament.State == store.TournamentRunning && len(adv.Rounds) == 0 && !cur.Shown() {
			t.reshow(st, &adv)
		}
		if n, ok := t.notify.(TournamentNotifier); ok && adv.Changed() {
			n.TournamentAdvanced(ctx, adv)
		}
	}
}

// reshow takes on showing the current round of adv.Tournament when the process that paired it
// (or last claimed it) did not within store.AnnounceWait, as when it died: the round's message if
// it was never posted, and the boards of its games that have none. The claim is the store's, so
// of two processes one shows it.
func (t *Table) reshow(st store.Store, adv *Advance) {
	number := len(adv.Tournament.Played)
	tr, err := st.ClaimRound(adv.Tournament.ID, number)
	if err != nil {
		if !errors.Is(err, store.ErrClaimed) && !errors.Is(err, store.ErrPaired) && !errors.Is(err, store.ErrTournamentClosed) {
			t.log.Error("could not claim a round to show it", "tournament", adv.Tournament.ID, "round", number, "err", err)
		}
		return
	}
	adv.Tournament = tr
	r := tr.Current()
	if r.MessageID == "" {
		adv.Rounds = []int{number}
	}
	if !r.Boards {
		for _, p := range r.Pairings {
			if p.Game == 0 || slices.ContainsFunc(adv.Started, func(v View) bool { return v.Game.ID == p.Game }) {
				continue
			}
			rec, g, err := st.Game(p.Game)
			switch {
			case err != nil:
				t.log.Error("could not read a tournament game to show it", "game", p.Game, "err", err)
			case rec.MessageID == "":
				adv.Started = append(adv.Started, View{Game: rec, Live: g})
			}
		}
		adv.Boards = append(adv.Boards, number)
	}
	if r.MessageID == "" {
		t.blocked(st, adv)
	}
	t.log.Info("showing a round its pairer left unshown", "tournament", tr.ID, "round", number,
		"message", r.MessageID == "", "boards", len(adv.Started))
}

// advance is Advance on st from adv.Tournament, adding to adv what it does.
func (t *Table) advance(st store.Store, adv *Advance) {
	t.advanceRounds(st, adv)
	t.blocked(st, adv)
}

// blocked tells of the players keeping a pairing of the current round waiting: when the round was
// just paired (or shown again), and once, from half the round's time, when they are still at it
// (the store's RemindRound makes it once across processes).
func (t *Table) blocked(st store.Store, adv *Advance) {
	tr := adv.Tournament
	number := len(tr.Played)
	if tr.State != store.TournamentRunning || number == 0 || slices.ContainsFunc(adv.Blocked, func(b Blocked) bool { return b.Round == number }) {
		return
	}
	r := tr.Current()
	waiting := r.Waiting()
	if len(waiting) == 0 {
		return
	}
	reminder := false
	switch {
	case slices.Contains(adv.Rounds, number):
	case !r.Reminded && !t.cfg.Now().Before(r.Started.Add(r.Deadline.Sub(r.Started)/2)):
		stored, err := st.RemindRound(tr.ID, number)
		if err != nil {
			if !errors.Is(err, store.ErrClaimed) && !errors.Is(err, store.ErrPaired) && !errors.Is(err, store.ErrTournamentClosed) {
				t.log.Error("could not note a round's reminder", "tournament", tr.ID, "round", number, "err", err)
			}
			return
		}
		adv.Tournament, reminder = stored, true
	default:
		return
	}
	for _, board := range waiting {
		p := r.Pairings[board]
		for _, user := range []string{p.First, p.Second} {
			if g, err := st.ActiveGame(tr.Where(), tr.Kind, user); err == nil {
				adv.Blocked = append(adv.Blocked, Blocked{Round: number, Board: board, Player: user, Game: g, Reminder: reminder})
			}
		}
	}
}

// advanceRounds settles the current round and pairs the next ones while rounds are over.
func (t *Table) advanceRounds(st store.Store, adv *Advance) {
	id := adv.Tournament.ID
	log := t.log.With("tournament", id)
	// A round over at once (all its games forfeited) is followed by the next: a bounded loop.
	for range 2 * tournament.MaxSwissPlayers {
		tr, err := st.Tournament(id)
		if err != nil {
			log.Error("could not read a tournament", "err", err)
			return
		}
		adv.Tournament = tr
		if tr.State != store.TournamentRunning {
			return
		}
		t.settleRound(st, adv, log)
		if tr, err = st.Tournament(id); err != nil {
			log.Error("could not read a tournament", "err", err)
			return
		}
		adv.Tournament = tr
		if !tr.Current().Over() {
			return
		}
		next, done, err := t.nextRound(tr)
		if err != nil {
			log.Error("could not pair a tournament's round", "err", err)
			return
		}
		if done {
			tr, err = st.FinishTournament(tr)
			switch {
			case err == nil:
				log.Info("tournament finished", "rounds", len(tr.Played))
				adv.Tournament, adv.Finished, adv.Standings = tr, true, standings(tr)
				return
			case errors.Is(err, store.ErrTournamentMoved):
				continue
			case !errors.Is(err, store.ErrPaired):
				log.Error("could not finish a tournament", "err", err)
			}
			return
		}
		tr, err = st.PairRound(tr, next)
		switch {
		case err == nil:
			metrics.RoundPaired()
			log.Info("round paired", "round", len(tr.Played))
			adv.Tournament = tr
			adv.Rounds = append(adv.Rounds, len(tr.Played))
			adv.Boards = append(adv.Boards, len(tr.Played))
		case errors.Is(err, store.ErrTournamentMoved):
			continue
		case errors.Is(err, store.ErrPaired):
			// Another process paired it; the games are started by whoever gets there first.
		default:
			log.Error("could not store a tournament's round", "err", err)
			return
		}
	}
}

// settleRound does what the current round needs now: it ends the games of players who withdrew,
// starts the games waiting for a player (or, once the round's time is over, forfeits them), and
// ends on time the games still on when the round's time is over.
func (t *Table) settleRound(st store.Store, adv *Advance, log *slog.Logger) {
	tr := adv.Tournament
	r := tr.Current()
	now := t.cfg.Now()
	over := !now.Before(r.Deadline)
	number := len(tr.Played)
	for board, p := range r.Pairings {
		switch {
		case p.Decided():
		case p.Game != 0 && (tr.Withdrew(p.First) || tr.Withdrew(p.Second)):
			quitter := p.First
			if !tr.Withdrew(p.First) {
				quitter = p.Second
			}
			if v, ok := t.forfeitGame(st, p.Game, quitter); ok {
				adv.Ended = append(adv.Ended, v)
			}
		case p.Game != 0 && over:
			if v, ok := t.timeOut(st, p.Game, now); ok {
				adv.Ended = append(adv.Ended, v)
			}
		case p.Game == 0 && over:
			result := t.busyForfeit(st, tr, p)
			if _, err := st.ForfeitPairing(tr.ID, number, board, result); err != nil && !errors.Is(err, store.ErrGameStarted) {
				log.Error("could not forfeit a pairing", "board", board, "err", err)
			}
		case p.Game == 0:
			v, err := t.startPairing(st, tr, number, board, now)
			switch {
			case err == nil:
				adv.Started = append(adv.Started, v)
			case errors.Is(err, store.ErrBusy), errors.Is(err, store.ErrGameStarted):
			default:
				log.Error("could not start a tournament game", "board", board, "err", err)
			}
		}
	}
}

// startPairing starts the game of a pairing as an accepted challenge would, in the tournament's
// thread (else its channel), rated as the tournament is.
func (t *Table) startPairing(st store.Store, tr store.Tournament, number, board int, now time.Time) (View, error) {
	p := tr.Played[number-1].Pairings[board]
	seed := tr.ID<<20 ^ uint64(number)<<8 ^ uint64(board)
	g, err := catalog.NewDealt(tr.Kind, tr.Options, t.rng(1, seed))
	if err != nil {
		return View{}, err
	}
	rec := store.Game{Guild: tr.Guild, Channel: tr.Where(), Kind: tr.Kind, Rated: tr.Rated, Created: now,
		Seats: [2]store.Player{{UserID: p.First}, {UserID: p.Second}}, Encoded: games.Encode(g), Pace: tr.Pace}
	t.startClock(&rec, g, now, t.away(rec))
	if end := tr.Played[number-1].Deadline; !rec.Deadline.IsZero() && end.Before(rec.Deadline) {
		rec.Deadline = end
	}
	t.turnStarts(&rec, g, now)
	rec, err = st.StartPairingGame(tr.ID, number, board, rec)
	if err != nil {
		return View{}, err
	}
	t.log.Info("tournament game started", "tournament", tr.ID, "round", number, "board", board, "game", rec.ID)
	return View{Game: rec, Live: g}, nil
}

// busyForfeit decides a pairing whose game could not start before the round's time ran out: the
// player still busy with another game loses; when both are (or neither, the other game having
// just ended), it is drawn.
func (t *Table) busyForfeit(st store.Store, tr store.Tournament, p tournament.Pairing) tournament.Result {
	_, err := st.ActiveGame(tr.Where(), tr.Kind, p.First)
	first := err == nil
	_, err = st.ActiveGame(tr.Where(), tr.Kind, p.Second)
	second := err == nil
	switch {
	case first && !second:
		return tournament.SecondWins
	case second && !first:
		return tournament.FirstWins
	}
	return tournament.Drawn
}

// forfeitGame ends game id as a resignation by user, who withdrew; false when it was already over.
func (t *Table) forfeitGame(st store.Store, id uint64, user string) (View, bool) {
	stale := ""
	rec, g, err := st.Update(id, -1, func(r *store.Game, g games.Game) error {
		seat := SeatOf(*r, user)
		if g.Outcome().Over() || seat == games.NoSeat {
			return errNotDue
		}
		r.Deadline = time.Time{}
		stale, r.Ping = r.Ping.Message, store.Ping{}
		return g.End(games.Resignation, seat)
	})
	if err != nil {
		if !errors.Is(err, errNotDue) {
			t.log.Error("could not forfeit a withdrawn player's game", "game", id, "err", err)
		}
		return View{}, false
	}
	t.log.Info("game forfeited by a withdrawal", "game", id)
	return View{Game: rec, Live: g, StalePing: stale}, true
}

// timeOut ends game id on time for the player to decide: the round's time is over.
func (t *Table) timeOut(st store.Store, id uint64, now time.Time) (View, bool) {
	stale := ""
	rec, g, err := st.Update(id, -1, func(r *store.Game, g games.Game) error {
		if g.Outcome().Over() {
			return errNotDue
		}
		r.Deadline = time.Time{}
		stale, r.Ping = r.Ping.Message, store.Ping{}
		return g.End(games.Time, g.ToMove())
	})
	if err != nil {
		if !errors.Is(err, errNotDue) {
			t.log.Error("could not end a game at its round's end", "game", id, "err", err)
		}
		return View{}, false
	}
	t.log.Info("game lost on time at the round's end", "game", id)
	return View{Game: rec, Live: g, StalePing: stale}, true
}

// firstRound pairs round 1 and says how many rounds the tournament plays.
func (t *Table) firstRound(tr store.Tournament) (store.TournamentRound, int, error) {
	players := entrants(tr)
	now := t.cfg.Now()
	if tr.Format == tournament.RoundRobinFormat {
		all, err := tournament.RoundRobin(players)
		if err != nil {
			return store.TournamentRound{}, 0, err
		}
		return t.storedRound(tr, all[0], now), len(all), nil
	}
	rounds := tr.Rounds
	if rounds == 0 {
		rounds = tournament.SwissRounds(len(players))
	}
	r, err := tournament.Swiss(players, nil, nil)
	if err != nil {
		return store.TournamentRound{}, 0, err
	}
	return t.storedRound(tr, r, now), rounds, nil
}

// nextRound pairs the round after the last one played, or says the tournament is done.
func (t *Table) nextRound(tr store.Tournament) (store.TournamentRound, bool, error) {
	players := entrants(tr)
	played := rounds(tr)
	now := t.cfg.Now()
	if len(played) >= tr.Rounds {
		return store.TournamentRound{}, true, nil
	}
	var next tournament.Round
	if tr.Format == tournament.RoundRobinFormat {
		all, err := tournament.RoundRobin(players)
		if err != nil {
			return store.TournamentRound{}, false, err
		}
		next = all[len(played)]
	} else {
		withdrawn := map[string]bool{}
		for _, e := range tr.Players {
			if e.Withdrawn {
				withdrawn[e.User] = true
			}
		}
		r, err := tournament.Swiss(players, played, withdrawn)
		if errors.Is(err, tournament.ErrNoPairing) {
			return store.TournamentRound{}, true, nil
		}
		if err != nil {
			return store.TournamentRound{}, false, err
		}
		next = r
	}
	return t.storedRound(tr, next, now), false, nil
}

// storedRound is a paired round as the store keeps it: a withdrawn player's games forfeited to
// their opponents (both withdrawn: drawn), and a withdrawn player's bye dropped.
func (t *Table) storedRound(tr store.Tournament, r tournament.Round, now time.Time) store.TournamentRound {
	var pairings []tournament.Pairing
	for _, p := range r.Pairings {
		a, b := tr.Withdrew(p.First), !p.Bye() && tr.Withdrew(p.Second)
		switch {
		case p.Bye() && a:
			continue
		case a && b:
			p.Result, p.Forfeit = tournament.Drawn, true
		case a:
			p.Result, p.Forfeit = tournament.SecondWins, true
		case b:
			p.Result, p.Forfeit = tournament.FirstWins, true
		}
		pairings = append(pairings, p)
	}
	r.Pairings = pairings
	return store.TournamentRound{Round: r, Started: now, Deadline: now.Add(tr.RoundTime)}
}

func entrants(tr store.Tournament) []tournament.Player {
	out := make([]tournament.Player, len(tr.Players))
	for i, e := range tr.Players {
		out[i] = tournament.Player{ID: e.User, Rating: e.Rating}
	}
	return out
}

// rounds are the rounds tr played, as the pairing and the standings read them.
func rounds(tr store.Tournament) []tournament.Round {
	out := make([]tournament.Round, len(tr.Played))
	for i, r := range tr.Played {
		out[i] = r.Round
	}
	return out
}

func standings(tr store.Tournament) []tournament.Standing {
	return tournament.Standings(tr.Format, entrants(tr), rounds(tr))
}

// Tournament reads tournament id (store.ErrNoTournament: there is none, refused where errors are
// worded).
func (t *Table) Tournament(id uint64) (store.Tournament, error) { return t.st.Tournament(id) }

// NoteTournament records the tournament's public message (its Join and Leave buttons).
func (t *Table) NoteTournament(id uint64, messageID string) {
	t.st.NoteTournamentMessage(id, messageID)
}

// TournamentThread records the thread started from the tournament's message: its rounds and games
// are played there from now on.
func (t *Table) TournamentThread(id uint64, thread string) (store.Tournament, error) {
	tr, err := t.st.SetTournamentThread(id, thread)
	if err != nil {
		return store.Tournament{}, err
	}
	return tr, nil
}

// UsesThreads reports whether a server gives its games and tournaments their own threads.
func (t *Table) UsesThreads(guild string) bool { return guild != "" && t.settings(guild).Threads }
