package bot

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// scopeFixture is the scope/out-of-scope rule fixture named (bad or ok).
func scopeFixture(name string) string {
	return filepath.Join("..", "rules", "testdata", "scope", "out-of-scope", name)
}

// TestPublishJudgesTheGatesCommitsWhateverIsCheckedOut: the shipped
// publish job checks out the default branch, which may be ahead of the
// pull request's base. The scope/out-of-scope attack (a story edits a file
// outside its scope.write) must be published as the failure the gate
// found, and its honest twin as the success it found; before the run
// context, publish compared the base with the checkout's HEAD and
// published the attack as success.
func TestPublishJudgesTheGatesCommitsWhateverIsCheckedOut(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		fixture, want string
		ahead         bool
	}{{"bad", "failure", false}, {"ok", "success", false}, {"bad", "failure", true}, {"ok", "success", true}} {
		t.Run(fmt.Sprintf("%s, checkout ahead %v", c.fixture, c.ahead), func(t *testing.T) {
			h := newHarness(t)
			h.repo.CopyTree(filepath.Join(scopeFixture(c.fixture), "base"))
			h.base = h.repo.Commit("the fixture's base")
			h.repo.CopyTree(filepath.Join(scopeFixture(c.fixture), "head"))
			h.head = h.repo.Commit("the fixture's head")
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened")
			h.action(func(o *ActionOptions) { o.ReportOnly = "true" })
			if got := h.document().Gates[0]; string(got.Conclusion) != c.want {
				t.Fatalf("the gate's stories verdict %s, want %s\n%s", got.Conclusion, c.want, h.stderr.String())
			}
			// The trusted checkout: the default branch, at the pull
			// request's base or moved on past it by a commit of its own.
			testrepo.GitCLI(t, h.repo.Root, "checkout", "-q", "--detach", h.base)
			tip := h.base
			if c.ahead {
				if err := os.WriteFile(filepath.Join(h.repo.Root, "README.md"), []byte("the base branch moves on\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				tip = h.repo.Commit("the default branch moves on")
			}
			publishHalf(t, h, h.head, func(p map[string]any) {
				p["workflow_run"].(map[string]any)["event"] = "pull_request"
			})
			h.fake.AddPullRequest(prRepo, githubtest.PullRequest{Number: prNumber, HeadSHA: h.head, BaseSHA: tip, HeadRepo: "someone/Hello-World"})
			if code := h.publish(h.results); code != passed {
				t.Fatalf("publish got %s\n%s", code, h.stderr.String())
			}
			if got := h.checkRuns()["storygate / stories"]; got != c.want {
				t.Errorf("published storygate / stories = %s, the gate said %s", got, c.want)
			}
		})
	}
}

// TestPublishRefusesAJudgedMergeCommit: an agent that can write the
// results document (code from the pull request running unsandboxed) names
// as judged a merge commit it pushed, whose parents are the merge base and
// the pull request's head, as GitHub's test merge would have, but whose
// tree is the base's: the scope escape would be judged away while the
// checks went on the head. Publish refuses it (exit 2, nothing posted);
// the honest document is published as the gate's failure.
func TestPublishRefusesAJudgedMergeCommit(t *testing.T) {
	t.Parallel()
	for _, forged := range []bool{false, true} {
		t.Run(fmt.Sprintf("forged %v", forged), func(t *testing.T) {
			h := newHarness(t)
			h.repo.CopyTree(filepath.Join(scopeFixture("bad"), "base"))
			h.base = h.repo.Commit("the fixture's base")
			h.repo.CopyTree(filepath.Join(scopeFixture("bad"), "head"))
			h.head = h.repo.Commit("the fixture's head")
			h.env["GITHUB_RUN_ID"] = uploadingRun
			h.event("pull_request", "pull_request.opened")
			h.action(func(o *ActionOptions) { o.ReportOnly = "true" })
			if forged {
				tree := testrepo.GitCLI(t, h.repo.Root, "rev-parse", h.base+"^{tree}")
				merge := testrepo.GitCLI(t, h.repo.Root, "-c", "user.name=agent", "-c", "user.email=a@example.com",
					"commit-tree", tree, "-p", h.base, "-p", h.head, "-m", "Merge")
				doc, err := os.ReadFile(h.results)
				if err != nil {
					t.Fatal(err)
				}
				rewritten := strings.Replace(string(doc), `"head": "`+h.head+`"`, `"head": "`+merge+`"`, 1)
				if rewritten == string(doc) {
					t.Fatal("the document names no judged head to forge")
				}
				if err := os.WriteFile(h.results, []byte(rewritten), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			testrepo.GitCLI(t, h.repo.Root, "checkout", "-q", "--detach", h.base)
			publishHalf(t, h, h.head, func(p map[string]any) { p["workflow_run"].(map[string]any)["event"] = "pull_request" })
			code := h.publish(h.results)
			if forged {
				if code != usageFailure || len(h.fake.CheckRuns()) != 0 || !strings.Contains(h.stderr.String(), "not the pull request's head") {
					t.Errorf("forged merge: got %s, %d check runs\n%s", code, len(h.fake.CheckRuns()), h.stderr.String())
				}
				return
			}
			if got := h.checkRuns()["storygate / stories"]; code != passed || got != "failure" {
				t.Errorf("honest document: got %s, stories %s\n%s", code, got, h.stderr.String())
			}
		})
	}
}
