package serve

import (
	"context"
	"log/slog"
)

// AppDeps are what the App's handlers (internal/appbot) are built from:
// the App's credentials, the server's metrics, which their GitHub client
// reports to (Transport, ObserveDecisionLatency), and the logger.
type AppDeps struct {
	// App is the App's id, key and API root.
	App Credentials
	// Metrics are the server's, served at /metrics.
	Metrics *Metrics
	// Logger is the server's; within a delivery use Logger(ctx).
	Logger *slog.Logger
}

// App is what the handler side gives the server: the Handler, and the
// identity check after which the server is ready (GET /app with the
// App's JWT answers the configured id: the key is the App's).
type App struct {
	// Handler acts on verified deliveries.
	Handler Handler
	// Check confirms the App's identity; nil skips the check.
	Check func(ctx context.Context) error
}
