package pairtest

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
)

// The notes an adoption's gate run leaves in its summary (lint.Adoption,
// target's note on the configuration it adds).
const (
	adoptsNote    = "This change adopts storygate"
	publisherNote = "posts no check run and no comment until it is merged"
	onceMerged    = "Once merged, .github/storygate.yml applies: stories in"
)

// TestInitAdoptsEmptyRepositoriesThroughThePair is the adoption of
// issue 27 as a maintainer lives it, for an empty Go, Python and Node
// repository: `storygate init` writes the configuration (with the
// project's suite), the workflow pair and a seeded first story; the
// adoption pull request runs the gate workflow only (GitHub starts the
// workflow_run publisher from the default branch alone, which does not
// have it yet), passes, writes nothing to GitHub and says in its job
// summary that it is an adoption, what the configuration will decide once
// merged and that the publisher posts only once merged. After the merge,
// the first story pull request (the story's goal written) runs the gate
// and the publisher: green check runs and the sticky comment, with no
// adoption note left.
func TestInitAdoptsEmptyRepositoriesThroughThePair(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name   string
		marker map[string]string
		suite  string
	}{
		{"Go", map[string]string{"go.mod": "module example.com/demo\n\ngo 1.22\n"}, "go test ./..."},
		{"Python", map[string]string{"pyproject.toml": "[project]\nname = \"demo\"\nversion = \"0.1.0\"\n"}, "pytest"},
		{"Node", map[string]string{"package.json": `{"name": "demo", "version": "0.1.0", "scripts": {"test": "node --test"}}` + "\n"}, "npm test"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			base := p.origin.commitFiles(tc.marker, "an empty project")
			initOut := runInit(t, p.origin.author.Root)
			for _, want := range []string{"suite \"" + tc.suite + "\"", "wrote     .github/storygate.yml", "wrote     .github/workflows/storygate-publish.yml", "wrote     stories/STORY-001.md"} {
				if !strings.Contains(initOut, want) {
					t.Errorf("init's output lacks %q:\n%s", want, initOut)
				}
			}
			adoption := p.origin.author.Commit("Adopt storygate")
			gateJob := p.runAdoptionGate(base, adoption)
			if gateJob.conclusion != "success" {
				t.Fatalf("the adoption's gate job: %s\n%s", gateJob.conclusion, gateJob.log)
			}
			for _, want := range []string{adoptsNote, publisherNote, onceMerged, tc.suite} {
				if !strings.Contains(gateJob.summary, want) {
					t.Errorf("the adoption's job summary lacks %q:\n%s", want, gateJob.summary)
				}
			}
			if strings.Contains(gateJob.log+gateJob.summary, "scope/out-of-scope") {
				t.Errorf("the adoption's gate reported scope findings:\n%s", gateJob.log)
			}
			if doc := p.gateDocument(gateJob); doc == nil || doc.Conclusion != "success" || doc.Counts.Errors != 0 {
				t.Errorf("the adoption's results document: %+v, want a valid, successful one", doc)
			}
			if n := len(p.fake.CheckRuns()); n != 0 {
				t.Errorf("%d check runs before the publisher is on the default branch", n)
			}

			writeGoal(t, filepath.Join(p.origin.author.Root, "stories", "STORY-001.md"))
			story := p.origin.author.Commit("STORY-001: the goal")
			out := p.run(adoption, story, scenario{})
			// The seeded story has nothing to rerun yet, and no test was
			// edited: verify and revert-check are neutral, saying why.
			for check, want := range map[string][2]string{
				"storygate / stories":      {"success", "0 errors"},
				"storygate / verify":       {"neutral", "no verification to rerun"},
				"storygate / revert-check": {"neutral", "no governed test file was modified"},
			} {
				if c := out.checks[check]; c.Conclusion != want[0] || !strings.Contains(c.Title, want[1]) {
					t.Errorf("the first story's %s: %q (%s), want %s (%s)\n%s", check, c.Conclusion, c.Title, want[0], want[1], out.publish.log)
				}
			}
			if out.comments != 1 {
				t.Fatalf("the publisher added %d comments, want the sticky one", out.comments)
			}
			body := p.fake.Comments(prRepo, prNumber)[0].Body
			if !strings.Contains(body, "STORY-001") || !strings.Contains(body, "**Next:** the planner acts") || strings.Contains(body, adoptsNote) {
				t.Errorf("the first story's comment does not report STORY-001 alone:\n%s", body)
			}
		})
	}
}

// adoptionRunID is the adoption's gate run, apart from the first story's
// (gateRunID), whose artifact the publisher downloads.
const adoptionRunID = "4100"

// runInit runs `storygate init` in root as a maintainer would.
func runInit(t *testing.T, root string) string {
	t.Helper()
	cmd := exec.Command(tools.binary, "init", "--root", root)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("storygate init: %v\n%s", err, out)
	}
	return string(out)
}

// runAdoptionGate opens the adoption pull request and runs what GitHub
// runs for it: the gate workflow (a pull_request workflow runs from the
// pull request's merge commit), and not the publisher.
func (p *pair) runAdoptionGate(base, head string) jobResult {
	p.t.Helper()
	gateWF, gateJob := mustLoadWorkflow(p.t, shippedWorkflow("storygate.yml"))
	p.openPullRequest(base, head, false)
	payload := decodePayload(p.t, githubtest.LoadWebhook(p.t, "pull_request.opened", head, base, pullRequestEdit(false)))
	res, writes := p.runGate(gateWF, gateJob, runEvent{name: "pull_request", payload: payload, runID: adoptionRunID,
		ref: pullRef("merge"), sha: p.origin.rev(pullRef("merge"))})
	if len(writes) != 0 {
		p.t.Errorf("the adoption's gate job wrote to GitHub: %v", writes)
	}
	return res
}

// writeGoal fills in the seeded story's goal, the first edit of a first
// story.
func writeGoal(t *testing.T, path string) {
	t.Helper()
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(src), "## Goal\n...\n", "## Goal\nGreet whoever runs the program.\n", 1)
	if edited == string(src) {
		t.Fatal("the seeded story has no Goal placeholder")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestAnAdoptionWithOtherWorkFailsItsGate is the attack on the adoption
// rule through the gate job: init's files and seeded story together with
// a code change are not an adoption, so the gate job fails with
// scope/out-of-scope on storygate's files and the code, and its summary
// holds no adoption note (TestInitAdoptsEmptyRepositoriesThroughThePair
// is the honest control).
func TestAnAdoptionWithOtherWorkFailsItsGate(t *testing.T) {
	t.Parallel()
	p := newPair(t)
	base := p.origin.commitFiles(map[string]string{"go.mod": "module example.com/demo\n\ngo 1.22\n"}, "an empty project")
	runInit(t, p.origin.author.Root)
	p.origin.author.Write(map[string]string{"main.go": "package main\n\nfunc main() {}\n"})
	head := p.origin.author.Commit("Adopt storygate, and some code")
	gateJob := p.runAdoptionGate(base, head)
	if gateJob.conclusion != "failure" || strings.Contains(gateJob.summary, adoptsNote) {
		t.Fatalf("gate job %s, summary:\n%s\nwant a failure without the adoption note", gateJob.conclusion, gateJob.summary)
	}
	doc := p.gateDocument(gateJob)
	if doc == nil {
		t.Fatal("no results document")
	}
	var scoped []string
	for _, g := range doc.Gates {
		for _, d := range g.Diagnostics {
			if d.Rule == "scope/out-of-scope" {
				scoped = append(scoped, d.File)
			}
		}
	}
	want := ".github/storygate.yml,.github/workflows/storygate-publish.yml,.github/workflows/storygate.yml,main.go"
	if strings.Join(scoped, ",") != want {
		t.Errorf("scope/out-of-scope on %v, want %s", scoped, want)
	}
}
