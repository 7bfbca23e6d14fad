package cli

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/publish"
)

func repoFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestDockerfileGoVersionMatchesGoMod keeps the image's builder, the
// module's go line and CI on one Go version.
func TestDockerfileGoVersionMatchesGoMod(t *testing.T) {
	goLine := regexp.MustCompile(`(?m)^go (\S+)$`).FindStringSubmatch(repoFile(t, "go.mod"))
	builder := regexp.MustCompile(`(?m)^FROM golang:([0-9.]+)`).FindStringSubmatch(repoFile(t, "Dockerfile"))
	if goLine == nil || builder == nil || goLine[1] != builder[1] {
		t.Errorf("go.mod says go %v, the Dockerfile builds with golang:%v", goLine, builder)
	}
	if ci := repoFile(t, ".github/workflows/ci.yml"); !strings.Contains(ci, "go-version-file: go.mod") || !strings.Contains(ci, ".ci/run") {
		t.Error("CI must take Go from go.mod and run .ci/run")
	}
	for _, pin := range regexp.MustCompile(`go(1\.\d+(\.\d+)?)`).FindAllStringSubmatch(repoFile(t, ".ci/run"), -1) {
		if pin[1] != goLine[1] {
			t.Errorf(".ci/run pins go%s, go.mod says %s", pin[1], goLine[1])
		}
	}
}

type actionMeta struct {
	Inputs  map[string]any `yaml:"inputs"`
	Outputs map[string]any `yaml:"outputs"`
	Runs    struct {
		Using string `yaml:"using"`
		Steps []struct {
			Uses string            `yaml:"uses"`
			With map[string]string `yaml:"with"`
			Env  map[string]string `yaml:"env"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

func loadAction(t *testing.T, name string) actionMeta {
	t.Helper()
	var m actionMeta
	if err := yaml.Unmarshal([]byte(repoFile(t, name)), &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

func keys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// actionInputs are the inputs the code reads.
var actionInputs = []string{"app-id", "base", "command", "config", "filter", "gate-workflow", "gates", "installation-id", "private-key", "report-only", "results", "root", "sarif", "token"}

// TestActionMetadataMatchesTheCode: in every shipped action (the host-mode
// action.yml, docker/action.yml and the host/ alias) the inputs the code
// reads exist and the outputs it sets are declared; host mode passes every
// input through to storygate, and the alias every input to action.yml.
func TestActionMetadataMatchesTheCode(t *testing.T) {
	outputs := outputsRecorder{}
	publish.SetOutputs(outputs, &gate.Results{}, "results.json")
	for name, using := range map[string]string{"action.yml": "composite", "docker/action.yml": "docker", "host/action.yml": "composite"} {
		m := loadAction(t, name)
		if got := keys(m.Inputs); strings.Join(got, ",") != strings.Join(actionInputs, ",") {
			t.Errorf("%s inputs %v, want %v", name, got, actionInputs)
		}
		if got := keys(m.Outputs); strings.Join(got, ",") != strings.Join(keys(outputs.any()), ",") {
			t.Errorf("%s outputs %v, the code sets %v", name, got, keys(outputs.any()))
		}
		if m.Runs.Using != using {
			t.Errorf("%s runs.using %s, want %s", name, m.Runs.Using, using)
		}
	}
	host := loadAction(t, "action.yml")
	env := host.Runs.Steps[len(host.Runs.Steps)-1].Env
	for _, in := range actionInputs {
		if in != "command" && env["INPUT_"+strings.ToUpper(in)] != "${{ inputs."+in+" }}" {
			t.Errorf("host mode does not pass input %s", in)
		}
	}
	alias := loadAction(t, "host/action.yml")
	last := alias.Runs.Steps[len(alias.Runs.Steps)-1]
	if !strings.HasPrefix(last.Uses, "storygate/storygate@") {
		t.Fatalf("host/action.yml's last step uses %q, want storygate/storygate@<tag>", last.Uses)
	}
	for _, in := range actionInputs {
		if last.With[in] != "${{ inputs."+in+" }}" {
			t.Errorf("host/action.yml does not pass input %s to storygate/storygate", in)
		}
	}
}

type outputsRecorder map[string]string

func (o outputsRecorder) SetOutput(k, v string) { o[k] = v }

func (o outputsRecorder) any() map[string]any {
	out := map[string]any{}
	for k, v := range o {
		out[k] = v
	}
	return out
}
