package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/verify"
)

// markScript records, in the file $MARK names, that a command from the
// change ran; in the sandbox that path is not the host's, so the write is
// allowed to fail there.
const markScript = `echo "$1" >> "$MARK" 2>/dev/null || true
`

// imageCase is one run of the gate on a pull request whose verification
// and revert suite both write the marker.
type imageCase struct {
	name string
	// image is a run inside the Docker action's image (STORYGATE_IMAGE).
	image    bool
	sandbox  string
	lookPath func(string) (string, error)
	ran      bool
	want     string
	// says is in the verify and revert-check check runs' text.
	says string
}

// TestDockerImageRefusesPRCodeUnsandboxed is the attack of issue 25: the
// gate running in the Docker action's image (no bubblewrap) under
// verify.sandbox auto would run the pull request's commands as root,
// unsandboxed. It must not: the marker the verification and the revert
// suite would write is absent, both check runs fail and say why and how
// to fix it. The controls: verify.sandbox off in the policy runs them
// (with the unsandboxed warning); required keeps refusing with its own
// reason; host mode with a working sandbox runs them sandboxed.
func TestDockerImageRefusesPRCodeUnsandboxed(t *testing.T) {
	t.Parallel()
	for _, c := range []imageCase{
		{name: "image, auto: refused", image: true, sandbox: "auto", lookPath: noTools, want: "failure", says: "storygate runs in its Docker image"},
		{name: "control: image, off: runs unsandboxed", image: true, sandbox: "off", lookPath: noTools, ran: true, want: "success"},
		{name: "control: image, required: refused", image: true, sandbox: "required", lookPath: noTools, want: "failure", says: "verify.sandbox is required"},
		{name: "control: host mode, auto: sandboxed", sandbox: "auto", want: "success"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.lookPath == nil {
				sandboxCase{warned: false}.skipWithoutSandbox(t)
			}
			h, mark := imageHarness(t, c)
			gateOut, _ := twoPhase(t, h)
			_, err := os.Stat(mark)
			if ran := err == nil; ran != c.ran {
				t.Errorf("PR commands ran on the host: %v, want %v", ran, c.ran)
			}
			for _, name := range []string{"storygate / verify", "storygate / revert-check"} {
				h.assertCheckRun(name, c.want, c.says)
			}
			h.assertIsolation(c, gateOut)
		})
	}
}

// imageHarness is a pull request whose done story's V1 and whose revert
// suite write the marker, with verify.sandbox set as c says; it returns
// the marker's path.
func imageHarness(t *testing.T, c imageCase) (*harness, string) {
	t.Helper()
	story := strings.Replace(doneDemoStory(t), `command: "true"`, `command: sh scripts/mark.sh verify`, 1)
	policy := "verify:\n  sandbox: " + c.sandbox + "\nrevert:\n  suite: sh scripts/mark.sh revert && grep -q new tests/expected.txt\n"
	h := impactedHarness(t, map[string]string{"stories/STORY-001.md": story, "scripts/mark.sh": markScript,
		".github/storygate.yml": policy, "tests/expected.txt": "old\n"},
		map[string]string{"src/orders/x.go": "package orders // faster\n", "tests/expected.txt": "new\n"})
	mark := filepath.Join(t.TempDir(), "ran")
	h.env["MARK"] = mark
	if c.image {
		h.env[verify.ImageEnv] = "1"
	}
	h.lookPath = c.lookPath
	return h, mark
}

// assertCheckRun checks a published check run's conclusion and that its
// text says what it must.
func (h *harness) assertCheckRun(name, want, says string) {
	h.t.Helper()
	for _, r := range h.fake.CheckRuns() {
		if r.Name != name {
			continue
		}
		text := r.Title + "\n" + r.Summary + "\n" + r.Text
		if r.Conclusion != want || !strings.Contains(text, says) {
			h.t.Errorf("%s: %s, want %s saying %q:\n%s", name, r.Conclusion, want, says, text)
		}
		if strings.Contains(says, "Docker image") && !strings.Contains(text, "verify.sandbox: off") {
			h.t.Errorf("%s does not say how to fix it:\n%s", name, text)
		}
		return
	}
	h.t.Errorf("no %s check run among %v", name, h.checkRuns())
}

// assertIsolation checks the results document's isolation and the gate
// run's warning: sandboxed only in host mode, a warning everywhere else.
func (h *harness) assertIsolation(c imageCase, gateOut string) {
	h.t.Helper()
	iso := h.document().Isolation
	sandboxed := c.lookPath == nil
	if iso == nil || iso.Sandboxed != sandboxed || iso.Mode != c.sandbox {
		h.t.Fatalf("isolation %+v, want sandboxed %v in mode %s", iso, sandboxed, c.sandbox)
	}
	warned := strings.Contains(gateOut, "::warning title=storygate sandbox::")
	if warned == sandboxed {
		h.t.Errorf("the gate run warned %v with sandboxed %v:\n%s", warned, sandboxed, gateOut)
	}
	if c.ran && !strings.Contains(gateOut, "PR commands ran WITHOUT a sandbox") {
		h.t.Errorf("the unsandboxed run does not say so:\n%s", gateOut)
	}
}
