package bench

import (
	"context"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/needsandbox"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// helperEnv names the executable BenchmarkSandboxPerCommand runs as the
// Landlock helper (bench/sandbox.sh builds it): the release's small helper
// (storygate-sandbox-exec) or storygate itself; the helper's cost is its
// start-up, which this test binary's is not.
const helperEnv = "STORYGATE_BENCH_HELPER"

// BenchmarkSandboxPerCommand times, interleaved, the cost of one more
// command (`true`) in a clone that earlier commands already ran in (the
// first command, untimed, hands the clone over), in a 10-file and a
// 10,000-file repository, with the helper storygate ships and without any
// (setpriv and prlimit: what runs when the helper does not start), against
// bare bwrap (`bwrap` with /usr and its links, `-- sh -c true`: what any
// bubblewrap sandbox costs), and each link of the chain on its own
// (setpriv, prlimit and the helper, each before `true`, less `true`
// alone). It reports the median of each, in ms.
func BenchmarkSandboxPerCommand(b *testing.B) {
	policy := sandbox.Policy{Mode: sandbox.Required, MemoryBytes: 4 << 30, Processes: 1024}
	plain := sandbox.New(context.Background(), policy)
	if !plain.Isolated() {
		needsandbox.Missing(b, plain.Report().Reason)
	}
	policy.Helper = os.Getenv(helperEnv)
	if policy.Helper == "" {
		b.Skipf("set %s to a storygate executable (bench/sandbox.sh does)", helperEnv)
	}
	locked := sandbox.New(context.Background(), policy)
	if locked.Report().LandlockABI == 0 {
		b.Skipf("no Landlock helper: %s", locked.Report().NoLandlock)
	}
	small, big := newCommandTree(b, 10), newCommandTree(b, 10000)
	env := verify.CleanEnv(os.Environ(), nil)
	contenders := []contender{
		{"bare-bwrap", func() { run(b, bareBwrap()...) }},
		{"10-files", func() { small.run(b, plain, env) }},
		{"10000-files", func() { big.run(b, plain, env) }},
		{"10-files+landlock", func() { small.run(b, locked, env) }},
		{"10000-files+landlock", func() { big.run(b, locked, env) }},
		{"true", func() { run(b, "true") }},
		{"prlimit", func() { run(b, "prlimit", "--core=0", "--as=4294967296", "--nproc=1024", "true") }},
		{"helper", func() { run(b, helperLine(policy.Helper)...) }},
	}
	if os.Geteuid() == 0 {
		contenders = append(contenders, contender{"setpriv", func() {
			run(b, "setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--inh-caps=-all", "--bounding-set=-all", "--no-new-privs", "--", "true")
		}})
	}
	for _, c := range contenders { // warm: the hand-over, the page cache
		c.f()
	}
	times := make([][]time.Duration, len(contenders))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for j := range contenders {
			c := contenders[(i+j)%len(contenders)] // a different one first each round
			k := slices.IndexFunc(contenders, func(x contender) bool { return x.name == c.name })
			start := time.Now()
			c.f()
			times[k] = append(times[k], time.Since(start))
		}
	}
	b.StopTimer()
	med := map[string]float64{}
	for k, c := range contenders {
		med[c.name] = median(times[k])
		b.ReportMetric(med[c.name], c.name+"-ms")
	}
	b.ReportMetric(med["10000-files+landlock"]/med["10-files+landlock"], "big/small")
	b.ReportMetric(med["10-files+landlock"]/med["bare-bwrap"], "small/bare")
	b.ReportMetric(med["10000-files+landlock"]/med["bare-bwrap"], "big/bare")
	b.ReportMetric(med["10-files"]/med["bare-bwrap"], "fallback/bare")
}

type contender struct {
	name string
	f    func()
}

// commandTree is a clone commands run in one after another.
type commandTree struct {
	tree *sandbox.Tree
}

func newCommandTree(b *testing.B, files int) commandTree {
	repo := buildRepo(b, files)
	head := gitCmd(b, repo.Dir, nil, "rev-parse", "HEAD")
	tree, err := sandbox.Clone(context.Background(), sandbox.Source{Top: repo.Dir, Place: ".", Commit: head})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(tree.Close)
	return commandTree{tree: tree}
}

func (c commandTree) run(b *testing.B, sb *sandbox.Sandbox, env []string) {
	timed(b, verify.Spec{Command: "true", Dir: c.tree.Dir, Env: env, Sandbox: sb, Mounts: c.tree.Mounts()})
}

// bareBwrap is the least bubblewrap sandbox that can run sh.
func bareBwrap() []string {
	args := []string{"bwrap", "--ro-bind", "/usr", "/usr"}
	for _, d := range []string{"/bin", "/sbin", "/lib", "/lib64"} {
		if to, err := os.Readlink(d); err == nil {
			args = append(args, "--symlink", to, d)
		}
	}
	return append(args, "--", "sh", "-c", "true")
}

// helperLine is the helper before `true` as the sandbox starts it as root
// (the user, the limits, Landlock), or as any user (the limits, Landlock).
func helperLine(helper string) []string {
	args := []string{helper, sandbox.HelperCommand}
	if os.Geteuid() == 0 {
		args = append(args, "--user", strconv.Itoa(sandbox.UnprivilegedID))
	}
	return append(args, "--rlimit", "core=0", "--rlimit", "as=4294967296", "--rlimit", "nproc=1024", "--write", "/tmp", "--", "true")
}

func run(b *testing.B, args ...string) {
	if out, err := exec.Command(args[0], args[1:]...).CombinedOutput(); err != nil {
		b.Fatalf("%q: %v: %s", args, err, out)
	}
}

// median is the median of ds in ms.
func median(ds []time.Duration) float64 {
	s := slices.Clone(ds)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return float64(s[len(s)/2].Microseconds()) / 1000
}
