package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/testrepo"
)

// The policy pull request #2 is judged by, and the one its head writes.
const (
	basePolicyYAML = "approvers:\n  permission: maintain\n  deny: [review-agent]\n"
	relaxedPolicy  = "approvers:\n  permission: triage\n  deny: []\n"
)

// policyPR is pull request #2 on Codertocat/Hello-World: its base holds
// basePolicyYAML and STORY-001 (done), its head relaxes the policy in its own
// .github/storygate.yml and adds STORY-002, waiting at plan_review. The
// fake knows the branch, GitHub's push record of its head, the accounts'
// permissions, and commits through the contents API in its own copy of the
// repository, which the checkout does not see;
// the environment is the commands job's.
func policyPR(t *testing.T) (*testrepo.Repo, *githubtest.Server) {
	repo, fake, tmp := testrepo.New(t), githubtest.New(t), t.TempDir()
	repo.Write(map[string]string{".github/storygate.yml": basePolicyYAML, "stories/STORY-001.md": string(demoStory(t, "STORY-001.md"))})
	base := repo.Commit("base")
	story := demoStory(t, "STORY-002.md")
	repo.Write(map[string]string{".github/storygate.yml": relaxedPolicy, "stories/STORY-002.md": string(story)})
	head := repo.Commit("the agent relaxes the approvers and asks for a plan review")
	agent := githubtest.User{Login: "coding-agent"}
	fake.AddPullRequest("Codertocat/Hello-World", githubtest.PullRequest{Number: 2, Author: agent, HeadSHA: head, HeadRef: "feature", BaseSHA: base, BaseRef: "main"})
	fake.SetFile("Codertocat/Hello-World", "feature", "stories/STORY-002.md", story)
	fake.Push("Codertocat/Hello-World", "feature", head, agent)
	fake.Backing("Codertocat/Hello-World", repo.Root)
	for login, role := range map[string]string{"review-agent": "maintain", "triage-agent": "triage", "writer": "write", "maintainer": "maintain"} {
		fake.SetPermission("Codertocat/Hello-World", login, role)
	}
	for _, k := range actionEnv {
		t.Setenv(k, "")
	}
	for k, v := range map[string]string{"GITHUB_API_URL": fake.URL, "GITHUB_TOKEN": fake.Token, "GITHUB_WORKSPACE": repo.Root,
		"RUNNER_TEMP": tmp, "GITHUB_REPOSITORY": "Codertocat/Hello-World", "GITHUB_REF": "refs/heads/main",
		"GITHUB_EVENT_NAME": "issue_comment", "GITHUB_EVENT_PATH": filepath.Join(tmp, "event.json")} {
		t.Setenv(k, v)
	}
	return repo, fake
}

// TestSlashCommandPolicyComesFromTheBase runs storygate action, with the
// command line's real configuration loader, on the issue_comment GitHub
// sends for a command. The pull request's own .github/storygate.yml empties
// the deny list and lowers the permission; the agent accounts it would let
// through are still refused by the base's policy, with a reply that says
// why, and nothing is committed. The controls: the maintainer the base
// allows decides; a writer, whom the default policy would allow, is refused
// too, so the base's file (not a default) is what judged.
func TestSlashCommandPolicyComesFromTheBase(t *testing.T) {
	for login, refusal := range map[string]string{
		"review-agent": "@review-agent is a configured agent account (approvers.deny)",
		"triage-agent": "@triage-agent has triage permission on Codertocat/Hello-World, and deciding needs maintain permission",
		"writer":       "@writer has write permission on Codertocat/Hello-World, and deciding needs maintain permission",
		"maintainer":   "",
	} {
		t.Run(login, func(t *testing.T) {
			_, fake := policyPR(t)
			author, body := githubtest.User{Login: login}, "/approve-plan STORY-002 the plan is fine"
			id := fake.AddComment("Codertocat/Hello-World", 2, author, body)
			payload := githubtest.LoadWebhook(t, "issue_comment.created", "", "", githubtest.OnPullRequest("Codertocat/Hello-World", 2), githubtest.WithComment(id, body, author))
			if err := os.WriteFile(os.Getenv("GITHUB_EVENT_PATH"), payload, 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errOut := run(t, "action"); code != ExitOK {
				t.Fatalf("exit %d\n%s%s", code, out, errOut)
			}
			comments := fake.Comments("Codertocat/Hello-World", 2)
			reply := comments[len(comments)-1].Body
			commits := fake.Commits("Codertocat/Hello-World", "feature")
			if refusal == "" {
				if len(commits) != 1 || len(fake.Dispatches()) != 1 || !hasReceiptFor(reply, "STORY-002") {
					t.Errorf("the maintainer's decision: %d commits, %d gate runs, reply:\n%s", len(commits), len(fake.Dispatches()), reply)
				}
				return
			}
			if len(commits) != 0 || len(fake.Dispatches()) != 0 {
				t.Errorf("@%s's decision was recorded under the pull request's own policy: %+v", login, commits)
			}
			if !strings.Contains(reply, refusal) {
				t.Errorf("the refusal does not say why by the base's policy (%q):\n%s", refusal, reply)
			}
		})
	}
}

// hasReceiptFor is whether body holds exactly one receipt, for story.
func hasReceiptFor(body, story string) bool {
	r, ok := chatops.ParseReceipt(body)
	return ok && r.Story == story
}
