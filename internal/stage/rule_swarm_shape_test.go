package stage

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

// TestSwarmShapeOnlyOnTheBuildStage: as the reference compiler, the
// advisory is for the per-unit build stage (workspace_requires: true); an
// inline per-unit design stage is silent.
func TestSwarmShapeOnlyOnTheBuildStage(t *testing.T) {
	units, err := os.ReadFile("testdata/rules/swarm-shape/inception/units.md")
	if err != nil {
		t.Fatal(err)
	}
	build, err := os.ReadFile("testdata/rules/swarm-shape/construction/demo.md")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name     string
		from, to string
		warns    bool
	}{
		{"inline build stage", "", "", true},
		{"inline design stage", "workspace_requires: true\n", "workspace_requires: false\n", false},
		{"design stage without the key", "workspace_requires: true\n", "", false},
		{"subagent build stage", "mode: inline\n", "mode: subagent\n", false},
	}
	for _, c := range cases {
		stage := strings.Replace(string(build), c.from, c.to, 1)
		fsys := fstest.MapFS{"inception/units.md": {Data: units}, "construction/demo.md": {Data: []byte(stage)}}
		got := textReport(t, loadFixture(t, fsys))
		if warns := strings.Contains(got, "[stage/swarm-shape]"); warns != c.warns {
			t.Errorf("%s: swarm-shape %v, want %v:\n%s", c.name, warns, c.warns, got)
		}
	}
}

// TestCompileKeepsAnAuthoredEmptySensorsList: `sensors: []` compiles to
// "sensors": [], as the reference compiler writes it; a stage without the
// key has none in the graph.
func TestCompileKeepsAnAuthoredEmptySensorsList(t *testing.T) {
	units, err := os.ReadFile("testdata/rules/swarm-shape/inception/units.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, key, want string
	}{
		{"empty list", "sensors: []\n", `"sensors": []`},
		{"one sensor", "sensors: [required-sections]\n", `"sensors": [`},
		{"no key", "", ""},
	} {
		stage := strings.Replace(string(units), "inputs: none\n", c.key+"inputs: none\n", 1)
		g, _ := Compile(loadFixture(t, fstest.MapFS{"inception/units.md": {Data: []byte(stage)}}))
		out, err := Marshal(g)
		if err != nil {
			t.Fatal(err)
		}
		has := strings.Contains(string(out), `"sensors"`)
		if (c.want == "") == has || (c.want != "" && !strings.Contains(string(out), c.want)) {
			t.Errorf("%s: compiled graph has sensors %v, want %q:\n%s", c.name, has, c.want, out)
		}
	}
}
