package bot

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

// A Route is one action of the bot, declared once: a subcommand with its options, or a control (a
// button or a menu) with the pattern of its custom id, and the handler that answers it. Command
// registration (Commands), dispatch (Handle), custom ids (CustomID, ParseCustomID), the help and the
// console's parser all read the routes; no adapter switches on names of its own.
type Route struct {
	// A subcommand: /<Command> [<Group>] <name>, its name, description and options given by Sub.
	// Command "" declares it once for every game's command (/oolong, /ouri, /ordo); Sub is then given
	// the game's descriptor, else nil.
	Command, Group string
	Sub            func(d *games.Descriptor) SubSpec

	// A control: Name is what its Action says (Action.Route), and Pattern its custom id, a path of
	// literal segments and typed parts, each part an Action field:
	//
	//	{kind}       a game's kind (Kind)           {challenge} {game} {tournament}  ids (uint64, > 0 but game)
	//	{lesson}     a lesson's number (int, > 0)   {ply} {page} {menu}              whole numbers (int, ≥ 0)
	//	{arg}        the rest of the id, "/" included (Arg): a decision's notation, a day, a member
	Name, Pattern string

	// Answer answers the interaction: a subcommand's with its options in the request, a control's
	// with its action.
	Answer func(ctx context.Context, req *Request) (Reply, error)
}

// Request is one interaction on its way through a route, with what every handler needs to know
// about it: where it acts, who acts, and the words to answer in.
type Request struct {
	b     *Bot
	in    *Interaction
	place table.Place // where the interaction acts: a game's thread counts as its channel
	actor table.Actor
	log   *slog.Logger
	w     *say.Words // private replies: the caller's language
	pub   *say.Words // public messages: the server's language
}

// In is the interaction being answered.
func (req *Request) In() *Interaction { return req.in }

// Action is the control's action, for a click.
func (req *Request) Action() Action { return req.in.Click.Action }

// Words are the caller's own language, for private replies.
func (req *Request) Words() *say.Words { return req.w }

// Game is the descriptor of the game whose command or control this is; nil for what is no game's.
func (req *Request) Game() *games.Descriptor { return table.Describe(req.actor.Kind) }

// Private is a reply only the person who asked sees.
func Private(msg say.Rich) Reply { return private(msg) }

// Updated is a reply that replaces the message whose control was used.
func Updated(m Message) Reply { return update(m) }

// Action is what a control does: the route that answers it and the typed parts of its custom id.
// Adapters keep it with the control (Discord as its custom id, CustomID); only the parts its route's
// pattern names are kept.
type Action struct {
	Route     string // the route's Name
	Kind      string
	Challenge uint64
	Game      uint64
	// Tournament is a tournament's id; Lesson a lesson's number, from 1.
	Tournament uint64
	Lesson     int
	// Ply is the decision a game's board, a lesson's step or a puzzle's position stands at, so that an
	// older message's controls are stale; Page a page or, in a replay, the ply to show; Menu which of
	// a split menu's parts.
	Ply, Page, Menu int
	Arg             string
}

// segment is one part of a compiled pattern: a literal, or a typed part.
type segment struct {
	lit  string
	part string // "" for a literal
}

// controlRoute is a control route, compiled.
type controlRoute struct {
	Route
	segs     []segment
	literals int // how many literal segments: the most specific pattern wins
	legacy   func(Action) (Action, bool)
}

// router holds the routes: subcommands by path, controls by name and by pattern.
type router struct {
	routes   []Route
	subs     map[[3]string]*Route // command (a game's kind, or the app's), group, sub
	byName   map[string]*controlRoute
	controls []*controlRoute
}

// newRouter indexes routes; a route declared twice (the same subcommand, control name or pattern)
// is an error, as is a pattern that does not parse.
func newRouter(routes []Route) (*router, error) {
	r := &router{subs: map[[3]string]*Route{}, byName: map[string]*controlRoute{}}
	for _, rt := range routes {
		if err := r.add(rt, nil); err != nil {
			return nil, err
		}
	}
	for _, l := range legacyIDs {
		if err := r.add(Route{Name: "legacy " + l.pattern, Pattern: l.pattern}, l.read); err != nil {
			return nil, err
		}
	}
	return r, nil
}

func (r *router) add(rt Route, legacy func(Action) (Action, bool)) error {
	switch {
	case rt.Sub != nil && rt.Pattern != "":
		return fmt.Errorf("route %q is both a subcommand and a control: declare them apart", rt.Pattern)
	case rt.Sub != nil:
		if rt.Command == "" {
			for _, d := range descriptors() {
				if err := r.addSub(d.Kind, rt.Group, rt.Sub(d).Name, rt); err != nil {
					return err
				}
			}
		} else if err := r.addSub(rt.Command, rt.Group, rt.Sub(nil).Name, rt); err != nil {
			return err
		}
	case rt.Pattern != "":
		c, err := compile(rt)
		if err != nil {
			return err
		}
		c.legacy = legacy
		if r.byName[rt.Name] != nil {
			return fmt.Errorf("control %q is declared twice", rt.Name)
		}
		for _, o := range r.controls {
			if samePattern(o.segs, c.segs) {
				return fmt.Errorf("controls %q and %q have the same custom id pattern %s", o.Name, c.Name, c.Pattern)
			}
		}
		r.byName[rt.Name] = c
		r.controls = append(r.controls, c)
	default:
		return fmt.Errorf("route %q has neither a subcommand nor a pattern", rt.Name)
	}
	if legacy == nil {
		r.routes = append(r.routes, rt)
	}
	return nil
}

func (r *router) addSub(command, group, name string, rt Route) error {
	key := [3]string{command, group, name}
	if r.subs[key] != nil {
		return fmt.Errorf("subcommand /%s is declared twice", strings.Join(strings.Fields(strings.Join(key[:], " ")), " "))
	}
	route := rt
	r.subs[key] = &route
	return nil
}

// parts names the typed parts a pattern may hold.
var parts = map[string]bool{"kind": true, "challenge": true, "game": true, "tournament": true, "lesson": true,
	"ply": true, "page": true, "menu": true, "arg": true}

func compile(rt Route) (*controlRoute, error) {
	if !strings.HasPrefix(rt.Pattern, "/") || rt.Name == "" || rt.Answer == nil && !strings.HasPrefix(rt.Name, "legacy ") {
		return nil, fmt.Errorf("control %q: a pattern starts with /, and a control has a name and an answer", rt.Pattern)
	}
	c := &controlRoute{Route: rt}
	fields := strings.Split(rt.Pattern[1:], "/")
	for i, f := range fields {
		name, isPart := strings.CutPrefix(f, "{")
		if !isPart {
			c.segs = append(c.segs, segment{lit: f})
			c.literals++
			continue
		}
		name, closed := strings.CutSuffix(name, "}")
		if !closed || !parts[name] || name == "arg" && i != len(fields)-1 {
			return nil, fmt.Errorf("control %q: %q is not a part (parts: kind, challenge, game, tournament, lesson, ply, page, menu, and arg last)", rt.Name, f)
		}
		c.segs = append(c.segs, segment{part: name})
	}
	return c, nil
}

func samePattern(a, b []segment) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// CustomID writes an action as its custom id, by its route's pattern; "" for an action of no route.
func (r *router) CustomID(a Action) string {
	var buf [64]byte // every id fits: one allocation, the string's
	return string(r.appendCustomID(buf[:0], a))
}

func (r *router) appendCustomID(b []byte, a Action) []byte {
	c := r.byName[a.Route]
	if c == nil {
		return b
	}
	for _, s := range c.segs {
		b = append(b, '/')
		switch s.part {
		case "":
			b = append(b, s.lit...)
		case "kind":
			if a.Kind == "" {
				return b[:0] // a game's control names its game
			}
			b = append(b, a.Kind...)
		case "challenge":
			b = strconv.AppendUint(b, a.Challenge, 10)
		case "game":
			b = strconv.AppendUint(b, a.Game, 10)
		case "tournament":
			b = strconv.AppendUint(b, a.Tournament, 10)
		case "lesson":
			b = strconv.AppendInt(b, int64(a.Lesson), 10)
		case "ply":
			b = strconv.AppendInt(b, int64(a.Ply), 10)
		case "page":
			b = strconv.AppendInt(b, int64(a.Page), 10)
		case "menu":
			b = strconv.AppendInt(b, int64(a.Menu), 10)
		case "arg":
			if a.Arg == "" {
				b = b[:len(b)-1] // an empty rest adds no segment
			}
			b = append(b, a.Arg...)
		}
	}
	return b
}

// ParseCustomID reads a custom id back into its action, by the most specific pattern it fits (ids
// of earlier builds are read into today's actions); ok is false for an id that is not one of ours.
func (r *router) ParseCustomID(id string) (Action, bool) {
	rest, ok := strings.CutPrefix(id, "/")
	if !ok {
		return Action{}, false
	}
	// An id is a few short segments: split without allocating, up to a limit no pattern reaches.
	var buf [12]string
	fields := buf[:0]
	for len(fields) < len(buf)-1 {
		seg, more, found := strings.Cut(rest, "/")
		fields = append(fields, seg)
		if !found {
			rest = ""
			break
		}
		rest = more
	}
	if rest != "" {
		fields = append(fields, rest)
	}
	var best *controlRoute
	var found Action
	for _, c := range r.controls {
		if best != nil && c.literals <= best.literals {
			continue
		}
		if a, ok := c.match(fields); ok {
			best, found = c, a
		}
	}
	if best == nil {
		return Action{}, false
	}
	if best.legacy != nil {
		return best.legacy(found)
	}
	return found, true
}

func (c *controlRoute) match(fields []string) (a Action, ok bool) {
	last := c.segs[len(c.segs)-1].part == "arg"
	if len(fields) != len(c.segs) && !(last && len(fields) >= len(c.segs)-1) {
		return Action{}, false
	}
	// The literals first: they tell most patterns apart at no cost.
	for i, s := range c.segs {
		if s.part == "" && (i >= len(fields) || fields[i] != s.lit) {
			return Action{}, false
		}
	}
	a.Route = c.Name
	if c.segs[0].part == "" {
		a.Kind = c.segs[0].lit // a route of no game: the app's own
	}
	for i, s := range c.segs {
		if s.part == "arg" {
			if i < len(fields) {
				a.Arg = strings.Join(fields[i:], "/")
			}
			break
		}
		if s.part == "" {
			continue
		}
		if !a.set(s.part, fields[i]) {
			return Action{}, false
		}
	}
	return a, true
}

// set reads one typed part into its field.
func (a *Action) set(part, f string) bool {
	switch part {
	case "kind":
		if table.Describe(f) == nil {
			return false
		}
		a.Kind = f
		return true
	case "challenge", "game", "tournament":
		n, err := strconv.ParseUint(f, 10, 64)
		if err != nil || n == 0 && part != "game" {
			return false
		}
		switch part {
		case "challenge":
			a.Challenge = n
		case "game":
			a.Game = n
		default:
			a.Tournament = n
		}
		return true
	}
	n, err := strconv.ParseUint(f, 10, 31)
	if err != nil || part == "lesson" && n == 0 {
		return false
	}
	switch part {
	case "lesson":
		a.Lesson = int(n)
	case "ply":
		a.Ply = int(n)
	case "page":
		a.Page = int(n)
	default:
		a.Menu = int(n)
	}
	return true
}

// legacyIDs read the custom ids of messages posted by earlier builds whose form changed, into
// today's actions: a board's menus once had no part number, and a tournament's buttons folded their
// verb and id into one part, "join:5" or "standings:5:2".
var legacyIDs = []struct {
	pattern string
	read    func(Action) (Action, bool)
}{
	{"/{kind}/{game}/{ply}/pick", func(a Action) (Action, bool) { a.Route = routePick; return a, true }},
	{"/{kind}/{game}/{ply}/group", func(a Action) (Action, bool) { a.Route = routeGroup; return a, true }},
	{"/tabuleiro/0/0/tournament/{arg}", func(a Action) (Action, bool) {
		parts := strings.Split(a.Arg, ":")
		verbs := map[string]string{"join": routeTournamentJoin, "leave": routeTournamentLeave, "withdraw": routeTournamentWithdraw}
		id, err := strconv.ParseUint(parts[min(1, len(parts)-1)], 10, 64)
		if len(parts) < 2 || err != nil || id == 0 {
			return Action{}, false
		}
		out := Action{Kind: AppCommand, Tournament: id}
		if route, ok := verbs[parts[0]]; ok && len(parts) == 2 {
			out.Route = route
			return out, true
		}
		page, err := strconv.ParseUint(parts[len(parts)-1], 10, 31)
		if parts[0] != "standings" || len(parts) != 3 || err != nil {
			return Action{}, false
		}
		out.Route, out.Page = routeTournamentStandings, int(page)
		return out, true
	}},
}

// commands are the command specs of the routes: one command per game, each with the subcommands
// declared for every game, then the app's own, in the order they are declared.
func (r *router) commands() []CommandSpec {
	var out []CommandSpec
	for _, d := range descriptors() {
		c := CommandSpec{Name: d.Kind}
		c.Description, c.Localized = text(d.Blurb, nil)
		for _, rt := range r.routes {
			if rt.Sub != nil && rt.Command == "" {
				c.Subs = append(c.Subs, rt.Sub(d))
			}
		}
		out = append(out, c)
	}
	var app []CommandSpec
	for _, rt := range r.routes {
		if rt.Sub == nil || rt.Command == "" {
			continue
		}
		i := len(app) - 1
		for i >= 0 && app[i].Name != rt.Command {
			i--
		}
		if i < 0 {
			c := CommandSpec{Name: rt.Command, User: rt.Command == ChallengeMenu}
			if !c.User {
				c.Description, c.Localized = text("command."+rt.Command, nil)
			}
			app, i = append(app, c), len(app)
		}
		if app[i].User {
			continue
		}
		s := rt.Sub(nil)
		if rt.Group == "" {
			app[i].Subs = append(app[i].Subs, s)
			continue
		}
		g := -1
		for j, o := range app[i].Subs {
			if o.Name == rt.Group && len(o.Subs) > 0 {
				g = j
			}
		}
		if g < 0 {
			group := sub(rt.Group, "sub."+rt.Command+"."+rt.Group, nil)
			app[i].Subs, g = append(app[i].Subs, group), len(app[i].Subs)
		}
		app[i].Subs[g].Subs = append(app[i].Subs[g].Subs, s)
	}
	return append(out, app...)
}

// sub finds the route of a command; nil when there is none.
func (r *router) sub(data CommandData) *Route {
	return r.subs[[3]string{data.Name, data.Group, data.Sub}]
}
