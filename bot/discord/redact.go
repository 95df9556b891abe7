package discord

import (
	"context"
	"fmt"
	"log/slog"
	"regexp"
	"strings"
)

// Secrets never reach a log line or an error's text:
//   - an interaction's token is in the paths of its webhook (/webhooks/{app}/{token}/…) and of its
//     callback (/interactions/{id}/{token}/callback), and net/http puts the URL in its errors;
//   - the bot token, should anything ever print it.
//
// Redact hides both wherever they appear; the REST errors of Sender carry /webhooks/{app}/***/….

// tokenPaths finds the token segment of webhook and callback paths.
var tokenPaths = regexp.MustCompile(`(/(?:webhooks|interactions)/[^/\s"'?]+/)[^/\s"'?]+`)

// tokenShapes are the shapes of Discord's tokens, wherever they stand: a bot token (three
// base64url parts) and an interaction token (base64 of "interaction:…").
var tokenShapes = regexp.MustCompile(`[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{20,}|aW50ZXJhY3Rpb246[A-Za-z0-9_+/=-]+`)

const hidden = "***"

// scrubber hides tokens in text.
type scrubber struct {
	secrets []string // the bot token, …: hidden wherever they appear
}

func newScrubber(secrets ...string) scrubber {
	var s scrubber
	for _, v := range secrets {
		if len(v) >= 8 { // shorter would hide ordinary words (tests use "tok")
			s.secrets = append(s.secrets, v)
		}
	}
	return s
}

func (s scrubber) text(t string) string {
	for _, v := range s.secrets {
		t = strings.ReplaceAll(t, v, hidden)
	}
	if strings.Contains(t, "/webhooks/") || strings.Contains(t, "/interactions/") {
		t = tokenPaths.ReplaceAllString(t, "${1}"+hidden)
	}
	return tokenShapes.ReplaceAllString(t, hidden)
}

// redactedError is an error whose text has its tokens hidden; errors.Is and errors.As still see
// what it wraps (Code reads a REST error's code through it).
type redactedError struct {
	msg string
	err error
}

func (e *redactedError) Error() string { return e.msg }
func (e *redactedError) Unwrap() error { return e.err }

// redactErr is err with its tokens hidden from its text; nil stays nil.
func redactErr(err error) error {
	if err == nil {
		return nil
	}
	msg := newScrubber().text(err.Error())
	if msg == err.Error() {
		return err
	}
	return &redactedError{msg: msg, err: err}
}

// Redact wraps a log handler so that no record it handles shows a token: the message and every
// attribute (errors, strings, anything printed) are scrubbed of webhook and callback tokens, of
// anything shaped like a Discord token, and of secrets (the bot token).
func Redact(h slog.Handler, secrets ...string) slog.Handler {
	if r, ok := h.(*redactor); ok {
		h = r.h
		secrets = append(secrets, r.s.secrets...)
	}
	return &redactor{h: h, s: newScrubber(secrets...)}
}

type redactor struct {
	h slog.Handler
	s scrubber
}

func (r *redactor) Enabled(ctx context.Context, l slog.Level) bool { return r.h.Enabled(ctx, l) }

func (r *redactor) Handle(ctx context.Context, rec slog.Record) error {
	out := slog.NewRecord(rec.Time, rec.Level, r.s.text(rec.Message), rec.PC)
	rec.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(r.attr(a))
		return true
	})
	return r.h.Handle(ctx, out)
}

func (r *redactor) WithAttrs(as []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(as))
	for i, a := range as {
		clean[i] = r.attr(a)
	}
	return &redactor{h: r.h.WithAttrs(clean), s: r.s}
}

func (r *redactor) WithGroup(name string) slog.Handler {
	return &redactor{h: r.h.WithGroup(name), s: r.s}
}

// attr is a with its value scrubbed; a value whose text has nothing to hide is kept as it is.
func (r *redactor) attr(a slog.Attr) slog.Attr {
	if strings.EqualFold(a.Key, "token") {
		return slog.String(a.Key, hidden)
	}
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		return slog.String(a.Key, r.s.text(v.String()))
	case slog.KindGroup:
		group := v.Group()
		clean := make([]any, len(group))
		for i, g := range group {
			clean[i] = r.attr(g)
		}
		return slog.Group(a.Key, clean...)
	case slog.KindAny:
		var text string
		switch x := v.Any().(type) {
		case error:
			text = x.Error()
		case fmt.Stringer:
			text = x.String()
		default:
			text = fmt.Sprintf("%+v", x)
		}
		if clean := r.s.text(text); clean != text {
			if err, ok := v.Any().(error); ok {
				return slog.Any(a.Key, &redactedError{msg: clean, err: err})
			}
			return slog.String(a.Key, clean)
		}
	}
	return slog.Attr{Key: a.Key, Value: v}
}
