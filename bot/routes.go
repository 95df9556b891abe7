package bot

import (
	"context"
	"fmt"
	"sync"

	"tabuleiro/games"
)

// The names of the controls whose actions are made outside their own handlers.
const (
	routeAccept              = "accept"
	routeDecline             = "decline"
	routeSow                 = "sow"
	routePlay                = "play"
	routePick                = "pick"
	routeGroup               = "group"
	routeView                = "view"
	routeResign              = "resign"
	routeResignYes           = "resign-yes"
	routeDescribe            = "describe"
	routeBoardLink           = "board-link"
	routeRematch             = "rematch"
	routeReplay              = "replay"
	routeDaily               = "daily"
	routeLeaderboard         = "leaderboard"
	routeGamesPage           = "games-page"
	routeChallengeGame       = "challenge-game"
	routeLessonAgain         = "learn-again"
	routeTournamentJoin      = "tournament-join"
	routeTournamentLeave     = "tournament-leave"
	routeTournamentWithdraw  = "tournament-withdraw"
	routeTournamentStandings = "tournament-standings"
)

// builtinRoutes are every action of the bot, in the order the commands are registered and shown.
func builtinRoutes() []Route {
	routes := []Route{
		// Each game's commands: /<game> <sub>.
		{Sub: challengeSpec, Answer: forGame((*Bot).challenge)},
		{Sub: vsBotSpec, Answer: forGame((*Bot).vsBot)},
		{Sub: moveSpec, Answer: plain((*Bot).move)},
		{Sub: gameSub("board", "sub.board", playerOption), Answer: plain((*Bot).board)},
		{Sub: historySpec, Answer: plain((*Bot).history)},
		{Sub: gameSub("replay", "sub.replay", playerOption), Answer: plain((*Bot).replay)},
		{Sub: gameSub("hint", "sub.hint"), Answer: plain((*Bot).hint)},
		{Sub: gameSub("review", "sub.review", userOption("player", "option.review.player")), Answer: plain((*Bot).review)},
		{Sub: gameSub("resign", "sub.resign"), Answer: plain((*Bot).resign)},
		{Sub: func(d *games.Descriptor) SubSpec { return sub(d.Offer, d.OfferHelp, nil) }, Answer: plain((*Bot).offer)},
		{Sub: gameSub("leaderboard", "sub.leaderboard"), Answer: plain((*Bot).leaderboard)},
		{Sub: gameSub("profile", "sub.profile", userOption("player", "option.profile.player")), Answer: plain((*Bot).profile)},
		{Sub: gameSub("rules", "sub.rules"), Answer: forGame((*Bot).rules)},
		{Sub: gameSub("learn", "sub.learn"), Answer: forGame((*Bot).lesson)},
		{Sub: gameSub("puzzle", "sub.puzzle"), Answer: forGame((*Bot).puzzleCommand)},

		// What is no one game's: /tabuleiro and the member's context menu.
		{Command: AppCommand, Sub: settingsSpec, Answer: plain((*Bot).settings)},
		{Command: AppCommand, Sub: meSpec, Answer: plain((*Bot).me)},
		{Command: AppCommand, Sub: gamesSpec, Answer: plain((*Bot).gamesList)},
		{Command: AppCommand, Sub: fixed("help", "sub.tabuleiro.help"), Answer: plain((*Bot).help)},
		{Command: ChallengeMenu, Sub: fixed("", ""), Answer: plain((*Bot).challengeMenu)},
	}
	routes = append(routes, tournamentRoutes()...)
	return append(routes, controlRoutes()...)
}

// controlRoutes are the buttons and menus of the bot's messages. Their ids keep the form boards
// already posted carry, so that a board posted before an upgrade still works.
func controlRoutes() []Route {
	learning := func(verb string, answer func(*Bot, *Request, *games.Descriptor) (Reply, error), number string) []Route {
		base := "/{kind}/" + number + "/{ply}/" + verb
		return []Route{
			{Name: verb, Pattern: base + "/{arg}", Answer: forGame(answer)},
			{Name: verb + "-pick", Pattern: base + "/pick/{menu}", Answer: forGame(answer)},
			{Name: verb + "-group", Pattern: base + "/group/{menu}", Answer: forGame(answer)},
			{Name: verb + "-view", Pattern: base + "/view", Answer: forGame(answer)},
		}
	}
	routes := []Route{
		{Name: routeAccept, Pattern: "/{kind}/ch/{challenge}/accept", Answer: plain((*Bot).answer)},
		{Name: routeDecline, Pattern: "/{kind}/ch/{challenge}/decline", Answer: plain((*Bot).answer)},
		{Name: routeSow, Pattern: "/{kind}/{game}/{ply}/sow/{arg}", Answer: plain((*Bot).decide)},
		{Name: routePlay, Pattern: "/{kind}/{game}/{ply}/play/{arg}", Answer: plain((*Bot).decide)},
		{Name: routePick, Pattern: "/{kind}/{game}/{ply}/pick/{menu}", Answer: plain((*Bot).decide)},
		{Name: routeGroup, Pattern: "/{kind}/{game}/{ply}/group/{menu}", Answer: plain((*Bot).view)},
		{Name: routeView, Pattern: "/{kind}/{game}/{ply}/view", Answer: plain((*Bot).view)},
		{Name: routeResign, Pattern: "/{kind}/{game}/{ply}/resign", Answer: plain((*Bot).resignAsk)},
		{Name: routeResignYes, Pattern: "/{kind}/{game}/{ply}/resign/yes", Answer: plain((*Bot).resignClicked)},
		{Name: routeBoardLink, Pattern: "/{kind}/{game}/{ply}/web", Answer: plain((*Bot).boardLink)},
		{Name: routeRematch, Pattern: "/{kind}/{game}/{ply}/rematch", Answer: plain((*Bot).rematch)},
		{Name: routeDescribe, Pattern: "/{kind}/{game}/{ply}/describe", Answer: plain((*Bot).describe)},
		{Name: routeReplay, Pattern: "/{kind}/{game}/{ply}/replay/{page}", Answer: plain((*Bot).replayStep)},
		{Name: routeDaily, Pattern: "/{kind}/0/0/daily/{arg}", Answer: plain((*Bot).solveDaily)},
		{Name: routeLeaderboard, Pattern: "/{kind}/0/0/leaderboard/{page}", Answer: plain((*Bot).leaderboardPage)},
		{Name: routeGamesPage, Pattern: "/" + AppCommand + "/0/0/games/{page}", Answer: plain((*Bot).gamesPage)},
		{Name: routeChallengeGame, Pattern: "/" + AppCommand + "/0/0/challenge/{arg}", Answer: plain((*Bot).challengePicked)},
		{Name: routeLessonAgain, Pattern: "/{kind}/learn/again", Answer: forGame((*Bot).retakeLesson)},
	}
	routes = append(routes, learning(lessonVerb, (*Bot).lessonClick, "{lesson}")...)
	return append(routes, learning(puzzleVerb, (*Bot).puzzleClick, "0")...)
}

// builtin is the router of the builtin routes; a mistake in them stops the program at start.
var builtin = sync.OnceValue(func() *router {
	r, err := newRouter(builtinRoutes())
	if err != nil {
		panic(fmt.Sprintf("bot: the route table: %v", err))
	}
	return r
})

// Declare adds routes to those the bot answers (tests, and an adapter's own actions); a route
// declared already is an error, and nothing is added.
func (b *Bot) Declare(routes ...Route) error {
	r, err := newRouter(append(append([]Route{}, b.routes.routes...), routes...))
	if err != nil {
		return err
	}
	b.routes = r
	return nil
}

// Commands are the commands to register: one per game, each with its subcommands, then the app's
// own, from the route table.
func Commands() []CommandSpec { return builtin().commands() }

// Commands are the commands of every route this bot answers, its declared ones included.
func (b *Bot) Commands() []CommandSpec { return b.routes.commands() }

// CustomID writes an action as its custom id: the path its route's pattern gives.
func CustomID(a Action) string { return builtin().CustomID(a) }

// AppendCustomID appends a's custom id to buf.
func AppendCustomID(buf []byte, a Action) []byte { return builtin().appendCustomID(buf, a) }

// ParseCustomID reads a custom id back into its action; ok is false for an id that is not one of
// ours (the bot then refuses the click).
func ParseCustomID(id string) (Action, bool) { return builtin().ParseCustomID(id) }

// CustomID and ParseCustomID of a bot know its declared routes too.
func (b *Bot) CustomID(a Action) string { return b.routes.CustomID(a) }

// ParseCustomID reads a custom id of any route this bot answers.
func (b *Bot) ParseCustomID(id string) (Action, bool) { return b.routes.ParseCustomID(id) }

// plain and forGame turn the bot's handlers into a route's Answer.
func plain(f func(*Bot, *Request) (Reply, error)) func(context.Context, *Request) (Reply, error) {
	return func(_ context.Context, req *Request) (Reply, error) { return f(req.b, req) }
}

func forGame(f func(*Bot, *Request, *games.Descriptor) (Reply, error)) func(context.Context, *Request) (Reply, error) {
	return func(_ context.Context, req *Request) (Reply, error) { return f(req.b, req, req.Game()) }
}

// to is the action of another route on the same object (a game's Resign beside its Sow).
func (a Action) to(route string) Action {
	a.Route, a.Arg, a.Menu = route, "", 0
	return a
}
