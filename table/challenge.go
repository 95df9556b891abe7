package table

import (
	"errors"
	"log/slog"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
	"tabuleiro/say"
	"tabuleiro/store"
)

// Challenge stores a challenge from the actor to opponent, or an open challenge to anyone in the
// channel when opponent is "". first is "me", "them" or "random" ("" is random); opponentIsBot
// refuses a challenge to a bot account. It is rated as the server's setting
// says (see ChallengeRated).
func (t *Table) Challenge(a Actor, opponent string, opponentIsBot bool, first string, opts games.Options) (store.Challenge, error) {
	return t.ChallengeRated(a, opponent, opponentIsBot, first, opts, nil)
}

// ChallengeRated is Challenge with the person's rated option: nil takes the server's default. Games
// in DMs and unrated variants are never rated (asking for it is refused).
func (t *Table) ChallengeRated(a Actor, opponent string, opponentIsBot bool, first string, opts games.Options, rated *bool) (store.Challenge, error) {
	return t.ChallengePaced(a, opponent, opponentIsBot, first, opts, rated, store.PaceLive)
}

// ChallengePaced is ChallengeRated at a pace: live (the server's idle timeout) or days per
// decision (pace.go).
func (t *Table) ChallengePaced(a Actor, opponent string, opponentIsBot bool, first string, opts games.Options, rated *bool, pace store.Pace) (store.Challenge, error) {
	log := t.logOf(&a)
	if err := t.starts.take(a.User, t.cfg.Now()); err != nil {
		return store.Challenge{}, err
	}
	if opponent == a.User {
		return store.Challenge{}, refuse(Refused, "refusal.challenge-self", "Kind", a.Kind)
	}
	if opponentIsBot {
		return store.Challenge{}, refuse(Refused, "refusal.challenge-bot", "Kind", a.Kind)
	}
	switch first {
	case "":
		first = "random"
	case "me", "them", "random":
	default:
		return store.Challenge{}, refuse(Invalid, "refusal.first-challenge", "Value", first)
	}
	g, err := catalog.New(a.Kind, opts)
	if err != nil {
		return store.Challenge{}, Problem(Invalid, err)
	}
	isRated, err := t.rates(&a, g, rated)
	if err != nil {
		return store.Challenge{}, err
	}
	for _, u := range []string{a.User, opponent} {
		if u == "" {
			continue
		}
		if err := t.busy(&a, u); err != nil {
			return store.Challenge{}, err
		}
	}
	now := t.cfg.Now()
	c, err := t.st.CreateChallenge(store.Challenge{Guild: a.Place.Guild, Channel: a.Place.Channel, Kind: a.Kind,
		Options: opts, First: first, Challenger: a.User, Opponent: opponent,
		Created: now, Expires: now.Add(t.cfg.ChallengeTTL), Rated: isRated, Pace: pace})
	if err != nil {
		return store.Challenge{}, err
	}
	log.Info("challenge", "challenge", c.ID, "opponent", opponent, "pace", pace)
	return c, nil
}

// seating is who takes which seat in challenge c's game: as its first option says, or by lot.
func (t *Table) seating(c store.Challenge) [2]store.Player {
	challenger := store.Player{UserID: c.Challenger}
	opponent := store.Player{UserID: c.Opponent}
	seats := [2]store.Player{challenger, opponent}
	switch c.First {
	case "them":
		seats = [2]store.Player{opponent, challenger}
	case "me":
	default:
		if t.rng(2, c.ID).IntN(2) == 1 {
			seats = [2]store.Player{opponent, challenger}
		}
	}
	return seats
}

// decline closes challenge c, declined by its opponent or withdrawn by its challenger.
func (t *Table) decline(a Actor, c store.Challenge, log *slog.Logger) (Answered, error) {
	state := store.ChallengeDeclined
	if a.User == c.Challenger {
		state = store.ChallengeWithdrawn
	}
	c, err := t.st.CloseChallenge(c.ID, state)
	if err != nil {
		return Answered{}, err
	}
	log.Info("challenge closed", "state", state)
	return Answered{Challenge: c}, nil
}

// seatsFree refuses to accept challenge c while either player already plays a game of its kind
// here, naming who and what the reader can do: the opponent of a named challenge may Decline it,
// a taker of an open one may not.
func (t *Table) seatsFree(a *Actor, c store.Challenge, open bool) error {
	if err := t.busy(a, a.User); err != nil {
		return err
	}
	_, err := t.st.ActiveGame(a.Place.Channel, c.Kind, c.Challenger)
	switch {
	case err == nil && open:
		return refuse(Refused, "refusal.busy-challenger-open", "Player", say.Mention(c.Challenger), "Title", Describe(c.Kind).Title)
	case err == nil:
		return refuse(Refused, "refusal.busy-challenger", "Player", say.Mention(c.Challenger), "Title", Describe(c.Kind).Title)
	case errors.Is(err, store.ErrNotFound):
		return nil
	}
	return err
}

// Answered is what became of a challenge: accepted (Game is the new game, shown on the challenge's
// message), or declined or withdrawn (Challenge.State says which).
type Answered struct {
	Challenge store.Challenge
	Game      *View
}

// Answer accepts or declines challenge id; its challenger declining withdraws it. messageID is the
// challenge's message, which becomes the game's board when accepted.
func (t *Table) Answer(a Actor, id uint64, accept bool, messageID string) (Answered, error) {
	c, err := t.st.Challenge(id)
	if errors.Is(err, store.ErrNotFound) {
		return Answered{}, refuse(NotFound, "refusal.challenge-gone")
	}
	if err != nil {
		return Answered{}, err
	}
	log := t.logOf(&a).With("challenge", id)
	if c.Channel != a.Place.Channel {
		return Answered{}, refuse(Refused, "refusal.challenge-other-channel")
	}
	open := c.Opponent == ""
	if c.State == store.ChallengeAccepted && a.User != c.Challenger && a.User != c.Opponent {
		// An open challenge records who took it: anyone else is told it is taken.
		return Answered{}, refuse(Stale, "refusal.challenge-taken", "Kind", c.Kind)
	}
	if c.State != store.ChallengeOpen {
		return Answered{}, refuse(Stale, "refusal.challenge-closed", "State", games.Text{ID: "challenge.state." + c.State.String()})
	}
	if open && a.User != c.Challenger {
		if !accept {
			return Answered{}, refuse(Refused, "refusal.challenge-open-decline", "Challenger", say.Mention(c.Challenger))
		}
		c.Opponent = a.User
	}
	if a.User != c.Challenger && a.User != c.Opponent {
		return Answered{}, refuse(Refused, "refusal.challenge-not-yours", "Opponent", say.Mention(c.Opponent), "Kind", c.Kind)
	}
	now := t.cfg.Now()
	if !accept {
		return t.decline(a, c, log)
	}
	if open && a.User == c.Challenger {
		return Answered{}, refuse(Refused, "refusal.challenge-own-open")
	}
	if a.User != c.Opponent {
		return Answered{}, refuse(Refused, "refusal.challenge-own", "Opponent", say.Mention(c.Opponent))
	}
	if !now.Before(c.Expires) {
		return Answered{}, store.ErrExpired
	}
	// Whether both seats are free is the store's to say, in the transaction that takes the
	// challenge: a check here could see the game a racing Accept just started and misname it.
	seats := t.seating(c)
	g, err := catalog.NewDealt(c.Kind, c.Options, t.rng(1, c.ID))
	if err != nil {
		return Answered{}, err
	}
	rec := store.Game{Guild: c.Guild, Channel: c.Channel, Kind: c.Kind, Seats: seats, MessageID: messageID,
		Encoded: games.Encode(g), Created: now, Pace: c.Pace}
	t.startClock(&rec, g, now, t.away(rec))
	t.turnStarts(&rec, g, now)
	rec, err = t.st.AcceptChallenge(c.ID, rec)
	if open && errors.Is(err, store.ErrClosed) {
		// Someone else's Accept landed first, here or on another replica.
		return Answered{}, refuse(Stale, "refusal.challenge-taken", "Kind", c.Kind)
	}
	if errors.Is(err, store.ErrBusy) {
		// Name whose game it is.
		if named := t.seatsFree(&a, c, open); named != nil {
			err = named
		}
	}
	if err != nil {
		return Answered{}, err
	}
	log.Info("challenge accepted", "game", rec.ID)
	c.State, c.GameID = store.ChallengeAccepted, rec.ID
	return Answered{Challenge: c, Game: &View{Game: rec, Live: g}}, nil
}
