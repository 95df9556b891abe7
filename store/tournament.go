package store

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"time"

	"tabuleiro/games"
	"tabuleiro/tournament"
)

// Tournaments are the Swiss and round-robin tournaments of a server: their players, their rounds
// and the games started for them. The table pairs; the store keeps each round exactly once:
// PairRound is a compare-and-swap on the tournament's record (its Revision), so that two processes
// pairing the same round find one of them paired it. A tournament game's result is recorded in the
// transaction that ends the game, whatever ends it.
type Tournaments interface {
	CreateTournament(t Tournament) (Tournament, error)
	Tournament(id uint64) (Tournament, error)
	JoinTournament(id uint64, user string, rating float64) (Tournament, error)
	LeaveTournament(id uint64, user string) (Tournament, error)
	PairRound(read Tournament, r TournamentRound) (Tournament, error)
	StartPairingGame(id uint64, round, board int, g Game) (Game, error)
	ForfeitPairing(id uint64, round, board int, result tournament.Result) (Tournament, error)
	FinishTournament(read Tournament) (Tournament, error)
	CancelTournament(id uint64) (Tournament, error)
	NoteTournamentMessage(id uint64, messageID string)
	SetTournamentThread(id uint64, thread string) (Tournament, error)
	SetRoundMessage(id uint64, round int, messageID string) error
	ClaimRound(id uint64, round int) (Tournament, error)
	RemindRound(id uint64, round int) (Tournament, error)
	SetRoundBoards(id uint64, round int) error
	TournamentsDue(now time.Time) ([]Tournament, error)
	ChannelTournaments(channel string) ([]Tournament, error)
	EndedTournaments(channel string, limit int) ([]Tournament, error)
	GameTournament(gameID uint64) (Tournament, error)
}

// Errors of the tournaments, each a refusal that changed nothing.
var (
	// ErrNoTournament is ErrNotFound for a tournament.
	ErrNoTournament      = fmt.Errorf("there is no such tournament: %w", ErrNotFound)
	ErrTournamentStarted = errors.New("this tournament has started: nobody joins it now")
	ErrTournamentClosed  = errors.New("this tournament is over or cancelled")
	ErrTournamentFull    = errors.New("this tournament is full") // a *FullError says how many it takes
	// ErrTournamentHere refuses a second tournament open or running in one channel (or thread).
	ErrTournamentHere = errors.New("a tournament is open or running in this channel")
	ErrEntered        = errors.New("this player is already in the tournament")
	ErrNotEntered     = errors.New("this player is not in the tournament")
	// ErrPaired is the loser's answer to racing to pair a round (or finish a tournament): another
	// process did it first. Read the tournament again.
	ErrPaired = errors.New("this round is already paired")
	// ErrTournamentMoved refuses a pairing computed from a tournament that changed since it was
	// read (a player joined, left or a result came in): read it again and pair again.
	ErrTournamentMoved = errors.New("the tournament changed since it was read: pair again")
	ErrGameStarted     = errors.New("this pairing's game has already started or been decided")
	// ErrClaimed refuses to show a round that is shown, or that another process took on showing
	// less than AnnounceWait ago.
	ErrClaimed = errors.New("this round is shown or being shown")
)

// FullError is ErrTournamentFull with the most players the tournament takes.
type FullError struct{ Max int }

func (e *FullError) Error() string {
	return fmt.Sprintf("%v: it takes %d players", ErrTournamentFull, e.Max)
}

func (e *FullError) Is(target error) bool { return target == ErrTournamentFull }

// TournamentState is where a tournament stands.
type TournamentState uint8

const (
	TournamentOpen      TournamentState = iota // taking players
	TournamentRunning                          // its rounds are being played
	TournamentFinished                         // every round played
	TournamentCancelled                        // stopped by its creator or a manager
)

var tournamentStateNames = [...]string{"open", "running", "finished", "cancelled"}

func (s TournamentState) String() string {
	if int(s) < len(tournamentStateNames) {
		return tournamentStateNames[s]
	}
	return "tournament state " + itoa(uint64(s))
}

// Entrant is a tournament's player: the rating they joined with (it orders players of equal
// score) and whether they withdrew.
type Entrant struct {
	User      string
	Rating    float64
	Withdrawn bool
}

// TournamentRound is one round as the store keeps it: its pairings (tournament.Round: in board
// order, the bye last, each linked to its game once started), when it started and when its time
// ends, and how far it was shown.
type TournamentRound struct {
	tournament.Round
	Started, Deadline time.Time
	MessageID         string // the message that announced the round, once noted
	// Boards: the boards of the games started with the round were posted (SetRoundBoards).
	Boards bool
	// Claimed is when a process last took on showing the round (ClaimRound); the one that paired
	// it holds it from Started.
	Claimed time.Time
	// Reminded: the players keeping a pairing waiting were reminded at half the round's time
	// (RemindRound).
	Reminded bool
}

// AnnounceWait is how long a round may stay unshown (no MessageID, or its boards not posted)
// after it was paired or claimed before the tournament is due again, so that a round whose
// message or boards a dead process never posted is shown by another.
const AnnounceWait = time.Minute

// Shown reports whether the round's message and its games' boards were posted.
func (r TournamentRound) Shown() bool { return r.MessageID != "" && r.Boards }

// claimedUntil is when the claim on showing the round lapses.
func (r TournamentRound) claimedUntil() time.Time {
	at := r.Started
	if r.Claimed.After(at) {
		at = r.Claimed
	}
	return at.Add(AnnounceWait)
}

// Tournament is a tournament and everything decided in it.
type Tournament struct {
	ID                     uint64
	Guild, Channel, Thread string // Thread: its own thread, where its games live, when it has one
	Kind                   string
	Options                games.Options
	Format                 tournament.Format
	Rounds                 int // how many rounds it plays: fixed when it starts
	RoundTime              time.Duration
	Rated                  bool
	Pace                   Pace // each game's pace; the round still lasts RoundTime
	Creator                string
	MessageID              string
	State                  TournamentState
	Created                time.Time
	Ended                  time.Time // when it finished or was cancelled
	Players                []Entrant // in the order they joined (a round-robin's draw)
	Played                 []TournamentRound
	// Revision counts the writes of the record: PairRound and FinishTournament compare it.
	Revision uint64
}

// Current is the round being played (or the last one played), nil before the first.
func (t Tournament) Current() *TournamentRound {
	if len(t.Played) == 0 {
		return nil
	}
	return &t.Played[len(t.Played)-1]
}

// Entrant is the player with a user id, nil when they are not in the tournament.
func (t Tournament) Entrant(user string) *Entrant {
	for i := range t.Players {
		if t.Players[i].User == user {
			return &t.Players[i]
		}
	}
	return nil
}

// Where is the channel the tournament's messages and games live in: its thread, else its channel.
func (t Tournament) Where() string {
	if t.Thread != "" {
		return t.Thread
	}
	return t.Channel
}

// Withdrew reports whether a player left the tournament after it started.
func (t Tournament) Withdrew(user string) bool {
	e := t.Entrant(user)
	return e != nil && e.Withdrawn
}

// MaxPlayers is the most players the tournament's format takes.
func (t Tournament) MaxPlayers() int {
	if t.Format == tournament.RoundRobinFormat {
		return tournament.MaxRoundRobinPlayers
	}
	return tournament.MaxSwissPlayers
}

// due is when the table must next look at a running tournament: at once when its round is over,
// a pairing waits for its game or a withdrawn player's game is still on; else when the round's
// time ends. Zero for a tournament not running.
func (t Tournament) due() time.Time {
	r := t.Current()
	if t.State != TournamentRunning || r == nil {
		return time.Time{}
	}
	if r.Over() {
		return r.Started
	}
	for _, p := range r.Pairings {
		if p.Decided() {
			continue
		}
		if p.Game == 0 || t.Withdrew(p.First) || t.Withdrew(p.Second) {
			return r.Started
		}
	}
	if at := r.claimedUntil(); !r.Shown() && at.Before(r.Deadline) {
		return at
	}
	return r.Deadline
}

// CreateTournament stores a new open tournament without players: it assigns the ID. Created
// defaults to now. A channel (or thread) holds one tournament open or running at a time:
// ErrTournamentHere when it has one.
func (s *DB) CreateTournament(t Tournament) (Tournament, error) {
	if !checkText(t.Guild, t.Channel, t.Thread, t.Kind, t.Creator) {
		return Tournament{}, errors.New("store: a tournament's ids may not contain a zero byte")
	}
	if t.Created.IsZero() {
		t.Created = s.opt.Now()
	}
	t.State, t.Players, t.Played, t.Revision = TournamentOpen, nil, nil, 0
	var out Tournament
	var refusal error
	err := s.commit(func(tx Tx) error {
		refusal = nil
		for _, place := range []string{t.Channel, t.Thread} {
			if place != "" && len(ids(tx, bTournamentChannel, key(place), false, 1)) > 0 {
				refusal = ErrTournamentHere
				return nil
			}
		}
		id, err := tx.Bucket(bTournaments).NextSequence()
		if err != nil {
			return err
		}
		out = t
		out.ID = id
		return putTournament(tx, nil, &out)
	})
	if err != nil {
		return Tournament{}, fmt.Errorf("store: creating a tournament: %w", err)
	}
	if refusal != nil {
		return Tournament{}, refusal
	}
	return out, nil
}

// Tournament returns one tournament by id (ErrNotFound when there is none).
func (s *DB) Tournament(id uint64) (Tournament, error) {
	var t Tournament
	err := s.view(func(tx Tx) (err error) {
		t, err = getTournament(tx, id)
		return err
	})
	return t, err
}

// JoinTournament adds a player to an open tournament. Refusals: ErrTournamentStarted,
// ErrTournamentClosed, ErrEntered, ErrTournamentFull.
func (s *DB) JoinTournament(id uint64, user string, rating float64) (Tournament, error) {
	if !checkText(user) || user == "" {
		return Tournament{}, errors.New("store: a tournament's player needs an id without a zero byte")
	}
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		switch {
		case t.State == TournamentRunning:
			return ErrTournamentStarted
		case t.State != TournamentOpen:
			return ErrTournamentClosed
		case t.Entrant(user) != nil:
			return ErrEntered
		case len(t.Players) >= t.MaxPlayers():
			return &FullError{Max: t.MaxPlayers()}
		}
		t.Players = append(t.Players, Entrant{User: user, Rating: rating})
		return nil
	})
}

// LeaveTournament takes a player out of an open tournament, or withdraws them from a running one:
// the pairings of the current round whose games have not started are forfeited to their
// opponents, and later rounds skip them. A game of theirs still being played is the table's to
// end (it stays due until then). Refusals: ErrNotEntered, ErrTournamentClosed.
func (s *DB) LeaveTournament(id uint64, user string) (Tournament, error) {
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		e := t.Entrant(user)
		switch {
		case t.State != TournamentOpen && t.State != TournamentRunning:
			return ErrTournamentClosed
		case e == nil || e.Withdrawn:
			return ErrNotEntered
		case t.State == TournamentOpen:
			for i := range t.Players {
				if t.Players[i].User == user {
					t.Players = append(t.Players[:i], t.Players[i+1:]...)
					break
				}
			}
			return nil
		}
		e.Withdrawn = true
		r := t.Current()
		for i, p := range r.Pairings {
			if p.Decided() || p.Game != 0 {
				continue
			}
			switch user {
			case p.First:
				r.Pairings[i].Result, r.Pairings[i].Forfeit = tournament.SecondWins, true
			case p.Second:
				r.Pairings[i].Result, r.Pairings[i].Forfeit = tournament.FirstWins, true
			}
		}
		return nil
	})
}

// PairRound stores the next round of the tournament read: round 1 starts an open tournament (with
// read.Rounds as the number of rounds it plays), a later one follows a round that is over. It
// compares the stored record with the one read: when that round is already stored the answer is
// ErrPaired (another process paired it: read it again); when anything else changed,
// ErrTournamentMoved (pair again from a new read). The pairings' games are started afterwards
// (StartPairingGame), each once.
func (s *DB) PairRound(read Tournament, r TournamentRound) (Tournament, error) {
	number := len(read.Played) + 1
	return s.changeTournament(read.ID, func(t *Tournament, _ Tx) error {
		switch {
		case len(t.Played) >= number:
			return ErrPaired
		case t.State != TournamentOpen && t.State != TournamentRunning:
			return ErrTournamentClosed
		case t.Revision != read.Revision:
			return ErrTournamentMoved
		case number == 1 && t.State != TournamentOpen:
			return ErrPaired
		case number > 1 && !t.Played[number-2].Over():
			return fmt.Errorf("store: round %d of tournament %d is not over", number-1, t.ID)
		case len(r.Pairings) == 0:
			return fmt.Errorf("store: round %d of tournament %d has no pairings", number, t.ID)
		}
		for _, p := range r.Pairings {
			if p.Game != 0 {
				return fmt.Errorf("store: a new pairing of tournament %d names game %d", t.ID, p.Game)
			}
		}
		if number == 1 {
			t.State, t.Rounds = TournamentRunning, read.Rounds
		}
		t.Played = append(t.Played, r)
		return nil
	})
}

// StartPairingGame creates the game of pairing board of round (both from 1 and 0) and links it to
// the pairing, in one transaction, so the pairing's game starts once. The game's Seats must be the
// pairing's (First in seat 0). Refusals: ErrGameStarted (started before, or decided), ErrBusy (a
// player has another active game of the kind in the game's channel: try later), ErrPaired (not
// the current round), ErrTournamentClosed.
func (s *DB) StartPairingGame(id uint64, round, board int, g Game) (Game, error) {
	g, err := s.prepareNew(g)
	if err != nil {
		return Game{}, err
	}
	var out Game
	_, err = s.changeTournament(id, func(t *Tournament, tx Tx) error {
		out = Game{}
		p, err := t.pairing(round, board)
		if err != nil {
			return err
		}
		switch {
		case p.Decided() || p.Game != 0:
			return ErrGameStarted
		case g.Seats[0].UserID != p.First || g.Seats[1].UserID != p.Second:
			return fmt.Errorf("store: the game's seats are not pairing %d of round %d", board, round)
		case busy(tx, g):
			return ErrBusy
		}
		gid, err := tx.Bucket(bGames).NextSequence()
		if err != nil {
			return err
		}
		ng := g
		ng.ID = gid
		if err := putGame(tx, nil, ng); err != nil {
			return err
		}
		p.Game, out = gid, ng
		return nil
	})
	if err != nil {
		return Game{}, err
	}
	return out, nil
}

// ForfeitPairing decides a pairing of the current round whose game never started (a player kept
// busy past the round's end): result as the table decides. ErrGameStarted when it has a game or a
// result.
func (s *DB) ForfeitPairing(id uint64, round, board int, result tournament.Result) (Tournament, error) {
	if result == tournament.Pending {
		return Tournament{}, errors.New("store: a forfeit needs a result")
	}
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		p, err := t.pairing(round, board)
		if err != nil {
			return err
		}
		if p.Decided() || p.Game != 0 {
			return ErrGameStarted
		}
		p.Result, p.Forfeit = result, true
		return nil
	})
}

// pairing is pairing board (from 0) of round (from 1), which must be the current round of a
// running tournament.
func (t *Tournament) pairing(round, board int) (*tournament.Pairing, error) {
	switch {
	case t.State != TournamentRunning:
		return nil, ErrTournamentClosed
	case round != len(t.Played):
		return nil, ErrPaired
	case board < 0 || board >= len(t.Played[round-1].Pairings):
		return nil, fmt.Errorf("store: round %d of tournament %d has no pairing %d", round, t.ID, board)
	}
	return &t.Played[round-1].Pairings[board], nil
}

// FinishTournament ends the running tournament read once its last round is over. ErrPaired when
// another process finished it or paired another round; ErrTournamentMoved when it changed since.
func (s *DB) FinishTournament(read Tournament) (Tournament, error) {
	return s.changeTournament(read.ID, func(t *Tournament, _ Tx) error {
		switch {
		case t.State == TournamentFinished || len(t.Played) != len(read.Played):
			return ErrPaired
		case t.State != TournamentRunning:
			return ErrTournamentClosed
		case t.Revision != read.Revision:
			return ErrTournamentMoved
		case !t.Current().Over():
			return fmt.Errorf("store: round %d of tournament %d is not over", len(t.Played), t.ID)
		}
		t.State, t.Ended = TournamentFinished, s.opt.Now()
		return nil
	})
}

// CancelTournament stops an open or running tournament; games under way go on as ordinary games.
func (s *DB) CancelTournament(id uint64) (Tournament, error) {
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		if t.State != TournamentOpen && t.State != TournamentRunning {
			return ErrTournamentClosed
		}
		t.State, t.Ended = TournamentCancelled, s.opt.Now()
		return nil
	})
}

// NoteTournamentMessage records the tournament's public message, like NoteMessage.
func (s *DB) NoteTournamentMessage(id uint64, messageID string) {
	s.note(bTournaments, u64(id), func(old []byte) []byte {
		t, err := decodeTournament(id, old)
		if err != nil || t.MessageID == messageID {
			return old
		}
		t.MessageID = messageID
		return encodeTournament(t)
	})
}

// SetTournamentThread records the tournament's own thread, started from its message: its games
// and rounds live there from now on, and it is found from the thread as from its channel.
func (s *DB) SetTournamentThread(id uint64, thread string) (Tournament, error) {
	if !checkText(thread) {
		return Tournament{}, errors.New("store: a thread id may not contain a zero byte")
	}
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		if t.State != TournamentOpen && t.State != TournamentRunning {
			return ErrTournamentClosed
		}
		t.Thread = thread
		return nil
	})
}

// SetRoundMessage records the message that announced round (from 1). A commit of its own, not a
// note: an unannounced round keeps its tournament due (AnnounceWait), so the due index follows it.
func (s *DB) SetRoundMessage(id uint64, round int, messageID string) error {
	_, err := s.changeTournament(id, func(t *Tournament, _ Tx) error {
		if round < 1 || round > len(t.Played) {
			return fmt.Errorf("store: tournament %d has no round %d", id, round)
		}
		t.Played[round-1].MessageID = messageID
		return nil
	})
	return err
}

// ClaimRound takes on showing round (from 1) of a running tournament, its message and its
// games' boards, for AnnounceWait from now: the sweep's way to show a round whose process died
// before it did, without two processes posting it. ErrClaimed when the round is shown or its
// claim (the pairer's, from its start) has not lapsed; ErrPaired when it is not the current round.
func (s *DB) ClaimRound(id uint64, round int) (Tournament, error) {
	now := s.opt.Now()
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		switch {
		case t.State != TournamentRunning:
			return ErrTournamentClosed
		case round != len(t.Played):
			return ErrPaired
		}
		r := &t.Played[round-1]
		if r.Shown() || now.Before(r.claimedUntil()) {
			return ErrClaimed
		}
		r.Claimed = now
		return nil
	})
}

// RemindRound records that the players keeping a pairing of round (from 1) waiting were
// reminded at half the round's time, so that of two processes one reminds them, once. ErrClaimed
// when they were; ErrPaired when it is not the current round.
func (s *DB) RemindRound(id uint64, round int) (Tournament, error) {
	return s.changeTournament(id, func(t *Tournament, _ Tx) error {
		switch {
		case t.State != TournamentRunning:
			return ErrTournamentClosed
		case round != len(t.Played):
			return ErrPaired
		case t.Played[round-1].Reminded:
			return ErrClaimed
		}
		t.Played[round-1].Reminded = true
		return nil
	})
}

// SetRoundBoards records that the boards of the games started with round (from 1) were posted.
func (s *DB) SetRoundBoards(id uint64, round int) error {
	_, err := s.changeTournament(id, func(t *Tournament, _ Tx) error {
		if round < 1 || round > len(t.Played) {
			return fmt.Errorf("store: tournament %d has no round %d", id, round)
		}
		t.Played[round-1].Boards = true
		return nil
	})
	return err
}

// TournamentsDue returns the running tournaments the table must look at by now: a round over or
// a game to start, or a round's time ended. Earliest first.
func (s *DB) TournamentsDue(now time.Time) ([]Tournament, error) {
	return s.tournaments(func(tx Tx) []uint64 { return due(tx, bTournamentDue, now) })
}

// ChannelTournaments returns the open and running tournaments of a channel or of a tournament's
// thread (a tournament with a thread is listed under both), oldest first.
func (s *DB) ChannelTournaments(channel string) ([]Tournament, error) {
	return s.tournaments(func(tx Tx) []uint64 { return ids(tx, bTournamentChannel, key(channel), false, 0) })
}

// EndedTournaments returns up to limit finished and cancelled tournaments of a channel or of a
// tournament's thread, the most recently ended first: their final standings stay to be read.
func (s *DB) EndedTournaments(channel string, limit int) ([]Tournament, error) {
	return s.tournaments(func(tx Tx) []uint64 { return ids(tx, bTournamentEnded, key(channel), true, limit) })
}

// GameTournament returns the tournament a game was started for (ErrNotFound: none).
func (s *DB) GameTournament(gameID uint64) (Tournament, error) {
	var t Tournament
	err := s.view(func(tx Tx) (err error) {
		v := tx.Bucket(bTournamentGame).Get(u64(gameID))
		if v == nil {
			return ErrNotFound
		}
		t, err = getTournament(tx, idAt(v))
		return err
	})
	return t, err
}

// settleTournament records the result of a tournament game in the transaction that ends it.
func settleTournament(tx Tx, old Game, rec Game) error {
	if old.State != Active || rec.State != Finished || !rec.Outcome.Over() {
		return nil
	}
	v := tx.Bucket(bTournamentGame).Get(u64(rec.ID))
	if v == nil {
		return nil
	}
	tid := idAt(v)
	t, err := getTournament(tx, tid)
	if err != nil {
		return nil // a damaged tournament must not stop its game from ending
	}
	before := t
	before.Played = cloneRounds(t.Played)
	if t.State != TournamentRunning {
		return nil
	}
	for ri := range t.Played {
		for pi, p := range t.Played[ri].Pairings {
			if p.Game != rec.ID || p.Result != tournament.Pending {
				continue
			}
			switch rec.Outcome.Winner {
			case 0:
				t.Played[ri].Pairings[pi].Result = tournament.FirstWins
			case 1:
				t.Played[ri].Pairings[pi].Result = tournament.SecondWins
			default:
				t.Played[ri].Pairings[pi].Result = tournament.Drawn
			}
			return putTournament(tx, &before, &t)
		}
	}
	return nil
}

// settleRetired draws the pairing of a tournament game retired without a result (Retire: its
// record cannot be read), in the transaction that retires it, so that its round goes on: nobody
// can play it out, and the round's end cannot time it out.
func settleRetired(tx Tx, gameID uint64) error {
	v := tx.Bucket(bTournamentGame).Get(u64(gameID))
	if v == nil {
		return nil
	}
	t, err := getTournament(tx, idAt(v))
	if err != nil || t.State != TournamentRunning {
		return nil // a damaged tournament must not stop its game from being retired
	}
	before := t
	before.Played = cloneRounds(t.Played)
	for ri := range t.Played {
		for pi, p := range t.Played[ri].Pairings {
			if p.Game == gameID && p.Result == tournament.Pending {
				t.Played[ri].Pairings[pi].Result = tournament.Drawn
				return putTournament(tx, &before, &t)
			}
		}
	}
	return nil
}

// changeTournament is one read-modify-write transaction on a tournament; an error from fn is a
// refusal: nothing is written and the error is returned as is.
func (s *DB) changeTournament(id uint64, fn func(t *Tournament, tx Tx) error) (Tournament, error) {
	var refusal error
	var out Tournament
	err := s.commit(func(tx Tx) error {
		refusal, out = nil, Tournament{}
		t, err := getTournament(tx, id)
		if err != nil {
			refusal = err
			return nil
		}
		old := t
		old.Players, old.Played = append([]Entrant(nil), t.Players...), cloneRounds(t.Played)
		if refusal = fn(&t, tx); refusal != nil {
			return nil
		}
		t.ID = id
		out = t
		return putTournament(tx, &old, &out)
	})
	if err != nil {
		return Tournament{}, fmt.Errorf("store: changing tournament %d: %w", id, err)
	}
	if refusal != nil {
		return Tournament{}, refusal
	}
	return out, nil
}

func cloneRounds(rs []TournamentRound) []TournamentRound {
	out := make([]TournamentRound, len(rs))
	for i, r := range rs {
		out[i] = r
		out[i].Pairings = append([]tournament.Pairing(nil), r.Pairings...)
	}
	return out
}

// tournaments loads the tournaments an index lists, skipping (and reporting) unreadable ones.
func (s *DB) tournaments(list func(tx Tx) []uint64) ([]Tournament, error) {
	var out []Tournament
	var bad []error
	err := s.view(func(tx Tx) error {
		out, bad = nil, nil
		for _, id := range list(tx) {
			t, err := getTournament(tx, id)
			if err != nil {
				bad = append(bad, indexed(bucketTournaments, id, err))
				continue
			}
			out = append(out, t)
		}
		return nil
	})
	s.skip(bad)
	return out, err
}

func getTournament(tx Tx, id uint64) (Tournament, error) {
	v := tx.Bucket(bTournaments).Get(u64(id))
	if v == nil {
		return Tournament{}, ErrNoTournament
	}
	return decodeTournament(id, v)
}

// putTournament writes a tournament with its revision advanced and moves its index entries from
// those of old (nil: new).
func putTournament(tx Tx, old *Tournament, t *Tournament) error {
	var was []entry
	if old != nil {
		was = tournamentEntries(*old)
		t.Revision = old.Revision + 1
	}
	if err := reindex(tx, was, tournamentEntries(*t)); err != nil {
		return err
	}
	return tx.Bucket(bTournaments).Put(u64(t.ID), encodeTournament(*t))
}

// Tournament buckets: the records, and their indexes: channel 0 id (open and running), channel 0
// ended time id (finished and cancelled), due time id (running), and game id -> tournament id for
// every game started for a pairing.
const bucketTournaments = "tournaments"

var (
	bTournaments       = []byte(bucketTournaments)
	bTournamentChannel = []byte("tournaments-by-channel")
	bTournamentEnded   = []byte("tournaments-ended-by-channel")
	bTournamentDue     = []byte("tournaments-by-due")
	bTournamentGame    = []byte("tournaments-by-game")

	tournamentIndexes = [][]byte{bTournamentChannel, bTournamentEnded, bTournamentDue, bTournamentGame}
	tournamentBuckets = append([][]byte{bTournaments}, tournamentIndexes...)
)

func tournamentEntries(t Tournament) []entry {
	id := u64(t.ID)
	var es []entry
	for _, r := range t.Played {
		for _, p := range r.Pairings {
			if p.Game != 0 {
				es = append(es, entry{bTournamentGame, u64(p.Game), id})
			}
		}
	}
	places := []string{t.Channel}
	if t.Thread != "" && t.Thread != t.Channel {
		places = append(places, t.Thread)
	}
	for _, place := range places {
		if t.State == TournamentOpen || t.State == TournamentRunning {
			es = append(es, entry{bTournamentChannel, append(key(place), id...), nil})
		} else {
			es = append(es, entry{bTournamentEnded, append(timeKey(key(place), t.Ended), id...), nil})
		}
	}
	if d := t.due(); !d.IsZero() {
		es = append(es, entry{bTournamentDue, append(timeKey(nil, d), id...), nil})
	}
	return es
}

// checkTournaments compares the tournaments' indexes with the entries their records imply.
func checkTournaments(tx Tx, add func(error) bool) {
	want := map[string]map[string]string{}
	for _, name := range tournamentIndexes {
		want[string(name)] = map[string]string{}
	}
	unreadable := map[uint64]bool{}
	tx.Bucket(bTournaments).ForEach(func(k, v []byte) error {
		t, err := decodeTournament(idAt(k), v)
		if err != nil {
			unreadable[idAt(k)] = true
			return nil
		}
		for _, e := range tournamentEntries(t) {
			want[string(e.bucket)][string(e.key)] = string(e.val)
		}
		return nil
	})
	for _, name := range tournamentIndexes {
		m := want[string(name)]
		seen := map[string]bool{}
		err := tx.Bucket(name).ForEach(func(k, v []byte) error {
			seen[string(k)] = true
			id := idAt(k)
			if bytes.Equal(name, bTournamentGame) {
				id = idAt(v)
			}
			if val, ok := m[string(k)]; !unreadable[id] && (!ok || val != string(v)) {
				if !add(fmt.Errorf("index %s: entry %q is not one tournament %d implies", name, k, id)) {
					return errStop
				}
			}
			return nil
		})
		if err != nil {
			return
		}
		for k := range m {
			if !seen[k] && !add(fmt.Errorf("index %s: a tournament lacks its entry %q", name, k)) {
				return
			}
		}
	}
}

// tournamentVersion is the first byte of a stored tournament. Version 2 added when it ended and
// how far each round was shown; version 1 records read as ended at the zero time, their rounds
// shown. Version 3 added whether a round's waiting players were reminded and the games' pace;
// earlier records read as not reminded, their games live.
const tournamentVersion = 3

func encodeTournament(t Tournament) []byte {
	w := writer{b: make([]byte, 0, 256)}
	w.b = append(w.b, tournamentVersion)
	for _, s := range []string{t.Guild, t.Channel, t.Thread, t.Kind, t.Options.String(), t.Creator, t.MessageID} {
		w.str(s)
	}
	w.uint(uint64(t.Format))
	w.uint(uint64(t.Rounds))
	w.int(int64(t.RoundTime))
	w.bool(t.Rated)
	w.uint(uint64(t.State))
	w.time(t.Created)
	w.time(t.Ended)
	w.uint(t.Revision)
	w.uint(uint64(len(t.Players)))
	for _, e := range t.Players {
		w.str(e.User)
		w.uint(math.Float64bits(e.Rating))
		w.bool(e.Withdrawn)
	}
	w.uint(uint64(len(t.Played)))
	for _, r := range t.Played {
		w.bool(r.Relaxed)
		w.time(r.Started)
		w.time(r.Deadline)
		w.str(r.MessageID)
		w.bool(r.Boards)
		w.time(r.Claimed)
		w.bool(r.Reminded)
		w.uint(uint64(len(r.Pairings)))
		for _, p := range r.Pairings {
			w.str(p.First)
			w.str(p.Second)
			w.uint(uint64(p.Result))
			w.uint(p.Game)
			w.bool(p.Forfeit)
		}
	}
	// Version 3: the pace, after the rounds.
	w.uint(uint64(t.Pace))
	return w.b
}

// decodeRound reads one round of a tournament record of version; r's error says what failed.
func decodeRound(r *reader, version byte) TournamentRound {
	round := TournamentRound{Round: tournament.Round{Relaxed: r.bool()}, Started: r.time(), Deadline: r.time(), MessageID: r.str(), Boards: true}
	if version >= 2 {
		round.Boards, round.Claimed = r.bool(), r.time()
	}
	if version >= 3 {
		round.Reminded = r.bool()
	}
	m := r.uint()
	if m > uint64(len(r.b)) {
		r.fail(errTruncated)
	}
	for range m {
		p := tournament.Pairing{First: r.str(), Second: r.str(), Result: tournament.Result(r.uint()), Game: r.uint(), Forfeit: r.bool()}
		if r.err != nil || p.Result > tournament.SecondWins {
			r.fail(fmt.Errorf("a pairing's result is unknown"))
			break
		}
		round.Pairings = append(round.Pairings, p)
	}
	return round
}

func decodeTournament(id uint64, b []byte) (Tournament, error) {
	r := reader{b: b}
	version := r.byte()
	if r.err == nil && (version < 1 || version > tournamentVersion) {
		r.fail(fmt.Errorf("tournament record version %d, this build reads versions 1 to %d", version, tournamentVersion))
	}
	t := Tournament{ID: id}
	var opts string
	for _, s := range []*string{&t.Guild, &t.Channel, &t.Thread, &t.Kind, &opts, &t.Creator, &t.MessageID} {
		*s = r.str()
	}
	format := r.uint()
	t.Rounds = int(r.uint())
	t.RoundTime = time.Duration(r.int())
	t.Rated = r.bool()
	state := r.uint()
	t.Created = r.time()
	if version >= 2 {
		t.Ended = r.time()
	}
	t.Revision = r.uint()
	// Each entrant and pairing takes at least three bytes: a damaged count must not allocate much.
	n := r.uint()
	if n > uint64(len(r.b)) {
		r.fail(errTruncated)
	}
	for range n {
		e := Entrant{User: r.str(), Rating: math.Float64frombits(r.uint()), Withdrawn: r.bool()}
		if r.err != nil {
			break
		}
		t.Players = append(t.Players, e)
	}
	n = r.uint()
	if n > uint64(len(r.b)) {
		r.fail(errTruncated)
	}
	for range n {
		round := decodeRound(&r, version)
		if r.err != nil {
			break
		}
		t.Played = append(t.Played, round)
	}
	if version >= 3 {
		t.Pace = Pace(r.uint())
	}
	if err := r.end(); err != nil {
		return Tournament{}, corrupt(bucketTournaments, id, err)
	}
	switch {
	case state > uint64(TournamentCancelled):
		return Tournament{}, corrupt(bucketTournaments, id, fmt.Errorf("unknown tournament state %d", state))
	case format > uint64(tournament.RoundRobinFormat):
		return Tournament{}, corrupt(bucketTournaments, id, fmt.Errorf("unknown tournament format %d", format))
	}
	t.State, t.Format = TournamentState(state), tournament.Format(format)
	o, err := games.ParseOptions(opts)
	if err != nil {
		return Tournament{}, corrupt(bucketTournaments, id, err)
	}
	t.Options = o
	return t, nil
}
