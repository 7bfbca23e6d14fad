package serve

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"
)

// Deps are what the server is given rather than builds: the handlers,
// the App identity check, the metrics the handlers also write, the
// logger and the clock.
type Deps struct {
	// Handler acts on verified deliveries (appbot's).
	Handler Handler
	// Check confirms the App's identity with GitHub (its key is the App's
	// own); the server is ready once it passes, retried until it does.
	// It must return when its context ends (shutdown waits for it).
	// nil: ready as soon as it listens (the key was loaded by Load).
	Check func(ctx context.Context) error
	// Metrics are served at /metrics; nil gets new ones.
	Metrics *Metrics
	// Logger receives the JSON log lines; nil gets NewLogger(os.Stderr)'s
	// equivalent, slog.Default().
	Logger *slog.Logger
	// Now is the clock of Delivery.Received and the durations; nil is
	// time.Now.
	Now func() time.Time
}

// Server is one replica of the webhook server.
type Server struct {
	cfg    Config
	limits Limits
	deps   Deps
	health *health
	http   *http.Server
	// cancelHandlers ends the handlers' context once draining gives up.
	cancelHandlers context.CancelFunc
	// draining is closed when shutdown begins (readiness already false).
	draining chan struct{}
}

// New builds a server; Serve or Run starts it.
func New(cfg Config, deps Deps) (*Server, error) {
	if deps.Handler == nil {
		return nil, errors.New("serve: no handler")
	}
	if len(cfg.WebhookSecret) == 0 {
		return nil, errors.New("serve: no webhook secret: every signature would be forgeable")
	}
	if deps.Metrics == nil {
		deps.Metrics = NewMetrics()
	}
	if deps.Logger == nil {
		deps.Logger = slog.Default()
	}
	if deps.Now == nil {
		deps.Now = time.Now
	}
	limits := cfg.Limits.withDefaults()
	base, cancel := context.WithCancel(context.Background())
	s := &Server{cfg: cfg, limits: limits, deps: deps, health: newHealth(), cancelHandlers: cancel, draining: make(chan struct{})}
	mux := http.NewServeMux()
	mux.Handle("/webhook", &webhook{secret: cfg.WebhookSecret, limits: limits, handler: deps.Handler,
		metrics: deps.Metrics, logger: deps.Logger, now: deps.Now, base: base})
	mux.HandleFunc("GET /healthz", s.health.alive)
	mux.HandleFunc("GET /readyz", s.health.readiness)
	mux.Handle("GET /metrics", deps.Metrics)
	s.http = &http.Server{
		Handler:           mux,
		ReadHeaderTimeout: limits.ReadHeaderTimeout,
		ReadTimeout:       limits.ReadTimeout,
		// The answer is written after the handling: the write deadline,
		// set when the headers are read, covers the body, the handling
		// and the answer.
		WriteTimeout:   limits.ReadTimeout + limits.HandlerTimeout + 10*time.Second,
		IdleTimeout:    limits.IdleTimeout,
		MaxHeaderBytes: 64 << 10,
		ErrorLog:       slog.NewLogLogger(deps.Logger.Handler(), slog.LevelWarn),
	}
	return s, nil
}

// Run listens on cfg.Listen and serves until ctx ends, then shuts down
// gracefully (Serve).
func Run(ctx context.Context, cfg Config, deps Deps) error {
	s, err := New(cfg, deps)
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("serve: listen on %s: %w", cfg.Listen, err)
	}
	return s.Serve(ctx, ln)
}

// Serve answers on ln until ctx ends; then readiness turns false, ln
// closes, and in-flight deliveries get DrainTimeout to finish before
// their handling is cancelled (an error then names how the drain ended).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	log := s.deps.Logger
	served := make(chan error, 1)
	go func() { served <- s.http.Serve(ln) }()
	log.Info("listening", "addr", ln.Addr().String(), "app_id", s.cfg.App.AppID, "api_url", s.cfg.App.APIURL,
		"max_body_bytes", s.limits.MaxBody, "read_timeout", s.limits.ReadTimeout.String(),
		"handler_timeout", s.limits.HandlerTimeout.String(), "drain_timeout", s.limits.DrainTimeout.String())
	checkCtx, stopCheck := context.WithCancel(ctx)
	checked := make(chan struct{})
	go func() { defer close(checked); s.becomeReady(checkCtx) }()
	select {
	case err := <-served:
		stopCheck()
		<-checked
		s.cancelHandlers()
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	stopCheck()
	<-checked
	return s.shutdown(served)
}

// shutdown drains: readiness false first, then no new connections, then
// the wait for in-flight deliveries.
func (s *Server) shutdown(served <-chan error) error {
	log := s.deps.Logger
	s.health.drain()
	close(s.draining)
	log.Info("shutting down: finishing in-flight deliveries", "drain_timeout", s.limits.DrainTimeout.String())
	drainCtx, cancel := context.WithTimeout(context.Background(), s.limits.DrainTimeout)
	defer cancel()
	err := s.http.Shutdown(drainCtx)
	s.cancelHandlers()
	if err != nil {
		s.http.Close()
		err = fmt.Errorf("serve: in-flight deliveries did not finish within %s; their handling was cancelled: %w", s.limits.DrainTimeout, err)
		log.Error("shutdown", "error", err.Error())
	} else {
		log.Info("shut down: nothing left in flight")
	}
	if serveErr := <-served; !errors.Is(serveErr, http.ErrServerClosed) {
		return errors.Join(err, fmt.Errorf("serve: %w", serveErr))
	}
	return err
}

// becomeReady runs the identity check until it passes (ready) or ctx
// ends, waiting longer after each failure, up to a minute.
func (s *Server) becomeReady(ctx context.Context) {
	if s.deps.Check == nil {
		s.health.ready()
		return
	}
	wait := time.Second
	for {
		attempt, cancel := context.WithTimeout(ctx, 30*time.Second)
		err := s.deps.Check(attempt)
		cancel()
		if err == nil {
			s.health.ready()
			s.deps.Logger.Info("ready: the App's identity is confirmed", "app_id", s.cfg.App.AppID)
			return
		}
		s.deps.Logger.Warn("not ready: the App's identity check failed; retrying", "error", err.Error(), "retry_in", wait.String())
		s.health.failed(err)
		timer := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			timer.Stop()
			return
		case <-timer.C:
		}
		wait = min(2*wait, time.Minute)
	}
}
