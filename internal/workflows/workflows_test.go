package workflows

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// repoRoot is the repository these tests check.
var repoRoot = filepath.Join("..", "..")

func shipped(t *testing.T) []File {
	t.Helper()
	files, err := Shipped(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, f := range files {
		paths = append(paths, f.Path)
	}
	for _, want := range []string{".github/workflows/storygate-commands.yml", ".github/workflows/storygate-publish.yml",
		".github/workflows/storygate.yml", "docs/workflows/verify-matrix.yml", "docs/action.md"} {
		if !slices.Contains(paths, want) {
			t.Fatalf("%s is not among the shipped workflows %v", want, paths)
		}
	}
	return files
}

func TestShippedWorkflowsPassActionlint(t *testing.T) {
	for _, f := range shipped(t) {
		found, err := Lint(repoRoot, f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range found {
			t.Error(x)
		}
	}
}

func TestShippedWorkflowsCannotLeak(t *testing.T) {
	for _, f := range shipped(t) {
		found, err := Leaks(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range found {
			t.Error(x)
		}
	}
}

// good is a workflow both checks accept: the control for every bad case.
const good = `name: good
on: pull_request
permissions: {}
jobs:
  gate:
    runs-on: ubuntu-latest
    permissions:
      contents: read
    steps:
      - uses: actions/checkout@v4
        with:
          persist-credentials: false
      - uses: ./
`

func TestLintFindsWhatActionlintFinds(t *testing.T) {
	tests := []struct{ name, workflow, want string }{
		{"control", good, ""},
		{"unknown expression", strings.Replace(good, "runs-on: ubuntu-latest", "runs-on: ${{ nosuchcontext.os }}", 1), "actionlint/"},
		{"no runs-on", strings.Replace(good, "    runs-on: ubuntu-latest\n", "", 1), "actionlint/syntax-check"},
		{"unknown permission", strings.Replace(good, "contents: read", "contentz: read", 1), "actionlint/permissions"},
		{"script injection", strings.Replace(good, "      - uses: ./\n", "      - run: echo \"${{ github.event.pull_request.title }}\"\n", 1), "actionlint/expression"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, err := Lint(t.TempDir(), File{Path: "bad.yml", Content: []byte(tt.workflow)})
			if err != nil {
				t.Fatal(err)
			}
			checkFound(t, found, tt.want)
		})
	}
}

// commandsBefore is storygate-commands.yml as it shipped before: a pwn
// request.
const commandsBefore = `name: storygate commands
on:
  issue_comment:
    types: [created]
permissions:
  contents: write
  pull-requests: write
jobs:
  command:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
        with:
          ref: refs/pull/${{ github.event.issue.number }}/head
          persist-credentials: false
      - uses: ./
`

func TestLeaksFindsWhatGivesPRCodeATokenOrCredential(t *testing.T) {
	tests := []struct{ name, workflow, want string }{
		{"control", good, ""},
		{"the old commands workflow", commandsBefore, RulePRCodeWithWrite},
		{"no top-level permissions", strings.Replace(good, "permissions: {}\n", "", 1), RulePermissions},
		{"default permissions", strings.Replace(strings.Replace(good, "permissions: {}\n", "", 1), "    permissions:\n      contents: read\n", "", 1), RulePermissions},
		{"top-level write", strings.Replace(good, "permissions: {}", "permissions: write-all", 1), RulePermissions},
		{"credential persisted", strings.Replace(good, "          persist-credentials: false\n", "          fetch-depth: 0\n", 1), RulePersistCredentials},
		{"write grant without why", strings.Replace(good, "contents: read", "contents: read\n      checks: write", 1), RulePermissionWhy},
		{"write job on pull_request checks out", strings.Replace(strings.Replace(good, "contents: read", "checks: write # check runs", 1), "      - uses: ./\n", "", 1), RulePRCodeWithWrite},
		{"write job runs the local action", strings.Replace(strings.Replace(good, "on: pull_request", "on: workflow_run", 1), "contents: read", "checks: write # check runs", 1), RulePRCodeWithWrite},
		{"pull_request_target checks out the head", strings.Replace(strings.Replace(strings.Replace(good, "on: pull_request", "on: pull_request_target", 1),
			"contents: read", "pull-requests: write # comment", 1), "persist-credentials: false", "persist-credentials: false\n          ref: ${{ github.event.pull_request.head.sha }}", 1), RulePRCodeWithWrite},
		{"script checks out the head", strings.Replace(strings.Replace(strings.Replace(good, "on: pull_request", "on: issue_comment", 1), "      - uses: ./\n",
			"      - run: git fetch origin refs/pull/1/head && git checkout FETCH_HEAD # refs/pull/1/head\n", 1), "contents: read", "contents: write # commit", 1), RulePRCodeWithWrite},
		{"a write job on issue_comment that checks out the default branch", strings.Replace(strings.Replace(strings.Replace(good, "on: pull_request", "on: issue_comment", 1),
			"      - uses: ./\n", "      - uses: storygate/storygate@v1\n", 1), "contents: read", "contents: write # commit", 1), ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			found, err := Leaks(File{Path: "bad.yml", Content: []byte(tt.workflow)})
			if err != nil {
				t.Fatal(err)
			}
			checkFound(t, found, tt.want)
		})
	}
}

func checkFound(t *testing.T, found []Finding, want string) {
	t.Helper()
	if want == "" {
		for _, f := range found {
			t.Errorf("unexpected finding %s", f)
		}
		return
	}
	for _, f := range found {
		if strings.HasPrefix(f.Rule, want) {
			if f.Line < 1 || f.Column < 1 || !strings.HasPrefix(f.String(), "bad.yml:") {
				t.Errorf("finding without a position: %s", f)
			}
			return
		}
	}
	t.Errorf("want a %s finding, got %v", want, found)
}
