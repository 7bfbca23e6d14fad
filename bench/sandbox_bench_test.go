package bench

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// BenchmarkSandboxOverhead times, in the same run and interleaved, one
// command (`true`, so nothing but the overhead is measured) run three ways:
// plain (sh -c in the checkout, as without a sandbox), bwrap (in the
// sandbox, in a clone made beforehand: the namespaces, mounts and
// prlimit, and as root the tree handed to the unprivileged uid), landlock
// (the same plus the Landlock helper, where the kernel has Landlock), and
// isolated (what a verify run of one item does: a fresh clone of the
// repository at head plus the sandboxed run, the clone removed after; a
// run of several items makes one clone).
// Sub-benchmarks cover a small repository and a 10,000-file one, since the
// clone's checkout grows with the tree.
func BenchmarkSandboxOverhead(b *testing.B) {
	policy := sandbox.Policy{Mode: sandbox.Required, MemoryBytes: 4 << 30, Processes: 1024}
	sb := sandbox.New(context.Background(), policy)
	if !sb.Isolated() {
		needsandbox.Missing(b, sb.Report().Reason)
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	policy.Helper = exe
	locked := sandbox.New(context.Background(), policy)
	for _, size := range []struct {
		name  string
		files int
	}{{"100-files", 100}, {"10000-files", 10000}} {
		b.Run(size.name, func(b *testing.B) { benchOverhead(b, sb, locked, buildRepo(b, size.files).Dir) })
	}
}

func benchOverhead(b *testing.B, sb, locked *sandbox.Sandbox, repo string) {
	head := gitCmd(b, repo, nil, "rev-parse", "HEAD")
	tree, err := sandbox.Clone(context.Background(), sandbox.Source{Top: repo, Place: ".", Commit: head})
	if err != nil {
		b.Fatal(err)
	}
	defer tree.Close()
	env := verify.CleanEnv(os.Environ(), nil)
	var plain, bwrap, landlock, isolated time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		plain += timed(b, verify.Spec{Command: "true", Dir: repo, Env: env})
		bwrap += timed(b, verify.Spec{Command: "true", Dir: tree.Dir, Env: env, Sandbox: sb, Mounts: tree.Mounts()})
		landlock += timed(b, verify.Spec{Command: "true", Dir: tree.Dir, Env: env, Sandbox: locked, Mounts: tree.Mounts()})
		start := time.Now()
		r := verify.Execute(context.Background(), []verify.Item{{Story: "s.md", ID: "V1", Command: "true", PassWhen: "exit_code == 0"}},
			verify.Options{Dir: repo, Env: env, Sandbox: sb, Source: sandbox.Source{Top: repo, Place: ".", Commit: head}})
		isolated += time.Since(start)
		if !r[0].Passed() || !r[0].Sandboxed {
			b.Fatalf("isolated run: %+v", r[0])
		}
	}
	b.StopTimer()
	n := float64(b.N)
	b.ReportMetric(float64(plain.Microseconds())/n/1000, "plain-ms/op")
	b.ReportMetric(float64(bwrap.Microseconds())/n/1000, "bwrap-ms/op")
	if locked.Report().LandlockABI > 0 {
		b.ReportMetric(float64(landlock.Microseconds())/n/1000, "landlock-ms/op")
	}
	b.ReportMetric(float64(isolated.Microseconds())/n/1000, "clone+bwrap-ms/op")
	b.ReportMetric(float64(isolated-plain)/n/float64(time.Millisecond), "overhead-ms/op")
}

func timed(b *testing.B, spec verify.Spec) time.Duration {
	start := time.Now()
	x := verify.Run(context.Background(), spec)
	took := time.Since(start)
	if x.ExitCode != 0 || x.StartErr != nil {
		b.Fatalf("%s: exit %d %v %s", spec.Dir, x.ExitCode, x.StartErr, x.Stderr)
	}
	return took
}
