package cli

import (
	"errors"
	"flag"
	"fmt"
	"time"

	"github.com/storygate/storygate/internal/github"
)

// githubFlags are the bounds on waiting for GitHub, shared by action and
// publish; unset ones fall back to the configuration's github section.
type githubFlags struct {
	requestTimeout, deadline time.Duration
}

func (g *githubFlags) register(fs *flag.FlagSet) {
	fs.DurationVar(&g.requestTimeout, "github-request-timeout", 0, "time limit per attempt of one GitHub request; retried like a 5xx (default github.request_timeout, 30s)")
	fs.DurationVar(&g.deadline, "github-deadline", 0, "time limit for all of the run's GitHub requests and retries; past it the run exits 3 (default github.deadline, 10m)")
}

// parse parses the command line of command (registered on fs, these
// flags included) and validates these flags; code is -1 to go on, else
// the exit code, the problem already printed.
func (g *githubFlags) parse(e env, command string, fs *flag.FlagSet, args []string) (github.Timeouts, int) {
	if _, code := parseFlags(fs, args); code >= 0 {
		return github.Timeouts{}, code
	}
	t, err := g.timeouts(flagsSet(fs))
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate %s: %v\n", command, err)
		return github.Timeouts{}, ExitUsage
	}
	return t, -1
}

// timeouts validates the flags as the configuration is validated: a
// duration given must run forward.
func (g githubFlags) timeouts(set map[string]bool) (github.Timeouts, error) {
	if (set["github-request-timeout"] && g.requestTimeout <= 0) || (set["github-deadline"] && g.deadline <= 0) {
		return github.Timeouts{}, errors.New("--github-request-timeout and --github-deadline must be positive durations")
	}
	return github.Timeouts{Request: g.requestTimeout, Deadline: g.deadline}, nil
}

// flagsSet names the flags given on the command line.
func flagsSet(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	return set
}
