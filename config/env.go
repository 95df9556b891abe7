package config

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/joho/godotenv"
)

// File is the .env file every subcommand reads under the environment, from the working directory.
const File = ".env"

// Environment is the one way the program reads its configuration: the process's environment, with
// the .env file of the working directory filling the gaps (see Env). Every subcommand reads its
// variables through it.
func Environment(getenv func(string) string) (func(string) string, error) {
	return Env(getenv, File)
}

// Env layers a .env file under getenv: a variable getenv sets wins, the file fills the gaps, so a
// real environment is never overridden. A variable set to the empty string (or to spaces) counts
// as unset, in the environment and in the file alike: `docker run --env-file .env` turns a line
// `HTTP_ADDR=` into an empty variable, and that must not hide the image's own defaults (the image
// keeps them in the .env of its working directory as well as in ENV; see the Dockerfile).
//
// A missing file is not an error; a malformed line is, and the error names each such line and
// what is wrong with it but never quotes the file: it holds the bot token, and the error is
// printed at every start and by every health probe. The other lines are read all the same, and
// the function returned gives their values beside the error, so that the rest of the
// configuration can be checked and every problem reported at once.
func Env(getenv func(string) string, path string) (func(string) string, error) {
	var file map[string]string
	src, err := os.ReadFile(path)
	switch {
	case errors.Is(err, os.ErrNotExist):
		err = nil
	case err != nil:
		return nil, fmt.Errorf("reading %s: %w", path, err)
	default:
		file, err = readEnvFile(src, path)
	}
	return func(key string) string {
		if v := getenv(key); strings.TrimSpace(v) != "" {
			return v
		}
		return file[key]
	}, err
}

// readEnvFile parses a .env file's lines, leaving out each malformed one: the error names them.
func readEnvFile(src []byte, path string) (map[string]string, error) {
	lines := bytes.Split(bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n")), []byte("\n"))
	var problems []error
	for range len(lines) + 1 {
		text := bytes.Join(lines, []byte("\n"))
		// godotenv's own error quotes the rest of the file from the bad line on.
		file, err := godotenv.UnmarshalBytes(text)
		if err == nil {
			return file, errors.Join(problems...)
		}
		line, problem := envFileProblem(text)
		if line == 0 || len(lines[line-1]) == 0 {
			break // a problem envFileProblem does not see: give up on the file
		}
		problems = append(problems, fmt.Errorf("%s, line %d: %s", path, line, problem))
		lines[line-1] = nil // left out; the lines after it are read
	}
	return nil, errors.Join(append(problems,
		fmt.Errorf("%s is not a list of NAME=value lines (its text is not shown: it may hold the token)", path))...)
}

// envFileProblem walks a .env file the way godotenv parses it and says on which line (from 1) and
// why it stops; 0 when it finds nothing wrong. It describes, never quotes: at most a variable
// name that is a plain identifier, and the one character a name cannot have.
func envFileProblem(src []byte) (line int, problem string) {
	src = bytes.ReplaceAll(src, []byte("\r\n"), []byte("\n"))
	lineOf := func(i int) int { return 1 + bytes.Count(src[:i], []byte("\n")) }
	// godotenv's spaces inside a line (no line breaks).
	inline := func(c byte) bool {
		switch c {
		case '\t', '\v', '\f', '\r', ' ', 0x85, 0xA0:
			return true
		}
		return false
	}
	i := 0
	for {
		var more bool
		if i, more = nextStatement(src, i); !more {
			return 0, ""
		}
		start := i
		for i < len(src) && inline(src[i]) {
			i++
		}
		if rest := src[i:]; bytes.HasPrefix(rest, []byte("export")) && len(rest) > 6 && inline(rest[6]) {
			i += 6
			for i < len(src) && inline(src[i]) {
				i++
			}
		}
		keyStart, eq := i, -1
		for ; i < len(src); i++ {
			c := src[i]
			if inline(c) || c == '_' || unicode.IsLetter(rune(c)) || unicode.IsNumber(rune(c)) || c == '.' {
				continue
			}
			if c == '=' || c == ':' {
				eq = i
				break
			}
			if c == '\n' {
				return lineOf(start), "this line is not NAME=value: it has no = sign (a comment starts with #)"
			}
			col := i - (bytes.LastIndexByte(src[:i], '\n') + 1) + 1
			return lineOf(i), fmt.Sprintf("a variable name cannot contain %s (column %d); write NAME=value, the name in letters, digits and _", describeByte(c), col)
		}
		if eq < 0 {
			return 0, "" // the last line, without = and without a line break: godotenv takes it
		}
		name := "the value"
		if key := strings.TrimRight(string(src[keyStart:eq]), " \t\v\f\r"); isIdentifier(key) && !looksSecret(key) {
			name = key + ": the value"
		}
		i = eq + 1
		for i < len(src) && inline(src[i]) {
			i++
		}
		if i < len(src) && (src[i] == '"' || src[i] == '\'') {
			closed := closingQuote(src, i)
			if closed < 0 {
				return lineOf(eq), fmt.Sprintf("%s opens a %c quote that is never closed; close it on the same line, or leave the quotes out", name, src[i])
			}
			i = closed + 1
			continue
		}
		for i < len(src) && src[i] != '\n' && src[i] != '\r' {
			i++
		}
	}
}

// nextStatement skips the blank space and comment lines from i to the next statement of an .env
// file; more is false when none is left.
func nextStatement(src []byte, i int) (next int, more bool) {
	for i < len(src) {
		r, size := utf8.DecodeRune(src[i:])
		if unicode.IsSpace(r) {
			i += size
			continue
		}
		if src[i] != '#' {
			break
		}
		nl := bytes.IndexByte(src[i:], '\n')
		if nl < 0 {
			return len(src), false
		}
		i += nl
	}
	return i, i < len(src)
}

// closingQuote is where the quote opened at src[i] closes (an escaped one does not), -1 if never.
func closingQuote(src []byte, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		if src[j] == q && src[j-1] != '\\' {
			return j
		}
	}
	return -1
}

// describeByte names a character that cannot be in a variable name without showing anything a
// secret could be made of (names are letters, digits, _ and .).
func describeByte(c byte) string {
	switch {
	case c >= 0x80:
		return "a non-ASCII character"
	case c < 0x20 || c == 0x7f:
		return fmt.Sprintf("the control character 0x%02X", c)
	case c == ' ':
		return "a space"
	}
	return fmt.Sprintf("%q", rune(c))
}

func isIdentifier(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for _, r := range s {
		if r != '_' && !(r >= 'A' && r <= 'Z' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// looksSecret reports whether s holds something token-like: a run of 24 or more base64 or
// token characters with both letters and digits in it. Bot tokens, client secrets and keys all do;
// durations, addresses, paths, ids (digits only) and on/off do not.
func looksSecret(s string) bool {
	run, letters, digits := 0, false, false
	for i := 0; i <= len(s); i++ {
		var c byte
		if i < len(s) {
			c = s[i]
		}
		switch {
		case c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z':
			run, letters = run+1, true
		case c >= '0' && c <= '9':
			run, digits = run+1, true
		case i < len(s) && strings.IndexByte("_-.+/=", c) >= 0:
			run++
		default:
			if run >= 24 && letters && digits {
				return true
			}
			run, letters, digits = 0, false, false
		}
	}
	return false
}

// Shown quotes a configuration value for an error message, unless it looks like a secret or holds
// the token: errors are printed at start and by every health probe, and end up in logs.
func Shown(v, token string) string {
	if looksSecret(v) || len(token) >= 8 && strings.Contains(v, token) {
		return fmt.Sprintf("the value (%d characters; not shown, it looks like a token)", len(v))
	}
	return strconv.Quote(v)
}
