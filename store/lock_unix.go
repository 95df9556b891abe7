//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// sharedLock takes bbolt's file lock in shared mode without waiting, so that the file is not checked
// while another process writes it. busy: another process holds it for writing.
func sharedLock(f *os.File) (unlock func(), busy bool, err error) {
	err = syscall.Flock(int(f.Fd()), syscall.LOCK_SH|syscall.LOCK_NB)
	if errors.Is(err, syscall.EWOULDBLOCK) {
		return func() {}, true, nil
	}
	if err != nil {
		return func() {}, false, err
	}
	return func() { syscall.Flock(int(f.Fd()), syscall.LOCK_UN) }, false, nil
}
