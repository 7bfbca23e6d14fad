package serve

import (
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"time"
)

// Setting is one value of the configuration: a command-line flag (none
// for the secrets given by value, which a command line would show to
// every user of the machine), its environment variable, and its help.
// A flag given wins over its variable (12-factor: the environment is the
// default, the command line the exception).
type Setting struct {
	// Flag is the flag's name without dashes; "" for environment only.
	Flag string
	// Env is the environment variable.
	Env string
	// Usage is the flag's help text.
	Usage string
}

// The settings' environment variables.
const (
	EnvListen            = "STORYGATE_LISTEN"
	EnvAppID             = "STORYGATE_APP_ID"
	EnvPrivateKeyFile    = "STORYGATE_PRIVATE_KEY_FILE"
	EnvPrivateKey        = "STORYGATE_PRIVATE_KEY"
	EnvWebhookSecretFile = "STORYGATE_WEBHOOK_SECRET_FILE"
	EnvWebhookSecret     = "STORYGATE_WEBHOOK_SECRET"
	EnvAPIURL            = "GITHUB_API_URL"
)

// DefaultListen is where the server listens unless told otherwise.
const DefaultListen = ":8080"

var (
	listenSetting     = Setting{"listen", EnvListen, "address to listen on (default " + DefaultListen + ")"}
	appIDSetting      = Setting{"app-id", EnvAppID, "the GitHub App's id (required)"}
	keyFileSetting    = Setting{"private-key-file", EnvPrivateKeyFile, "file holding the App's private key (PEM); or the key itself in " + EnvPrivateKey}
	keySetting        = Setting{"", EnvPrivateKey, ""}
	secretFileSetting = Setting{"webhook-secret-file", EnvWebhookSecretFile, "file holding the App's webhook secret; or the secret itself in " + EnvWebhookSecret}
	secretSetting     = Setting{"", EnvWebhookSecret, ""}
	apiURLSetting     = Setting{"github-api-url", EnvAPIURL, "GitHub's REST root, for GitHub Enterprise Server (default https://api.github.com)"}
	maxBodySetting    = Setting{"max-body-bytes", "STORYGATE_MAX_BODY_BYTES", "largest delivery body read; larger ones get 413 (default and most: GitHub's cap, 25 MiB)"}
	headerSetting     = Setting{"read-header-timeout", "STORYGATE_READ_HEADER_TIMEOUT", "time limit for a request's headers (default 10s)"}
	readSetting       = Setting{"read-timeout", "STORYGATE_READ_TIMEOUT", "time limit for a whole request, body included (default 30s)"}
	idleSetting       = Setting{"idle-timeout", "STORYGATE_IDLE_TIMEOUT", "time limit for an idle keep-alive connection (default 2m)"}
	handlerSetting    = Setting{"handler-timeout", "STORYGATE_HANDLER_TIMEOUT", "time limit for handling one delivery (default 1m)"}
	drainSetting      = Setting{"drain-timeout", "STORYGATE_DRAIN_TIMEOUT", "at shutdown, how long in-flight deliveries may finish (default 30s)"}
)

// Settings are every setting Load reads, flags first in help order.
func Settings() []Setting {
	return []Setting{listenSetting, appIDSetting, keyFileSetting, secretFileSetting, apiURLSetting,
		maxBodySetting, headerSetting, readSetting, idleSetting, handlerSetting, drainSetting,
		keySetting, secretSetting}
}

// source is where Load reads settings: the flags given (by name, only
// those on the command line) and the environment.
type source struct {
	flags  map[string]string
	getenv func(string) string
}

// lookup is the setting's value and where it came from ("--app-id",
// "STORYGATE_APP_ID"); "" and "" when it is set nowhere.
func (s source) lookup(set Setting) (value, from string) {
	if v, ok := s.flags[set.Flag]; ok && set.Flag != "" {
		return v, "--" + set.Flag
	}
	if v := s.getenv(set.Env); v != "" {
		return v, set.Env
	}
	return "", ""
}

// Load builds the configuration from the flags given on the command line
// (name → value, only those given) and the environment (getenv): every
// problem is reported at once, each naming the flag or variable it is
// about, and no message carries a secret.
func Load(flags map[string]string, getenv func(string) string) (Config, error) {
	src := source{flags: flags, getenv: getenv}
	var cfg Config
	var errs []error
	add := func(err error) {
		if err != nil {
			errs = append(errs, err)
		}
	}
	cfg.Listen, _ = src.lookup(listenSetting)
	if cfg.Listen == "" {
		cfg.Listen = DefaultListen
	}
	if _, _, err := net.SplitHostPort(cfg.Listen); err != nil {
		add(fmt.Errorf("listen address %q: want host:port, such as %s", cfg.Listen, DefaultListen))
	}
	var err error
	cfg.App.AppID, err = appID(src)
	add(err)
	cfg.App.PrivateKey, err = privateKey(src)
	add(err)
	cfg.WebhookSecret, err = webhookSecret(src)
	add(err)
	cfg.App.APIURL, err = apiURL(src)
	add(err)
	cfg.Limits, err = limits(src)
	add(err)
	return cfg, errors.Join(errs...)
}

// appID is the App's id: a positive integer, required.
func appID(src source) (int64, error) {
	v, from := src.lookup(appIDSetting)
	if from == "" {
		return 0, fmt.Errorf("the GitHub App's id is required: --app-id or %s", EnvAppID)
	}
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, fmt.Errorf("%s %q: want the App's id, a positive integer", from, v)
	}
	return id, nil
}

// apiURL is GITHUB_API_URL, or the flag: an absolute http(s) URL.
func apiURL(src source) (string, error) {
	v, from := src.lookup(apiURLSetting)
	if v == "" {
		return "", nil
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return "", fmt.Errorf("%s %q: want an absolute URL such as https://ghes.example.com/api/v3", from, v)
	}
	return v, nil
}

// limits reads the bounds given, leaving the rest zero (the defaults).
func limits(src source) (Limits, error) {
	var l Limits
	var errs []error
	if v, from := src.lookup(maxBodySetting); from != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 || n > DefaultMaxBody {
			errs = append(errs, fmt.Errorf("%s %q: want a number of bytes from 1 to %d (GitHub's cap)", from, v, DefaultMaxBody))
		}
		l.MaxBody = n
	}
	for _, d := range []struct {
		set Setting
		to  *time.Duration
	}{{headerSetting, &l.ReadHeaderTimeout}, {readSetting, &l.ReadTimeout}, {idleSetting, &l.IdleTimeout},
		{handlerSetting, &l.HandlerTimeout}, {drainSetting, &l.DrainTimeout}} {
		v, from := src.lookup(d.set)
		if from == "" {
			continue
		}
		t, err := time.ParseDuration(v)
		if err != nil || t <= 0 {
			errs = append(errs, fmt.Errorf("%s %q: want a positive duration such as 30s", from, v))
		}
		*d.to = t
	}
	return l, errors.Join(errs...)
}
