package store

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"strconv"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// A running bot holds bbolt's exclusive lock on its file, so no other process can read it. To take a
// backup of a running bot, `tabuleiro backup` asks the bot itself, over a unix socket beside the
// file (only the file's owner can connect to it). The bot answers each connection with one line,
// "tabuleiro-backup <size>", then exactly size bytes of a consistent copy; or "error <message>".

// BackupSocket is the socket a running bot answers backup requests on: beside its database file.
func BackupSocket(dbPath string) string { return dbPath + ".backup.sock" }

// ErrNoBot is the answer of FetchBackup when no running bot listens on the socket.
var ErrNoBot = errors.New("no running bot answers backup requests there")

// ServeBackups answers backup requests on the unix socket at path (usually BackupSocket(DB_PATH))
// until ctx is done; it removes the socket when it returns. A socket left by a process that died is
// replaced; one another running process answers on is an error.
func (f *File) ServeBackups(ctx context.Context, path string, log *slog.Logger) error {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if _, err := os.Lstat(path); err == nil {
		if c, err := net.DialTimeout("unix", path, time.Second); err == nil {
			c.Close()
			return fmt.Errorf("store: another process already answers backup requests at %s", path)
		}
		os.Remove(path)
	}
	l, err := net.Listen("unix", path)
	if err != nil {
		return fmt.Errorf("store: listening for backup requests at %s: %w", path, err)
	}
	defer l.Close() // also removes the socket file
	if err := os.Chmod(path, 0o600); err != nil {
		return fmt.Errorf("store: restricting %s to its owner: %w", path, err)
	}
	stop := context.AfterFunc(ctx, func() { l.Close() })
	defer stop()
	for {
		c, err := l.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return fmt.Errorf("store: accepting backup requests at %s: %w", path, err)
		}
		go func() {
			defer c.Close()
			start := time.Now()
			n, err := f.serveBackup(c)
			if err != nil {
				log.Error("store: backup over the socket failed", "socket", path, "err", err)
				return
			}
			log.Info("store: backup sent over the socket", "socket", path, "bytes", n, "took", time.Since(start))
		}()
	}
}

// backupTimeout bounds one backup over the socket, so that a client that stops reading cannot hold
// a read transaction (and with it the file's growth) forever.
var backupTimeout = 10 * time.Minute

func (f *File) serveBackup(c net.Conn) (int64, error) {
	c.SetDeadline(time.Now().Add(backupTimeout))
	if err := f.flushPending(); err != nil {
		err = fmt.Errorf("store: writing the pending message ids: %w", err)
		fmt.Fprintf(c, "error %s\n", oneLine(err))
		return 0, err
	}
	var n int64
	err := f.view(func(tx *bolt.Tx) error {
		if _, err := fmt.Fprintf(c, "tabuleiro-backup %d\n", tx.Size()); err != nil {
			return err
		}
		var err error
		n, err = tx.WriteTo(c)
		return err
	})
	return n, err
}

func oneLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", " ") }

// FetchBackup asks the bot answering on socket for a backup and writes it to dst (through
// dst+".tmp", checked before it is renamed into place, so that dst is never a partial copy). When no bot answers there, the error wraps
// ErrNoBot.
func FetchBackup(socket, dst string) error {
	c, err := net.DialTimeout("unix", socket, 2*time.Second)
	if err != nil {
		// No socket, a stale one, or a path too long for a socket: no bot can be asked.
		return fmt.Errorf("store: %s: %w (%w)", socket, ErrNoBot, err)
	}
	defer c.Close()
	c.SetDeadline(time.Now().Add(backupTimeout))
	r := bufio.NewReader(c)
	line, err := r.ReadString('\n')
	if err != nil {
		return fmt.Errorf("store: the bot at %s did not answer: %w", socket, err)
	}
	line = strings.TrimSuffix(line, "\n")
	if msg, ok := strings.CutPrefix(line, "error "); ok {
		return fmt.Errorf("store: the bot could not make a backup: %s", msg)
	}
	sizeText, ok := strings.CutPrefix(line, "tabuleiro-backup ")
	size, err := strconv.ParseInt(sizeText, 10, 64)
	if !ok || err != nil || size <= 0 {
		return fmt.Errorf("store: the bot at %s answered %q, not a backup", socket, line)
	}
	err = writeFile(dst, func(w io.Writer) error {
		n, err := io.CopyN(w, r, size)
		if err != nil {
			return fmt.Errorf("the backup stopped after %d of %d bytes: %w", n, size, err)
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: the backup from the bot at %s: %w", socket, err)
	}
	return nil
}
