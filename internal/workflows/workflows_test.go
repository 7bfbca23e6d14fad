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
		".github/workflows/storygate-reverify.yml",
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

// reverifyBefore is storygate-reverify.yml as it shipped before: one job
// that holds issues: write and runs the stories' verification commands.
const reverifyBefore = `name: storygate re-verify
on:
  schedule:
    - cron: "17 4 * * 1"
  workflow_dispatch:
permissions: {}
jobs:
  reverify:
    runs-on: ubuntu-latest
    permissions:
      contents: read # the default branch's checkout
      issues: write  # drift issues
    steps:
      - uses: actions/checkout@v4
        with:
          persist-credentials: false
      - uses: storygate/storygate@v1
        env:
          INPUT_REVERIFY: "true"
`

// publishJob is a write job that runs nothing from the repository: the
// control for the repository-code cases.
const publishJob = `name: publish
on: workflow_run
permissions: {}
jobs:
  publish:
    runs-on: ubuntu-latest
    permissions:
      checks: write # check runs
    steps:
      - uses: actions/checkout@v4
        with:
          persist-credentials: false
      - run: git fetch --no-tags origin "$REF" && jq -r .conclusion results.json
      - uses: storygate/storygate@v1
        with:
          command: publish
`

func TestLeaksFindsWriteJobsRunningRepositoryCode(t *testing.T) {
	tests := []struct{ name, workflow, want string }{
		{"control: publish job", publishJob, ""},
		{"control: the same steps without write", strings.Replace(reverifyBefore, "      issues: write  # drift issues\n", "", 1), ""},
		{"the old re-verify workflow", reverifyBefore, RuleRepoCodeWithWrite},
		{"re-verify publish phase", strings.Replace(reverifyBefore, `INPUT_REVERIFY: "true"`, "INPUT_REVERIFY: publish", 1), ""},
		{"storygate gate in a write job", strings.Replace(publishJob, "command: publish", "command: action", 1), RuleRepoCodeWithWrite},
		{"host mode gate in a write job", strings.Replace(strings.Replace(publishJob, "storygate/storygate@v1", "storygate/storygate/host@v1", 1),
			"        with:\n          command: publish\n", "", 1), RuleRepoCodeWithWrite},
		{"Docker image gate in a write job", strings.Replace(strings.Replace(publishJob, "storygate/storygate@v1", "storygate/storygate/docker@v1", 1),
			"        with:\n          command: publish\n", "", 1), RuleRepoCodeWithWrite},
		{"make test", strings.Replace(publishJob, "&& jq -r .conclusion results.json", "&& make test", 1), RuleRepoCodeWithWrite},
		{"a script from the checkout", strings.Replace(publishJob, "&& jq -r .conclusion results.json", "&& ./scripts/report.sh", 1), RuleRepoCodeWithWrite},
		{"go test", strings.Replace(publishJob, "&& jq -r .conclusion results.json", "; go test ./...", 1), RuleRepoCodeWithWrite},
		{"npm ci", strings.Replace(publishJob, "&& jq -r .conclusion results.json", "\n          npm ci", 1), RuleRepoCodeWithWrite},
	}
	checkLeaks(t, tests)
}

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
	checkLeaks(t, tests)
}

// sarifUpload is the code-scanning upload job: it can write security
// events and checks the pull request out, for upload-sarif's line hashes,
// but runs nothing it checked out.
const sarifUpload = `on: pull_request
permissions: {}
jobs:
  upload:
    runs-on: ubuntu-latest
    permissions:
      security-events: write # upload-sarif
    steps:
      - uses: actions/checkout@v4
        with:
          persist-credentials: false
      - uses: actions/download-artifact@v4
        with:
          name: storygate-sarif
      - uses: github/codeql-action/upload-sarif@v3
        with:
          sarif_file: storygate.sarif
`

// TestLeaksLetsAWriteJobCheckOutWhatItOnlyReads: a job whose every step
// is the checkout or an action that only reads files may check the pull
// request out; one script, or any other action, makes it a leak again.
func TestLeaksLetsAWriteJobCheckOutWhatItOnlyReads(t *testing.T) {
	tests := []struct{ name, workflow, want string }{
		{"control: the upload job", sarifUpload, ""},
		{"a script after the checkout", sarifUpload + "      - run: make sarif\n", RulePRCodeWithWrite},
		{"another action", sarifUpload + "      - uses: some/action@v1\n", RulePRCodeWithWrite},
		{"the local action", sarifUpload + "      - uses: ./\n", RulePRCodeWithWrite},
		{"credential persisted", strings.Replace(sarifUpload, "persist-credentials: false", "fetch-depth: 0", 1), RulePersistCredentials},
	}
	checkLeaks(t, tests)
}

// checkLeaks runs Leaks on each workflow and wants the named finding.
func checkLeaks(t *testing.T, tests []struct{ name, workflow, want string }) {
	t.Helper()
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

// fetchStep is the shipped way to fetch with the job's token: the header
// in GIT_CONFIG_* variables. Each case below puts it on a command line.
const fetchStep = `      - env:
          TOKEN: ${{ github.token }}
        run: |
          # a comment naming http.extraheader is no command
          GIT_CONFIG_VALUE_0="AUTHORIZATION: basic $(printf 'x-access-token:%s' "$TOKEN" | base64 -w0)"
          export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.extraheader GIT_CONFIG_VALUE_0
          git fetch --no-tags origin main
`

// TestLeaksFindsATokenOnACommandLine: TestShippedWorkflowsCannotLeak runs
// the same rule on every shipped workflow and documented snippet.
func TestLeaksFindsATokenOnACommandLine(t *testing.T) {
	withFetch := strings.Replace(good, "      - uses: ./\n", fetchStep, 1)
	fetchLine := "          git fetch --no-tags origin main\n"
	tests := []struct{ name, workflow, want string }{
		{"control: GIT_CONFIG_* variables", withFetch, ""},
		{"git -c http.extraheader", strings.Replace(withFetch, fetchLine,
			"          git -c \"http.extraheader=$GIT_CONFIG_VALUE_0\" fetch --no-tags origin main\n", 1), RuleTokenOnCommandLine},
		{"a scoped extraheader", strings.Replace(withFetch, fetchLine,
			"          git -c http.https://github.com/.extraheader=\"$GIT_CONFIG_VALUE_0\" fetch origin\n", 1), RuleTokenOnCommandLine},
		{"curl with an Authorization header", strings.Replace(withFetch, fetchLine,
			"          curl -H \"Authorization: Bearer $TOKEN\" https://api.github.com/\n", 1), RuleTokenOnCommandLine},
		{"a token in the remote URL", strings.Replace(withFetch, fetchLine,
			"          git fetch \"https://x-access-token:$TOKEN@github.com/o/r\" main\n", 1), RuleTokenOnCommandLine},
		{"a plain run: line", strings.Replace(good, "      - uses: ./\n",
			"      - run: 'git -c \"http.extraheader=AUTHORIZATION: basic $AUTH\" fetch'\n", 1), RuleTokenOnCommandLine},
	}
	checkLeaks(t, tests)
}

// uploadStep is the shipped way to upload a results document.
const uploadStep = `      - uses: actions/upload-artifact@v4
        with:
          name: results
          path: ${{ steps.storygate.outputs.results }}
          if-no-files-found: error
`

func TestLeaksFindsAnUploadThatMayBeEmpty(t *testing.T) {
	withUpload := strings.Replace(good, "      - uses: ./\n", "      - id: storygate\n        uses: ./\n"+uploadStep, 1)
	tests := []struct{ name, workflow, want string }{
		{"control: if-no-files-found error", withUpload, ""},
		{"ignore", strings.Replace(withUpload, "if-no-files-found: error", "if-no-files-found: ignore", 1), RuleUploadMayBeEmpty},
		{"warn", strings.Replace(withUpload, "if-no-files-found: error", "if-no-files-found: warn", 1), RuleUploadMayBeEmpty},
		{"the default (warn)", strings.Replace(withUpload, "          if-no-files-found: error\n", "", 1), RuleUploadMayBeEmpty},
	}
	checkLeaks(t, tests)
}
