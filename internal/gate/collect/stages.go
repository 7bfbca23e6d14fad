package collect

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/stage"
)

// stagesGate validates and compiles the configured stage directories when
// files under them changed, and describes what changed in the stage graph.
func (r *run) stagesGate() error {
	dirs := r.touched(r.cfg.Stages.Paths, gate.Stages)
	if len(dirs) == 0 {
		return nil
	}
	var ds []diag.Diagnostic
	var details []string
	files := 0
	for _, dir := range dirs {
		set, err := r.loadStages(r.root, dir)
		if err != nil {
			return fmt.Errorf("gate: stages: %w", err)
		}
		head, found := stage.Compile(set)
		ds, files = append(ds, found...), files+len(set.Files)
		if d := r.describeStages(dir, head); d != "" {
			details = append(details, d)
		}
	}
	o := gate.Outcome{Checked: files, Diagnostics: ds}
	c := diag.Count(ds)
	r.add(gate.Stages, o, fmt.Sprintf("%s, %s in %s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(files, "stage file")), strings.Join(details, "\n\n"))
	return nil
}

// touched returns the configured directories with changes under them (all
// of them when the gate was selected explicitly).
func (r *run) touched(dirs []string, n gate.Name) []string {
	runs, _ := r.selected(n)
	if !runs {
		return nil
	}
	explicit := r.opts.Gates != nil
	var out []string
	for _, d := range dirs {
		if explicit || r.changedUnder(d) {
			out = append(out, d)
		}
	}
	return out
}

func (r *run) changedUnder(dir string) bool {
	if !r.t.HasBase() {
		return false
	}
	for _, c := range r.inRoot {
		if pathglob.Covers(dir, c.Path) {
			return true
		}
	}
	return false
}

// loadStages loads one stage directory of the tree at root with the
// configured agent and scope rosters.
func (r *run) loadStages(root, dir string) (*stage.Set, error) {
	set, err := stage.LoadStages(safefile.FS(root, filepath.Join(root, filepath.FromSlash(dir)), stage.MaxFileSize), dir)
	if err != nil {
		return nil, err
	}
	cfg := r.cfg.Stages
	if set.Agents, err = roster(root, cfg.Agents, stage.LoadAgents); err != nil {
		return nil, err
	}
	set.Scopes, err = roster(root, cfg.Scopes, stage.ScopeLoader(cfg.ScopePrefix))
	return set, err
}

// roster lists the names of an agents or scopes directory of the tree,
// reading through safefile: a scope file's frontmatter names its scope,
// and a link leaving the tree is never read.
func roster(root, dir string, load func(fs.FS) (map[string]bool, error)) (map[string]bool, error) {
	if dir == "" {
		return nil, nil
	}
	return load(safefile.FS(root, filepath.Join(root, filepath.FromSlash(dir)), stage.MaxFileSize))
}

// describeStages compares the head graph with the base's, compiled from
// the base tree written to a temporary directory. A base that does not
// compile is described as a new stage set.
func (r *run) describeStages(dir string, head *stage.Graph) string {
	if head == nil || !r.t.HasBase() {
		return ""
	}
	tmp, err := rundir.Temp("stages")
	if err != nil {
		return ""
	}
	defer os.RemoveAll(tmp)
	var base *stage.Graph
	if r.materializeBase(tmp) == nil {
		if set, err := r.loadStages(tmp, dir); err == nil {
			base, _ = stage.Compile(set)
		}
	}
	return stage.DescribeChange(base, head)
}

// materializeBase writes the tree the change starts from (the merge
// base) into dir.
func (r *run) materializeBase(dir string) error {
	return r.t.Repo().Materialize(r.t.MergeBase(), dir)
}
