package scaffold

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/config"
)

// at is the time the tests' stories are stamped with.
var at = time.Date(2026, 12, 1, 9, 30, 0, 0, time.UTC)

// snapshot reads every file under root, by slash path.
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(root, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func actions(res *Result) map[string]Action {
	out := map[string]Action{}
	for _, f := range res.Files {
		out[f.Path] = f.Action
	}
	return out
}

func mustInit(t *testing.T, opts Options) *Result {
	t.Helper()
	res, err := Init(opts)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// TestInitWritesThenChangesNothing: the first run writes the configuration,
// the workflow pair (and the optional two when asked) and STORY-001; a
// second run, with the same options, writes nothing and says each file is
// unchanged.
func TestInitWritesThenChangesNothing(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		commands, reverify     bool
		wantCommands, wantReve bool
	}{
		{"pair", false, false, false, false},
		{"with commands", true, false, true, false},
		{"with reverify", false, true, false, true},
		{"both", true, true, true, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, map[string]string{"go.mod": "module x\n"})
			opts := Options{Root: root, WithCommands: tc.commands, WithReverify: tc.reverify, Now: at}
			first := mustInit(t, opts)
			want := []string{config.DefaultPath, ".github/workflows/storygate.yml", ".github/workflows/storygate-publish.yml"}
			if tc.wantCommands {
				want = append(want, ".github/workflows/storygate-commands.yml")
			}
			if tc.wantReve {
				want = append(want, ".github/workflows/storygate-reverify.yml")
			}
			want = append(want, "stories/STORY-001.md")
			var wrote []string
			for _, f := range first.Files {
				if f.Action == Wrote {
					wrote = append(wrote, f.Path)
				}
			}
			if !slices.Equal(wrote, want) || !first.Changed() || first.Story != "stories/STORY-001.md" {
				t.Fatalf("first run wrote %q (story %q), want %q", wrote, first.Story, want)
			}
			before := snapshot(t, root)
			second := mustInit(t, Options{Root: root, WithCommands: tc.commands, WithReverify: tc.reverify, Now: at.Add(time.Hour)})
			if second.Changed() || second.Story != "" {
				t.Errorf("second run changed something: %+v", second.Files)
			}
			for _, f := range second.Files {
				if f.Action != Unchanged {
					t.Errorf("second run: %s %s", f.Action, f.Path)
				}
			}
			if after := snapshot(t, root); !mapsEqual(before, after) {
				t.Errorf("second run changed the tree")
			}
		})
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// TestInitLeavesWhatDiffersUnlessForced: a configuration or workflow that
// differs is left as it is, and said so; --force replaces it with what
// init writes; a story is never replaced, forced or not. A dry run
// reports the same plan and writes nothing.
func TestInitLeavesWhatDiffersUnlessForced(t *testing.T) {
	mine := map[string]string{
		config.DefaultPath:                "stories:\n  - \"work/*.md\"\n",
		".github/workflows/storygate.yml": "name: mine\n",
		"stories/STORY-001.md":            "my story, edited\n",
	}
	tests := []struct {
		name        string
		force, dry  bool
		want        map[string]Action
		replacedCfg bool
	}{
		{"left", false, false, map[string]Action{config.DefaultPath: Left, ".github/workflows/storygate.yml": Left, ".github/workflows/storygate-publish.yml": Wrote}, false},
		{"forced", true, false, map[string]Action{config.DefaultPath: Replaced, ".github/workflows/storygate.yml": Replaced, ".github/workflows/storygate-publish.yml": Wrote}, true},
		{"forced, dry", true, true, map[string]Action{config.DefaultPath: Replaced, ".github/workflows/storygate.yml": Replaced, ".github/workflows/storygate-publish.yml": Wrote}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			writeTree(t, root, mine)
			res := mustInit(t, Options{Root: root, Force: tc.force, DryRun: tc.dry, Now: at})
			if got := actions(res); !mapsEqual(stringify(got), stringify(tc.want)) {
				t.Errorf("actions %v, want %v", got, tc.want)
			}
			if res.Story != "" {
				t.Errorf("a first story was planned over an existing one: %s", res.Story)
			}
			tree := snapshot(t, root)
			if tree["stories/STORY-001.md"] != mine["stories/STORY-001.md"] {
				t.Errorf("the story was rewritten: %q", tree["stories/STORY-001.md"])
			}
			gotCfg := tree[config.DefaultPath]
			if replaced := gotCfg == string(ConfigText(res.Project)); replaced != tc.replacedCfg || (!replaced && gotCfg != mine[config.DefaultPath]) {
				t.Errorf("configuration now %q (replaced %v, want %v)", gotCfg, replaced, tc.replacedCfg)
			}
			if _, err := os.Stat(filepath.Join(root, ".github/workflows/storygate-publish.yml")); tc.dry != errors.Is(err, fs.ErrNotExist) {
				t.Errorf("dry %v: the missing workflow: %v", tc.dry, err)
			}
		})
	}
}

func stringify(m map[string]Action) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = string(v)
	}
	return out
}

// TestInitRefusesALinkOutOfTheRepository (attack): a .github directory, or
// the configuration file itself, planted as a symlink to a directory or
// file outside the repository would have init write there. The run is
// refused before anything is written, naming the link; the outside is
// untouched. The control: a link that stays inside the repository is
// written through.
func TestInitRefusesALinkOutOfTheRepository(t *testing.T) {
	tests := []struct {
		name    string
		link    string // the path made a link
		inside  bool   // the link's target is in the repository
		refused bool
	}{
		{".github out", ".github", false, true},
		{"workflows out", ".github/workflows", false, true},
		{"config file out", ".github/storygate.yml", false, true},
		{"stories out", "stories", false, true},
		{".github inside", ".github", true, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root, outside := t.TempDir(), t.TempDir()
			target := filepath.Join(outside, "x")
			if tc.inside {
				target = filepath.Join(root, "elsewhere")
			}
			if filepath.Ext(tc.link) == ".yml" {
				writeTree(t, filepath.Dir(target), map[string]string{"x": "mine\n"})
			} else if err := os.MkdirAll(target, 0o755); err != nil {
				t.Fatal(err)
			}
			link := filepath.Join(root, filepath.FromSlash(tc.link))
			if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(target, link); err != nil {
				t.Fatal(err)
			}
			before := snapshot(t, outside)
			_, err := Init(Options{Root: root, Force: true, Now: at})
			if tc.refused != errors.Is(err, ErrRefused) {
				t.Fatalf("err %v, want refused %v", err, tc.refused)
			}
			if tc.refused && (!strings.Contains(err.Error(), tc.link) || !strings.Contains(err.Error(), "symlink")) {
				t.Errorf("the refusal does not name the link: %v", err)
			}
			if !mapsEqual(before, snapshot(t, outside)) {
				t.Errorf("init wrote outside the repository: %v", snapshot(t, outside))
			}
			if _, statErr := os.Stat(filepath.Join(root, config.DefaultPath)); !tc.refused && statErr != nil {
				t.Errorf("the control wrote no configuration: %v", statErr)
			}
		})
	}
}
