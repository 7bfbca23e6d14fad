package cli

import (
	"bytes"
	"errors"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// The situations of the table's rows 0, 1 and 3 (exit_table_test.go).

func cleanRunSituations() []situation {
	return []situation{
		{"validate", func(t *testing.T) (int, string, string) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"stories/STORY-001.md": testrepo.DemoStory(t, "STORY-001.md"), "stories/STORY-002.md": testrepo.DemoStory(t, "STORY-002.md")})
			repo.Commit("base")
			code, stdout, stderr := run(t, "validate", "--root", repo.Root)
			return code, stdout + stderr, "0 errors"
		}},
		{"stage validate", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "stage", "validate", stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")}))
			return code, stdout + stderr, "no problems found in 1 file"
		}},
		{"checks run", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "checks", "run", "--suite", "step-packet", filepath.Join(recordsTestdata, "golden", "good-repair.json"))
			return code, stdout + stderr, "no problems found in 1 file"
		}},
		{"version", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "version")
			return code, stdout + stderr, "storygate "
		}},
	}
}

func failingGate(t *testing.T) (int, string, string) {
	_, base, _, _ := actionRepo(t)
	code, stdout, stderr := run(t, "action", "--event-name", "local", "--base", base)
	return code, stdout + stderr, "STORY-003"
}

func refusedTransition(t *testing.T) (int, string, string) {
	dir := t.TempDir()
	one := strings.Replace(specTemplate(t, "STORY-001"), "priority: high\n", "priority: high\ndepends_on: [STORY-002]\n", 1)
	writeFiles(t, dir, map[string]string{"stories/STORY-001.md": one, "stories/STORY-002.md": specTemplate(t, "STORY-002")})
	code, stdout, stderr := run(t, "transition", "--root", dir, "--event", "begin_planning", "--actor", "orchestrator", filepath.Join(dir, "stories", "STORY-001.md"))
	return code, stdout + stderr, "[delegation/dependency-not-done]"
}

func driftedStory(t *testing.T) (int, string, string) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", "echo broken; exit 1"}}, map[string]string{"V1": "PASS"})})
	code, stdout, stderr := run(t, "verify", "--root", dir, "--out", filepath.Join(t.TempDir(), "r.json"), filepath.Join(dir, "stories", "STORY-001.md"))
	return code, stdout + stderr, "[verify/evidence-mismatch]"
}

// failingSituations: git failing (a corrupt object in the base commit)
// and output failing (a stdout that refuses writes).
func failingSituations() []situation {
	var out []situation
	for _, cmd := range []string{"validate", "verify"} {
		out = append(out, situation{cmd + " --base on a corrupt base tree", func(t *testing.T) (int, string, string) {
			root := corruptBase(t)
			code, stdout, stderr := run(t, cmd, "--root", root, "--base", "HEAD~1")
			return code, stdout + stderr, "zlib"
		}})
	}
	for name, args := range map[string][]string{
		"validate":       {"validate", "--root", "ROOT"},
		"checks run":     {"checks", "run", "--suite", "step-packet", filepath.Join(recordsTestdata, "golden", "good-repair.json")},
		"stage validate": {"stage", "validate", "STAGES"},
	} {
		out = append(out, situation{name + " writing to a failing stdout", func(t *testing.T) (int, string, string) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"stories/STORY-001.md": testrepo.DemoStory(t, "STORY-001.md")})
			repo.Commit("base")
			stages := stageTree(t, map[string]string{"inception/alpha.md": demoStage("alpha")})
			argv := strings.NewReplacer("ROOT", repo.Root, "STAGES", stages)
			var errOut bytes.Buffer
			var full []string
			for _, a := range args {
				full = append(full, argv.Replace(a))
			}
			defer restoreEnv(os.Environ())
			code := Main(append([]string{"storygate"}, full...), strings.NewReader(""), failingWriter{}, &errOut)
			return code, errOut.String(), errDiskFull.Error()
		}})
	}
	return out
}

// errDiskFull is what failingWriter says.
var errDiskFull = errors.New("no space left on device (test)")

// failingWriter refuses every write, as a full disk does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errDiskFull }

// corruptBase is a repository whose base commit's tree object is garbage.
func corruptBase(t *testing.T) string {
	t.Helper()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"stories/STORY-001.md": testrepo.DemoStory(t, "STORY-001.md")})
	repo.Commit("base")
	repo.Write(map[string]string{"stories/STORY-002.md": testrepo.DemoStory(t, "STORY-002.md")})
	repo.Commit("head")
	tree := strings.TrimSpace(testrepo.GitCLI(t, repo.Root, "rev-parse", "HEAD~1^{tree}"))
	object := filepath.Join(repo.Root, ".git", "objects", tree[:2], tree[2:])
	if err := os.Chmod(object, 0o644); err != nil {
		t.Fatalf("the base tree is not a loose object: %v", err)
	}
	if err := os.WriteFile(object, []byte("garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	return repo.Root
}

// githubUnreachable publishes a results document of a local run to an
// API address where nothing listens.
func githubUnreachable(t *testing.T) (int, string, string) {
	repo, _, results, _ := actionRepo(t)
	if code, _, stderr := run(t, "action", "--event-name", "local"); code != ExitFindings {
		t.Fatalf("the local run that writes the document: exit %d\n%s", code, stderr)
	}
	closed := httptest.NewServer(nil)
	closed.Close()
	t.Setenv("GITHUB_API_URL", closed.URL)
	head := strings.TrimSpace(testrepo.GitCLI(t, repo.Root, "rev-parse", "HEAD"))
	code, stdout, stderr := run(t, "publish", "--results", results, "--github-deadline", "1s", "--pr", "1", "--head-sha", head)
	return code, stdout + stderr, "github.deadline 1s"
}
