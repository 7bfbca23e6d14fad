package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestInitThenValidate: on an empty Go, Python, Node and unrecognised
// repository, init writes the configuration with that project's suite,
// the workflow pair and STORY-001, prints the next steps, and the result
// validates (the real lint, exit 0); `new` then writes STORY-002, which
// validates too; a second init changes nothing and says so.
func TestInitThenValidate(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		suite string
	}{
		{"go", map[string]string{"go.mod": "module example.com/x\n"}, `revert suite "go test ./..."`},
		{"python", map[string]string{"pyproject.toml": "[project]\nname = \"x\"\n"}, `revert suite "pytest"`},
		{"node", map[string]string{"package.json": `{"name":"x","scripts":{"test":"node --test"}}`}, `revert suite "npm test"`},
		{"none", map[string]string{"README.md": "x\n"}, "revert.suite is left for you to set"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := testrepo.New(t)
			repo.Write(tc.files)
			repo.Commit("base")
			code, out, errOut := run(t, "init", "--root", repo.Root)
			if code != ExitOK || !containsAll(out, tc.suite, "wrote     .github/storygate.yml", "wrote     .github/workflows/storygate.yml",
				"wrote     .github/workflows/storygate-publish.yml", "wrote     stories/STORY-001.md", "next steps:", "storygate protect", "default branch") {
				t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
			}
			if code, out, errOut := run(t, "validate", "--root", repo.Root); code != ExitOK || !strings.Contains(out, "1 file") {
				t.Fatalf("validate after init: exit %d\n%s%s", code, out, errOut)
			}
			if code, out, errOut := run(t, "new", "--root", repo.Root, `Reject "bad" input: 400 #1 & more`); code != ExitOK || !strings.Contains(out, "stories/STORY-002.md") {
				t.Fatalf("new: exit %d\n%s%s", code, out, errOut)
			}
			if code, out, errOut := run(t, "validate", "--root", repo.Root); code != ExitOK || !strings.Contains(out, "2 files") {
				t.Fatalf("validate after new: exit %d\n%s%s", code, out, errOut)
			}
			code, out, errOut = run(t, "init", "--root", repo.Root)
			if code != ExitOK || !strings.Contains(out, "nothing changed") || strings.Contains(out, "wrote") {
				t.Errorf("second init: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}

func containsAll(s string, parts ...string) bool {
	for _, p := range parts {
		if !strings.Contains(s, p) {
			return false
		}
	}
	return true
}

// TestInitAndNewExitCodes: what init and new refuse is a usage error
// (exit 2) that names what to fix; the controls (a file left without
// --force, a valid title) exit 0.
func TestInitAndNewExitCodes(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, root string)
		args  []string
		code  int
		want  string
	}{
		{"init takes no arguments", nil, []string{"init", "--root", "ROOT", "extra"}, ExitUsage, `takes no arguments, got ["extra"]`},
		{"init on a missing root", nil, []string{"init", "--root", "ROOT/missing"}, ExitUsage, "missing"},
		{"init on a file", nil, []string{"init", "--root", "ROOT/README.md"}, ExitUsage, "is not a directory"},
		{"init through a link out", linkGitHubOut, []string{"init", "--root", "ROOT"}, ExitUsage, ".github is a symlink leading out of the repository"},
		{"init leaves a file that differs", writeOwnConfig, []string{"init", "--root", "ROOT"}, ExitOK, "left      .github/storygate.yml (exists and differs from what init writes; --force replaces it)"},
		{"init --force replaces it", writeOwnConfig, []string{"init", "--root", "ROOT", "--force"}, ExitOK, "replaced  .github/storygate.yml"},
		{"new without a title", nil, []string{"new", "--root", "ROOT"}, ExitUsage, "name exactly one title, got 0"},
		{"new with two", nil, []string{"new", "--root", "ROOT", "a", "b"}, ExitUsage, "name exactly one title, got 2"},
		{"new blank", nil, []string{"new", "--root", "ROOT", "   "}, ExitUsage, "the title is empty"},
		{"new overlong", nil, []string{"new", "--root", "ROOT", strings.Repeat("t", 101)}, ExitUsage, "at most 100"},
		{"new through a link out", linkStoriesOut, []string{"new", "--root", "ROOT", "Fine"}, ExitUsage, "stories is a symlink leading out of the repository"},
		{"new", nil, []string{"new", "--root", "ROOT", "Fine"}, ExitOK, "wrote stories/STORY-001.md"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			repo := testrepo.New(t)
			repo.Write(map[string]string{"README.md": "x\n"})
			repo.Commit("base")
			if tc.setup != nil {
				tc.setup(t, repo.Root)
			}
			args := make([]string, len(tc.args))
			for i, a := range tc.args {
				args[i] = strings.ReplaceAll(a, "ROOT", repo.Root)
			}
			code, out, errOut := run(t, args...)
			if code != tc.code || !strings.Contains(out+errOut, tc.want) {
				t.Errorf("exit %d, want %d and %q:\n%s%s", code, tc.code, tc.want, out, errOut)
			}
		})
	}
}

func linkGitHubOut(t *testing.T, root string) {
	if err := os.Symlink(t.TempDir(), filepath.Join(root, ".github")); err != nil {
		t.Fatal(err)
	}
}

func linkStoriesOut(t *testing.T, root string) {
	if err := os.Symlink(t.TempDir(), filepath.Join(root, "stories")); err != nil {
		t.Fatal(err)
	}
}

func writeOwnConfig(t *testing.T, root string) {
	writeFiles(t, root, map[string]string{".github/storygate.yml": "stories:\n  - \"stories/**/*.md\"\n"})
}

// titleSituations are `new`'s examples of the exit-code table's "an empty
// argument" row: an empty title, and one longer than a heading takes.
func titleSituations() []situation {
	return []situation{
		{"new TITLE/empty", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "new", "--root", t.TempDir(), "")
			return code, stdout + stderr, "is empty"
		}},
		{"new TITLE/overlong", func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, "new", "--root", t.TempDir(), strings.Repeat("t", 500))
			return code, stdout + stderr, "500 characters long"
		}},
	}
}

// TestTheAdoptionChangeFindsNothingInTheStory: the change init makes,
// committed on a Go, Python or Node repository and judged against the
// commit before it (validate --base, as the gate judges a pull request),
// has no finding in the story it seeds: whatever the gate says of the
// adoption pull request is about storygate's own files (until adoption
// pull requests are judged as such, scope/out-of-scope), never about the
// first story. The control: a broken first story is found.
func TestTheAdoptionChangeFindsNothingInTheStory(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		broken bool
	}{
		{"go", map[string]string{"go.mod": "module example.com/x\n"}, false},
		{"python", map[string]string{"pytest.ini": "[pytest]\n"}, false},
		{"node", map[string]string{"package.json": `{"scripts":{"test":"node --test"}}`}, false},
		{"go, the story broken", map[string]string{"go.mod": "module example.com/x\n"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := testrepo.New(t)
			repo.Write(tc.files)
			base := repo.Commit("base")
			if code, out, errOut := run(t, "init", "--root", repo.Root); code != ExitOK {
				t.Fatalf("init: exit %d\n%s%s", code, out, errOut)
			}
			if tc.broken {
				story := filepath.Join(repo.Root, "stories", "STORY-001.md")
				data, err := os.ReadFile(story)
				if err != nil {
					t.Fatal(err)
				}
				writeFiles(t, repo.Root, map[string]string{"stories/STORY-001.md": strings.Replace(string(data), "state: seeded", "state: sleeping", 1)})
			}
			repo.Commit("adopt storygate")
			_, out, errOut := run(t, "validate", "--root", repo.Root, "--base", base, "--format", "json")
			var doc struct {
				Diagnostics []struct{ File, Rule string } `json:"diagnostics"`
			}
			if err := json.Unmarshal([]byte(out), &doc); err != nil {
				t.Fatalf("validate --format json: %v\n%s%s", err, out, errOut)
			}
			inStory := 0
			for _, d := range doc.Diagnostics {
				if strings.HasPrefix(d.File, "stories/") {
					inStory++
				}
			}
			if (inStory > 0) != tc.broken {
				t.Errorf("%d findings in the story, broken %v: %+v", inStory, tc.broken, doc.Diagnostics)
			}
		})
	}
}
