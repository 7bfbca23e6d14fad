package pairtest

import (
	"maps"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// compositeAction is action.yml (host mode) or host/action.yml (its old
// name, which runs action.yml): a composite action whose steps the
// harness runs as the runner does.
type compositeAction struct {
	Name        string                 `yaml:"name"`
	Description string                 `yaml:"description"`
	Author      string                 `yaml:"author"`
	Branding    map[string]string      `yaml:"branding"`
	Inputs      map[string]actionInput `yaml:"inputs"`
	Outputs     map[string]struct {
		Description string `yaml:"description"`
		Value       string `yaml:"value"`
	} `yaml:"outputs"`
	Runs struct {
		Using string          `yaml:"using"`
		Steps []compositeStep `yaml:"steps"`
	} `yaml:"runs"`
}

// compositeStep is a run: step under bash or a uses: step.
type compositeStep struct {
	Name  string            `yaml:"name"`
	ID    string            `yaml:"id"`
	Shell string            `yaml:"shell"`
	Env   map[string]string `yaml:"env"`
	Run   string            `yaml:"run"`
	Uses  string            `yaml:"uses"`
	With  map[string]string `yaml:"with"`
}

// isHostAlias is the repository's host/ action at any ref.
func isHostAlias(uses string) bool { return isActionAt(uses, "storygate/storygate/host") }

// isDockerAction is the repository's docker/ action at any ref.
func isDockerAction(uses string) bool { return isActionAt(uses, "storygate/storygate/docker") }

// isActionAt reports whether uses names the action at any ref.
func isActionAt(uses, action string) bool {
	name, ref, ok := strings.Cut(uses, "@")
	return ok && ref != "" && name == action
}

// runnerArch is runner.arch for this machine.
func runnerArch() string {
	if runtime.GOARCH == "arm64" {
		return "ARM64"
	}
	return "X64"
}

// privilegedTools are the runner's tools host/sandbox-setup.sh may call to
// install or allow bubblewrap. The harness does not emulate them: each is
// a stub that fails, so the script never changes the machine the tests
// run on, and where bubblewrap does not work it warns, as on a runner
// without sudo.
var privilegedTools = []string{"sudo", "apt-get", "apparmor_parser", "sysctl"}

// hostAction runs a composite action (dir/action.yml: the top-level
// action, or host/) as the runner does: its inputs (with: over the
// defaults) in the inputs context, each step's env: evaluated with the
// action's own steps context, run: steps under bash as shell: bash runs
// them, with GITHUB_ACTION_PATH the action's directory, a uses: step of
// storygate/storygate as that action, and the action's outputs evaluated
// from its steps' outputs, a failed step's too. The download step runs install.sh as shipped
// against a release server serving the binary built from this module
// (STORYGATE_RELEASES, the variable install.sh reads for tests), or
// answering as the pair's release mode says (absent, tampered), with the
// pair's runnerEnv over the job's; the sandbox setup runs as shipped
// with privilegedTools stubbed.
func (r *runner) hostAction(dir string, with, env map[string]string) (map[string]string, error) {
	r.t.Helper()
	var meta compositeAction
	file := filepath.Join(dir, "action.yml")
	if err := decodeStrict(file, &meta); err != nil || meta.Runs.Using != "composite" {
		r.t.Fatalf("%s: %v (runs.using %q, the harness runs a composite action)", file, err, meta.Runs.Using)
	}
	ev := evaluator{contexts: maps.Clone(r.eval.contexts)}
	ev.contexts["inputs"] = r.actionInputs(meta.Inputs, with)
	own := map[string]any{}
	ev.contexts["steps"] = own
	releases := httptest.NewServer(r.pair.releaseHandler())
	defer releases.Close()
	var failed error
	for _, s := range meta.Runs.Steps {
		outputs, err := r.compositeStep(dir, ev, s, env, releases.URL)
		if s.ID != "" {
			out := map[string]any{}
			for k, v := range outputs {
				out[k] = v
			}
			own[s.ID] = map[string]any{"outputs": out}
		}
		if failed = err; err != nil {
			break
		}
	}
	// The runner evaluates a composite action's outputs when its steps
	// end, failed or not: a gate that found errors still names its
	// document.
	outputs := map[string]string{}
	for name, o := range meta.Outputs {
		v, err := ev.interpolate(o.Value)
		if err != nil {
			r.t.Fatalf("%s output %s: %v", file, name, err)
		}
		outputs[name] = v
	}
	return outputs, failed
}

// compositeStep runs one step of the composite action in dir.
func (r *runner) compositeStep(dir string, ev evaluator, s compositeStep, env map[string]string, releases string) (map[string]string, error) {
	r.t.Helper()
	eval := func(what string, m map[string]string) map[string]string {
		out := map[string]string{}
		for k, v := range m {
			val, err := ev.interpolate(v)
			if err != nil {
				r.t.Fatalf("%s step %q %s %s: %v", dir, s.Name, what, k, err)
			}
			out[k] = val
		}
		return out
	}
	if s.Uses != "" {
		if !isStorygateAction(s.Uses) || s.Run != "" {
			r.t.Fatalf("%s step %q uses %q: the harness runs only storygate/storygate there", dir, s.Name, s.Uses)
		}
		return r.hostAction(r.pair.tools.moduleRoot, eval("with", s.With), env)
	}
	if s.Shell != "bash" {
		r.t.Fatalf("%s step %q: shell %q, the harness runs bash", dir, s.Name, s.Shell)
	}
	stepEnv := maps.Clone(env)
	maps.Copy(stepEnv, eval("env", s.Env))
	stepEnv["GITHUB_ACTION_PATH"], stepEnv["STORYGATE_RELEASES"] = dir, releases
	path := r.jobEnv()["PATH"]
	maps.Copy(stepEnv, r.pair.runnerEnv)
	if p, ok := r.pair.runnerEnv["PATH"]; ok {
		path = p
	}
	stepEnv["PATH"] = r.stubbedPrivilegedTools() + string(os.PathListSeparator) + path
	return r.runBash(s.Run, stepEnv)
}

// stubbedPrivilegedTools is a directory of failing privilegedTools.
func (r *runner) stubbedPrivilegedTools() string {
	r.t.Helper()
	dir := filepath.Join(r.temp, "privileged-stubs")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		r.t.Fatal(err)
	}
	for _, tool := range privilegedTools {
		stub := "#!/bin/sh\necho \"pairtest: $0 is not emulated\" >&2\nexit 1\n"
		if err := os.WriteFile(filepath.Join(dir, tool), []byte(stub), 0o755); err != nil {
			r.t.Fatal(err)
		}
	}
	return dir
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
