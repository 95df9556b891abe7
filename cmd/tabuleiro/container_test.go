package main

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"encoding/hex"
	"encoding/json"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gorilla/websocket"
)

// image is what the Dockerfile's final stage says about running the binary.
type image struct {
	env         []string // ENV, as KEY=VALUE
	dotenvPath  string   // the .env file the image holds (absolute, inside the image)
	dotenv      []string // its lines
	workdir     string
	volumes     []string
	port        string // EXPOSE
	entrypoint  []string
	cmd         []string
	healthcheck []string // its CMD
	stopSignal  string
}

// readDockerfile reads ../../Dockerfile: the final stage's ENV, WORKDIR, VOLUME, EXPOSE,
// ENTRYPOINT, CMD, HEALTHCHECK and STOPSIGNAL, and the .env it copies from a file a RUN in an
// earlier stage writes with printf '%s\n' NAME=value....
func readDockerfile(t *testing.T) image {
	t.Helper()
	b, err := os.ReadFile("../../Dockerfile")
	if err != nil {
		t.Fatal(err)
	}
	// Instructions, with continuation lines joined and comments dropped.
	var instrs []string
	var cur strings.Builder
	for _, line := range strings.Split(string(b), "\n") {
		trimmed := strings.TrimSpace(line)
		if strings.HasPrefix(trimmed, "#") || trimmed == "" && cur.Len() == 0 {
			continue
		}
		if strings.HasSuffix(trimmed, "\\") {
			cur.WriteString(strings.TrimSuffix(trimmed, "\\") + " ")
			continue
		}
		cur.WriteString(trimmed)
		instrs = append(instrs, cur.String())
		cur.Reset()
	}
	jsonArray := func(s string) []string {
		var a []string
		if err := json.Unmarshal([]byte(s), &a); err != nil {
			t.Fatalf("Dockerfile: %q is not a JSON array: %v", s, err)
		}
		return a
	}
	written := map[string][]string{} // files a RUN writes with printf, by path
	printf := regexp.MustCompile(`printf '%s\\n' ([^>]+)> (\S+)`)
	var img image
	for _, in := range instrs {
		word, rest, _ := strings.Cut(in, " ")
		rest = strings.TrimSpace(rest)
		switch strings.ToUpper(word) {
		case "FROM":
			img = image{}
		case "RUN":
			for _, m := range printf.FindAllStringSubmatch(rest, -1) {
				written[m[2]] = strings.Fields(m[1])
			}
		case "COPY":
			f := strings.Fields(rest)
			if lines, ok := written[f[len(f)-2]]; ok && strings.HasPrefix(f[0], "--from=") {
				img.dotenvPath, img.dotenv = f[len(f)-1], lines
			}
		case "ENV":
			img.env = append(img.env, strings.Fields(rest)...)
		case "WORKDIR":
			img.workdir = rest
		case "VOLUME":
			img.volumes = append(img.volumes, jsonArray(rest)...)
		case "EXPOSE":
			img.port = rest
		case "ENTRYPOINT":
			img.entrypoint = jsonArray(rest)
		case "CMD":
			img.cmd = jsonArray(rest)
		case "HEALTHCHECK":
			_, c, _ := strings.Cut(rest, "CMD ")
			img.healthcheck = jsonArray(c)
		case "STOPSIGNAL":
			img.stopSignal = rest
		}
	}
	return img
}

func (img image) lookup(key string) string {
	for _, kv := range img.env {
		if k, v, _ := strings.Cut(kv, "="); k == key {
			return v
		}
	}
	return ""
}

// dockerEnvFile reads an env file the way `docker run --env-file` does: NAME=value lines, taken
// verbatim (no quotes removed, nothing expanded); `NAME=` sets an empty variable.
func dockerEnvFile(text string) [][2]string {
	var out [][2]string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimLeft(line, " \t")
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if k, v, ok := strings.Cut(line, "="); ok {
			out = append(out, [2]string{k, v})
		}
	}
	return out
}

// fakeDiscord answers what serve asks at start (the application, the command registration, the
// gateway's address) and is the gateway: Hello, READY after Identify, heartbeat acks.
type fakeDiscord struct {
	srv  *httptest.Server
	mu   sync.Mutex
	auth []string // Authorization of each REST call
}

func newFakeDiscord(t *testing.T) *fakeDiscord {
	f := &fakeDiscord{}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/ws") {
		f.gateway(w, r)
		return
	}
	f.mu.Lock()
	f.auth = append(f.auth, r.Header.Get("Authorization"))
	f.mu.Unlock()
	body, _ := io.ReadAll(r.Body)
	w.Header().Set("Content-Type", "application/json")
	switch p := r.URL.Path; {
	case p == "/api/v10/applications/@me":
		io.WriteString(w, `{"id":"424242","name":"tabuleiro"}`)
	case p == "/api/v10/gateway" || p == "/api/v10/gateway/bot":
		io.WriteString(w, `{"url":"ws://`+r.Host+`/ws","shards":1,"session_start_limit":{"total":1000,"remaining":1000,"reset_after":0,"max_concurrency":1}}`)
	case r.Method == "PUT":
		w.Write(body)
	default:
		io.WriteString(w, `{"id":"556","channel_id":"200"}`)
	}
}

func (f *fakeDiscord) gateway(w http.ResponseWriter, r *http.Request) {
	c, err := (&websocket.Upgrader{}).Upgrade(w, r, nil)
	if err != nil {
		return
	}
	defer c.Close()
	c.WriteJSON(map[string]any{"op": 10, "d": map[string]any{"heartbeat_interval": 45000}})
	for {
		var p struct {
			Op int `json:"op"`
		}
		if err := c.ReadJSON(&p); err != nil {
			return
		}
		switch p.Op {
		case 1:
			c.WriteJSON(map[string]any{"op": 11})
		case 2:
			c.WriteJSON(map[string]any{"op": 0, "t": "READY", "s": 1, "d": map[string]any{
				"v": 10, "session_id": "container", "resume_gateway_url": "ws://" + r.Host + "/ws", "guilds": []any{},
				"user":        map[string]any{"id": "424242", "username": "tabuleiro", "bot": true},
				"application": map[string]any{"id": "424242", "flags": 0},
			}})
		}
	}
}

func (f *fakeDiscord) sawAuth(want string) bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Contains(f.auth, want)
}

// TestContainerConfiguration runs the binary the way the Dockerfile runs it, without Docker: the
// image's ENV, its .env and working directory, `serve`, then `healthcheck` as the HEALTHCHECK
// does, with the variables of an .env made from .env.example passed as `docker run --env-file`
// passes them. Only what Docker would provide differently is moved: the /data volume into a
// temporary directory standing for the container's root, and port 8080 to a free one (the
// container has its own network). The games must land on the volume and /healthz must answer.
func TestContainerConfiguration(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the binary")
	}
	img := readDockerfile(t)
	dbPath, httpAddr := img.lookup("DB_PATH"), img.lookup("HTTP_ADDR")
	t.Run("the image's ENV and its .env hold the same defaults", func(t *testing.T) {
		if dbPath == "" || httpAddr == "" || img.dotenvPath == "" || img.workdir == "" {
			t.Fatalf("Dockerfile: DB_PATH %q, HTTP_ADDR %q, .env %q, WORKDIR %q", dbPath, httpAddr, img.dotenvPath, img.workdir)
		}
		if filepath.Join(img.workdir, ".env") != img.dotenvPath {
			t.Errorf("the image's .env is %s, but tabuleiro reads .env from its working directory %s", img.dotenvPath, img.workdir)
		}
		if slices.Compare(img.dotenv, []string{"DB_PATH=" + dbPath, "HTTP_ADDR=" + httpAddr}) != 0 {
			t.Errorf("the image's .env %q disagrees with its ENV DB_PATH=%s HTTP_ADDR=%s", img.dotenv, dbPath, httpAddr)
		}
		onVolume := slices.ContainsFunc(img.volumes, func(v string) bool { return strings.HasPrefix(dbPath, v+"/") })
		if !onVolume || !strings.HasSuffix(httpAddr, ":"+img.port) {
			t.Errorf("DB_PATH %s is not on a volume %v, or HTTP_ADDR %s is not the exposed port %s", dbPath, img.volumes, httpAddr, img.port)
		}
		if len(img.healthcheck) == 0 || len(img.entrypoint) == 0 || img.healthcheck[0] != img.entrypoint[0] ||
			slices.Compare(img.cmd, []string{"serve"}) != 0 || img.stopSignal != "SIGTERM" {
			t.Errorf("ENTRYPOINT %q CMD %q HEALTHCHECK %q STOPSIGNAL %s", img.entrypoint, img.cmd, img.healthcheck, img.stopSignal)
		}
	})
	if t.Failed() {
		return
	}

	bin := filepath.Join(t.TempDir(), "tabuleiro")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	example, err := os.ReadFile("../../.env.example")
	if err != nil {
		t.Fatal(err)
	}
	pub, _, _ := ed25519.GenerateKey(nil)
	const token = "MTA5ODc2NTQzMjEwOTg3NjU0.GhIjKl.q-Zx9Yw8Vu7Ts6Rq5Po4Nm3Lk2Ji1Hg0Fe_Dc"
	// .env as a newcomer makes it: .env.example with only the token and the public key filled.
	dotenv := string(example)
	for _, kv := range [][2]string{{"DISCORD_TOKEN", token}, {"DISCORD_PUBLIC_KEY", hex.EncodeToString(pub)}} {
		if !regexp.MustCompile(`(?m)^` + kv[0] + `=$`).MatchString(dotenv) {
			t.Fatalf(".env.example has no empty line %s= to fill in", kv[0])
		}
		dotenv = regexp.MustCompile(`(?m)^`+kv[0]+`=$`).ReplaceAllLiteralString(dotenv, kv[0]+"="+kv[1])
	}
	for _, name := range []string{"DB_PATH", "HTTP_ADDR"} {
		if regexp.MustCompile(`(?m)^\s*` + name + `=`).MatchString(dotenv) {
			t.Errorf(".env.example sets %s: under --env-file it would replace the image's value", name)
		}
	}

	for _, tt := range []struct{ name, extra string }{
		{"an .env made from .env.example", ""},
		{"an older .env with DB_PATH=data/tabuleiro.db and HTTP_ADDR= still uses the volume and serves /healthz",
			"DB_PATH=data/tabuleiro.db\nHTTP_ADDR=\n"},
		{"an .env with DB_PATH= and HTTP_ADDR= left empty gets the image's defaults", "DB_PATH=\nHTTP_ADDR=\n"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel() // each has its own root, port and fake Discord
			runContainer(t, img, bin, dotenv+tt.extra, token)
		})
	}
}

// runContainer runs serve and healthcheck as the image would, with envFile as --env-file.
func runContainer(t *testing.T, img image, bin, envFile, token string) {
	root := t.TempDir() // the container's /
	port := freePort(t)
	// What Docker provides differently: the volumes, and the network namespace's port.
	local := func(v string) string {
		for _, vol := range img.volumes {
			if v == vol || strings.HasPrefix(v, vol+"/") {
				v = filepath.Join(root, v)
			}
		}
		return strings.ReplaceAll(v, ":"+img.port, ":"+port)
	}
	for _, vol := range img.volumes {
		if err := os.MkdirAll(filepath.Join(root, vol), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var baked []string
	for _, line := range img.dotenv {
		k, v, _ := strings.Cut(line, "=")
		baked = append(baked, k+"="+local(v))
	}
	if err := os.WriteFile(filepath.Join(root, img.dotenvPath), []byte(strings.Join(baked, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}

	discord := newFakeDiscord(t)
	// The process environment: the image's ENV, then --env-file, then -e (the fake Discord).
	vars := map[string]string{}
	for _, kv := range img.env {
		k, v, _ := strings.Cut(kv, "=")
		vars[k] = local(v)
	}
	for _, kv := range dockerEnvFile(envFile) {
		vars[kv[0]] = kv[1]
	}
	vars["DISCORD_API_BASE"] = discord.srv.URL
	// A container has its own loopback; these processes share this machine's, and its 9464.
	vars["METRICS_ADDR"] = "127.0.0.1:" + freePort(t)
	var env []string
	for k, v := range vars {
		env = append(env, k+"="+v)
	}
	slices.Sort(env)
	// Never the machine's own /data.
	for _, kv := range append(slices.Clone(env), baked...) {
		_, v, _ := strings.Cut(kv, "=")
		for _, vol := range img.volumes {
			if v == vol || strings.HasPrefix(v, vol+"/") {
				t.Fatalf("%s would reach this machine's %s", kv, vol)
			}
		}
	}
	workdir := filepath.Join(root, img.workdir)

	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var stderr bytes.Buffer
	serve := exec.CommandContext(ctx, bin, img.cmd...)
	serve.Dir, serve.Env, serve.Stdout, serve.Stderr = workdir, env, io.Discard, &stderr
	if err := serve.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- serve.Wait() }()
	defer func() {
		serve.Process.Kill()
		<-exited
		if strings.Contains(stderr.String(), token) {
			t.Errorf("serve logged the token:\n%s", stderr.String())
		}
		if t.Failed() {
			t.Logf("serve's log:\n%s", stderr.String())
		}
	}()

	// Docker's health check, until the bot is up.
	deadline := time.Now().Add(8 * time.Second)
	for {
		probe := exec.CommandContext(ctx, bin, img.healthcheck[1:]...)
		probe.Dir, probe.Env = workdir, env
		out, err := probe.CombinedOutput()
		if err == nil {
			break
		}
		select {
		case err := <-exited:
			exited <- err
			t.Fatalf("serve exited before it was healthy: %v", err)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s never passed: %v %s", strings.Join(img.healthcheck, " "), err, out)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !discord.sawAuth("Bot " + token) {
		t.Errorf("the token from the env file never reached Discord")
	}

	// The games are on the volume, and nowhere else.
	want := local(img.lookup("DB_PATH"))
	if _, err := os.Stat(want); err != nil {
		t.Errorf("the database is not at the image's DB_PATH: %v", err)
	}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".db") && path != want {
			t.Errorf("a database outside the image's DB_PATH: %s", path)
		}
		return nil
	})

	// docker stop: the STOPSIGNAL, then a clean exit.
	serve.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-exited:
		exited <- err
		if err != nil {
			t.Errorf("serve after SIGTERM: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Errorf("serve did not stop within 10s of SIGTERM")
	}
}

func freePort(t *testing.T) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return strconv.Itoa(ln.Addr().(*net.TCPAddr).Port)
}
