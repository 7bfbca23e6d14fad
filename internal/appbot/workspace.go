package appbot

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/bot"
	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/rundir"
)

// workspace is what a workflow job would have for one delivery: a
// checkout (root), the event payload as a file, a temp directory, and
// the organization's default policy when the repository has none.
type workspace struct {
	dir, root, event, tmp string
	// config is the organization default's file, "" when the repository's
	// own .github/storygate.yml governs (or neither exists).
	config string
	out    bytes.Buffer
}

// openWorkspace clones the repository (work tree at the default branch,
// commits fetched, optional ones when the server has them) into a new
// private temp directory and writes the payload next to it; base is the
// revision whose policy governs.
func (h *Handler) openWorkspace(ctx context.Context, r *run, base string, commits, optional []string) (*workspace, error) {
	dir, err := rundir.Temp("app")
	if err != nil {
		return nil, err
	}
	ws := &workspace{dir: dir, root: filepath.Join(dir, "repo"), event: filepath.Join(dir, "event.json"), tmp: filepath.Join(dir, "tmp")}
	if err := ws.fill(ctx, h, r, base, commits, optional); err != nil {
		ws.remove()
		return nil, err
	}
	return ws, nil
}

func (ws *workspace) fill(ctx context.Context, h *Handler, r *run, base string, commits, optional []string) error {
	for _, d := range []string{ws.root, ws.tmp} {
		if err := os.Mkdir(d, 0o700); err != nil {
			return err
		}
	}
	if err := os.WriteFile(ws.event, r.d.Body, 0o600); err != nil {
		return fmt.Errorf("write the payload: %w", err)
	}
	token, err := h.deps.Installations.Token(ctx, r.ev.InstallationID)
	if err != nil {
		return fmt.Errorf("installation token for git: %w", err)
	}
	co := Checkout{Repo: r.ev.Repo, Token: token, Branch: r.ev.DefaultBranch, Commits: slices.Compact(slices.Sorted(slices.Values(commits))),
		Optional: optional, Dir: ws.root}
	if err := h.deps.Checkouts.Checkout(ctx, co); err != nil {
		return fmt.Errorf("clone %s: %w", r.ev.Repo, err)
	}
	ws.config, err = orgDefault(ctx, r, base, ws.dir)
	return err
}

func (ws *workspace) remove() { _ = os.RemoveAll(ws.dir) }

// logOutput logs what the bot printed, one record per line.
func (ws *workspace) logOutput(log *slog.Logger) {
	for line := range strings.Lines(ws.out.String()) {
		log.Info("storygate", "line", strings.TrimRight(line, "\n"))
	}
}

// repoPolicy is where a repository keeps its policy (config.DefaultPath);
// orgPolicy the organization default's file in its .github repository.
const (
	repoPolicy = ".github/storygate.yml"
	orgPolicy  = "storygate.yml"
)

// orgDefault is the organization's default policy, written into dir, when
// the repository has no policy of its own at base: storygate.yml at the
// default branch of the organization's .github repository (as policy-bot
// reads its defaults). A repository's own file always wins, whole, never
// merged. Either read failing for another reason than absence fails the
// delivery rather than judge by a weaker policy.
func orgDefault(ctx context.Context, r *run, base, dir string) (string, error) {
	_, err := r.client.GetFile(ctx, r.ev.Repo, repoPolicy, base)
	if err == nil {
		return "", nil
	}
	if !errors.Is(err, github.ErrNotFound) {
		return "", fmt.Errorf("the repository's policy at %s: %w", github.ShortSHA(base), err)
	}
	org := github.Repo{Owner: r.ev.Repo.Owner, Name: ".github"}
	f, err := r.client.GetFile(ctx, org, orgPolicy, "")
	if errors.Is(err, github.ErrNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("the organization's default policy (%s/%s): %w", org, orgPolicy, err)
	}
	path := filepath.Join(dir, "org-storygate.yml")
	if err := os.WriteFile(path, f.Content, 0o600); err != nil {
		return "", err
	}
	return path, nil
}

// bot is the GitHub Action's handler for one delivery: the workspace for
// its environment, the installation's client for every call, and the App
// pinned as storygate's identity.
// extra are more KEY, value pairs (publish names the gate run).
func (h *Handler) bot(r *run, ws *workspace, extra ...string) *bot.Bot {
	env := actionsEnv{
		"GITHUB_EVENT_NAME": r.d.Event, "GITHUB_EVENT_PATH": ws.event, "GITHUB_WORKSPACE": ws.root,
		"GITHUB_REF": "refs/heads/" + r.ev.DefaultBranch, "GITHUB_REPOSITORY": r.ev.Repo.FullName(),
		"GITHUB_SERVER_URL": h.deps.ServerURL, "RUNNER_TEMP": ws.tmp, "INPUT_GATE-WORKFLOW": h.deps.GateWorkflow,
	}
	for i := 0; i+1 < len(extra); i += 2 {
		env[extra[i]] = extra[i+1]
	}
	return bot.New(bot.Deps{Env: env, GitHub: oneClient{r.client}, Now: h.deps.Now, Stdout: &ws.out, Stderr: &ws.out,
		Version: h.deps.Version, Recorder: h.recorder()})
}

// recorder is the App's identity: <slug>[bot], via the App.
func (h *Handler) recorder() chatops.Recorder {
	return chatops.Recorder{Login: h.deps.AppSlug + "[bot]", AppID: h.deps.AppID}
}

// actionsEnv is the environment the Action would read in a job; nothing
// of the server's own environment (its key, its secret) is in it.
type actionsEnv map[string]string

// Getenv reads one variable.
func (e actionsEnv) Getenv(key string) string { return e[key] }

// Environ lists the variables.
func (e actionsEnv) Environ() []string {
	out := make([]string, 0, len(e))
	for k, v := range e {
		out = append(out, k+"="+v)
	}
	return out
}

// oneClient is the installation's client for every NewClient.
type oneClient struct{ c Client }

// NewClient returns the installation's client; its timeouts are the App's.
func (o oneClient) NewClient(int64, github.Timeouts) (bot.Client, error) { return o.c, nil }
