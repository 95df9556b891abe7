package web

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"html"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"tabuleiro/games"
	"tabuleiro/say"
	"tabuleiro/table"
)

// The Discord Activity: the same client inside Discord's iframe, through Discord's Embedded App
// SDK. The client asks Discord to authorize it, sends the code here to be exchanged for an access
// token (POST /api/token), authenticates with it, then asks which games it shows
// (POST /api/activity): the server checks the member (GET /users/@me with their token) and the
// activity instance (GET /applications/{app}/activity-instances/{instance}, with the bot's token):
// the member must be in it. Everyone in the instance watches the games of its channel; its seated
// players play them. Each game gets a session for the member, as a personal link would give, in a
// cookie Discord's proxy lets through (SameSite=None; Partitioned; Secure).
//
//	GET  /               the client, as Discord's URL mapping of / reaches it (?frame_id=…&instance_id=…)
//	GET  /activity       the same
//	POST /api/token      {"code": "…"} → {"access_token": "…"}
//	POST /api/activity   {"access_token": "…", "instance_id": "…"} → {"games": [{"board": "/b/…", …}]}

// Activity is how the server reaches Discord for the Activity.
type Activity struct {
	AppID  string // DISCORD_APP_ID
	Secret string // DISCORD_CLIENT_SECRET: exchanges the OAuth2 codes
	Token  string // DISCORD_TOKEN: reads the activity instances
	// API is DISCORD_API_BASE, the origin of Discord's API (https://discord.com).
	API    string
	Client *http.Client // default one with a 10 s timeout
	// Mock makes the page use the SDK's own mock (DiscordSDKMock) instead of talking to Discord's
	// client: for tests, which give API a fake Discord. What the page sends is checked all the same.
	Mock bool
}

// ActivityPath reports whether a request's path is the Activity's: an endpoint in front of the
// server hands those to it.
func ActivityPath(path string) bool {
	return path == "/" || path == "/activity" || path == "/api/token" || path == "/api/activity"
}

//go:embed assets/activity.html
var activityHTML []byte

// discordOrigins are the origins Discord serves an Activity from and its SDK talks to.
var discordOrigins = strings.Join([]string{"https://discord.com", "https://*.discord.com", "https://*.discordsays.com"}, " ")

// activityHeaders let the page live in Discord's iframe and nowhere else: only our origin and
// Discord's.
func activityHeaders(h http.Header) {
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; connect-src 'self' "+discordOrigins+
		"; frame-ancestors "+discordOrigins)
}

// serveActivity answers the Activity's paths; false when path is none of them.
func (s *Server) serveActivity(w http.ResponseWriter, r *http.Request) bool {
	if !ActivityPath(r.URL.Path) {
		return false
	}
	a := s.cfg.Activity
	if a == nil {
		http.NotFound(w, r)
		return true
	}
	activityHeaders(w.Header())
	switch {
	case (r.URL.Path == "/" || r.URL.Path == "/activity") && r.Method == http.MethodGet:
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		ws := wordsFor(r)
		// The page says its language, the application its SDK speaks for, and what it shows
		// when Discord will not say who is there.
		mock := "off"
		if a.Mock {
			mock = "on"
		}
		io.WriteString(w, strings.NewReplacer("{{lang}}", ws.Lang(), "{{app}}", html.EscapeString(a.AppID), "{{mock}}", mock,
			"{{refused}}", html.EscapeString(ws.T("web.activity-refused", nil))).Replace(string(activityHTML)))
	case r.URL.Path == "/api/token" && r.Method == http.MethodPost:
		s.token(w, r, a)
	case r.URL.Path == "/api/activity" && r.Method == http.MethodPost:
		s.instance(w, r, a)
	default:
		http.NotFound(w, r)
	}
	return true
}

// refusal is an error the page shows, in the viewer's language.
type refusal struct {
	Error string `json:"error"`
}

// readJSON reads a small JSON body into v.
func readJSON(r *http.Request, v any) bool {
	body, err := io.ReadAll(io.LimitReader(r.Body, maxBody+1))
	return err == nil && len(body) <= maxBody && json.Unmarshal(body, v) == nil
}

// token exchanges the client's OAuth2 code for an access token with Discord.
func (s *Server) token(w http.ResponseWriter, r *http.Request, a *Activity) {
	ws := wordsFor(r)
	var in struct {
		Code string `json:"code"`
	}
	if !readJSON(r, &in) || in.Code == "" || len(in.Code) > 200 {
		writeJSON(w, http.StatusBadRequest, refusal{ws.T("web.bad-request", nil)})
		return
	}
	form := url.Values{"client_id": {a.AppID}, "client_secret": {a.Secret}, "grant_type": {"authorization_code"}, "code": {in.Code}}
	var out struct {
		AccessToken string `json:"access_token"`
	}
	err := a.call(r.Context(), http.MethodPost, "/oauth2/token", "", strings.NewReader(form.Encode()), &out)
	if err != nil || out.AccessToken == "" {
		s.cfg.Log.Warn("the Activity's code was not exchanged", "err", err)
		writeJSON(w, http.StatusForbidden, refusal{ws.T("web.activity-refused", nil)})
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, map[string]string{"access_token": out.AccessToken})
}

// ActivityGame is one game of the instance's channel, as the Activity's choice shows it.
type ActivityGame struct {
	Board  string `json:"board"` // the board's path, /b/<id>-<key>
	Title  string `json:"title"`
	Player bool   `json:"player"` // the member plays in it
}

// instanceAnswer is what the Activity shows: the channel's games, and the words of its choice.
type instanceAnswer struct {
	Games   []ActivityGame `json:"games"`
	Choose  string         `json:"choose"`
	Playing string         `json:"playing"`
	None    string         `json:"none"`
}

// instance checks the member and the activity instance, and gives the games of its channel, each
// with a session for the member.
func (s *Server) instance(w http.ResponseWriter, r *http.Request, a *Activity) {
	ws := wordsFor(r)
	var in struct {
		AccessToken string `json:"access_token"`
		InstanceID  string `json:"instance_id"`
	}
	if !readJSON(r, &in) || in.AccessToken == "" || !instanceID(in.InstanceID) {
		writeJSON(w, http.StatusBadRequest, refusal{ws.T("web.bad-request", nil)})
		return
	}
	var me struct {
		ID     string `json:"id"`
		Locale string `json:"locale"` // the member's Discord language, with the identify scope
	}
	if err := a.call(r.Context(), http.MethodGet, "/users/@me", "Bearer "+in.AccessToken, nil, &me); err != nil || me.ID == "" {
		writeJSON(w, http.StatusForbidden, refusal{ws.T("web.activity-refused", nil)})
		return
	}
	// From here on the member reads their Discord language, on the boards too.
	lang := discordLang(me.Locale)
	if lang != "" {
		ws = say.For(lang)
	}
	var inst struct {
		Location struct {
			ChannelID string `json:"channel_id"`
		} `json:"location"`
		Users []string `json:"users"`
	}
	err := a.call(r.Context(), http.MethodGet, "/applications/"+url.PathEscape(a.AppID)+"/activity-instances/"+url.PathEscape(in.InstanceID), "Bot "+a.Token, nil, &inst)
	inside := false
	for _, u := range inst.Users {
		inside = inside || u == me.ID
	}
	if err != nil || !inside || inst.Location.ChannelID == "" {
		writeJSON(w, http.StatusForbidden, refusal{ws.T("web.activity-outside", nil)})
		return
	}
	if lang != "" {
		http.SetCookie(w, &http.Cookie{Name: langCookie, Value: lang, Path: "/", MaxAge: int(sessionTTL / time.Second),
			HttpOnly: true, Secure: true, Partitioned: true, SameSite: http.SameSiteNoneMode})
	}
	all, err := s.table.ChannelGames(inst.Location.ChannelID)
	if err != nil {
		s.cfg.Log.Warn("the Activity's games were not read", "channel", inst.Location.ChannelID, "err", err)
		writeJSON(w, http.StatusInternalServerError, refusal{ws.T("web.offline", nil)})
		return
	}
	shown := []ActivityGame{}
	for _, rec := range all {
		http.SetCookie(w, s.activitySession(me.ID, rec.ID))
		shown = append(shown, ActivityGame{Board: Prefix + s.name(rec.ID), Title: table.Describe(rec.Kind).Title,
			Player: table.SeatOf(rec, me.ID) != games.NoSeat})
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, instanceAnswer{Games: shown, Choose: ws.T("web.activity-choose", nil),
		Playing: ws.T("web.activity-playing", nil), None: ws.T("web.activity-none", nil)})
}

// langCookie keeps an Activity's member's Discord language for the boards they open there.
const langCookie = "lang"

// discordLang is the bot's language for a Discord locale (pt-BR, en-US, en-GB…), "" for another.
func discordLang(locale string) string {
	switch {
	case strings.HasPrefix(locale, "pt"):
		return say.Portuguese
	case strings.HasPrefix(locale, "en"):
		return say.English
	}
	return ""
}

// activitySession is member's session for game id inside Discord's iframe: a third party's
// cookie there, so partitioned and sent cross-site.
func (s *Server) activitySession(member string, id uint64) *http.Cookie {
	c := s.session(member, id)
	c.SameSite, c.Secure, c.Partitioned = http.SameSiteNoneMode, true, true
	return c
}

// instanceID says whether id may be an activity instance's id (like i-1297…-gc-8127…-1296…):
// letters, digits and dashes, nothing that would change the path it is asked at.
func instanceID(id string) bool {
	if id == "" || len(id) > 100 {
		return false
	}
	for _, c := range id {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '-' || c == '_') {
			return false
		}
	}
	return true
}

// call asks Discord's API (v10) and reads its JSON answer into out.
func (a *Activity) call(ctx context.Context, method, path, auth string, body io.Reader, out any) error {
	client := a.Client
	if client == nil {
		client = &http.Client{Timeout: 10 * time.Second}
	}
	req, err := http.NewRequestWithContext(ctx, method, strings.TrimRight(a.API, "/")+"/api/v10"+path, body)
	if err != nil {
		return err
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("%s %s: %s", method, path, res.Status)
	}
	if err := json.NewDecoder(io.LimitReader(res.Body, 1<<20)).Decode(out); err != nil {
		return errors.Join(fmt.Errorf("%s %s: the answer is not JSON", method, path), err)
	}
	return nil
}

// inDiscord says whether origin is the application's Activity's, as Discord's proxy serves it.
func (s *Server) inDiscord(origin string) bool {
	a := s.cfg.Activity
	return a != nil && a.AppID != "" && origin == "https://"+a.AppID+".discordsays.com"
}
