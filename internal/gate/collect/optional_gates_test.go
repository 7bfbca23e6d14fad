package collect

import (
	"testing"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/testrepo"
)

func TestStagesAndRecordsOnlyWhenTheirFilesChange(t *testing.T) {
	cfg := config.Default()
	cfg.Stages.Paths = []string{"stages"}
	cfg.Records = []config.RecordSuite{{Glob: "records/*.json", Suite: "step-packet"}}
	repo := testrepo.New(t)
	repo.Write(map[string]string{"README.md": "x\n"})
	base := repo.Commit("base")
	repo.Write(map[string]string{"README.md": "y\n"})
	repo.Commit("unrelated")
	res := runGate(t, repo, base, Options{Config: cfg})
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
	res = runGate(t, repo, base, Options{Config: cfg})
	for _, n := range []gate.Name{gate.Stages, gate.Records} {
		g, ok := res.Gate(n)
		if !ok || g.Conclusion != gate.Failure || len(g.Diagnostics) == 0 {
			t.Errorf("%s: %+v (present %v)", n, g, ok)
		}
	}
}
