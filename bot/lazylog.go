package bot

import (
	"context"
	"log/slog"
)

// lazyAttrs is a slog.Handler whose WithAttrs only remembers the attributes, handing them to the
// handler underneath with each record that is logged. Every interaction makes a logger with its ids
// and most log nothing: formatting those ids up front (as slog's own handlers do) cost a tenth of a
// move's CPU.
type lazyAttrs struct {
	h     slog.Handler
	attrs []slog.Attr
}

func (l lazyAttrs) Enabled(ctx context.Context, level slog.Level) bool {
	return l.h.Enabled(ctx, level)
}

func (l lazyAttrs) Handle(ctx context.Context, r slog.Record) error {
	if len(l.attrs) > 0 {
		r = r.Clone()
		r.AddAttrs(l.attrs...)
	}
	return l.h.Handle(ctx, r)
}

func (l lazyAttrs) WithAttrs(attrs []slog.Attr) slog.Handler {
	all := make([]slog.Attr, 0, len(l.attrs)+len(attrs))
	return lazyAttrs{h: l.h, attrs: append(append(all, l.attrs...), attrs...)}
}

// WithGroup puts the remembered attributes where they belong, before the group opens.
func (l lazyAttrs) WithGroup(name string) slog.Handler {
	h := l.h
	if len(l.attrs) > 0 {
		h = h.WithAttrs(l.attrs)
	}
	return lazyAttrs{h: h.WithGroup(name)}
}
