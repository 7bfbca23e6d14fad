package bot

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
	"github.com/storygate/storygate/internal/safefile"
)

// errRefused marks a results document that does not belong where it would
// be published.
var errRefused = usage(errors.New("refusing to publish"))

// publishClient is what the publisher asks of GitHub: writing results and
// reading the pull request it checks them against.
type publishClient interface {
	publish.GitHub
	PullRequest(ctx context.Context, repo github.Repo, number int) (github.PullRequest, error)
	// WorkflowRun reads the run a dispatched document comes from.
	WorkflowRun(ctx context.Context, repo github.Repo, id int64) (github.WorkflowRun, error)
}

// PublishOptions are the command line of storygate publish.
type PublishOptions struct {
	// Results is the results document to publish.
	Results string
	// Repo, HeadSHA and PR override the workflow's repository, the
	// commit and the pull request.
	Repo, HeadSHA string
	PR            int
	// Root is the root the gates are recomputed in: the top of the trusted
	// checkout (the default branch) holding the pull request's commits as
	// git data, or a package directory in it; the same root the
	// unprivileged run judged. Empty means the Actions workspace.
	Root string
	// ConfigFile is the configuration file the unprivileged run was
	// given (the config input), named as that run named it; empty means
	// the root's .github/storygate.yml. A file inside the trusted checkout
	// is read where the pull request's head holds it (so, as by the gate,
	// at the base revision); one outside is the workflow's and is read as
	// given.
	ConfigFile string
}

// Publish posts a results document written by an unprivileged run. It
// reads the document as data, checks it against what GitHub says about the
// triggering run, and never executes anything from the pull request.
func (b *Bot) Publish(ctx context.Context, f PublishOptions) error {
	res, err := gate.ReadFile(f.Results)
	if err != nil {
		// The file the command line names cannot be read: the caller's to
		// fix, and the pull request's to see when GitHub names its head.
		return b.publishMissing(ctx, f, err)
	}
	root, err := b.resolveTrustedRoot(f.Root)
	if err != nil {
		return b.publishFailure(err)
	}
	if f.ConfigFile != "" {
		if root.config, err = filepath.Abs(f.ConfigFile); err != nil {
			return b.publishFailure(usage(fmt.Errorf("config %s: %w", f.ConfigFile, err)))
		}
	}
	if err := root.admit(res); err != nil {
		return b.publishFailure(err)
	}
	ev, err := b.publishEvent()
	if err != nil {
		return b.publishFailure(err)
	}
	gh, err := b.deps.GitHub.NewClient(ev.InstallationID, github.Timeouts{})
	if err != nil {
		return b.publishFailure(fmt.Errorf("publish: %w", err))
	}
	t, pr, err := b.publishTarget(ctx, gh, res, ev, f)
	if err != nil {
		return b.publishFailure(err)
	}
	t.Root, t.Run = root.name(), b.workflowRun()
	if res, err = b.recompute(ctx, res, &t, pr, ev, root); err != nil {
		return b.publishFailure(err)
	}
	if err := b.bindDispatch(ctx, gh, ev, t, root.checkout); err != nil {
		return b.publishFailure(err)
	}
	out, err := publish.ToGitHub(ctx, gh, res, t)
	if err != nil {
		return b.publishFailure(err)
	}
	if err := b.writeStepSummary(res, t.Approvers); err != nil {
		return b.publishFailure(err)
	}
	b.setOutputs(res, f.Results)
	fmt.Fprintf(b.e.stderr, "storygate publish: %s: %d check runs on %s; comment %s\n", res.Conclusion, len(out.CheckRuns), t.HeadSHA[:12], orNone(string(out.Comment)))
	noteSuperseded(b.e.stderr, "storygate publish", out, t)
	return nil
}

// publishEvent reads the triggering event when there is one.
func (b *Bot) publishEvent() (github.Event, error) {
	name, path := b.getenv("GITHUB_EVENT_NAME"), b.getenv("GITHUB_EVENT_PATH")
	if name == "" || path == "" {
		return github.Event{}, nil
	}
	payload, err := safefile.ReadPath(path, github.MaxPayloadBytes)
	if err != nil {
		return github.Event{}, fmt.Errorf("event payload: %w", err)
	}
	return github.ParseEvent(name, payload)
}

func (b *Bot) publishRepo(res *gate.Results, f PublishOptions) (github.Repo, error) {
	name := firstNonEmpty(f.Repo, b.getenv("GITHUB_REPOSITORY"))
	repo, err := github.ParseRepo(name)
	if err != nil {
		return repo, fmt.Errorf("repository: %w (set GITHUB_REPOSITORY or --repo)", err)
	}
	if res.Event.Repository != "" && !strings.EqualFold(res.Event.Repository, repo.FullName()) {
		return repo, fmt.Errorf("%w: the document is for %s, this workflow runs in %s", errRefused, res.Event.Repository, repo)
	}
	return repo, nil
}

// trustedRunURL keeps the document's run link only when it points at this
// repository's workflow runs.
func (b *Bot) trustedRunURL(u string, repo github.Repo) string {
	if strings.HasPrefix(u, b.runsPrefix(repo)) {
		return u
	}
	return ""
}

// runsPrefix is where the URLs of repo's workflow runs start.
func (b *Bot) runsPrefix(repo github.Repo) string {
	server := firstNonEmpty(b.getenv("GITHUB_SERVER_URL"), "https://github.com")
	return strings.TrimRight(server, "/") + "/" + repo.FullName() + "/actions/runs/"
}

func (b *Bot) publishFailure(err error) error {
	fmt.Fprintf(b.e.stderr, "storygate publish: %v\n", err)
	fmt.Fprintf(b.e.stdout, "::error title=storygate publish::%s\n", escapeCommand(err.Error()))
	if errors.Is(err, gate.ErrInvalid) && !errors.Is(err, ErrUsage) {
		return usage(err)
	}
	return err
}

func firstNonEmpty(values ...string) string {
	for _, v := range values {
		if v != "" {
			return v
		}
	}
	return ""
}

func containsInt(list []int, n int) bool {
	for _, x := range list {
		if x == n {
			return true
		}
	}
	return false
}
