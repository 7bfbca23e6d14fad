package collect

import (
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/pathglob"
	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/stage"
)

// stagesGate validates and compiles the configured stage directories when
// files under them changed, and describes what changed in the stage graph.
// Its findings follow the filter mode as the stories' do: in the changed
// mode a finding on a stage file the change did not touch which the base
// revision already had is set apart, so a set older than these rules
// (AI-DLC version skew) does not fail every pull request; a finding the
// change caused, on whatever file, is judged.
func (r *run) stagesGate() error {
	dirs := r.touched(r.cfg.Stages.Paths, gate.Stages)
	if len(dirs) == 0 {
		return nil
	}
	base, cleanup := r.baseTree()
	defer cleanup()
	var ds []diag.Diagnostic
	var details []string
	inBase := map[findingKey]bool{}
	pipeline := r.stageFindings(inBase)
	files := 0
	for _, dir := range dirs {
		head, err := compileStages(pipeline, r.loader(r.root, dir))
		if err != nil {
			return fmt.Errorf("gate: stages: %w", err)
		}
		ds, files = append(ds, head.found...), files+len(head.set.Files)
		was := baseStages(pipeline, base, r.loader(base, dir))
		for _, d := range was.found {
			inBase[keyOf(d)] = true
		}
		if d := describeStages(was, head); d != "" {
			details = append(details, d)
		}
	}
	found := pipeline.Run(ds)
	o := gate.Outcome{Checked: files, Diagnostics: found.Judged}
	c := diag.Count(found.Judged)
	title := fmt.Sprintf("%s, %s in %s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(files, "stage file"))
	r.addFound(gate.Stages, o, found, title+untouchedStagesTitle(found.Untouched), strings.Join(details, "\n\n"))
	return nil
}

// compiled is one side's stage set, its findings and its graph (nil when
// the set does not compile); a zero compiled is a side with no set.
type compiled struct {
	set   *stage.Set
	found []diag.Diagnostic
	graph *stage.Graph
	// broken are the slugs of the stages with an error at the configured
	// severities, which a graph of what compiles leaves out.
	broken map[string]bool
}

// compileStages loads and compiles one stage directory (load), the
// pipeline's severities deciding whether it compiles.
func compileStages(p *findings.Pipeline, load func() (*stage.Set, error)) (compiled, error) {
	set, err := load()
	if err != nil {
		return compiled{}, err
	}
	var judged []diag.Diagnostic // the findings at their configured severities, judged once
	g, found := stage.CompileJudged(set, func(ds []diag.Diagnostic) []diag.Diagnostic {
		judged = p.Severities(ds)
		return judged
	})
	return compiled{set: set, found: found, graph: g, broken: set.ErrorSlugs(judged)}, nil
}

// loader loads the stage directory dir of the tree at root.
func (r *run) loader(root, dir string) func() (*stage.Set, error) {
	return func() (*stage.Set, error) { return r.loadStages(root, dir) }
}

// baseStages is the base revision's stage set (load), from the base tree
// written at base; a zero compiled when there is no base tree or the set
// cannot be loaded there (a new stage set).
func baseStages(p *findings.Pipeline, base string, load func() (*stage.Set, error)) compiled {
	if base == "" {
		return compiled{}
	}
	c, err := compileStages(p, load)
	if err != nil {
		return compiled{}
	}
	return c
}

// baseTree writes the tree the change starts from (the merge base) into a
// temporary directory, once for every stage directory; "" when there is
// no base or it cannot be written, and the stage sets are described as
// new. cleanup removes it.
func (r *run) baseTree() (dir string, cleanup func()) {
	if !r.t.HasBase() {
		return "", func() {}
	}
	tmp, err := rundir.Temp("stages")
	if err != nil {
		return "", func() {}
	}
	cleanup = func() { os.RemoveAll(tmp) }
	if r.t.Repo().Materialize(r.t.MergeBase(), tmp) != nil {
		return "", cleanup
	}
	return tmp, cleanup
}

// findingKey is what makes two findings the same one on either side of a
// change: the rule, the file and the message, not the line, which an edit
// elsewhere in the file moves.
type findingKey struct{ rule, file, message string }

func keyOf(d diag.Diagnostic) findingKey { return findingKey{d.Rule, d.File, d.Message} }

// stageFindings is the run's findings pipeline for the stage findings:
// set apart are those on files the change did not touch that the base
// revision already had (inBase).
func (r *run) stageFindings(inBase map[findingKey]bool) *findings.Pipeline {
	setApart := func(d diag.Diagnostic) bool { return !r.changed(d.File) && inBase[keyOf(d)] }
	if !r.t.HasBase() {
		setApart = nil
	}
	return findings.New(findings.Options{Config: r.cfg, Filter: r.filter(), SetApart: setApart,
		Bounded: true, Place: r.t.Place()})
}

// untouchedStagesTitle is the one line the stages gate's title gives the
// findings set apart.
func untouchedStagesTitle(ds []diag.Diagnostic) string {
	if len(ds) == 0 {
		return ""
	}
	return fmt.Sprintf("; %s the base already had in %s this change did not touch, not judged", plural(len(ds), "finding"), plural(diag.FileCount(ds), "stage file"))
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

// describeStages compares the head graph with the base's. A base that
// does not exist is described as a new stage set. When either side does
// not compile, the comparison is of what does: both graphs built without
// the stages that have an error on either side, which the description
// names, so a change is shown although the head (or the base) is broken.
func describeStages(base, head compiled) string {
	if head.set == nil {
		return ""
	}
	if head.graph != nil && (base.set == nil || base.graph != nil) {
		return stage.DescribeChange(base.graph, head.graph)
	}
	leftOut := maps.Clone(head.broken)
	var was *stage.Graph
	if base.set != nil {
		maps.Copy(leftOut, base.broken)
		was = stage.BuildWithout(base.set, leftOut)
	}
	change := stage.DescribeChange(was, stage.BuildWithout(head.set, leftOut))
	if change == "" {
		return ""
	}
	return fmt.Sprintf("_The stage set does not compile: these are the changes of the stages that do; left out, for their errors: %s._\n\n%s", slugList(leftOut), change)
}

// slugList names the slugs, sorted, each in code format.
func slugList(slugs map[string]bool) string {
	names := make([]string, 0, len(slugs))
	if len(slugs) == 0 {
		return "none (the errors are not on one stage)"
	}
	for _, s := range slices.Sorted(maps.Keys(slugs)) {
		names = append(names, inert.Code(s)) // a slug is the stage file's text
	}
	return strings.Join(names, ", ")
}
