package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
	"github.com/storygate/storygate/internal/verify"
)

// verifyStory renders a story at state with the given verification items
// (id → command) and Evidence rows (id → claimed result).
func verifyStory(id, state string, items [][2]string, claims map[string]string) string {
	var b strings.Builder
	b.WriteString("---\nschema: enso.story/v1\nid: " + id + "\ntitle: T\nstate: " + state + "\nactive_role: evaluator\n" +
		"iteration: 1\nmax_iterations: 3\ncreated_at: 2026-05-27T00:00:00Z\nupdated_at: 2026-05-27T00:00:00Z\n" +
		"scope:\n  write: [src/]\n  read: []\n  exclude: []\nacceptance_criteria:\n  - id: AC1\n    text: works\nverification:\n")
	for _, it := range items {
		b.WriteString("  - id: " + it[0] + "\n    command: '" + it[1] + "'\n")
	}
	b.WriteString("---\n\n# " + id + " T\n\n## Evidence\n\n| Verification ID | Command | Result | Exit Code | Output Ref |\n|---|---|---|---|---|\n")
	for _, it := range items {
		if c, ok := claims[it[0]]; ok {
			b.WriteString("| " + it[0] + " | `" + it[1] + "` | " + c + " | | log |\n")
		}
	}
	return b.String()
}

// vRepo is a git repository holding files, committed once.
func vRepo(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	vGit(t, dir, "init", "-q", "-b", "main")
	vCommit(t, dir, files, "base")
	return dir
}

func vCommit(t *testing.T, dir string, files map[string]string, msg string) {
	t.Helper()
	for rel, content := range files {
		p := filepath.Join(dir, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	vGit(t, dir, "add", "-A")
	vGit(t, dir, "commit", "-q", "--allow-empty", "-m", msg)
}

func vGit(t *testing.T, dir string, args ...string) {
	t.Helper()
	testrepo.GitCLI(t, dir, args...)
}

// vMain runs storygate and returns its exit code, stdout and stderr.
func vMain(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(append([]string{"storygate"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func readResults(t *testing.T, path string) verify.Document {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	d, err := verify.ReadDocument(f)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestVerifyReportsFailuresAndMismatches(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", "exit 0"}, {"V2", "echo broken; exit 1"}}, map[string]string{"V1": "PASS", "V2": "PASS"})})
	out := filepath.Join(t.TempDir(), "results.json")
	code, stdout, stderr := vMain("verify", "--root", dir, "--format", "json", "--out", out, filepath.Join(dir, "stories/STORY-001.md"))
	if code != ExitFindings {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
	var printed struct {
		Diagnostics []struct{ Rule, File string }
	}
	if err := json.Unmarshal([]byte(stdout), &printed); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	var got []string
	for _, d := range printed.Diagnostics {
		got = append(got, d.Rule+"@"+d.File)
	}
	if strings.Join(got, " ") != "verify/failed@stories/STORY-001.md verify/evidence-mismatch@stories/STORY-001.md" {
		t.Errorf("diagnostics %v", got)
	}
	doc := readResults(t, out)
	if len(doc.Results) != 2 || doc.Results[1].StdoutTail != "broken\n" || doc.Results[1].ClaimedEvidence.Result != "PASS" {
		t.Errorf("results document: %+v", doc.Results)
	}
}

func TestVerifyNoTokenReachesTheCommand(t *testing.T) {
	for name, val := range map[string]string{"GITHUB_TOKEN": "tok-1", "GH_TOKEN": "tok-2", "ACTIONS_RUNTIME_TOKEN": "tok-3",
		"ACTIONS_ID_TOKEN_REQUEST_TOKEN": "tok-4", "INPUT_GITHUB_TOKEN": "tok-5", "DEPLOY_SECRET": "tok-6"} {
		t.Setenv(name, val)
	}
	dir := vRepo(t, map[string]string{
		".github/storygate.yml": "verify:\n  secret_env: [DEPLOY_SECRET]\n",
		"stories/STORY-001.md":  verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "env"}}, nil),
	})
	out := filepath.Join(t.TempDir(), "results.json")
	if code, _, stderr := vMain("verify", "--root", dir, "--out", out); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	seen := readResults(t, out).Results[0].StdoutTail
	if strings.Contains(seen, "tok-") || !strings.Contains(seen, "PATH=") {
		t.Errorf("the command's environment:\n%s", seen)
	}
}

func TestVerifyBaseSelectsChangedStoriesAtEvaluating(t *testing.T) {
	items := [][2]string{{"V1", "true"}}
	dir := vRepo(t, map[string]string{
		"stories/STORY-001.md": verifyStory("STORY-001", "generating", items, nil),
		"stories/STORY-002.md": verifyStory("STORY-002", "evaluating", items, nil),
	})
	vCommit(t, dir, map[string]string{
		"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", items, nil),
		"stories/STORY-003.md": verifyStory("STORY-003", "planning", items, nil),
	}, "head")
	out := filepath.Join(t.TempDir(), "r.json")
	if code, _, stderr := vMain("verify", "--root", dir, "--base", "HEAD~1", "--out", out); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if got := strings.Join(readResults(t, out).Stories, ","); got != "stories/STORY-001.md" {
		t.Errorf("verified stories %q, want only the changed one at evaluating", got)
	}
}

func TestVerifyTimeoutFlag(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "sleep 10"}}, nil)})
	code, stdout, _ := vMain("verify", "--root", dir, "--timeout", "200ms")
	if code != ExitFindings || !strings.Contains(stdout, "[verify/timeout]") {
		t.Fatalf("exit %d:\n%s", code, stdout)
	}
}

func TestVerifyShardsMergeResults(t *testing.T) {
	items := [][2]string{{"V1", "true"}, {"V2", "true"}, {"V3", "exit 1"}, {"V4", "true"}, {"V5", "true"}}
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", items, nil)})
	outDir := t.TempDir()
	var files []string
	for _, shard := range []string{"1/2", "2/2"} {
		out := filepath.Join(outDir, strings.ReplaceAll(shard, "/", "-of-")+".json")
		vMain("verify", "--root", dir, "--shard", shard, "--out", out)
		files = append(files, out)
	}
	one, two := readResults(t, files[0]), readResults(t, files[1])
	if len(one.Results) != 3 || len(two.Results) != 2 {
		t.Fatalf("shards hold %d and %d items", len(one.Results), len(two.Results))
	}
	merged := filepath.Join(outDir, "merged.json")
	code, stdout, stderr := vMain("merge-results", "--out", merged, files[1], files[0])
	if code != ExitFindings || !strings.Contains(stdout, "verify/failed") {
		t.Fatalf("merge exit %d: %s %s", code, stdout, stderr)
	}
	if doc := readResults(t, merged); len(doc.Results) != 5 || doc.Shard != nil || doc.Summary.Errors != 1 {
		t.Errorf("merged: %d results, shard %v, %+v", len(doc.Results), doc.Shard, doc.Summary)
	}
	if code, _, stderr := vMain("merge-results", files[0]); code != ExitUsage || !strings.Contains(stderr, "2/2 is missing") {
		t.Errorf("a missing shard: exit %d, %s", code, stderr)
	}
}

func TestVerifyAndMergeUsageErrors(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "true"}}, nil)})
	cases := [][]string{
		{"verify", "--root", dir, "--format", "xml"},
		{"verify", "--root", dir, "--shard", "3/2"},
		{"verify", "--root", dir, "--base", "no-such-revision"},
		{"verify", "--root", t.TempDir(), "--base", "HEAD"}, // no repository there
		{"verify", "--root", dir, filepath.Join(dir, "stories/missing.md")},
		{"merge-results"},
		{"merge-results", filepath.Join(dir, "stories/STORY-001.md")},
	}
	for _, args := range cases {
		if code, _, _ := vMain(args...); code != ExitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, ExitUsage)
		}
	}
}

// TestVerifyHonoursConfiguredSeverities: the rules: section governs the
// rules verify decides, as it does the story rules; validate accepts the
// same IDs.
func TestVerifyHonoursConfiguredSeverities(t *testing.T) {
	dir := vRepo(t, map[string]string{
		"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
			[][2]string{{"V1", "exit 0"}, {"V2", "exit 1"}}, map[string]string{"V1": "PASS", "V2": "PASS"}),
		".github/storygate.yml": "rules:\n  verify/failed: warning\n  verify/evidence-mismatch: off\n",
	})
	code, stdout, stderr := vMain("verify", "--root", dir, "--format", "json", filepath.Join(dir, "stories/STORY-001.md"))
	var printed struct {
		Diagnostics []struct{ Rule, Severity string }
	}
	if err := json.Unmarshal([]byte(stdout), &printed); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	if code != ExitOK || len(printed.Diagnostics) != 1 || printed.Diagnostics[0].Severity != "warning" {
		t.Errorf("exit %d, diagnostics %+v, stderr %s", code, printed.Diagnostics, stderr)
	}
	if code, _, stderr := vMain("validate", "--root", dir, filepath.Join(dir, "stories/STORY-001.md")); code == ExitUsage {
		t.Errorf("validate refused a configuration naming verify rules: %s", stderr)
	}
}

// TestVerifyReportsAnUnreadableStory: a named story whose frontmatter cannot
// be read cannot have its verification rerun; verify says so and fails
// rather than reporting that every item passed.
func TestVerifyReportsAnUnreadableStory(t *testing.T) {
	good := verifyStory("STORY-001", "evaluating", [][2]string{{"V1", "exit 0"}}, map[string]string{"V1": "PASS"})
	broken := strings.Replace(good, "id: STORY-001\n", "id: STORY-001\nid: STORY-001\n", 1)
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": broken})
	code, stdout, stderr := vMain("verify", "--root", dir, filepath.Join(dir, "stories/STORY-001.md"))
	if code != ExitFindings || !strings.Contains(stdout, "[structure/frontmatter-syntax]") || !strings.Contains(stdout, "cannot be rerun") {
		t.Errorf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, shard := range []string{"1/2", "2/2"} {
		out := filepath.Join(t.TempDir(), "r.json")
		vMain("verify", "--root", dir, "--shard", shard, "--out", out, filepath.Join(dir, "stories/STORY-001.md"))
		if n := len(readResults(t, out).Diagnostics); n != map[string]int{"1/2": 1, "2/2": 0}[shard] {
			t.Errorf("shard %s reports the unreadable story %d times", shard, n)
		}
	}
}
