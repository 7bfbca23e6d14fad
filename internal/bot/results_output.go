package bot

import (
	"path/filepath"
	"strings"

	"github.com/sethvargo/go-githubactions"
)

// announceResults sets the action's results output to where the document
// was just written, before anything else can fail, and returns the path
// as the output names it. The upload step reads that output (path: ${{
// steps.<id>.outputs.results }}), so the action and the upload look at one
// path whatever the mode: the Docker action writes in the workspace, host
// mode under RUNNER_TEMP. A path in the workspace is named relative to
// it, because the Docker action's workspace is /github/workspace inside
// the container and another directory on the runner, where the upload
// step resolves a relative path.
func (b *Bot) announceResults(path string) string {
	named := workspaceRelative(b.getenv("GITHUB_WORKSPACE"), path)
	if b.getenv("GITHUB_OUTPUT") != "" {
		githubactions.New(githubactions.WithGetenv(b.getenv)).SetOutput("results", named)
	}
	return named
}

// workspaceRelative is path relative to workspace when it is inside it,
// else path unchanged.
func workspaceRelative(workspace, path string) string {
	if workspace == "" || !filepath.IsAbs(path) {
		return path
	}
	rel, err := filepath.Rel(workspace, path)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return path
	}
	return rel
}
