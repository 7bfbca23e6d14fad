package pairtest

import (
	"maps"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"runtime"
	"strings"
)

// compositeAction is host/action.yml: a composite action whose steps the
// harness runs as the runner does.
type compositeAction struct {
	Name        string                 `yaml:"name"`
	Description string                 `yaml:"description"`
	Author      string                 `yaml:"author"`
	Inputs      map[string]actionInput `yaml:"inputs"`
	Outputs     map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string `yaml:"using"`
		Steps []struct {
			Name  string            `yaml:"name"`
			ID    string            `yaml:"id"`
			Shell string            `yaml:"shell"`
			Env   map[string]string `yaml:"env"`
			Run   string            `yaml:"run"`
		} `yaml:"steps"`
	} `yaml:"runs"`
}

// isHostAction is the repository's host/ action at any ref.
func isHostAction(uses string) bool {
	name, ref, ok := strings.Cut(uses, "@")
	return ok && ref != "" && name == "storygate/storygate/host"
}

// runnerArch is runner.arch for this machine.
func runnerArch() string {
	if runtime.GOARCH == "arm64" {
		return "ARM64"
	}
	return "X64"
}

// hostAction runs host/action.yml as a composite action: its inputs (with:
// over the defaults) in the inputs context, each step's env: evaluated
// with the action's own steps context, under bash as shell: bash runs it,
// with GITHUB_ACTION_PATH the action's directory, and the action's outputs
// evaluated from its steps' outputs. The download step runs install.sh as
// shipped against a release server serving the binary built from this
// module (STORYGATE_RELEASES, the variable install.sh reads for tests).
func (r *runner) hostAction(with, env map[string]string) (map[string]string, error) {
	r.t.Helper()
	var meta compositeAction
	dir := filepath.Join(r.pair.tools.moduleRoot, "host")
	if err := decodeStrict(filepath.Join(dir, "action.yml"), &meta); err != nil || meta.Runs.Using != "composite" {
		r.t.Fatalf("host/action.yml: %v (runs.using %q, the harness runs a composite action)", err, meta.Runs.Using)
	}
	inputs := r.actionInputs(meta.Inputs, with)
	own := map[string]any{}
	ev := evaluator{contexts: maps.Clone(r.eval.contexts)}
	ev.contexts["inputs"], ev.contexts["steps"] = inputs, own
	releases := httptest.NewServer(http.HandlerFunc(r.pair.tools.serveRelease))
	defer releases.Close()
	for _, s := range meta.Runs.Steps {
		if s.Shell != "bash" {
			r.t.Fatalf("host/action.yml step %q: shell %q, the harness runs bash", s.Name, s.Shell)
		}
		stepEnv := maps.Clone(env)
		for k, v := range s.Env {
			val, err := ev.interpolate(v)
			if err != nil {
				r.t.Fatalf("host/action.yml step %q env %s: %v", s.Name, k, err)
			}
			stepEnv[k] = val
		}
		stepEnv["GITHUB_ACTION_PATH"], stepEnv["STORYGATE_RELEASES"] = dir, releases.URL
		outputs, err := r.runBash(s.Run, stepEnv)
		if s.ID != "" {
			out := map[string]any{}
			for k, v := range outputs {
				out[k] = v
			}
			own[s.ID] = map[string]any{"outputs": out}
		}
		if err != nil {
			return nil, err
		}
	}
	outputs := map[string]string{}
	for name, o := range meta.Outputs {
		v, err := ev.interpolate(o.Value)
		if err != nil {
			r.t.Fatalf("host/action.yml output %s: %v", name, err)
		}
		outputs[name] = v
	}
	return outputs, nil
}

// actionInputs are an action's inputs: with: over the defaults, whose
// expressions are evaluated; a with: key the action does not declare
// fails the test.
func (r *runner) actionInputs(declared map[string]actionInput, with map[string]string) map[string]any {
	r.t.Helper()
	inputs := map[string]any{}
	for name, in := range declared {
		v, ok := with[name]
		if !ok {
			var err error
			if v, err = r.eval.interpolate(in.Default); err != nil {
				r.t.Fatalf("input %s default: %v", name, err)
			}
		}
		inputs[name] = v
	}
	for name := range with {
		if _, ok := declared[name]; !ok {
			r.t.Fatalf("with: %q is not an input of the action", name)
		}
	}
	return inputs
}
