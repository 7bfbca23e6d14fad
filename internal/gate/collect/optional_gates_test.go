package collect

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

func TestStagesAndRecordsOnlyWhenTheirFilesChange(t *testing.T) {
	cfg := stagesAndRecordsConfig()
	repo := testrepo.New(t)
	repo.Write(map[string]string{"README.md": "x\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"README.md": "y\n"})
	repo.Commit("unrelated")
	res := runGateWith(t, repo.Root, base, cfg, Options{})
	if _, ok := res.Gate(gate.Stages); ok {
		t.Error("stages reported without a stage change")
	}
	if _, ok := res.Gate(gate.Records); ok {
		t.Error("records reported without a record change")
	}
	repo.Write(map[string]string{
		"stages/inception/broken.md": "---\nslug: broken\nphase: nowhere\n---\n# Broken\n",
		"records/step.json":          "{}\n",
	})
	repo.Commit("stage and record")
	res = runGateWith(t, repo.Root, base, cfg, Options{})
	for _, n := range []gate.Name{gate.Stages, gate.Records} {
		g, ok := res.Gate(n)
		if !ok || g.Conclusion != gate.Failure || len(g.Diagnostics) == 0 {
			t.Errorf("%s: %+v (present %v)", n, g, ok)
		}
	}
}

// TestStagesAndRecordsInASubdirectoryRoot: with the root a package of its
// repository, stages.paths and the records globs are the package's, as
// its configuration writes them: a stage and a record changed in the
// package run the gates (their findings at repository paths in the
// document), while the same files changed in another package do not.
// The control is the same layout at the top.
func TestStagesAndRecordsInASubdirectoryRoot(t *testing.T) {
	t.Parallel()
	cfg := stagesAndRecordsConfig()
	changed := map[string]string{"stages/inception/broken.md": "---\nslug: broken\nphase: nowhere\n---\n# Broken\n", "records/step.json": "{}\n"}
	for _, c := range []struct {
		name, root, changedIn string
		run                   bool
	}{
		{"at the top (control)", "", "", true},
		{"changed in the package", "pkg", "pkg/", true},
		{"changed in another package", "pkg", "lib/", false},
	} {
		repo := testrepo.New(t)
		repo.Write(map[string]string{"pkg/README.md": "x\n", "lib/README.md": "x\n"})
		base := repo.Commit("base")
		for p, s := range changed {
			repo.Write(map[string]string{c.changedIn + p: s})
		}
		repo.Commit("stage and record")
		res := runGateWith(t, filepath.Join(repo.Root, c.root), base, cfg, Options{})
		for _, n := range []gate.Name{gate.Stages, gate.Records} {
			g, ok := res.Gate(n)
			if ok != c.run || (c.run && (g.Conclusion != gate.Failure || len(g.Diagnostics) == 0)) {
				t.Errorf("%s: %s: %+v (present %v, want %v)", c.name, n, g, ok, c.run)
				continue
			}
			for _, d := range g.Diagnostics {
				if !strings.HasPrefix(d.File, c.changedIn) {
					t.Errorf("%s: %s finding at %s, not a repository path under %q", c.name, n, d.File, c.changedIn)
				}
			}
		}
	}
}

// stagesAndRecordsConfig is the default configuration with a stage
// directory and a record suite, so both optional gates can run.
func stagesAndRecordsConfig() *config.Config {
	cfg := config.Default()
	cfg.Stages.Paths = []string{"stages"}
	cfg.Records = []config.RecordSuite{{Glob: "records/*.json", Suite: "step-packet"}}
	return cfg
}
