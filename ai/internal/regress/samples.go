package regress

import (
	"bufio"
	"encoding/gob"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Load reads the samples Save kept at path, so that fits can be compared on the same games:
// none (nil) when path is empty or nothing is kept there yet.
func Load[T any](path string) ([]T, error) {
	if path == "" {
		return nil, nil
	}
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	defer f.Close()
	var s []T
	return s, gob.NewDecoder(bufio.NewReader(f)).Decode(&s)
}

// Save keeps samples at path, making its folder if need be; an empty path keeps nothing.
func Save[T any](path string, samples []T) error {
	if path == "" {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := gob.NewEncoder(f).Encode(samples); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
