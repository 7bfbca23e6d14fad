package bot

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
)

// noTools stands for a runner without bubblewrap (the Docker image's
// Alpine, say): the sandbox finds none of its tools.
func noTools(file string) (string, error) { return "", &exec.Error{Name: file, Err: exec.ErrNotFound} }

// sandboxCase is a runner without bubblewrap (warned) or the control,
// where the sandbox works.
type sandboxCase struct {
	name     string
	lookPath func(string) (string, error)
	warned   bool
}

func sandboxCases() []sandboxCase {
	return []sandboxCase{{"no bubblewrap", noTools, true}, {"control: the sandbox works", nil, false}}
}

// skipWithoutSandbox skips the control where no sandbox starts.
func (c sandboxCase) skipWithoutSandbox(t *testing.T) {
	t.Helper()
	if probe := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto}); !c.warned && !probe.Isolated() {
		t.Skip("no sandbox starts on this machine:", probe.Report().Reason)
	}
}

// checkedStory is the harness's done STORY-001 whose V1 runs
// scripts/check.sh, which fails while src/orders/x.go says BROKEN.
func checkedStory(t *testing.T) string {
	return strings.Replace(doneDemoStory(t), `command: "true"`, `command: sh scripts/check.sh`, 1)
}

// checkScript prints, when it fails, what an agent would print to act
// through the comment: a slash command, a mention, storygate's marker.
const checkScript = `if grep -q BROKEN src/orders/x.go; then
  printf '%s\n' "go: downloading example.com/dep" "dial udp: network is unreachable" \
    "/approve-plan STORY-001" "@maintainers merge this" "<!-- storygate:forged -->" >&2
  exit 1
fi
`

// twoPhase runs the gate as the unprivileged half of a fork's pull
// request (report-only: annotations, no API call), then publish, and
// returns the gate's stdout and the published comment.
func twoPhase(t *testing.T, h *harness) (gateOut, comment string) {
	t.Helper()
	h.env["GITHUB_RUN_ID"] = uploadingRun
	h.event("pull_request", "pull_request.opened", forkPullRequest)
	h.action()
	gateOut = h.stdout.String()
	publishHalf(t, h, h.head)
	if got := h.publish(h.results); got != passed {
		t.Fatalf("publish got %s\n%s", got, h.stderr.String())
	}
	return gateOut, h.stickyBody()
}

// TestUnsandboxedRunWarnsInActions: verify.sandbox auto on a runner
// where no sandbox can start runs the commands unsandboxed, and says so
// where a reviewer looks: a warning annotation in the gate run and the
// first line under the published comment's title. The control, with the
// sandbox working, says neither.
func TestUnsandboxedRunWarnsInActions(t *testing.T) {
	t.Parallel()
	const warning = "::warning title=storygate sandbox::PR commands ran WITHOUT a sandbox: bubblewrap (bwrap) is not installed"
	for _, c := range sandboxCases() {
		t.Run(c.name, func(t *testing.T) {
			c.skipWithoutSandbox(t)
			h := impactedHarness(t, map[string]string{"stories/STORY-001.md": checkedStory(t), "scripts/check.sh": checkScript},
				map[string]string{"src/orders/x.go": "package orders // faster\n"})
			h.lookPath = c.lookPath
			gateOut, comment := twoPhase(t, h)
			if got := strings.Contains(gateOut, warning); got != c.warned {
				t.Errorf("the gate run warned %v, want %v:\n%s", got, c.warned, gateOut)
			}
			top := linesUnderTitle(comment)
			got := len(top) > 1 && top[0] == "> [!WARNING]" && strings.Contains(top[1], "PR commands ran WITHOUT a sandbox: bubblewrap (bwrap) is not installed")
			if got != c.warned {
				t.Errorf("the comment's top line says unsandboxed: %v, want %v:\n%s", got, c.warned, comment)
			}
			if !c.warned && strings.Contains(comment, "WITHOUT a sandbox") {
				t.Errorf("the comment says unsandboxed in the control:\n%s", comment)
			}
		})
	}
}

// linesUnderTitle are the comment's lines after its "## " title and the
// blank line that follows it.
func linesUnderTitle(comment string) []string {
	lines := strings.Split(comment, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "## ") && i+2 < len(lines) {
			return lines[i+2:]
		}
	}
	return nil
}

// TestCommentShowsTheFailingCommandsStderr: a rerun that fails shows the
// end of its stderr in the published comment, in the open above the
// collapsed output, made inert: the slash command, the mention and the
// marker it printed are shown, never obeyed. The control, the same
// command passing, shows none.
func TestCommentShowsTheFailingCommandsStderr(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, code string
		shown      bool
	}{{"a failing rerun", "package orders // BROKEN\n", true}, {"control: the rerun passes", "package orders // faster\n", false}} {
		t.Run(c.name, func(t *testing.T) {
			h := impactedHarness(t, map[string]string{"stories/STORY-001.md": checkedStory(t), "scripts/check.sh": checkScript},
				map[string]string{"src/orders/x.go": c.code})
			_, comment := twoPhase(t, h)
			if got := strings.Contains(comment, "V1 failed; the end of its stderr:"); got != c.shown {
				t.Fatalf("the comment shows the cause %v, want %v:\n%s", got, c.shown, comment)
			}
			if !c.shown {
				return
			}
			_, cause, _ := strings.Cut(comment, "V1 failed; the end of its stderr:")
			cause, _, _ = strings.Cut(cause, "<details>")
			for _, want := range []string{"dial udp: network is unreachable", inert.Text("/approve-plan STORY-001"),
				inert.Text("@maintainers merge this"), inert.Text("<!-- storygate:forged -->")} {
				if !strings.Contains(cause, want) {
					t.Errorf("the cause lacks %q:\n%s", want, cause)
				}
			}
			for _, raw := range []string{"\n/approve-plan", "@maintainers", "<!-- storygate:forged"} {
				if strings.Contains(comment, raw) {
					t.Errorf("the comment carries %q as written:\n%s", raw, comment)
				}
			}
		})
	}
}

// TestReverifyWarnsWhenUnsandboxed: the scheduled re-verification's
// unprivileged job warns the same way when its reruns ran without a
// sandbox; the control, with the sandbox working, does not.
func TestReverifyWarnsWhenUnsandboxed(t *testing.T) {
	t.Parallel()
	for _, c := range sandboxCases() {
		t.Run(c.name, func(t *testing.T) {
			c.skipWithoutSandbox(t)
			repo := testrepo.New(t)
			repo.Write(map[string]string{"stories/STORY-001.md": driftedStory})
			sha := repo.Commit("a done story whose verification now fails")
			env := fakeEnv{"GITHUB_REPOSITORY": "o/r", "GITHUB_RUN_ID": "42", "GITHUB_SHA": sha, "RUNNER_TEMP": t.TempDir()}
			var out, errOut bytes.Buffer
			b := New(Deps{Env: env, GitHub: Credentials{Env: env}, Config: workTreeConfig{}, Stdout: &out, Stderr: &errOut, LookPath: c.lookPath})
			opts := ActionOptions{Root: repo.Root, EventName: "schedule", ReportOnly: "true", Results: filepath.Join(t.TempDir(), "reverify.json")}
			if got := statusOf(b.Action(context.Background(), opts)); got != failed {
				t.Fatalf("re-verification %s, want failed on drift\n%s", got, errOut.String())
			}
			if got := strings.Contains(out.String(), "::warning title=storygate sandbox::PR commands ran WITHOUT a sandbox"); got != c.warned {
				t.Errorf("warned %v, want %v:\n%s", got, c.warned, out.String())
			}
		})
	}
}
