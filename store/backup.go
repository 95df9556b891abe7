package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	bolt "go.etcd.io/bbolt"
)

// Backups are consistent copies of the whole file taken from one read transaction while the bot
// keeps playing (bbolt's Tx.WriteTo): a backup holds every game whose write was acknowledged before
// it began. To restore one: stop the bot, copy the backup over DB_PATH, start the bot.

// Backup writes a consistent copy of the database to w and returns its size. Pending message notes
// are committed first, so that the copy has them. Writes go on meanwhile.
func (f *File) Backup(w io.Writer) (int64, error) {
	if err := f.flushPending(); err != nil {
		return 0, fmt.Errorf("store: writing the pending message ids: %w", err)
	}
	var n int64
	err := f.view(func(tx *bolt.Tx) (err error) {
		n, err = tx.WriteTo(w)
		return err
	})
	if err != nil {
		return n, fmt.Errorf("store: backing up %s: %w", f.db.Path(), err)
	}
	return n, nil
}

// BackupFile writes a backup to path safely: to path+".tmp" first, synced, then renamed, so that
// path is either the previous file or a whole backup.
func (f *File) BackupFile(path string) error {
	return writeFile(path, func(w io.Writer) error {
		_, err := f.Backup(w)
		return err
	})
}

// writeFile writes path through path+".tmp", fsyncs it, checks it is a sound database file,
// renames it into place and syncs the directory: path is either what it was or a whole, sound copy.
func writeFile(path string, write func(w io.Writer) error) error {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return fmt.Errorf("store: making the directory of %s: %w", path, err)
		}
	}
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_CREATE|os.O_TRUNC|os.O_WRONLY, 0o600)
	if err != nil {
		return fmt.Errorf("store: writing %s: %w", path, err)
	}
	err = write(f)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = checkFile(tmp)
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: writing %s: %w", path, err)
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// backupPrefix and backupSuffix frame the names RunBackups gives its files; the UTC time between
// them sorts as text.
const (
	backupPrefix = "tabuleiro-"
	backupSuffix = ".db"
	backupTime   = "20060102T150405.000Z"
)

// BackupName is the file name RunBackups gives a backup taken at t.
func BackupName(t time.Time) string {
	return backupPrefix + t.UTC().Format(backupTime) + backupSuffix
}

// RunBackups writes a backup named tabuleiro-<UTC time>.db into dir every period, keeping the newest
// keep of them (keep <= 0: all), until ctx is done. The first backup is taken one period after the
// start, so that a bot restarting in a loop does not push good backups out. Failures are logged and
// retried at the next period; Healthy is not affected by them.
func (f *File) RunBackups(ctx context.Context, dir string, every time.Duration, keep int, log *slog.Logger) {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	if every <= 0 {
		log.Error("store: backups are off: the period must be positive", "every", every)
		return
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			path := filepath.Join(dir, BackupName(now))
			start := time.Now()
			if err := f.BackupFile(path); err != nil {
				log.Error("store: scheduled backup failed", "path", path, "err", err)
				continue
			}
			log.Info("store: backup written", "path", path, "took", time.Since(start))
			if err := Prune(dir, keep); err != nil {
				log.Error("store: removing old backups", "dir", dir, "err", err)
			}
		}
	}
}

// Prune removes all but the newest keep backups RunBackups wrote into dir (keep <= 0: none removed),
// and any .tmp file a crash left behind.
func Prune(dir string, keep int) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	var names []string
	var errs []error
	for _, e := range entries {
		n := e.Name()
		if !strings.HasPrefix(n, backupPrefix) || e.IsDir() {
			continue
		}
		switch {
		case strings.HasSuffix(n, backupSuffix+".tmp"):
			errs = append(errs, os.Remove(filepath.Join(dir, n)))
		case strings.HasSuffix(n, backupSuffix):
			names = append(names, n)
		}
	}
	slices.Sort(names)
	if keep > 0 && len(names) > keep {
		for _, n := range names[:len(names)-keep] {
			errs = append(errs, os.Remove(filepath.Join(dir, n)))
		}
	}
	return errors.Join(errs...)
}

// BackupOffline copies the database at dbPath, which no bot has open, to dst (through dst+".tmp").
// When a bot has it open, it fails with an error wrapping ErrInUse: ask the bot (FetchBackup).
func BackupOffline(dbPath, dst string) error {
	db, err := openReadOnly(dbPath)
	if err != nil {
		return err
	}
	defer db.Close()
	return writeFile(dst, func(w io.Writer) error {
		return db.View(func(tx *bolt.Tx) error {
			_, err := tx.WriteTo(w)
			return err
		})
	})
}

// ErrInUse is a database file another process (a running bot) holds.
var ErrInUse = errors.New("the database is in use by another process")

// openReadOnly opens an existing file for reading, after checking it, without waiting for a lock
// another process holds.
func openReadOnly(path string) (*bolt.DB, error) {
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if err := checkFile(path); err != nil {
		return nil, err
	}
	return openBolt(path, &bolt.Options{ReadOnly: true, Timeout: 100 * time.Millisecond})
}

// Compact writes a compacted copy of the database at src, which no bot has open, to dst, which must
// not exist: bbolt never gives freed pages back to the file system, and DeleteFinished frees many.
// To use it: stop the bot, compact, move dst over DB_PATH, start the bot.
func Compact(src, dst string) error {
	from, err := openReadOnly(src)
	if err != nil {
		return err
	}
	defer from.Close()
	if _, err := os.Stat(dst); err == nil {
		return fmt.Errorf("store: %s already exists: name a new file to compact into", dst)
	}
	tmp := dst + ".tmp"
	os.Remove(tmp)
	to, err := bolt.Open(tmp, 0o600, &bolt.Options{NoFreelistSync: true, FreelistType: bolt.FreelistMapType})
	if err != nil {
		return fmt.Errorf("store: creating %s: %w", tmp, err)
	}
	err = bolt.Compact(to, from, 1<<20)
	if cerr := to.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, dst)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("store: compacting %s into %s: %w", src, dst, err)
	}
	return nil
}
