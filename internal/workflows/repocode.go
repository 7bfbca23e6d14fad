package workflows

import (
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// RuleRepoCodeWithWrite: a job that can write runs the repository's own
// code (a storygate run that executes verification commands or a revert
// suite, a build or test tool, a script from the checkout). Merged code
// is written by the same agents a pull request is, so the job that runs
// it holds a read-only token and hands its results to a job that can
// write and runs nothing (the two-phase pair).
const RuleRepoCodeWithWrite = "workflow/repo-code-with-write"

// storygateAction matches the storygate action: host mode (the top-level
// action and its old name host/) or the Docker image (docker/).
var storygateAction = regexp.MustCompile(`^storygate/storygate(/host|/docker)?@`)

// repoCodeScript matches shell that executes files of the checkout: a
// relative path, an interpreter given a script, or a build or test tool,
// which runs the repository's build files.
var repoCodeScript = regexp.MustCompile(`(^|[\s;&|(])(\./|(ba|z)?sh\s+[^-\s]|python3?\s+[^-\s]|node\s+[^-\s]|` +
	`make\b|(npm|yarn|pnpm)\s+(run|test|install|ci|exec)\b|npx\b|go\s+(test|run|build|generate|vet)\b|pytest\b|tox\b|` +
	`cargo\s|mvn\b|gradle\b|\./gradlew|docker\s+build\b|storygate\s+(verify|revert-check|action)\b)`)

// checkRepoCode flags a write job's step that runs the repository's code.
func (w *workflow) checkRepoCode(job string, step *yaml.Node, triggers []string) {
	if uses := value(step, "uses"); uses != nil && storygateAction.MatchString(uses.Value) && storygateRunsCode(step, triggers) {
		w.add(uses, RuleRepoCodeWithWrite, "job %s can write and runs %s, which executes the repository's verification commands: run it in a read-only job and publish from a job that runs nothing", job, uses.Value)
	}
	if run := value(step, "run"); run != nil && repoCodeScript.MatchString(run.Value) {
		w.add(run, RuleRepoCodeWithWrite, "job %s can write and its script runs the repository's code: run it in a read-only job", job)
	}
}

// storygateRunsCode reports whether a storygate step executes commands
// from the repository: everything but publishing a results document
// (command: publish, INPUT_REVERIFY: publish) and the slash-command
// handler (a workflow started only by issue_comment).
func storygateRunsCode(step *yaml.Node, triggers []string) bool {
	if c := value(value(step, "with"), "command"); c != nil && c.Value == "publish" {
		return false
	}
	if r := value(value(step, "env"), "INPUT_REVERIFY"); r != nil && strings.EqualFold(r.Value, "publish") {
		return false
	}
	return len(triggers) == 0 || slices.ContainsFunc(triggers, func(t string) bool { return t != "issue_comment" })
}
