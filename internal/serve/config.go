package serve

import (
	"fmt"
	"log/slog"
	"time"
)

// Config is everything `storygate serve` runs by. Load builds it from
// flags and the environment; tests build it directly.
type Config struct {
	// Listen is the address to listen on (host:port, ":8080").
	Listen string
	// App is the GitHub App's identity, for the handlers.
	App Credentials
	// WebhookSecret is the App's webhook secret, by which every delivery's
	// X-Hub-Signature-256 is checked.
	WebhookSecret Secret
	// Limits bound what one client may cost; zero fields get the defaults.
	Limits Limits
}

// Credentials are the GitHub App's: its id, its private key and the API
// root (GITHUB_API_URL, for GitHub Enterprise Server), which the handlers
// use to mint installation tokens.
type Credentials struct {
	// AppID is the App's numeric id.
	AppID int64
	// PrivateKey is the App's RSA private key (PEM), parsed once by Load.
	PrivateKey Secret
	// APIURL is the REST root; "" is api.github.com.
	APIURL string
}

// Limits bound a delivery's size and its client's pace, and the server's
// patience when it stops.
type Limits struct {
	// MaxBody is the largest body read, in bytes: GitHub caps payloads
	// at 25 MB and drops larger ones itself, so more is never GitHub's.
	MaxBody int64
	// ReadHeaderTimeout bounds reading a request's headers.
	ReadHeaderTimeout time.Duration
	// ReadTimeout bounds reading a whole request, body included: a client
	// that stalls mid-body is cut off at it.
	ReadTimeout time.Duration
	// IdleTimeout bounds an idle keep-alive connection.
	IdleTimeout time.Duration
	// HandlerTimeout bounds one delivery's handling. GitHub stops waiting
	// for an answer after 10 s and marks the delivery failed (it may be
	// redelivered), but the handling goes on to this bound.
	HandlerTimeout time.Duration
	// DrainTimeout bounds the wait for in-flight deliveries at shutdown;
	// past it their handling is cancelled.
	DrainTimeout time.Duration
}

// The defaults of Limits.
const (
	DefaultMaxBody           = 25 << 20
	DefaultReadHeaderTimeout = 10 * time.Second
	DefaultReadTimeout       = 30 * time.Second
	DefaultIdleTimeout       = 120 * time.Second
	DefaultHandlerTimeout    = 60 * time.Second
	DefaultDrainTimeout      = 30 * time.Second
)

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	def := func(v *time.Duration, d time.Duration) {
		if *v <= 0 {
			*v = d
		}
	}
	if l.MaxBody <= 0 {
		l.MaxBody = DefaultMaxBody
	}
	def(&l.ReadHeaderTimeout, DefaultReadHeaderTimeout)
	def(&l.ReadTimeout, DefaultReadTimeout)
	def(&l.IdleTimeout, DefaultIdleTimeout)
	def(&l.HandlerTimeout, DefaultHandlerTimeout)
	def(&l.DrainTimeout, DefaultDrainTimeout)
	return l
}

// Secret is key material: it prints, formats and logs as "[redacted]",
// so no log line or error message can carry it by accident.
type Secret []byte

// redacted is what a Secret shows instead of itself.
const redacted = "[redacted]"

// String hides the secret.
func (Secret) String() string { return redacted }

// Format hides the secret from every fmt verb (%d and %x included).
func (Secret) Format(f fmt.State, _ rune) { fmt.Fprint(f, redacted) }

// GoString hides the secret from %#v.
func (Secret) GoString() string { return redacted }

// LogValue hides the secret from log/slog.
func (Secret) LogValue() slog.Value { return slog.StringValue(redacted) }

// MarshalText hides the secret from encoders (JSON included).
func (Secret) MarshalText() ([]byte, error) { return []byte(redacted), nil }
