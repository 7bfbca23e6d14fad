package scaffold

import "fmt"

// NextSteps are what to do after init, in order: commit, open the
// adoption pull request, what it shows, make the checks required.
func NextSteps(res *Result) []string {
	steps := []string{
		"commit the files above on a branch: git add .github stories && git commit -m \"Adopt storygate\"",
		"open the adoption pull request; its gate run judges the new story, and the publisher (storygate-publish.yml, a workflow_run workflow) posts check runs and the sticky comment only once the workflows are on the default branch, so the first pull request shows the gate job's summary and annotations, not a comment",
		"merge it, then make the checks required: storygate protect --branch main --repo OWNER/NAME (--dry-run prints the request)",
	}
	if res.Story != "" {
		steps = append([]string{fmt.Sprintf("fill in %s (Goal, Acceptance Criteria, Verification Contract, scope): docs/first-story.md; check it with storygate validate", res.Story)}, steps...)
	}
	if res.Project.Suite == "" {
		steps = append([]string{"set revert.suite in .github/storygate.yml to the command that runs your tests (none was detected)"}, steps...)
	}
	steps = append(steps, "later stories: storygate new \"Title\"")
	return steps
}
