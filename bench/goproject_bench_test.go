package bench

import (
	"context"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/testrepo"
	"github.com/storygate/storygate/internal/verify"
)

// goProjectSuite is the real-shaped project's suite, never answered from
// the test result cache, so that every contender really runs the tests.
const goProjectSuite = "go test -count=1 ./..."

// warmGoProject is a Go project with eight dependencies pre-fetched into
// the runner's module cache (a file:// GOPROXY made for it, then Go's
// default, which the sandbox cannot reach) and six packages with tests,
// its build cache warm; and the sandbox with the default policy (network
// none, the runner's caches behind private layers, the Landlock helper).
func warmGoProject(b testing.TB) (testrepo.GoProject, *sandbox.Sandbox) {
	p := testrepo.NewGoProject(b, 8, 6)
	// No environment: not storygate's Docker image, so nothing refuses.
	policy := verify.SandboxPolicy(config.Default().Verify, nil)
	policy.Mode = sandbox.Required
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	policy.Helper = exe
	sb := sandbox.New(context.Background(), policy)
	if !sb.Isolated() {
		needsandbox.Missing(b, sb.Report().Reason)
	}
	return p, sb
}

// BenchmarkGoProjectVerify times, warm and interleaved in one run, the
// sandboxed verification of a story item running the project's suite
// (what `storygate verify` does per item: a fresh clone at head, the
// sandbox, the caches' layers) against the suite run by hand in the
// checkout. Target: ratio <= 1.2.
func BenchmarkGoProjectVerify(b *testing.B) {
	p, sb := warmGoProject(b)
	items := []verify.Item{{Story: "STORY-001.md", ID: "V1", Command: goProjectSuite, PassWhen: "exit_code == 0"}}
	sandboxed := func() time.Duration {
		start := time.Now()
		res := verify.Execute(context.Background(), items, verify.Options{Dir: p.Dir, Env: verify.CleanEnv(os.Environ(), nil),
			Timeout: 10 * time.Minute, Sandbox: sb, Source: sandbox.Source{Top: p.Dir, Place: ".", Commit: p.Head}})
		if res[0].Verdict != verify.VerdictPass {
			b.Fatalf("sandboxed: %s %s %s", res[0].Verdict, res[0].StdoutTail, res[0].StderrTail)
		}
		return time.Since(start)
	}
	box, hand := interleaved(b, sandboxed, func() time.Duration { return suiteByHand(b, p.Dir) })
	reportRatio(b, box, "sandboxed-verify-ms/op", hand, "by-hand-ms/op")
}

// BenchmarkGoProjectRevert times, warm and interleaved in one run, the
// sandboxed revert check of a change to one package's test (open,
// snapshot, clone, the baseline run and the reverted run, sharing one set
// of cache layers) against running the suite twice by hand. Target:
// ratio <= 1.2.
func BenchmarkGoProjectRevert(b *testing.B) {
	p, sb := warmGoProject(b)
	test := p.Dir + "/pkg0/pkg0_test.go"
	data, err := os.ReadFile(test)
	if err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(test, append(data, []byte("\nfunc TestTotalAgain(t *testing.T) { TestTotal(t) }\n")...), 0o644); err != nil {
		b.Fatal(err)
	}
	testrepo.GitCLI(b, p.Dir, "commit", "-q", "-am", "head: one more test")
	r, err := gitrepo.Open(p.Dir)
	if err != nil {
		b.Fatal(err)
	}
	check := func() time.Duration {
		start := time.Now()
		res, err := revert.Check(context.Background(), revert.Options{Repo: r, Base: commitOf(b, r, "main~1"),
			Head: commitOf(b, r, "main"), Governed: []string{"pkg0/pkg0_test.go"}, Suite: goProjectSuite,
			Env: verify.CleanEnv(os.Environ(), nil), Sandbox: sb})
		if err != nil || res.Verdict != revert.Escalate {
			b.Fatalf("revert check: %v %s (%s): %s", err, res.Verdict, res.Reason, res.OutputTail)
		}
		return time.Since(start)
	}
	ours, theirs := interleaved(b, check, func() time.Duration { return suiteByHand(b, p.Dir) + suiteByHand(b, p.Dir) })
	reportRatio(b, ours, "sandboxed-revert-check-ms/op", theirs, "suite-twice-ms/op")
}

// suiteByHand runs the suite in the checkout, unsandboxed, as a developer
// would, and times it.
func suiteByHand(b testing.TB, dir string) time.Duration {
	start := time.Now()
	cmd := exec.Command("sh", "-c", goProjectSuite)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("by hand: %v\n%s", err, out)
	}
	return time.Since(start)
}

// interleaved runs each contender once untimed (warm, as a second push
// finds the runner), then b.N times each, alternating, and sums their
// times.
func interleaved(b *testing.B, ours, theirs func() time.Duration) (o, t time.Duration) {
	ours()
	theirs()
	b.ResetTimer()
	for range b.N {
		t += theirs()
		o += ours()
		settle()
	}
	b.StopTimer()
	return o, t
}
