package pairtest

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/github/githubtest"
)

// isShortFixture says whether a fixture runs under -short, and from a
// fork: the scope attack and its honest twin.
func isShortFixture(name string) bool {
	return name == "scope/out-of-scope/bad" || name == "scope/out-of-scope/ok"
}

// TestPairAgreesOnEveryFixture replays every base/head attack fixture and
// its honest twin through the shipped pair: the gate job must fail every
// attack, and the stories check publish posts must be the gate job's
// verdict, also when the default branch moved on after the gate ran, and
// from a fork.
func TestPairAgreesOnEveryFixture(t *testing.T) {
	t.Parallel()
	for _, f := range findFixtures(t, tools.moduleRoot) {
		for _, sc := range fixtureScenarios(f) {
			t.Run(f.name+"/"+sc.name(), func(t *testing.T) {
				if testing.Short() && (!isShortFixture(f.name) || sc.fork) {
					t.Skip("the full fixture set runs without -short")
				}
				t.Parallel()
				p := newPair(t)
				base, head := p.commitFixture(f)
				out := p.run(base, head, sc)
				assertPublishedAsJudged(t, p, out, head)
				if f.bad {
					assertCaught(t, out, f.rule())
				} else if f.clean {
					assertHonestPasses(t, out)
				}
			})
		}
	}
}

// fixtureScenarios are the ways a fixture reaches the pair.
func fixtureScenarios(f fixture) []scenario {
	out := []scenario{{}, {aheadOfBase: true}}
	if isShortFixture(f.name) {
		out = append(out, scenario{fork: true}, scenario{fork: true, aheadOfBase: true})
	}
	return out
}

func (sc scenario) name() string {
	var parts []string
	if sc.fork {
		parts = append(parts, "fork")
	}
	if sc.aheadOfBase {
		parts = append(parts, "default-branch-ahead")
	}
	if len(parts) == 0 {
		return "same-repo"
	}
	return strings.Join(parts, "+")
}

// assertPublishedAsJudged checks what every run of the pair must show:
// the gate job wrote nothing to GitHub and left its credentials nowhere,
// publish ran in a checkout of the default branch (not the pull
// request's head), and every gate of the gate job's document was
// published with the document's conclusion.
func assertPublishedAsJudged(t *testing.T, p *pair, out pairOutcome, head string) {
	t.Helper()
	logs := fmt.Sprintf("gate job:\n%s\npublish job:\n%s", out.gate.log, out.publish.log)
	if !out.gate.ran || !out.publish.ran || out.document == nil {
		t.Fatalf("gate ran %v, publish ran %v, document %v\n%s", out.gate.ran, out.publish.ran, out.document != nil, logs)
	}
	if len(out.gateWrites) != 0 {
		t.Errorf("the gate job wrote to GitHub: %+v", out.gateWrites)
	}
	if _, err := git(out.gate.workspace, p.t.TempDir(), "config", "--get-regexp", `http\..*\.extraheader`); err == nil {
		t.Error("the gate job's checkout kept credentials")
	}
	if tip := p.origin.tip(defaultBranch); out.publishHead != tip || out.publishHead == head {
		t.Errorf("publish's workspace is at %s, want the default branch's tip %s (the head is %s)", out.publishHead, tip, head)
	}
	if got := out.publish.conclusion; got != "success" || out.comments != 1 {
		t.Errorf("the publish job %s with %d comments, want success and one new sticky comment\n%s", got, out.comments, logs)
	}
	if got := out.gate.outputs["storygate"]["conclusion"]; got != string(out.document.Conclusion) {
		t.Errorf("the gate step's output conclusion is %q, its document's %q", got, out.document.Conclusion)
	}
	if _, ok := out.document.Gate(gate.Stories); !ok {
		t.Fatalf("the gate job's document has no stories gate\n%s", logs)
	}
	var verdicts []string
	for _, g := range out.document.Gates {
		check, ok := out.checks["storygate / "+string(g.Name)]
		verdicts = append(verdicts, fmt.Sprintf("%s=%s/%s", g.Name, g.Conclusion, check.Conclusion))
		switch {
		case !ok:
			t.Errorf("publish posted no storygate / %s (the gate job: %s)\n%s", g.Name, g.Conclusion, logs)
		case check.Conclusion != string(g.Conclusion):
			t.Errorf("storygate / %s: the gate job said %s, publish posted %s (%s)\n%s", g.Name, g.Conclusion, check.Conclusion, check.Title, logs)
		case check.HeadSHA != head:
			t.Errorf("storygate / %s posted on %s, not the pull request's head %s", g.Name, check.HeadSHA, head)
		case !slices.Equal(findingKeys(g.Diagnostics), annotationKeys(check.Annotations)):
			t.Errorf("storygate / %s: the gate job found %v, publish annotated %v", g.Name, findingKeys(g.Diagnostics), annotationKeys(check.Annotations))
		}
	}
	t.Logf("verdicts (gate job/published): %s", strings.Join(verdicts, " "))
}

// assertCaught checks an attack: the gate job's stories gate failed with
// the fixture's rule among its findings, and the published stories check
// failed annotating that rule (not only some other finding).
func assertCaught(t *testing.T, out pairOutcome, rule string) {
	t.Helper()
	stories, _ := out.document.Gate(gate.Stories)
	if stories.Conclusion != gate.Failure || !slices.ContainsFunc(stories.Diagnostics, func(d diag.Diagnostic) bool { return d.Rule == rule }) {
		t.Errorf("the gate job did not catch the attack by %s: stories %s, findings %v", rule, stories.Conclusion, ruleIDs(stories.Diagnostics))
	}
	check := out.checks["storygate / stories"]
	if !slices.ContainsFunc(check.Annotations, func(a githubtest.Annotation) bool { return a.Title == rule }) {
		t.Errorf("the published stories check (%s) does not annotate %s: %+v", check.Conclusion, rule, check.Annotations)
	}
}

// assertHonestPasses checks an honest twin whose golden output is clean:
// the gate job's stories gate passes, unless it fails only by rules that
// need a pull request (the golden run has none; a fixture's Human
// Decision entry has no slash command behind it, which is an unverified
// decision in a pull request).
func assertHonestPasses(t *testing.T, out pairOutcome) {
	t.Helper()
	stories, _ := out.document.Gate(gate.Stories)
	prOnly := map[string]bool{}
	for _, r := range catalog.All() {
		prOnly[r.ID] = r.Need == catalog.NeedPR
	}
	var others []string
	for _, d := range stories.Diagnostics {
		if d.Severity == diag.SeverityError && !prOnly[d.Rule] {
			others = append(others, d.Rule)
		}
	}
	// Neutral is a pass too: a fixture whose only story-shaped file is not
	// a story (ok-story-fixture-under-testdata) has no story to judge.
	passed := stories.Conclusion == gate.Success || (stories.Conclusion == gate.Neutral && len(out.document.Stories) == 0)
	if len(others) > 0 || (len(stories.Diagnostics) == 0 && !passed) {
		t.Errorf("the gate job failed an honest fixture: stories %s by %v\n%s", stories.Conclusion, others, out.gate.log)
	}
}

// findingKeys and annotationKeys name findings by file and rule, sorted,
// to compare what the gate job found with what publish annotated.
func findingKeys(ds []diag.Diagnostic) []string {
	return sortedKeys(ds, func(d diag.Diagnostic) string { return d.File + " " + d.Rule })
}

func annotationKeys(as []githubtest.Annotation) []string {
	return sortedKeys(as, func(a githubtest.Annotation) string { return a.Path + " " + a.Title })
}

// ruleIDs are the findings' rules, for messages.
func ruleIDs(ds []diag.Diagnostic) []string {
	return sortedKeys(ds, func(d diag.Diagnostic) string { return d.Rule })
}

func sortedKeys[E any](items []E, key func(E) string) []string {
	out := []string{}
	for _, item := range items {
		out = append(out, key(item))
	}
	slices.Sort(out)
	return out
}
