// Package storygate holds the files storygate ships that its own code
// writes into other repositories: the workflow files of .github/workflows,
// embedded as they are, so `storygate init` writes exactly the files this
// repository runs and documents (a go:embed cannot reach .github from
// below the module root, so the embedding lives here).
package storygate

import (
	"embed"
	"fmt"
)

// workflowFiles are the shipped workflows, byte for byte.
//
//go:embed .github/workflows/storygate.yml .github/workflows/storygate-publish.yml .github/workflows/storygate-commands.yml .github/workflows/storygate-reverify.yml
var workflowFiles embed.FS

// WorkflowDir is where the shipped workflows live, in this repository and
// in a repository that adopts storygate.
const WorkflowDir = ".github/workflows"

// Workflow returns the shipped workflow file name (e.g. "storygate.yml")
// as this repository holds it.
func Workflow(name string) ([]byte, error) {
	data, err := workflowFiles.ReadFile(WorkflowDir + "/" + name)
	if err != nil {
		return nil, fmt.Errorf("shipped workflow %s: %w", name, err)
	}
	return data, nil
}

// WorkflowNames are the shipped workflow files, by name in WorkflowDir:
// the gate, its publisher, the slash commands and the re-verification.
func WorkflowNames() []string {
	return []string{"storygate.yml", "storygate-publish.yml", "storygate-commands.yml", "storygate-reverify.yml"}
}
