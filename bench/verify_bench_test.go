package bench

import (
	"context"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/verify"
)

// BenchmarkVerifyJobs runs 8 verification items of `sleep 1` with 4 jobs,
// as `storygate verify --jobs 4` does, and reports the wall time against
// the ideal of 2 s (two rounds of four). Target: ratio <= 1.2.
func BenchmarkVerifyJobs(b *testing.B) {
	var items []verify.Item
	for i := range 8 {
		items = append(items, verify.Item{Story: "stories/STORY-001.md", Index: i, ID: "V" + strconv.Itoa(i), Command: "sleep 1"})
	}
	opt := verify.Options{Dir: b.TempDir(), Jobs: 4, Env: verify.CleanEnv(os.Environ(), nil)}
	const ideal = 2 * time.Second
	var total time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		results := verify.Execute(context.Background(), items, opt)
		total += time.Since(start)
		for _, r := range results {
			if !r.Passed() {
				b.Fatalf("%s did not pass: %+v", r.ID, r)
			}
		}
	}
	b.ReportMetric(total.Seconds()/float64(b.N), "s/run")
	b.ReportMetric(float64(total)/float64(b.N)/float64(ideal), "ratio")
}
