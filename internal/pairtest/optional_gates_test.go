package pairtest

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/gate"
)

// optionalGatesConfig turns on the stages and records gates
// (docs/configuration.md): they run when files under their paths change.
const optionalGatesConfig = `stages:
  paths: [stages/]
  agents: agents/
  scopes: scopes/
records:
  - glob: "records/*.json"
    suite: step-packet
`

// optionalCase is a change to stage definitions or records and the gate
// it must run.
type optionalCase struct {
	name string
	gate gate.Name
	bad  bool
	// head writes the pull request's change into the head tree.
	head func(t *testing.T, tree string)
}

// TestPairAgreesOnStagesAndRecords: a broken stage definition and a
// record failing its suite fail storygate / stages and storygate /
// records in the gate job and as published; an honest stage edit and a
// record passing the suite pass both. Also with the default branch ahead.
func TestPairAgreesOnStagesAndRecords(t *testing.T) {
	t.Parallel()
	testdata := filepath.Join(tools.moduleRoot, "internal")
	cases := []optionalCase{
		{"broken stage", gate.Stages, true, func(t *testing.T, tree string) {
			writeFile(t, filepath.Join(tree, "stages", "inception", "broken.md"), "---\nslug: broken\nphase: nowhere\n---\n# Broken\n")
		}},
		{"honest stage edit", gate.Stages, false, func(t *testing.T, tree string) {
			p := filepath.Join(tree, "stages", "inception", "user-stories.md")
			writeFile(t, p, readFile(t, p)+"\nOne more sentence of guidance.\n")
		}},
		{"record failing its suite", gate.Records, true, func(t *testing.T, tree string) {
			writeFile(t, filepath.Join(tree, "records", "step.json"), readFile(t, filepath.Join(testdata, "records", "testdata", "golden", "bad-self-grading.json")))
		}},
		{"record passing its suite", gate.Records, false, func(t *testing.T, tree string) {
			writeFile(t, filepath.Join(tree, "records", "step.json"), readFile(t, filepath.Join(testdata, "records", "testdata", "golden", "good-observe.json")))
		}},
	}
	for _, c := range cases {
		for _, sc := range []scenario{{}, {aheadOfBase: true}} {
			t.Run(c.name+"/"+sc.name(), func(t *testing.T) {
				if testing.Short() && sc.aheadOfBase {
					t.Skip("runs without -short")
				}
				t.Parallel()
				runOptionalCase(t, c, sc, filepath.Join(testdata, "stage", "testdata"))
			})
		}
	}
}

func runOptionalCase(t *testing.T, c optionalCase, sc scenario, stageTestdata string) {
	tree := t.TempDir()
	for _, dir := range []string{"stages", "agents", "scopes"} {
		if err := os.CopyFS(filepath.Join(tree, dir), os.DirFS(filepath.Join(stageTestdata, dir))); err != nil {
			t.Fatal(err)
		}
	}
	writeFile(t, filepath.Join(tree, ".github", "storygate.yml"), optionalGatesConfig)
	p := newPair(t)
	base := p.origin.commitTree(tree, "base")
	c.head(t, tree)
	head := p.origin.commitTree(tree, "head")
	out := p.run(base, head, sc)
	assertPublishedAsJudged(t, p, out, head)
	g, ok := out.document.Gate(c.gate)
	want := gate.Success
	if c.bad {
		want = gate.Failure
	}
	if !ok || g.Conclusion != want {
		t.Errorf("the gate job's %s: %s (ran %v), want %s: %v\n%s", c.gate, g.Conclusion, ok, want, ruleIDs(g.Diagnostics), out.gate.log)
	}
}

func writeFile(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// forgedDecisionStory is the hitl fixture's story after plan approval;
// its base is the same story waiting at plan_review, without the Human
// Decision entry and the two log rows the agent adds.
func forgedDecisionStory(t *testing.T) (base, head string) {
	t.Helper()
	head = readFile(t, filepath.Join(tools.moduleRoot, "internal", "rules", "testdata", "hitl", "gate-without-decision", "ok.md"))
	head = strings.NewReplacer("command: npm test", `command: "true"`, "`npm test`", "`true`").Replace(head)
	decision := head[strings.Index(head, "### Decision 1"):strings.Index(head, "## Evidence")]
	rows := head[strings.Index(head, "| 2026-05-27T02:00:00Z"):]
	base = strings.NewReplacer("state: generating", "state: plan_review", "active_role: generator", "active_role: human",
		decision, "", rows, "").Replace(head)
	if base == head || !strings.Contains(head, "**Decision:** approve_plan") {
		t.Fatal("the hitl fixture changed; forgedDecisionStory no longer applies")
	}
	return base, head
}

// TestPairAgreesOnAForgedDecision: the agent approves its own plan by
// writing the Human Decision entry storygate would record, with no slash
// command or receipt behind it. The gate job fails it as unverified and
// publish, recomputing decisions from the fake GitHub, posts the failure.
func TestPairAgreesOnAForgedDecision(t *testing.T) {
	t.Parallel()
	for _, sc := range []scenario{{}, {aheadOfBase: true}, {fork: true}} {
		t.Run(sc.name(), func(t *testing.T) {
			if testing.Short() && sc != (scenario{}) {
				t.Skip("runs without -short")
			}
			t.Parallel()
			base, head := forgedDecisionStory(t)
			p := newPair(t)
			baseSHA := p.origin.commitFiles(map[string]string{"stories/STORY-001.md": base}, "base")
			headSHA := p.origin.commitFiles(map[string]string{"stories/STORY-001.md": head}, "the agent approves its own plan")
			out := p.run(baseSHA, headSHA, sc)
			assertPublishedAsJudged(t, p, out, headSHA)
			assertCaught(t, out, "hitl/decision-unverified")
		})
	}
}
