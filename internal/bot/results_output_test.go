package bot

import "testing"

func TestWorkspaceRelativeNamesTheDocumentWhereTheUploadStepLooks(t *testing.T) {
	t.Parallel()
	tests := []struct{ name, workspace, path, want string }{
		{"Docker: relative to the workspace stays", "/github/workspace", ".storygate/results.json", ".storygate/results.json"},
		{"Docker: absolute in the container's workspace", "/github/workspace", "/github/workspace/.storygate/results.json", ".storygate/results.json"},
		{"host: under RUNNER_TEMP stays absolute", "/home/runner/work/r/r", "/home/runner/work/_temp/storygate-results/results.json", "/home/runner/work/_temp/storygate-results/results.json"},
		{"a sibling that shares the prefix is outside", "/w/repo", "/w/repo-other/results.json", "/w/repo-other/results.json"},
		{"outside Actions", "", "/tmp/x/results.json", "/tmp/x/results.json"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := workspaceRelative(tt.workspace, tt.path); got != tt.want {
				t.Errorf("workspaceRelative(%q, %q) = %q, want %q", tt.workspace, tt.path, got, tt.want)
			}
		})
	}
}
