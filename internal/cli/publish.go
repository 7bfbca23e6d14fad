package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/publish"
)

const publishSynopsis = "publish --results FILE [--repo OWNER/NAME] [--head-sha SHA] [--pr N]"

// errRefused marks a results document that does not belong where it would
// be published.
var errRefused = errors.New("refusing to publish")

// publishClient is what the publisher asks of GitHub: writing results and
// reading the pull request it checks them against.
type publishClient interface {
	publish.GitHub
	PullRequest(ctx context.Context, repo github.Repo, number int) (github.PullRequest, error)
}

// newPublishClient builds the client; tests replace it.
var newPublishClient = func(installationID int64) (publishClient, error) {
	cfg, ok, err := githubConfig(installationID)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errors.New("no token (GITHUB_TOKEN or the token input) and no GitHub App to publish with")
	}
	return github.NewAdapter(cfg)
}

type publishFlags struct {
	results, repo, headSHA string
	pr                     int
}

// runPublish posts a results document written by an unprivileged run. It
// reads the document as data, checks it against what GitHub says about the
// triggering run, and never executes anything from the pull request.
func runPublish(e env, args []string) int {
	fs := newFlagSet(e, "publish", publishSynopsis)
	var f publishFlags
	fs.StringVar(&f.results, "results", "", "the results document to publish (required)")
	fs.StringVar(&f.repo, "repo", "", "repository (default GITHUB_REPOSITORY)")
	fs.StringVar(&f.headSHA, "head-sha", "", "commit for the check runs (default: the workflow_run's head, else the document's)")
	fs.IntVar(&f.pr, "pr", 0, "pull request to comment on (default: the document's)")
	if _, code := parseFlags(fs, args); code >= 0 {
		return code
	}
	if f.results == "" {
		f.results = strings.TrimSpace(getenv("INPUT_RESULTS"))
	}
	if f.results == "" {
		fmt.Fprintln(e.stderr, "storygate publish: --results (or the results input) is required")
		return ExitUsage
	}
	return publishResults(e, f)
}

func publishResults(e env, f publishFlags) int {
	res, err := gate.ReadFile(f.results)
	if err != nil {
		return publishFailure(e, err)
	}
	ev, err := publishEvent()
	if err != nil {
		return publishFailure(e, err)
	}
	gh, err := newPublishClient(ev.InstallationID)
	if err != nil {
		return publishFailure(e, err)
	}
	ctx := context.Background()
	t, err := publishTarget(ctx, gh, res, ev, f)
	if err != nil {
		return publishFailure(e, err)
	}
	out, err := publish.ToGitHub(ctx, gh, res, t)
	if err != nil {
		return publishFailure(e, err)
	}
	if err := writeStepSummary(res); err != nil {
		return publishFailure(e, err)
	}
	setOutputs(res, f.results)
	fmt.Fprintf(e.stderr, "storygate publish: %s: %d check runs on %s; comment %s\n", res.Conclusion, len(out.CheckRuns), t.HeadSHA[:12], orNone(string(out.Comment)))
	return ExitOK
}

// publishEvent reads the triggering event when there is one.
func publishEvent() (github.Event, error) {
	name, path := getenv("GITHUB_EVENT_NAME"), getenv("GITHUB_EVENT_PATH")
	if name == "" || path == "" {
		return github.Event{}, nil
	}
	payload, err := os.ReadFile(path)
	if err != nil {
		return github.Event{}, fmt.Errorf("event payload: %w", err)
	}
	return github.ParseEvent(name, payload)
}

// publishTarget decides where the results go. The repository comes from
// the workflow, never from the document; under workflow_run the commit and
// run URL come from GitHub's event, the document must name that commit, and
// the pull request it names must have it as its head.
func publishTarget(ctx context.Context, gh publishClient, res *gate.Results, ev github.Event, f publishFlags) (publish.Target, error) {
	repo, err := publishRepo(res, f)
	if err != nil {
		return publish.Target{}, err
	}
	t := publish.Target{Repo: repo, HeadSHA: firstNonEmpty(f.headSHA, res.Event.HeadSHA), PullRequest: res.Event.PullRequest}
	if f.pr != 0 {
		t.PullRequest = f.pr
	}
	t.DetailsURL = trustedRunURL(res.Event.RunURL, repo)
	if ev.WorkflowRun == nil {
		return t, requireHead(t)
	}
	return workflowRunTarget(ctx, gh, res, ev, t)
}

func workflowRunTarget(ctx context.Context, gh publishClient, res *gate.Results, ev github.Event, t publish.Target) (publish.Target, error) {
	if res.Event.HeadSHA != ev.HeadSHA {
		return t, fmt.Errorf("%w: the document is for commit %q, the workflow run for %q", errRefused, res.Event.HeadSHA, ev.HeadSHA)
	}
	t.HeadSHA, t.DetailsURL = ev.HeadSHA, ev.WorkflowRun.HTMLURL
	if t.PullRequest == 0 {
		return t, nil
	}
	if listed := ev.WorkflowRun.PullRequests; len(listed) > 0 && !containsInt(listed, t.PullRequest) {
		return t, fmt.Errorf("%w: pull request #%d is not one of the workflow run's %v", errRefused, t.PullRequest, listed)
	}
	pr, err := gh.PullRequest(ctx, t.Repo, t.PullRequest)
	if err != nil {
		return t, fmt.Errorf("check pull request #%d: %w", t.PullRequest, err)
	}
	if pr.HeadSHA != ev.HeadSHA {
		return t, fmt.Errorf("%w: pull request #%d is at %s, not at the workflow run's commit %s", errRefused, t.PullRequest, pr.HeadSHA, ev.HeadSHA)
	}
	return t, nil
}

func publishRepo(res *gate.Results, f publishFlags) (github.Repo, error) {
	name := firstNonEmpty(f.repo, getenv("GITHUB_REPOSITORY"))
	repo, err := github.ParseRepo(name)
	if err != nil {
		return repo, fmt.Errorf("repository: %w (set GITHUB_REPOSITORY or --repo)", err)
	}
	if res.Event.Repository != "" && !strings.EqualFold(res.Event.Repository, repo.FullName()) {
		return repo, fmt.Errorf("%w: the document is for %s, this workflow runs in %s", errRefused, res.Event.Repository, repo)
	}
	return repo, nil
}

func requireHead(t publish.Target) error {
	if t.HeadSHA == "" {
		return fmt.Errorf("%w: no commit to attach check runs to (--head-sha)", errRefused)
	}
	return nil
}

// trustedRunURL keeps the document's run link only when it points at this
// repository's workflow runs.
func trustedRunURL(u string, repo github.Repo) string {
	server := firstNonEmpty(getenv("GITHUB_SERVER_URL"), "https://github.com")
	prefix := strings.TrimRight(server, "/") + "/" + repo.FullName() + "/actions/runs/"
	if strings.HasPrefix(u, prefix) {
		return u
	}
	return ""
}

func publishFailure(e env, err error) int {
	fmt.Fprintf(e.stderr, "storygate publish: %v\n", err)
	fmt.Fprintf(e.stdout, "::error title=storygate publish::%s\n", escapeCommand(err.Error()))
	if errors.Is(err, gate.ErrInvalid) || errors.Is(err, errRefused) {
		return ExitUsage
	}
	return ExitInternal
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
