package wire

import (
	"encoding/json"
	"reflect"
	"strings"
)

// Most of an interaction is what the bot never reads: a click carries the whole message it comes
// from (the board, every button), and every interaction the member's record, the guild and the
// channel. encoding/json reads all of it twice (checking, then skipping), which made decoding the
// largest part of a click's cost. leanJSON checks the body once and keeps only the members a field
// of the wire types could take, so that encoding/json decodes a body a fifth the size to the same
// result.

// shape is the members of a JSON object that decoding into a wire type may read: by the key's
// upper-cased name, with the shape of the member's own object when its field is a struct too (nil:
// the value is kept whole).
type shape map[string]shape

// shapeOf is the shape of a struct type (or a pointer to one), read from its json tags.
func shapeOf(t reflect.Type) shape {
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	s := shape{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous {
			// encoding/json reads an embedded struct's fields as the outer one's.
			panic("wire: shapeOf does not follow embedded fields: " + t.String() + "." + f.Name)
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var inner shape
		if ft := f.Type; ft.Kind() == reflect.Struct || ft.Kind() == reflect.Pointer && ft.Elem().Kind() == reflect.Struct {
			if !reflect.PointerTo(ft).Implements(unmarshaler) && !ft.Implements(unmarshaler) {
				inner = shapeOf(ft) // a type that decodes itself may read any member: kept whole
			}
		}
		s[strings.ToUpper(name)] = inner
	}
	return s
}

var (
	interactionShape = shapeOf(reflect.TypeFor[interaction]())
	unmarshaler      = reflect.TypeFor[json.Unmarshaler]()
)

// leanDepth bounds the nesting leanJSON follows; deeper bodies are decoded whole.
const leanDepth = 64

// leanJSON returns body, a JSON object, with the members out of s left out at every level s
// describes, or ok=false when body is not a JSON object (invalid, another value, nested deeper than
// leanDepth): it is then decoded whole, for encoding/json's own answer. A member is left out only
// when its key is plain ASCII and names no field whatever the case, so encoding/json would have
// skipped it; any other key (an escape, a letter outside ASCII, which encoding/json folds its own
// way) is kept.
func leanJSON(body []byte, s shape) (out []byte, ok bool) {
	l := lean{b: body}
	l.space()
	if l.i >= len(l.b) || l.b[l.i] != '{' {
		return nil, false
	}
	out, ok = l.object(make([]byte, 0, 1024), s, 1, true)
	if !ok {
		return nil, false
	}
	l.space()
	return out, l.i == len(l.b)
}

// lean reads a JSON text from b[i:], checking it as encoding/json does.
type lean struct {
	b []byte
	i int
}

func (l *lean) space() {
	for l.i < len(l.b) {
		switch l.b[l.i] {
		case ' ', '\t', '\n', '\r':
			l.i++
		default:
			return
		}
	}
}

// object checks the object at l.i and, when emit is set, copies it to out with the members s
// allows (all when s is nil).
func (l *lean) object(out []byte, s shape, depth int, emit bool) ([]byte, bool) {
	if depth > leanDepth {
		return nil, false
	}
	l.i++ // {
	if emit {
		out = append(out, '{')
	}
	first := true
	l.space()
	if l.i < len(l.b) && l.b[l.i] == '}' {
		l.i++
		if emit {
			out = append(out, '}')
		}
		return out, true
	}
	for {
		l.space()
		keyAt := l.i
		if !l.str() {
			return nil, false
		}
		key := l.b[keyAt:l.i]
		l.space()
		if l.i >= len(l.b) || l.b[l.i] != ':' {
			return nil, false
		}
		l.i++
		l.space()
		inner, keep := shape(nil), emit
		if emit && s != nil {
			inner, keep = s.member(key)
		}
		if keep && !first {
			out = append(out, ',')
		}
		if keep {
			out = append(append(out, key...), ':')
		}
		switch {
		case keep && inner != nil && l.i < len(l.b) && l.b[l.i] == '{':
			var ok bool
			if out, ok = l.object(out, inner, depth+1, true); !ok {
				return nil, false
			}
		default:
			at := l.i
			if !l.value(depth + 1) {
				return nil, false
			}
			if keep {
				out = append(out, l.b[at:l.i]...)
			}
		}
		first = first && !keep
		l.space()
		if l.i >= len(l.b) {
			return nil, false
		}
		switch l.b[l.i] {
		case ',':
			l.i++
		case '}':
			l.i++
			if emit {
				out = append(out, '}')
			}
			return out, true
		default:
			return nil, false
		}
	}
}

// member says whether a member with the quoted key may be read, and the shape of its value.
func (s shape) member(quoted []byte) (shape, bool) {
	var name [32]byte
	key := quoted[1 : len(quoted)-1]
	if len(key) > len(name) {
		return nil, true
	}
	for i, c := range key {
		switch {
		case c == '\\' || c >= 0x80:
			return nil, true
		case 'a' <= c && c <= 'z':
			c -= 'a' - 'A'
		}
		name[i] = c
	}
	inner, ok := s[string(name[:len(key)])]
	return inner, ok
}

// value checks and skips the value at l.i.
func (l *lean) value(depth int) bool {
	if depth > leanDepth || l.i >= len(l.b) {
		return false
	}
	switch c := l.b[l.i]; {
	case c == '{':
		_, ok := l.object(nil, nil, depth, false)
		return ok
	case c == '[':
		l.i++
		l.space()
		if l.i < len(l.b) && l.b[l.i] == ']' {
			l.i++
			return true
		}
		for {
			l.space()
			if !l.value(depth + 1) {
				return false
			}
			l.space()
			if l.i >= len(l.b) {
				return false
			}
			switch l.b[l.i] {
			case ',':
				l.i++
			case ']':
				l.i++
				return true
			default:
				return false
			}
		}
	case c == '"':
		return l.str()
	case c == 't':
		return l.word("true")
	case c == 'f':
		return l.word("false")
	case c == 'n':
		return l.word("null")
	case c == '-' || '0' <= c && c <= '9':
		return l.number()
	}
	return false
}

func (l *lean) word(w string) bool {
	if len(l.b)-l.i < len(w) || string(l.b[l.i:l.i+len(w)]) != w {
		return false
	}
	l.i += len(w)
	return true
}

// str checks and skips a string: no control character, only JSON's escapes.
func (l *lean) str() bool {
	if l.i >= len(l.b) || l.b[l.i] != '"' {
		return false
	}
	for l.i++; l.i < len(l.b); l.i++ {
		switch c := l.b[l.i]; {
		case c == '"':
			l.i++
			return true
		case c < 0x20:
			return false
		case c == '\\':
			l.i++
			if l.i >= len(l.b) {
				return false
			}
			switch l.b[l.i] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
			case 'u':
				if len(l.b)-l.i < 5 {
					return false
				}
				for _, h := range l.b[l.i+1 : l.i+5] {
					if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
						return false
					}
				}
				l.i += 4
			default:
				return false
			}
		}
	}
	return false
}

// number checks and skips a number: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (l *lean) number() bool {
	if l.b[l.i] == '-' {
		l.i++
	}
	switch {
	case l.i < len(l.b) && l.b[l.i] == '0':
		l.i++
	case l.digits() == 0:
		return false
	}
	if l.i < len(l.b) && l.b[l.i] == '.' {
		l.i++
		if l.digits() == 0 {
			return false
		}
	}
	if l.i < len(l.b) && (l.b[l.i] == 'e' || l.b[l.i] == 'E') {
		l.i++
		if l.i < len(l.b) && (l.b[l.i] == '+' || l.b[l.i] == '-') {
			l.i++
		}
		if l.digits() == 0 {
			return false
		}
	}
	return true
}

func (l *lean) digits() int {
	n := 0
	for l.i < len(l.b) && '0' <= l.b[l.i] && l.b[l.i] <= '9' {
		l.i++
		n++
	}
	return n
}
