package rules_test

import (
	"fmt"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/change"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
)

// The scale benchmarks run the rules at 1×, 10× and 100× an input size,
// as sub-benchmarks: a rule linear in its input costs ten times as much
// per step (compare ns/op across sizes; ns/item stays flat).

// BenchmarkSetRules runs the set-level rules over slim generated stories:
// the normal corpus and one where every story hangs off a single
// depends_on chain through the done stories (storygen.Options.Chain).
func BenchmarkSetRules(b *testing.B) {
	for _, shape := range []struct {
		name  string
		chain bool
	}{{"normal", false}, {"chain", true}} {
		for _, n := range []int{100, 1000, 10000} {
			b.Run(fmt.Sprintf("%s/stories=%d", shape.name, n), func(b *testing.B) {
				pass := setPass(b, storygen.Corpus(storygen.Options{N: n, Seed: storygen.DefaultSeed, Chain: shape.chain}))
				runtime.GC() // the full stories and the generator's garbage, not the rules'
				ds := runSetRules(b, pass, n)
				if errs := diag.Count(ds).Errors; errs > 0 {
					b.Fatalf("%d errors on a clean corpus: %v", errs, ds[0])
				}
			})
		}
	}
}

// BenchmarkCycleRing runs the set rules over one depends_on ring of n
// stories, a single component holding every story: the exact search per
// story would cost n² (each message naming the whole ring); the ring's
// cost per story must stay flat.
func BenchmarkCycleRing(b *testing.B) {
	for _, n := range []int{100, 1000, 10000} {
		b.Run(fmt.Sprintf("stories=%d", n), func(b *testing.B) {
			units := make([]rules.Unit, n)
			for i := range units {
				src := fmt.Sprintf("---\nschema: enso.story/v1\nid: STORY-%05d\nstate: seeded\ndepends_on: [STORY-%05d]\n---\n", i, (i+1)%n)
				units[i] = rules.Unit{Head: story.Parse(fmt.Sprintf("stories/STORY-%05d.md", i), []byte(src)).Slim()}
			}
			pass := rules.SetPass{Units: units, Change: change.New(units, nil, nil, false), IsStory: func(string) bool { return true }}
			ds := runSetRules(b, pass, n)
			if cycles := ruleCount(ds, "delegation/cycle"); cycles != n {
				b.Fatalf("%d cycle findings on a ring of %d", cycles, n)
			}
		})
	}
}

// runSetRules runs every set rule over pass b.N times, reporting the CPU
// time per story and allocations, and returns the last run's findings.
func runSetRules(b *testing.B, pass rules.SetPass, stories int) []diag.Diagnostic {
	var ds []diag.Diagnostic
	b.ReportAllocs()
	cpu := cpuTime()
	for b.Loop() {
		ds = ds[:0]
		rules.RunSet(rules.All(), pass, &ds)
	}
	reportCPU(b, cpu, stories, "story")
	return ds
}

// ruleCount counts the findings of one rule.
func ruleCount(ds []diag.Diagnostic, rule string) int {
	n := 0
	for _, d := range ds {
		if d.Rule == rule {
			n++
		}
	}
	return n
}

// setPass parses and slims files as lint does without a base: each story
// packed once parsed, and every one unpacked when all are parsed, so the
// slim stories lie in memory in the order the rules walk them.
func setPass(b *testing.B, files []storygen.File) rules.SetPass {
	packed := make([]story.Packed, len(files))
	for i, f := range files {
		packed[i] = story.Parse("stories/"+f.Name, f.Data).Pack()
	}
	units := make([]rules.Unit, len(files))
	for i, p := range packed {
		slim, err := p.Unpack()
		if err != nil {
			b.Fatal(err)
		}
		units[i] = rules.Unit{Head: slim}
	}
	return rules.SetPass{Units: units, Change: change.New(units, nil, nil, false), IsStory: func(string) bool { return true }}
}

// BenchmarkFileRules parses one story and runs every per-story rule on it;
// the story has k acceptance criteria, k verification items and k
// rejected plans (each with its human decision and two log rows), for
// k = 30, 300 and 3,000 (the largest is about 1.5 MB, within the 4 MB a
// story may have).
func BenchmarkFileRules(b *testing.B) {
	for _, k := range []int{30, 300, 3000} {
		b.Run(fmt.Sprintf("items=%d", k), func(b *testing.B) {
			src := bigStory(k)
			s := story.Parse("stories/STORY-001.md", src)
			if len(s.Problems) > 0 || s.Front == nil {
				b.Fatalf("the story does not parse: %+v", s.Problems)
			}
			var ds []diag.Diagnostic
			b.SetBytes(int64(len(src)))
			b.ReportAllocs()
			cpu := cpuTime()
			for b.Loop() {
				// Parsed afresh: the derived views (log, entries, decisions)
				// a story caches are part of what its rules cost.
				ds = ds[:0]
				rules.RunFile(rules.All(), rules.Unit{Head: story.Parse(s.Path, src)}, false, &ds)
			}
			reportCPU(b, cpu, k, "item")
			if c := diag.Count(ds); c.Errors+c.Warnings > 0 {
				b.Fatalf("%d findings on a legal story: %v", len(ds), ruleCounts(ds))
			}
		})
	}
}

// bigStory is a legal story in plan_review whose plan was rejected k-1
// times: k criteria, k checks, k plans, k-1 human decisions.
func bigStory(k int) []byte {
	var b strings.Builder
	b.WriteString("---\nschema: enso.story/v1\nid: STORY-001\ntitle: Large story\nstate: plan_review\nactive_role: human\niteration: 0\nmax_iterations: 3\n")
	b.WriteString("created_at: 2026-05-27T00:00:00Z\nupdated_at: 2026-05-27T00:00:00Z\npriority: medium\n\nscope:\n  write:\n    - src/\n  read:\n    - docs/\n  exclude:\n    - .git/\n\nacceptance_criteria:\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "  - id: AC%d\n    text: Criterion number %d holds\n", i, i)
	}
	b.WriteString("\nverification:\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "  - id: V%d\n    command: make check-%d\n    pass_when: exit_code == 0\n", i, i)
	}
	b.WriteString("---\n\n# STORY-001 Large story\n\n## Goal\nScale.\n\n## Non-Goals\nNone.\n\n## Constraints\nNone.\n\n## Acceptance Criteria\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "- [ ] AC%d Criterion number %d holds\n", i, i)
	}
	b.WriteString("\n## Verification Contract\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "- [ ] V%d `make check-%d`\n", i, i)
	}
	b.WriteString("\n## Context Scope\n**Write:**\n- src/\n\n**Read:**\n- docs/\n\n**Exclude:**\n- .git/\n\n## Planner Output\n\n")
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "### Plan v%d\n**Date:** 2026-06-01 09:00\n\n#### Summary\nPlan %d.\n\n#### Steps\n1. Do it.\n\n#### Assumptions\n- None.\n\n#### Risks\n- None.\n\n#### Open Questions\n- None.\n\n", i, i)
	}
	b.WriteString("## Generator Iterations\n\n## Evaluator Results\n\n## Human Decisions\n\n")
	for i := 1; i < k; i++ {
		fmt.Fprintf(&b, "### Decision %d\n**Date:** 2026-06-01 10:00\n**At state:** plan_review\n**Decision:** reject_plan\n**Rationale:** Plan v%d misses a case.\n**Binding:** true\n\n", i, i)
	}
	b.WriteString("## Evidence\n\n## Transition Log\n| Time | Actor | Event | From | To | Note |\n|---|---|---|---|---|---|\n")
	at := time.Date(2026, 6, 1, 8, 0, 0, 0, time.UTC)
	stamp := func() string { at = at.Add(time.Minute); return at.Format(time.RFC3339) }
	fmt.Fprintf(&b, "| %s | orchestrator | begin_planning | seeded | planning | |\n", stamp())
	for i := 1; i <= k; i++ {
		fmt.Fprintf(&b, "| %s | planner | submit_plan | planning | plan_review | Plan v%d |\n", stamp(), i)
		if i < k {
			fmt.Fprintf(&b, "| %s | human | reject_plan | plan_review | planning | |\n", stamp())
		}
	}
	return []byte(b.String())
}

// ruleCounts counts findings by rule, for a failure message.
func ruleCounts(ds []diag.Diagnostic) map[string]int {
	out := map[string]int{}
	for _, d := range ds {
		out[d.Rule+": "+d.Message[:min(len(d.Message), 80)]]++
	}
	return out
}

// cpuTime is the CPU time (user and system) the process has used. On a
// machine shared with other work it is a steadier measure than wall time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU time per operation and per unit of input
// since start.
func reportCPU(b *testing.B, start time.Duration, units int, unit string) {
	perOp := float64(cpuTime()-start) / float64(b.N)
	b.ReportMetric(perOp, "cpu-ns/op")
	b.ReportMetric(perOp/float64(units), "cpu-ns/"+unit)
}
