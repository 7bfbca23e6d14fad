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
			Env map[string]string `yaml:"env"`
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

// TestActionMetadataMatchesTheCode: the inputs the code reads exist, the
// outputs it sets are declared, and host mode passes every input through.
func TestActionMetadataMatchesTheCode(t *testing.T) {
	docker, host := loadAction(t, "action.yml"), loadAction(t, "host/action.yml")
	want := []string{"app-id", "base", "command", "config", "filter", "gate-workflow", "gates", "installation-id", "private-key", "report-only", "results", "root", "sarif", "token"}
	if got := keys(docker.Inputs); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("action.yml inputs %v, want %v", got, want)
	}
	if got := keys(host.Inputs); strings.Join(got, ",") != strings.Join(want, ",") {
		t.Errorf("host/action.yml inputs %v, want %v", got, want)
	}
	outputs := outputsRecorder{}
	publish.SetOutputs(outputs, &gate.Results{}, "results.json")
	if got := keys(docker.Outputs); strings.Join(got, ",") != strings.Join(keys(outputs.any()), ",") {
		t.Errorf("action.yml outputs %v, the code sets %v", got, keys(outputs.any()))
	}
	env := host.Runs.Steps[len(host.Runs.Steps)-1].Env
	for _, in := range want {
		if in != "command" && env["INPUT_"+strings.ToUpper(in)] != "${{ inputs."+in+" }}" {
			t.Errorf("host mode does not pass input %s", in)
		}
	}
	if docker.Runs.Using != "docker" || host.Runs.Using != "composite" {
		t.Errorf("runs.using: %s and %s", docker.Runs.Using, host.Runs.Using)
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
