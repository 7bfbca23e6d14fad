package serve

import (
	"context"
	"io"
	"log/slog"
)

// NewLogger is the server's logger: one JSON object a line on w, as log
// collectors read them. The server never logs a key or a secret (Secret
// redacts itself even if one were passed).
func NewLogger(w io.Writer) *slog.Logger {
	return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// loggerKey keys a delivery's logger in its context.
type loggerKey struct{}

// withLogger gives ctx the delivery's logger.
func withLogger(ctx context.Context, l *slog.Logger) context.Context {
	return context.WithValue(ctx, loggerKey{}, l)
}

// Logger is the logger of the delivery ctx belongs to: every line it
// writes carries the delivery's id and event, so a handler's lines are
// found by the id GitHub shows for the delivery. Outside a delivery it
// is slog.Default().
func Logger(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey{}).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}
