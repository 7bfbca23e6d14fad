package pairtest

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// missingDocumentTitle is the title publish gives the check runs of a gate
// run that uploaded no results document (internal/bot/publish_missing.go).
const missingDocumentTitle = "the gate run uploaded no results document"

// editedWorkflow writes a copy of a shipped workflow file with each old
// string replaced, failing when one is not in the file (the control would
// then test nothing).
func editedWorkflow(t *testing.T, name string, replacements ...string) string {
	t.Helper()
	text := readFile(t, shippedWorkflow(name))
	for i := 0; i+1 < len(replacements); i += 2 {
		if !strings.Contains(text, replacements[i]) {
			t.Fatalf("the gate workflow no longer contains %q", replacements[i])
		}
		text = strings.Replace(text, replacements[i], replacements[i+1], 1)
	}
	path := filepath.Join(t.TempDir(), name)
	writeFile(t, path, text)
	return path
}

// TestPairWithoutHiddenFilesUploadsNothing is the control that the upload
// is emulated for real: the gate workflow uploading the directory
// .storygate/ (as it did before it uploaded the path the gate's results
// output names) without include-hidden-files uploads nothing (the step
// fails with if-no-files-found: error, or passes silently with ignore),
// and publish then posts failing check runs saying no document was
// uploaded, never a success.
func TestPairWithoutHiddenFilesUploadsNothing(t *testing.T) {
	t.Parallel()
	directory := []string{uploadPath, "path: .storygate/", "include-hidden-files: true\n", ""}
	for name, edits := range map[string][]string{
		"if-no-files-found error":  directory,
		"if-no-files-found ignore": append(slices.Clone(directory), "if-no-files-found: error", "if-no-files-found: ignore"),
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/ok"))
			out := p.run(base, head, scenario{gateWorkflow: editedWorkflow(t, "storygate.yml", edits...)})
			if out.document == nil {
				t.Fatalf("the gate job wrote no document:\n%s", out.gate.log)
			}
			if _, ok := p.artifacts.get(gateRunID, "storygate-results"); ok {
				t.Errorf("an artifact was uploaded from a hidden directory")
			}
			wantGate := map[string]string{"if-no-files-found error": "failure", "if-no-files-found ignore": "success"}[name]
			if out.gate.conclusion != wantGate || out.publish.conclusion != "failure" {
				t.Errorf("gate job %s (want %s), publish job %s (want failure: publish exits 2)\n%s\n%s",
					out.gate.conclusion, wantGate, out.publish.conclusion, out.gate.log, out.publish.log)
			}
			for _, name := range []string{"storygate / stories", "storygate / verify", "storygate / revert-check"} {
				c, ok := out.checks[name]
				if !ok || c.Conclusion != "failure" || !strings.Contains(c.Title, missingDocumentTitle) || c.HeadSHA != head {
					t.Errorf("%s: %+v (posted %v), want a failure saying %q on the head", name, c, ok, missingDocumentTitle)
				}
			}
		})
	}
}

// TestPublishJudgesThePullRequestNotItsCheckout is the control that
// publish cannot have relied on its checkout: its workspace is on the
// default branch, whose files are the base's and not the attack's, and
// the pull request's head is there only as the ref the fetch step made;
// yet the published stories check fails the attack.
func TestPublishJudgesThePullRequestNotItsCheckout(t *testing.T) {
	t.Parallel()
	p := newPair(t)
	f := fixtureNamed(t, "scope/out-of-scope/bad")
	base, head := p.commitFixture(f)
	out := p.run(base, head, scenario{aheadOfBase: true})
	home := t.TempDir()
	if branch, err := git(out.publish.workspace, home, "symbolic-ref", "HEAD"); err != nil || branch != "refs/heads/"+defaultBranch {
		t.Errorf("publish's HEAD is %q (%v), want the default branch", branch, err)
	}
	if fetched, err := git(out.publish.workspace, home, "rev-parse", "refs/storygate/pr-head"); err != nil || fetched != head {
		t.Errorf("the fetch step left refs/storygate/pr-head at %q (%v), want the head %s", fetched, err, head)
	}
	attacked := readFile(t, filepath.Join(f.dir, "head", "src", "other.go"))
	if got := readFile(t, filepath.Join(out.publish.workspace, "src", "other.go")); got == attacked {
		t.Error("publish's work tree has the pull request's change: the control cannot tell")
	}
	if c := out.checks["storygate / stories"]; c.Conclusion != "failure" {
		t.Errorf("published stories %s, want the attack's failure", c.Conclusion)
	}
	if _, err := os.Stat(filepath.Join(out.publish.workspace, ".storygate-artifact", "results.json")); err != nil {
		t.Errorf("publish did not download the document: %v", err)
	}
}

// fixtureNamed finds one fixture by name.
func fixtureNamed(t *testing.T, name string) fixture {
	t.Helper()
	for _, f := range findFixtures(t, tools.moduleRoot) {
		if f.name == name {
			return f
		}
	}
	t.Fatalf("no fixture %s", name)
	return fixture{}
}

// TestPublishWithoutTheFetchStepRefuses is the control that publish judges
// the commits its fetch step brings and nothing else: without that step
// the pull request's head is not in the default branch's checkout, and
// publish refuses (the job fails) instead of posting a verdict on
// something else. The pull request comes from a fork: a branch of the
// repository itself would come with the checkout's fetch of every branch.
func TestPublishWithoutTheFetchStepRefuses(t *testing.T) {
	t.Parallel()
	text := readFile(t, shippedWorkflow("storygate-publish.yml"))
	start, end := strings.Index(text, "      - name: Fetch the pull request's head"), strings.Index(text, "      - uses: storygate/storygate@")
	if start < 0 || end < start {
		t.Fatal("the publish workflow's fetch step is not where the control expects it")
	}
	p := newPair(t)
	base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/bad"))
	out := p.run(base, head, scenario{fork: true, publishWorkflow: editedWorkflow(t, "storygate-publish.yml", text[start:end], "")})
	if out.publish.conclusion != "failure" || !strings.Contains(out.publish.log, "fetch it as data first") {
		t.Errorf("publish without the pull request's commits: job %s, want a named refusal\n%s", out.publish.conclusion, out.publish.log)
	}
	if len(out.checks) != 0 {
		t.Errorf("publish posted %d check runs without the pull request's commits", len(out.checks))
	}
}
