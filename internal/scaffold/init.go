package scaffold

import (
	"fmt"
	"time"

	"github.com/storygate/storygate"
	"github.com/storygate/storygate/internal/config"
)

// Options say what `storygate init` writes, and where.
type Options struct {
	// Root is the repository (or package) directory written into.
	Root string
	// Force replaces files that differ from what init writes (never a
	// story: a story is work).
	Force bool
	// WithCommands adds the slash-command workflow, WithReverify the
	// scheduled re-verification.
	WithCommands, WithReverify bool
	// DryRun plans and reports without writing.
	DryRun bool
	// Now stamps the first story.
	Now time.Time
}

// Action is what init did with one file.
type Action string

// The actions of Outcome.
const (
	Wrote     Action = "wrote"
	Replaced  Action = "replaced"
	Unchanged Action = "unchanged"
	Left      Action = "left"
)

// Outcome is one planned file: its path, what init did, and why.
type Outcome struct {
	Path   string
	Action Action
	Why    string
}

// Result is what one init did.
type Result struct {
	Project Project
	Files   []Outcome
	// Story is the first story's path when init wrote (or would write) it.
	Story string
}

// Changed reports whether the run wrote (or, dry, would write) anything.
func (r *Result) Changed() bool {
	for _, f := range r.Files {
		if f.Action == Wrote || f.Action == Replaced {
			return true
		}
	}
	return false
}

// FirstStoryTitle is the title of the story init seeds.
const FirstStoryTitle = "First story"

// planned is one file init means to write.
type planned struct {
	rel   string
	data  []byte
	work  bool // a story: never replaced, even with Force
	state fileState
}

// Init writes the configuration, the shipped workflows and a first story
// under opts.Root. Everything is planned and checked before anything is
// written: a path through a symlink leaving the repository refuses the
// whole run (ErrRefused). A file that already holds what init writes is
// unchanged; one that differs is left unless Force.
func Init(opts Options) (*Result, error) {
	res := &Result{Project: Detect(opts.Root)}
	plan, err := initPlan(opts, res)
	if err != nil {
		return nil, err
	}
	for i := range plan {
		if err := checkPath(opts.Root, plan[i].rel); err != nil {
			return nil, err
		}
		if plan[i].state, err = state(opts.Root, plan[i].rel, plan[i].data); err != nil {
			return nil, err
		}
	}
	for _, p := range plan {
		o, err := apply(opts, p)
		if err != nil {
			return nil, err
		}
		res.Files = append(res.Files, o)
	}
	return res, nil
}

// initPlan lists the files of this run.
func initPlan(opts Options, res *Result) ([]planned, error) {
	names := []string{"storygate.yml", "storygate-publish.yml"}
	if opts.WithCommands {
		names = append(names, "storygate-commands.yml")
	}
	if opts.WithReverify {
		names = append(names, "storygate-reverify.yml")
	}
	plan := []planned{{rel: config.DefaultPath, data: ConfigText(res.Project)}}
	for _, n := range names {
		data, err := storygate.Workflow(n)
		if err != nil {
			return nil, err
		}
		plan = append(plan, planned{rel: storygate.WorkflowDir + "/" + n, data: data})
	}
	existing, err := storyIDs(opts.Root, append(config.Default().Stories, StoryGlob))
	if err != nil {
		return nil, err
	}
	if len(existing) == 0 {
		id := FormatID(1)
		res.Story = storyPath(id)
		plan = append(plan, planned{rel: res.Story, data: StoryText(id, FirstStoryTitle, opts.Now, res.Project.Suite), work: true})
	}
	return plan, nil
}

// apply writes one planned file as its state and the options say.
func apply(opts Options, p planned) (Outcome, error) {
	o := Outcome{Path: p.rel}
	switch {
	case p.state == same:
		o.Action, o.Why = Unchanged, "already as init writes it"
		return o, nil
	case p.state == differs && p.work:
		o.Action, o.Why = Left, "a story is work: init never replaces one"
		return o, nil
	case p.state == differs && !opts.Force:
		o.Action, o.Why = Left, "exists and differs from what init writes; --force replaces it"
		return o, nil
	case p.state == differs:
		o.Action, o.Why = Replaced, "differed; --force"
	default:
		o.Action = Wrote
	}
	if opts.DryRun {
		o.Why = join(o.Why, "dry run: not written")
		return o, nil
	}
	write := create
	if o.Action == Replaced {
		write = replace
	}
	return o, write(opts.Root, p.rel, p.data)
}

func join(a, b string) string {
	if a == "" {
		return b
	}
	return fmt.Sprintf("%s; %s", a, b)
}
