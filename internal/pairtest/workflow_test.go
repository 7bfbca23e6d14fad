package pairtest

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// workflow is a workflow file as far as the harness interprets it. It is
// decoded with unknown fields refused: a key the harness does not know
// (a job's env, a step's shell, a matrix) fails the test rather than
// being ignored.
type workflow struct {
	Name        string          `yaml:"name"`
	RunName     string          `yaml:"run-name"` // evaluated for a dispatched run, whose name publish checks
	On          triggers        `yaml:"on"`
	Permissions yaml.Node       `yaml:"permissions"`
	Concurrency yaml.Node       `yaml:"concurrency"` // scheduling only: the harness runs one run at a time per pull request
	Jobs        map[string]*job `yaml:"jobs"`
}

// triggers are the events a workflow runs on; only the parts the harness
// checks before starting a run are typed.
type triggers struct {
	PullRequest      *eventTypes `yaml:"pull_request"`
	IssueComment     *eventTypes `yaml:"issue_comment"`
	MergeGroup       yaml.Node   `yaml:"merge_group"`
	WorkflowDispatch yaml.Node   `yaml:"workflow_dispatch"`
	WorkflowRun      *struct {
		Workflows []string `yaml:"workflows"`
		Types     []string `yaml:"types"`
	} `yaml:"workflow_run"`
}

// eventTypes are the activity types a workflow runs on for one event.
type eventTypes struct {
	Types []string `yaml:"types"`
}

// job is one job of a workflow.
type job struct {
	RunsOn string `yaml:"runs-on"`
	If     string `yaml:"if"`
	// Permissions are the token's scopes; the harness's one fake token
	// stands for both, and the gate job is checked to write nothing.
	Permissions map[string]string `yaml:"permissions"`
	Steps       []step            `yaml:"steps"`
}

// step is one step: an action (uses) or a script (run).
type step struct {
	ID              string            `yaml:"id"`
	Name            string            `yaml:"name"`
	If              string            `yaml:"if"`
	Uses            string            `yaml:"uses"`
	With            map[string]string `yaml:"with"`
	Env             map[string]string `yaml:"env"`
	Run             string            `yaml:"run"`
	ContinueOnError string            `yaml:"continue-on-error"`
}

// label names a step in messages.
func (s step) label(i int) string {
	switch {
	case s.Name != "":
		return fmt.Sprintf("step %d (%s)", i+1, s.Name)
	case s.Uses != "":
		return fmt.Sprintf("step %d (%s)", i+1, s.Uses)
	}
	return fmt.Sprintf("step %d (run)", i+1)
}

// actionMetadata is the storygate Docker action's docker/action.yml.
type actionMetadata struct {
	Name        string                 `yaml:"name"`
	Description string                 `yaml:"description"`
	Author      string                 `yaml:"author"`
	Branding    yaml.Node              `yaml:"branding"`
	Inputs      map[string]actionInput `yaml:"inputs"`
	Outputs     yaml.Node              `yaml:"outputs"`
	Runs        struct {
		Using string   `yaml:"using"`
		Image string   `yaml:"image"`
		Args  []string `yaml:"args"`
	} `yaml:"runs"`
}

// actionInput is one input of an action.
type actionInput struct {
	Description string `yaml:"description"`
	Default     string `yaml:"default"`
	Required    bool   `yaml:"required"`
}

// decodeStrict decodes YAML refusing unknown fields.
func decodeStrict(path string, v any) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("read %s: %w", path, err)
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	dec.KnownFields(true)
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("decode %s: %w", path, err)
	}
	return nil
}

// loadWorkflow reads a workflow file with exactly one job.
func loadWorkflow(path string) (*workflow, string, error) {
	var wf workflow
	if err := decodeStrict(path, &wf); err != nil {
		return nil, "", err
	}
	if len(wf.Jobs) != 1 {
		return nil, "", fmt.Errorf("%s: the harness runs workflows of one job, this has %d", path, len(wf.Jobs))
	}
	for name := range wf.Jobs {
		return &wf, name, nil
	}
	return nil, "", nil
}

// loadAction reads docker/action.yml and checks it is the Docker action
// the harness runs as the storygate binary.
func loadAction(root string) (*actionMetadata, error) {
	var a actionMetadata
	path := filepath.Join(root, "docker", "action.yml")
	if err := decodeStrict(path, &a); err != nil {
		return nil, err
	}
	if a.Runs.Using != "docker" {
		return nil, fmt.Errorf("%s: runs.using %q, the harness runs only the Docker action", path, a.Runs.Using)
	}
	return &a, nil
}

// loadImageEnv reads the ENV lines of Dockerfile.release (ENV KEY=value):
// the environment the released image gives storygate.
func loadImageEnv(root string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(root, "Dockerfile.release"))
	if err != nil {
		return nil, fmt.Errorf("read Dockerfile.release: %w", err)
	}
	env := map[string]string{}
	for _, line := range strings.Split(string(data), "\n") {
		rest, ok := strings.CutPrefix(line, "ENV ")
		if !ok {
			continue
		}
		k, v, ok := strings.Cut(strings.TrimSpace(rest), "=")
		if !ok || strings.ContainsAny(v, " \"'$") {
			return nil, fmt.Errorf("Dockerfile.release: the harness reads ENV KEY=value lines only, not %q", line)
		}
		env[k] = v
	}
	return env, nil
}

// startsOn says whether the workflow runs for the event with this
// activity type.
func (wf *workflow) startsOn(event, activity string) bool {
	var on *eventTypes
	switch event {
	case "pull_request":
		on = wf.On.PullRequest
	case "issue_comment":
		on = wf.On.IssueComment
	}
	return on != nil && (len(on.Types) == 0 || slices.Contains(on.Types, activity))
}

// startsAfter says whether the workflow runs when the named workflow
// completes.
func (wf *workflow) startsAfter(name string) bool {
	wr := wf.On.WorkflowRun
	return wr != nil && slices.Contains(wr.Workflows, name) && (len(wr.Types) == 0 || slices.Contains(wr.Types, "completed"))
}
