package table

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"tabuleiro/ai"
	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/metrics"
	"tabuleiro/say"
	"tabuleiro/store"
)

// deadline is when the player to decide loses on time, their time per decision (pace.go) from now:
// never for the bot, nor in a finished game.
func (t *Table) deadline(rec store.Game, g games.Game, now time.Time) time.Time {
	if g.Outcome().Over() || rec.Seats[g.ToMove()].Bot {
		return time.Time{}
	}
	return now.Add(t.perDecision(rec))
}

// busy refuses a new game when a person already plays one of this kind at this place.
func (t *Table) busy(a *Actor, userID string) error {
	_, err := t.st.ActiveGame(a.Place.Channel, a.Kind, userID)
	switch {
	case err == nil:
		title := Describe(a.Kind).Title
		if userID == a.User {
			return refuse(Refused, "refusal.busy-you", "Title", title, "Kind", a.Kind)
		}
		return refuse(Refused, "refusal.busy-them", "Player", say.Mention(userID), "Title", title)
	case errors.Is(err, store.ErrNotFound):
		return nil
	}
	return err
}

// VsBot starts a game against the bot at once. first is "me", "bot" or "random" ("" is random).
func (t *Table) VsBot(a Actor, level ai.Level, first string, opts games.Options) (View, error) {
	return t.vsBot(a, level, first, opts, false)
}

// vsBot starts a game against the bot for the actor, or for the channel's team (team.go).
func (t *Table) vsBot(a Actor, level ai.Level, first string, opts games.Options, team bool) (View, error) {
	log := t.logOf(&a)
	if err := t.starts.take(a.User, t.cfg.Now()); err != nil {
		return View{}, err
	}
	me := store.Player{UserID: a.User}
	var busy error
	if team {
		me = store.Player{Team: true}
		if _, err := t.st.ActiveGame(a.Place.Channel, a.Kind, store.TeamKey); err == nil {
			busy = refuse(Refused, "refusal.team-busy", "Title", Describe(a.Kind).Title, "Kind", a.Kind)
		} else if !errors.Is(err, store.ErrNotFound) {
			busy = err
		}
	} else {
		busy = t.busy(&a, a.User)
	}
	if busy != nil {
		return View{}, busy
	}
	now := t.cfg.Now()
	// Layout and seats come from the seed and the request, so a test replays the same game.
	salt := hashString(a.Salt)
	bot := store.Player{Bot: true, Level: string(level)}
	seats := [2]store.Player{me, bot}
	switch first {
	case "me":
	case "bot":
		seats = [2]store.Player{bot, me}
	case "", "random":
		if t.rng(2, salt).IntN(2) == 1 {
			seats = [2]store.Player{bot, me}
		}
	default:
		return View{}, refuse(Invalid, "refusal.first-vs-bot", "Value", first)
	}
	g, err := catalog.NewDealt(a.Kind, opts, t.rng(1, salt))
	if err != nil {
		return View{}, Problem(Invalid, err)
	}
	rec := store.Game{Guild: a.Place.Guild, Channel: a.Place.Channel, Kind: a.Kind, Seats: seats,
		Encoded: games.Encode(g), Created: now}
	if team {
		rec.Team = store.Team{Starter: a.User, Window: t.cfg.TeamVoteTime}
	}
	rec.Deadline = t.deadline(rec, g, now)
	rec, err = t.st.CreateGame(rec)
	if team && errors.Is(err, store.ErrBusy) {
		// Another member started one meanwhile.
		return View{}, refuse(Refused, "refusal.team-busy", "Title", Describe(a.Kind).Title, "Kind", a.Kind)
	}
	if err != nil {
		return View{}, err
	}
	log.Info("game started against the bot", "game", rec.ID, "level", level, "team", team)
	return View{Game: rec, Live: g}, nil
}

// mine is the actor's active game of the actor's kind at the place: one read, one decode.
func (t *Table) mine(a *Actor) (View, error) {
	rec, g, err := t.st.ActiveLive(a.Place.Channel, a.Kind, a.User)
	if errors.Is(err, store.ErrNotFound) {
		return View{}, refuse(Refused, "refusal.no-game", "Title", Describe(a.Kind).Title, "Kind", a.Kind)
	}
	if err != nil {
		return View{Game: rec}, err
	}
	a.Log = t.logOf(a).With("game", rec.ID)
	return View{Game: rec, Live: g}, nil
}

// noGame reports whether err says the actor has no game here.
func noGame(err error) bool {
	var r *Refusal
	return errors.As(err, &r) && r.ID == "refusal.no-game"
}

// mayDecide refuses a decision from anyone but the player to decide.
func mayDecide(a *Actor, v View) (games.Seat, error) {
	if v.Over() {
		return games.NoSeat, refuse(Stale, "refusal.over", "Result", Result(v))
	}
	seat := v.SeatOf(a.User)
	if seat == games.NoSeat {
		// Every member of the channel plays a team's seat.
		seat = v.TeamSeat()
	}
	if seat == games.NoSeat {
		return seat, refuse(Refused, "refusal.not-yours", "Kind", v.Game.Kind)
	}
	if turn := v.Live.ToMove(); turn != seat {
		if v.Game.Seats[turn].Bot {
			return seat, refuse(Refused, "refusal.bot-turn")
		}
		return seat, refuse(Refused, "refusal.their-turn", "Player", Player(v.Game.Seats[turn]))
	}
	return seat, nil
}

// decide stores a decision by seat on the view's game: one write, no second decode. messageID, when
// set, becomes the game's board; replaced says that a new message whose id is not known yet replaces
// the board (the adapter learns its id later, see NoteBoard).
func (t *Table) decide(v View, seat games.Seat, m games.Move, messageID string, replaced bool) (View, error) {
	now := t.cfg.Now()
	stale := ""
	away := t.away(v.Game)
	v, err := t.changeLive(t.st, v, func(r *store.Game, g games.Game) error {
		if err := g.Play(m); err != nil {
			return Problem(Invalid, err)
		}
		// Playing on declines the opponent's offer; one's own offer stands until answered.
		if r.Offer.Kind != "" && r.Offer.By != seat {
			r.Offer = store.Offer{}
		}
		if messageID != "" || replaced {
			r.MessageID = messageID
		}
		t.startClock(r, g, now, away)
		if g.Ply() != v.Game.Ply && (g.Outcome().Over() || g.ToMove() != seat) {
			stale = t.turnStarts(r, g, now)
		}
		return nil
	})
	if err == nil {
		by := metrics.ByPerson
		if v.Game.Seats[seat].Bot {
			by = metrics.ByBot
		}
		metrics.Decision(v.Game.Kind, by)
	}
	v.StalePing = stale
	return v, err
}

// Move plays a decision typed in notation in the actor's game. It returns the new view and the
// message that showed the game until now (a new board replaces it).
func (t *Table) Move(a Actor, play string) (v View, old string, err error) {
	v, err = t.mine(&a)
	if err != nil {
		return View{}, "", err
	}
	seat, err := mayDecide(&a, v)
	if err != nil {
		return View{}, "", err
	}
	m, err := v.Live.Parse(play)
	if err != nil {
		return View{}, "", Problem(Invalid, err)
	}
	old = v.Game.MessageID
	if v, err = t.decide(v, seat, m, "", true); err != nil {
		return View{}, "", err
	}
	a.Log.Debug("move", "ply", v.Game.Ply, "decision", v.Live.Format(m))
	return v, old, nil
}

// Choose plays a decision picked with a control on the board of game id at ply; messageID (the
// board the control was on) becomes the game's board.
func (t *Table) Choose(a Actor, id uint64, ply int, play, messageID string) (View, error) {
	v, err := t.Controls(&a, id, ply)
	if err != nil {
		return View{}, err
	}
	if seat := v.TeamSeat(); seat != games.NoSeat {
		// Controls already checked that it is the team's turn: the click is a vote.
		return t.vote(&a, v, play)
	}
	seat := v.SeatOf(a.User)
	m, err := v.Live.Parse(play)
	if err != nil {
		return View{}, Problem(Invalid, err)
	}
	if v, err = t.decide(v, seat, m, messageID, false); err != nil {
		return View{}, err
	}
	a.Log.Debug("move", "ply", v.Game.Ply, "decision", Clip(play, LogInput))
	return v, nil
}

// Controls checks that the actor may use the controls of game id's board at ply (the newest board,
// their decision) and returns the game, e.g. to redraw a menu.
func (t *Table) Controls(a *Actor, id uint64, ply int) (View, error) {
	v, err := t.onBoard(a, id)
	if err != nil {
		return View{}, err
	}
	if ply != v.Game.Ply {
		return View{}, refuse(Stale, StaleBoard)
	}
	if _, err := mayDecide(a, v); err != nil {
		return View{}, err
	}
	return v, nil
}

// Seen is game id as anyone who sees one of its boards at the actor's place may look at it (a
// board's Describe button): whether they play in it or not.
func (t *Table) Seen(a Actor, id uint64) (View, error) { return t.onBoard(&a, id) }

// onBoard loads game id for a control used at the actor's place.
func (t *Table) onBoard(a *Actor, id uint64) (View, error) {
	rec, g, err := t.st.Game(id)
	if errors.Is(err, store.ErrNotFound) {
		return View{}, refuse(NotFound, "refusal.game-gone")
	}
	if err != nil {
		return View{}, err
	}
	a.Log = t.logOf(a).With("game", id)
	if rec.Channel != a.Place.Channel || rec.Kind != a.Kind {
		return View{}, refuse(Refused, "refusal.other-channel")
	}
	return View{Game: rec, Live: g}, nil
}

// CanResign checks that the actor may resign game id (asked before a confirmation).
func (t *Table) CanResign(a Actor, id uint64) (View, error) {
	v, err := t.onBoard(&a, id)
	if err != nil {
		return View{}, err
	}
	if resigner(v.Game, a.User) == games.NoSeat {
		return View{}, notYours(v, "refusal.resign-not-yours")
	}
	if v.Over() {
		return View{}, refuse(Stale, "refusal.already-over")
	}
	return v, nil
}

// resigner is the seat a person may resign for: their own, or a team's when they started its game.
func resigner(rec store.Game, user string) games.Seat {
	if seat := SeatOf(rec, user); seat != games.NoSeat {
		return seat
	}
	for s, p := range rec.Seats {
		if p.Team && rec.Team.Starter == user {
			return games.Seat(s)
		}
	}
	return games.NoSeat
}

// notYours refuses a person who is not in game v; in a team game it names who started it, the
// one member who may do what a player may (resign).
func notYours(v View, id string) error {
	if v.TeamSeat() == games.NoSeat {
		return refuse(Refused, id)
	}
	return refuse(Refused, "refusal.team-starter", "Player", Player{UserID: v.Game.Team.Starter})
}

// ResignGame ends game id as a loss for the actor (from a control on its board).
func (t *Table) ResignGame(a Actor, id uint64) (View, error) {
	if _, err := t.CanResign(a, id); err != nil {
		return View{}, err
	}
	return t.resign(&a, id)
}

func (t *Table) resign(a *Actor, id uint64) (View, error) {
	stale := ""
	v, err := t.change(t.st, id, -1, func(r *store.Game, g games.Game) error {
		seat := resigner(*r, a.User)
		if seat == games.NoSeat {
			return notYours(View{Game: *r}, "refusal.resign-not-yours")
		}
		if g.Outcome().Over() {
			return refuse(Stale, "refusal.already-over")
		}
		r.Deadline = time.Time{}
		stale, r.Ping = r.Ping.Message, store.Ping{}
		return g.End(games.Resignation, seat)
	})
	if err != nil {
		return View{}, err
	}
	t.logOf(a).Info("resigned")
	t.stopBot(id)
	v.StalePing = stale
	return v, nil
}

// Retired is the answer to resigning a game whose stored record cannot be read: it was closed
// without a result, so that it stops holding its players' places.
type Retired struct {
	Game uint64
}

func (r *Retired) Error() string { return fmt.Sprintf("game %d was retired", r.Game) }

// Resign ends the actor's game as a loss. It returns the view and the message that showed the game
// until now. A game whose record is damaged is retired instead: the error is then a *Retired.
func (t *Table) Resign(a Actor) (v View, old string, err error) {
	v, err = t.mine(&a)
	var damaged *store.CorruptError
	if errors.As(err, &damaged) && damaged.Bucket == "games" {
		return View{}, "", t.retire(&a, damaged)
	}
	if noGame(err) {
		// The one who started the team game here may resign it; anyone else is told who may.
		if tv, ok := t.teamPlaying(a); ok {
			if tv.Game.Team.Starter != a.User {
				return View{}, "", notYours(tv, "refusal.resign-not-yours")
			}
			v, err = tv, nil
		}
	}
	if err != nil {
		return View{}, "", err
	}
	old = v.Game.MessageID
	v, err = t.resign(&a, v.Game.ID)
	return v, old, err
}

// retire closes the actor's game whose stored record cannot be read; nothing else could end it (it
// cannot be played, resigned or timed out).
func (t *Table) retire(a *Actor, damaged *store.CorruptError) error {
	id, err := strconv.ParseUint(damaged.Key, 10, 64)
	if err != nil {
		return damaged
	}
	if err := t.st.Retire(id); err != nil {
		return err
	}
	t.logOf(a).Error("retired a game whose record cannot be read", "game", id, "err", damaged)
	return &Retired{Game: id}
}

// Offered is what an offer did: made it, or accepted the opponent's and ended the game.
type Offered struct {
	View     View
	Accepted bool
	Old      string // the message that showed the game until now
}

// Offer offers to stop the actor's game by agreement (a draw; Ouri: each takes the seeds on their
// side), or accepts the opponent's offer.
func (t *Table) Offer(a Actor) (Offered, error) {
	v, err := t.mine(&a)
	if noGame(err) {
		// A team plays the bot, which plays on.
		if _, ok := t.teamPlaying(a); ok {
			return Offered{}, refuse(Refused, "refusal.bot-plays-on", "Kind", a.Kind)
		}
	}
	if err != nil {
		return Offered{}, err
	}
	seat := v.SeatOf(a.User)
	if v.Game.Seats[seat.Other()].Bot {
		return Offered{}, refuse(Refused, "refusal.bot-plays-on", "Kind", a.Kind)
	}
	kind := Describe(a.Kind).Offer
	if v.Game.Offer.Kind != "" && v.Game.Offer.By == seat {
		return Offered{}, refuse(Refused, "refusal.offered", "Player", Player(v.Game.Seats[seat.Other()]), "Kind", a.Kind, "Offer", kind)
	}
	old := v.Game.MessageID
	accept := v.Game.Offer.Kind != "" && v.Game.Offer.By == seat.Other()
	stale := ""
	v, err = t.changeLive(t.st, v, func(r *store.Game, g games.Game) error {
		if accept {
			r.Deadline = time.Time{}
			stale, r.Ping = r.Ping.Message, store.Ping{}
			return g.End(games.Agreement, seat)
		}
		r.Offer = store.Offer{Kind: kind, By: seat}
		return nil
	})
	if err != nil {
		return Offered{}, err
	}
	if accept {
		a.Log.Info("ended by agreement")
	}
	v.StalePing = stale
	return Offered{View: v, Accepted: accept, Old: old}, nil
}

// Find is the game a spectator asks about at the actor's place: the named player's, the actor's, or
// the only one of its kind there. With finished, a game that ended counts too (for history).
func (t *Table) Find(a Actor, player string, finished bool) (View, error) {
	lookup := func(user string) (store.Game, error) {
		if finished {
			return t.st.LastGame(a.Place.Channel, a.Kind, user)
		}
		return t.st.ActiveGame(a.Place.Channel, a.Kind, user)
	}
	title := Describe(a.Kind).Title
	var rec store.Game
	var err error
	switch {
	case player != "":
		rec, err = lookup(player)
		if errors.Is(err, store.ErrNotFound) {
			return View{}, refuse(NotFound, "refusal.player-no-game", "Player", say.Mention(player), "Title", title)
		}
	default:
		rec, err = lookup(a.User)
		if errors.Is(err, store.ErrNotFound) {
			var all []store.Game
			all, err = t.st.ChannelGames(a.Place.Channel)
			if err != nil {
				return View{}, err
			}
			var here []store.Game
			for _, r := range all {
				if r.Kind == a.Kind {
					here = append(here, r)
				}
			}
			switch len(here) {
			case 0:
				if finished {
					if rec, err = t.st.LastGame(a.Place.Channel, a.Kind, ""); err == nil {
						break
					}
					if !errors.Is(err, store.ErrNotFound) {
						return View{}, err
					}
				}
				return View{}, refuse(NotFound, "refusal.none-here", "Title", title, "Kind", a.Kind)
			case 1:
				rec, err = here[0], nil
			default:
				// Someone with no game of their own is on the team, as their move is a vote.
				if i := slices.IndexFunc(here, func(r store.Game) bool { return r.Seats[0].Team || r.Seats[1].Team }); i >= 0 {
					rec, err = here[i], nil
					break
				}
				names := make(pairings, 0, len(here))
				for _, r := range here {
					names = append(names, r.Seats)
				}
				return View{}, refuse(Refused, "refusal.several", "Title", title, "Games", names)
			}
		}
	}
	if err != nil {
		return View{}, err
	}
	rec, g, err := t.st.Game(rec.ID)
	if err != nil {
		return View{}, err
	}
	return View{Game: rec, Live: g}, nil
}

// Suggest lists the actor's legal decisions in canonical notation; nothing when it is not their
// decision.
func (t *Table) Suggest(a Actor) []string {
	if Describe(a.Kind) == nil || a.Place.Channel == "" || a.User == "" {
		return nil
	}
	rec, g, err := t.st.ActiveLive(a.Place.Channel, a.Kind, a.User)
	if err != nil || g.Outcome().Over() || SeatOf(rec, a.User) != g.ToMove() {
		return nil
	}
	return games.Names(g, g.Legal())
}

// pairings name games by their players, "@1 vs @2; …", as a placeholder's value.
type pairings [][2]store.Player

func (ps pairings) Rich(w *say.Words) say.Rich {
	parts := make([]say.Rich, len(ps))
	for i, p := range ps {
		parts[i] = w.Rich("game.pairing", map[string]any{"Player": PlayerName(p[0], w), "Opponent": PlayerName(p[1], w)})
	}
	return say.Join("; ", parts...)
}

// Playing reports whether the actor has an active game of the actor's kind at the place: their
// typed moves go to it, before any puzzle or lesson.
func (t *Table) Playing(a Actor) bool {
	_, err := t.st.ActiveGame(a.Place.Channel, a.Kind, a.User)
	return err == nil
}
