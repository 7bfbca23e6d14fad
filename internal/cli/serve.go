package cli

import (
	"fmt"
	"os"
	"strings"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/serve"
	"github.com/storygate/storygate/internal/version"
)

const serveSynopsis = "serve --app-id N --private-key-file F --webhook-secret-file F [--listen ADDR] [--github-api-url URL] [limits]\n" +
	"  (each flag also from its environment variable, named in its help; the key and the secret also by value in\n" +
	"  " + serve.EnvPrivateKey + " and " + serve.EnvWebhookSecret + "; SIGTERM drains in-flight deliveries and exits 0)"

// serveDeps are what `storygate serve` is given rather than builds.
type serveDeps struct {
	// newApp builds the App's handlers over its credentials (appHandlers;
	// a test's fake).
	newApp func(serve.AppDeps) (serve.App, error)
	// getenv reads the environment (os.Getenv).
	getenv func(string) string
}

// runServe runs the GitHub App's webhook server until a signal stops it.
func runServe(e env, args []string) int {
	return serveDeps{newApp: appHandlers, getenv: os.Getenv}.run(e, args)
}

// appHandlers builds the App's handlers (internal/appbot): ready once
// GitHub confirms the key is the configured App's.
func appHandlers(d serve.AppDeps) (serve.App, error) {
	return appbot.ServeApp(d, version.String()), nil
}

// run parses the flags, loads the configuration (exit 2 when it is
// wrong, every problem named), builds the handlers and serves.
func (d serveDeps) run(e env, args []string) int {
	fs := newFlagSet(e, "serve", serveSynopsis)
	values := map[string]*string{}
	for _, s := range serve.Settings() {
		if s.Flag != "" {
			values[s.Flag] = fs.String(s.Flag, "", fmt.Sprintf("%s (env %s)", s.Usage, s.Env))
		}
	}
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(e.stderr, "storygate serve: takes no arguments, got %q\n", rest)
		fs.Usage()
		return ExitUsage
	}
	given := map[string]string{}
	for name := range flagsSet(fs) {
		given[name] = *values[name]
	}
	cfg, err := serve.Load(given, d.getenv)
	if err != nil {
		for _, line := range strings.Split(err.Error(), "\n") {
			fmt.Fprintf(e.stderr, "storygate serve: %s\n", line)
		}
		fmt.Fprintln(e.stderr, "storygate serve --help lists every flag and its environment variable")
		return ExitUsage
	}
	return d.serve(e, cfg)
}

// serve builds the handlers and runs the server (exit 3 when either
// fails; 0 once a signal drained it).
func (d serveDeps) serve(e env, cfg serve.Config) int {
	logger := serve.NewLogger(e.stderr)
	metrics := serve.NewMetrics()
	app, err := d.newApp(serve.AppDeps{App: cfg.App, Metrics: metrics, Logger: logger})
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate serve: %v\n", err)
		return ExitInternal
	}
	deps := serve.Deps{Handler: app.Handler, Check: app.Check, Metrics: metrics, Logger: logger}
	if err := serve.Run(e.ctx, cfg, deps); err != nil {
		fmt.Fprintf(e.stderr, "storygate serve: %v\n", err)
		return ExitInternal
	}
	return ExitOK
}
