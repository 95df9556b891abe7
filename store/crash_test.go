package store

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"
	"testing"
	"time"

	bolt "go.etcd.io/bbolt"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

// crashChildEnv names the database a child process should hammer until it is killed.
const crashChildEnv = "TABULEIRO_STORE_CRASH_CHILD"

// TestCrashKeepsEveryCommittedDecision re-runs the test binary as a child that applies decisions
// in a loop and prints each one after Update returns; the parent kills it with SIGKILL at a random
// moment, then checks that the file passes bbolt's consistency check and holds every decision the
// child reported as committed. Several rounds share the file, so each reopens a crashed database.
func TestCrashKeepsEveryCommittedDecision(t *testing.T) {
	if path := os.Getenv(crashChildEnv); path != "" {
		crashChild(path)
		return
	}
	if testing.Short() {
		t.Skip("kills child processes")
	}
	path := filepath.Join(t.TempDir(), "crash.db")
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	type committed struct {
		id   uint64
		ply  int
		move games.Move
	}
	for round := 0; round < 4; round++ {
		cmd := exec.Command(os.Args[0], "-test.run=^TestCrashKeepsEveryCommittedDecision$")
		cmd.Env = append(os.Environ(), crashChildEnv+"="+path)
		cmd.Stderr = os.Stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := make(chan committed, 1024)
		go func() {
			defer close(lines)
			sc := bufio.NewScanner(out)
			for sc.Scan() {
				var c committed
				if _, err := fmt.Sscanf(sc.Text(), "committed game %d ply %d move %d", &c.id, &c.ply, &c.move); err == nil {
					lines <- c
				}
			}
		}()
		// Let it commit something, then kill it at a random moment.
		var reported []committed
		first := <-lines
		reported = append(reported, first)
		kill := time.After(time.Duration(20+rng.IntN(400)) * time.Millisecond)
	collect:
		for {
			select {
			case c, ok := <-lines:
				if !ok {
					break collect
				}
				reported = append(reported, c)
			case <-kill:
				cmd.Process.Signal(syscall.SIGKILL)
				kill = nil
			}
		}
		cmd.Wait()
		if first.id == 0 {
			t.Fatal("the child reported nothing")
		}

		db, err := bolt.Open(path, 0o600, &bolt.Options{Timeout: time.Second})
		if err != nil {
			t.Fatalf("round %d: reopening after SIGKILL: %v", round, err)
		}
		err = db.View(func(tx *bolt.Tx) error {
			for err := range tx.Check() {
				t.Errorf("round %d: consistency check: %v", round, err)
			}
			return nil
		})
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		s, err := Open(path, Options{Decode: catalog.Decode})
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range reported {
			rec, g, err := s.Game(c.id)
			if err != nil {
				t.Fatalf("round %d: game %d: %v", round, c.id, err)
			}
			if rec.Ply < c.ply || g.Log()[c.ply-1] != c.move {
				t.Fatalf("round %d: game %d lost decision %d (the game has ply %d)", round, c.id, c.ply, rec.Ply)
			}
		}
		s.Close()
		t.Logf("round %d: %d committed decisions survived SIGKILL", round, len(reported))
	}
}

// crashChild applies decisions on four games at once until it is killed, starting a new game when
// one ends, and reports each decision once Update has returned.
func crashChild(path string) {
	s, err := Open(path, Options{Decode: catalog.Decode})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	var out sync.Mutex
	for w := 0; w < 4; w++ {
		go func(w int) {
			rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), uint64(w)))
			for n := 0; ; n++ {
				g, err := catalog.New("ouri", nil)
				if err != nil {
					panic(err)
				}
				rec, err := s.CreateGame(Game{Channel: fmt.Sprint("c", w), Encoded: games.Encode(g),
					Seats: [2]Player{person(fmt.Sprint("p", os.Getpid(), "-", w)), bot("easy")}})
				if err != nil {
					panic(err)
				}
				for rec.State == Active {
					var m games.Move
					rec, _, err = s.Update(rec.ID, rec.Ply, func(r *Game, g games.Game) error {
						legal := g.Legal()
						m = legal[int(uint64(r.ID)+uint64(r.Ply)+rng.Uint64()%7)%len(legal)]
						return g.Play(m)
					})
					if err != nil {
						panic(err)
					}
					out.Lock()
					fmt.Fprintf(os.Stdout, "committed game %d ply %d move %d\n", rec.ID, rec.Ply, m)
					out.Unlock()
				}
			}
		}(w)
	}
	select {}
}
