//go:build !unix

package store

import "os"

// sharedLock does nothing where bbolt's lock is not flock: the check then runs unguarded.
func sharedLock(*os.File) (unlock func(), busy bool, err error) { return func() {}, false, nil }
