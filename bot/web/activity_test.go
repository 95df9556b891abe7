package web

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"tabuleiro/bot/web/webtest"
	"testing"

	"github.com/chromedp/chromedp"

	"tabuleiro/say"
)

// fakeDiscordAPI is Discord's API as the Activity's server reaches it: code-<user> is <user>'s
// OAuth2 code, at-<user> their access token; instance i1 is in channel c1 (alice, and 999 who
// plays nothing there), i3 in channel c3 (pages off: 444, and 999). The SDK's mock's code,
// mock_code, is mocked's, and its instance is in channel c2 (carol, and 999).
func fakeDiscordAPI(t testing.TB, mocked *atomic.Value) *httptest.Server {
	instances := map[string]string{
		"123456789012345678": `{"location":{"channel_id":"c2"},"users":["333","999"]}`,
		"i1":                 `{"application_id":"42","instance_id":"i1","location":{"id":"gc-1","kind":"gc","channel_id":"c1","guild_id":"g1"},"users":["111","999"]}`,
		"i3":                 `{"application_id":"42","instance_id":"i3","location":{"id":"gc-3","kind":"gc","channel_id":"c3","guild_id":"g2"},"users":["444","999"]}`,
	}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /api/v10/oauth2/token", func(w http.ResponseWriter, r *http.Request) {
		r.ParseForm()
		code := r.PostForm.Get("code")
		if code == "mock_code" && mocked != nil {
			code = "code-" + mocked.Load().(string)
		}
		if r.PostForm.Get("client_id") != "42" || r.PostForm.Get("client_secret") != "shh" ||
			r.PostForm.Get("grant_type") != "authorization_code" || !strings.HasPrefix(code, "code-") {
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		json.NewEncoder(w).Encode(map[string]string{"access_token": "at-" + strings.TrimPrefix(code, "code-"), "token_type": "Bearer"})
	})
	mux.HandleFunc("GET /api/v10/users/@me", func(w http.ResponseWriter, r *http.Request) {
		user, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer at-")
		if !ok {
			http.Error(w, `{"message":"401: Unauthorized"}`, http.StatusUnauthorized)
			return
		}
		locale := "en-US"
		if user == "999" {
			locale = "pt-BR" // 999 speaks Portuguese in Discord, whatever their browser says
		}
		json.NewEncoder(w).Encode(map[string]string{"id": user, "username": "u" + user, "locale": locale})
	})
	mux.HandleFunc("GET /api/v10/applications/42/activity-instances/{id}", func(w http.ResponseWriter, r *http.Request) {
		inst, ok := instances[r.PathValue("id")]
		if r.Header.Get("Authorization") != "Bot bot-token" || !ok {
			http.Error(w, `{"message":"Unknown"}`, http.StatusNotFound)
			return
		}
		w.Write([]byte(inst))
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv
}

// activitySite is a site that serves the Activity, against a fake Discord.
func activitySite(t testing.TB) *site {
	s := newSite(t)
	s.web.cfg.Activity = &Activity{AppID: "42", Secret: "shh", Token: "bot-token", API: fakeDiscordAPI(t, nil).URL}
	return s
}

// post sends JSON to path with the cookies given, as the Activity's client would from Discord's
// proxy.
func (s *site) post(t *testing.T, path, body string, cookies []*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.srv.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Origin", "https://42.discordsays.com")
	for _, c := range cookies {
		req.AddCookie(c)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// enter is member's way into instance: the code exchanged, then the instance asked; it gives the
// answer and the sessions set.
func (s *site) enter(t *testing.T, member, instance string) (int, instanceAnswer, []*http.Cookie) {
	t.Helper()
	res, body := s.post(t, "/api/token", `{"code":"code-`+member+`"}`, nil)
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if res.StatusCode != http.StatusOK || json.Unmarshal([]byte(body), &tok) != nil || tok.AccessToken != "at-"+member {
		t.Fatalf("the code was not exchanged: %s %s", res.Status, body)
	}
	res, body = s.post(t, "/api/activity", `{"access_token":"`+tok.AccessToken+`","instance_id":"`+instance+`"}`, nil)
	var a instanceAnswer
	json.Unmarshal([]byte(body), &a)
	return res.StatusCode, a, res.Cookies()
}

func TestTheActivitysMemberPlaysAndOthersWatch(t *testing.T) {
	s := activitySite(t)
	w := say.For(say.English)

	// alice (111) is in the instance in c1, where she plays Ordo against bob: she moves.
	status, a, cookies := s.enter(t, "111", "i1")
	if status != http.StatusOK || len(a.Games) != 1 || a.Games[0].Board != s.path(s.people) || !a.Games[0].Player {
		t.Fatalf("alice's Activity: %d %+v", status, a)
	}
	if a.Choose != w.T("web.activity-choose", nil) {
		t.Errorf("the choice says %q", a.Choose)
	}
	for _, c := range cookies {
		if c.SameSite != http.SameSiteNoneMode || !c.Secure || !c.Partitioned || !c.HttpOnly {
			t.Errorf("a session Discord's proxy would not carry: %s", c)
		}
	}
	var st State
	res, body := s.get(t, s.path(s.people)+"/state", cookies)
	if json.Unmarshal([]byte(body), &st) != nil || len(st.Choices) == 0 {
		t.Fatalf("alice sees no choices: %s %s", res.Status, body)
	}
	res, body = s.post(t, s.path(s.people)+"/decide", `{"ply":0,"play":"`+st.Choices[0].Play+`"}`, cookies)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("alice's decision from the Activity: %s %s", res.Status, body)
	}

	// 999 is in both instances and plays nothing: they watch, even where pages are off, and
	// cannot move.
	status, a, cookies = s.enter(t, "999", "i3")
	if status != http.StatusOK || len(a.Games) != 1 || a.Games[0].Board != s.path(s.closed) || a.Games[0].Player {
		t.Fatalf("999's Activity: %d %+v", status, a)
	}
	// 999's Discord speaks Portuguese: so do the Activity and its boards.
	pt := say.For(say.Portuguese)
	if a.Choose != pt.T("web.activity-choose", nil) {
		t.Errorf("999's Discord speaks Portuguese, and the Activity says %q", a.Choose)
	}
	var seen State
	if _, body := s.get(t, s.path(s.closed)+"/state", cookies); json.Unmarshal([]byte(body), &seen) != nil || seen.Words["watching"] != pt.T("web.watching", nil) {
		t.Errorf("999's board is not in Portuguese: %s", body)
	}
	if res, body := s.get(t, s.path(s.closed)+"/state", cookies); res.StatusCode != http.StatusOK {
		t.Fatalf("a member of the instance cannot watch its channel's game: %s %s", res.Status, body)
	}
	if res, _ := s.get(t, s.path(s.closed)+"/state", nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("without the Activity's session a game of a server without pages is shown: %s", res.Status)
	}
	if res, body := s.post(t, s.path(s.closed)+"/decide", `{"ply":0,"play":"a"}`, cookies); res.StatusCode != http.StatusForbidden {
		t.Errorf("a watcher in the Activity moved: %s %s", res.Status, body)
	}

	// 444 plays in c3 but is not in instance i1: refused, and nothing is set.
	status, a, cookies = s.enter(t, "444", "i1")
	if status != http.StatusForbidden || len(cookies) != 0 || len(a.Games) != 0 {
		t.Errorf("a member outside the instance: %d %+v %v", status, a, cookies)
	}
}

func TestTheActivityRefusesWhatDiscordDoesNotVouchFor(t *testing.T) {
	s := activitySite(t)
	w := say.For(say.English)
	for _, c := range []struct {
		name, path, body string
		status           int
		says             string
	}{
		{"a code Discord refuses", "/api/token", `{"code":"forged"}`, http.StatusForbidden, w.T("web.activity-refused", nil)},
		{"no code", "/api/token", `{}`, http.StatusBadRequest, w.T("web.bad-request", nil)},
		{"an access token Discord refuses", "/api/activity", `{"access_token":"forged","instance_id":"1"}`, http.StatusForbidden, w.T("web.activity-refused", nil)},
		{"an instance Discord does not know", "/api/activity", `{"access_token":"at-111","instance_id":"i9"}`, http.StatusForbidden, w.T("web.activity-outside", nil)},
		{"an instance id that is no id", "/api/activity", `{"access_token":"at-111","instance_id":"../../users/@me"}`, http.StatusBadRequest, w.T("web.bad-request", nil)},
	} {
		t.Run(c.name, func(t *testing.T) {
			res, body := s.post(t, c.path, c.body, nil)
			var r refusal
			json.Unmarshal([]byte(body), &r)
			if res.StatusCode != c.status || r.Error != c.says || len(res.Cookies()) != 0 {
				t.Errorf("%s %s, want %d %q", res.Status, body, c.status, c.says)
			}
		})
	}
	res, body := s.get(t, "/?instance_id=i1&frame_id=f1&platform=desktop", nil)
	if res.StatusCode != http.StatusOK || !strings.Contains(body, "/assets/activity.js") || !strings.Contains(body, `data-app="42"`) ||
		!strings.Contains(body, `lang="en"`) && !strings.Contains(body, `lang="en-US"`) {
		t.Errorf("the Activity's page: %s %s", res.Status, body)
	}
	if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "frame-ancestors https://discord.com") || strings.Contains(csp, "'none'") {
		t.Errorf("the Activity's page cannot be framed by Discord: %s", csp)
	}

	s.web.cfg.Activity = nil
	if res, _ := s.post(t, "/api/token", `{"code":"code-111"}`, nil); res.StatusCode != http.StatusNotFound {
		t.Errorf("without Activities /api/token answers %s", res.Status)
	}
	if csp := s.head(t, s.path(s.people)); !strings.Contains(csp, "frame-ancestors 'none'") {
		t.Errorf("without Activities a board may be framed: %s", csp)
	}
}

// get asks path with the cookies given.
func (s *site) get(t *testing.T, path string, cookies []*http.Cookie) (*http.Response, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", s.srv.URL+path, nil)
	for _, c := range cookies {
		req.AddCookie(c)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return res, string(b)
}

// head is the Content-Security-Policy path is served with.
func (s *site) head(t *testing.T, path string) string {
	res, _ := s.get(t, path, nil)
	return res.Header.Get("Content-Security-Policy")
}

// In Chromium, under the SDK's own mock (DiscordSDKMock) and a fake Discord: a member of the
// instance who is not seated watches and cannot move; a member outside it is told so; the seated
// member plays an Ouri game against the bot to its end by clicking.
func TestTheActivityIsPlayedInChromiumUnderTheSDKsMock(t *testing.T) {
	browser := webtest.Chrome(t)
	s := newSite(t)
	var member atomic.Value
	s.web.cfg.Activity = &Activity{AppID: "42", Secret: "shh", Token: "bot-token", API: fakeDiscordAPI(t, &member).URL, Mock: true}
	launch := s.srv.URL + "/?instance_id=123456789012345678&frame_id=f1&platform=desktop"
	w := say.For(say.English)

	member.Store("999") // in the instance, seated nowhere
	watcher := tab(t, browser, "en-US")
	if err := chromedp.Do(watcher, chromedp.Navigate(launch), chromedp.WaitVisible(`.board`)); err != nil {
		t.Fatal(err)
	}
	if marks := offered(t, watcher); len(marks) != 0 {
		t.Errorf("a watcher in the Activity is offered %v", marks)
	}
	forged, err := chromedp.Run(watcher, chromedp.Evaluate[int](`fetch(location.pathname + "/decide", {method: "POST",
		headers: {"Content-Type": "application/json"}, body: JSON.stringify({ply: 0, play: "a"})}).then(r => r.status)`,
		chromedp.EvalAwaitPromise))
	if err != nil || forged != 403 {
		t.Errorf("a watcher's forged move from the Activity: %d, %v", forged, err)
	}

	member.Store("444") // plays in another channel, not in this instance
	outsider := tab(t, browser, "en-US")
	if err := chromedp.Do(outsider, chromedp.Navigate(launch), chromedp.WaitVisible(`[role=alert]`)); err != nil {
		t.Fatal(err)
	}
	if said, _ := chromedp.Run(outsider, chromedp.Text(`[role=alert]`)); said != w.T("web.activity-outside", nil) {
		t.Errorf("a member outside the instance reads %q", said)
	}

	member.Store("333") // carol, in the instance, plays Ouri against the bot
	carol := tab(t, browser, "en-US")
	if err := chromedp.Do(carol, chromedp.Navigate(launch), chromedp.WaitVisible(`.cell.can`)); err != nil {
		t.Fatal(err)
	}
	// The first house by a real click; then, to stay within the test's time on a busy machine,
	// each by a click event the page dispatches to the first house it offers.
	click(t, carol, `.cell.can[data-mark="`+offered(t, carol)[0]+`"]`)
	const step = `(async () => {
		const b = document.body.dataset;
		if (b.over === "true") return "over";
		const cell = document.querySelector(".cell.can");
		if (!cell) { await new Promise(r => setTimeout(r, 20)); return "wait"; }
		const ply = b.ply;
		cell.dispatchEvent(new MouseEvent("click", {bubbles: true}));
		for (let i = 0; i < 250 && document.body.dataset.ply === ply; i++) await new Promise(r => setTimeout(r, 20));
		return "played";
	})()`
	for range 2000 {
		got, err := chromedp.Run(carol, chromedp.Evaluate[string](step, chromedp.EvalAwaitPromise))
		if err != nil {
			t.Fatal(err)
		}
		if got == "over" {
			break
		}
	}
	rec, live, err := s.st.Game(s.vsBot.ID)
	if err != nil || !live.Outcome().Over() {
		t.Fatalf("carol's game from the Activity did not end: ply %d, %v", rec.Ply, err)
	}
	t.Logf("carol's game from the Activity ended after %d decisions", rec.Ply)
	if over, _ := chromedp.Run(carol, chromedp.Evaluate[string](`document.body.dataset.over`)); over != "true" {
		t.Errorf("the Activity's page does not show the game over")
	}
}
