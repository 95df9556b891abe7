//go:build linux

package store

import (
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"tabuleiro/games"
	"tabuleiro/games/catalog"
)

const fullDiskChildEnv = "TABULEIRO_STORE_FULL_DISK_CHILD"

// TestHealthyThroughAFullDisk runs a child that fills its file up to a file size limit (the kernel
// then refuses writes as a full disk would): Healthy reports the failure, and clears once the limit
// is lifted and a probe commits.
func TestHealthyThroughAFullDisk(t *testing.T) {
	if dir := os.Getenv(fullDiskChildEnv); dir != "" {
		if err := fullDiskChild(dir); err != nil {
			fmt.Println("child:", err)
			os.Exit(1)
		}
		fmt.Println("child: ok")
		return
	}
	if testing.Short() {
		t.Skip("runs a child process")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestHealthyThroughAFullDisk$")
	cmd.Env = append(os.Environ(), fullDiskChildEnv+"="+t.TempDir())
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "child: ok") {
		t.Fatalf("child: %v\n%s", err, out)
	}
}

func fullDiskChild(dir string) error {
	signal.Ignore(syscall.SIGXFSZ)
	probeEvery = time.Hour
	s, err := Open(filepath.Join(dir, "full.db"), Options{Decode: catalog.Decode})
	if err != nil {
		return err
	}
	defer s.Close()
	info, err := os.Stat(s.File().db.Path())
	if err != nil {
		return err
	}
	var was syscall.Rlimit
	syscall.Getrlimit(syscall.RLIMIT_FSIZE, &was)
	limit := was
	limit.Cur = uint64(info.Size()) + 64<<10
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &limit); err != nil {
		return err
	}
	g, err := catalog.New("ouri", nil)
	if err != nil {
		return err
	}
	encoded := games.Encode(g)
	big := strings.Repeat("x", 4000)
	var failed error
	for i := 0; i < 100000 && failed == nil; i++ {
		_, failed = s.CreateGame(Game{Channel: big + itoa(uint64(i)), Seats: [2]Player{person("a" + itoa(uint64(i))), person("b")},
			Encoded: encoded})
	}
	if failed == nil {
		return fmt.Errorf("the file never filled up")
	}
	if err := s.Healthy(); err == nil {
		return fmt.Errorf("Healthy after %v", failed)
	}
	if err := syscall.Setrlimit(syscall.RLIMIT_FSIZE, &was); err != nil {
		return err
	}
	probeEvery = 0
	if err := s.Healthy(); err != nil {
		return fmt.Errorf("Healthy once there is room again: %v", err)
	}
	return nil
}
