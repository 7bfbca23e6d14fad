package findings

import (
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/rootpath"
)

// Severity rewrites the severities the configuration's rules: section
// overrides and drops the findings of rules turned off, in both lists, so
// one rules: section governs every engine alike.
type Severity struct {
	// Config is the run's configuration; nil changes nothing.
	Config *config.Config
}

// Name implements Stage.
func (Severity) Name() string { return "severity" }

// Process implements Stage.
func (s Severity) Process(in Set) Set {
	if s.Config == nil {
		return in
	}
	return Set{Judged: s.Config.ApplySeverities(in.Judged), Untouched: s.Config.ApplySeverities(in.Untouched)}
}

// Untouched moves the judged findings that SetApart excuses to the
// untouched list, in the changed filter mode only: the all mode judges
// every story.
type Untouched struct {
	// Filter is the filter mode (config.FilterChanged or FilterAll).
	Filter config.FilterMode
	// SetApart reports whether a finding is on an untouched story and
	// excused there; nil sets nothing apart.
	SetApart func(diag.Diagnostic) bool
}

// Name implements Stage.
func (Untouched) Name() string { return "untouched" }

// Process implements Stage.
func (u Untouched) Process(in Set) Set {
	if u.Filter != config.FilterChanged || u.SetApart == nil {
		return in
	}
	out := Set{Untouched: in.Untouched}
	for _, d := range in.Judged {
		if u.SetApart(d) {
			out.Untouched = append(out.Untouched, d)
		} else {
			out.Judged = append(out.Judged, d)
		}
	}
	return out
}

// Clean makes every finding fit the results document's bounds: findings
// quote story content, which may hold anything (terminal escapes, text
// past the document's limit), and a position is at least line 1, column
// 1, as annotations need.
type Clean struct {
	// Bounded turns the stage on; off, findings keep their messages.
	Bounded bool
}

// Name implements Stage.
func (Clean) Name() string { return "clean" }

// Process implements Stage. Both lists come out non-nil, as the results
// document writes an empty list rather than null.
func (c Clean) Process(in Set) Set {
	if !c.Bounded {
		return in
	}
	return Set{Judged: cleaned(in.Judged), Untouched: cleaned(in.Untouched)}
}

func cleaned(ds []diag.Diagnostic) []diag.Diagnostic {
	out := make([]diag.Diagnostic, 0, len(ds))
	for _, d := range ds {
		d.Message = gate.CleanText(d.Message)
		d.Line, d.Column = max(d.Line, 1), max(d.Column, 1)
		out = append(out, d)
	}
	return out
}

// Place makes every finding's file, relative to the root, a path from its
// repository's top (rootpath.RepoPath), which is what GitHub resolves
// annotations, SARIF locations and links against. Messages keep the
// paths the stories write.
type Place struct {
	// Dir is where the root is in its repository; "" or "." is the top,
	// where the paths are the same.
	Dir string
}

// Name implements Stage.
func (Place) Name() string { return "place" }

// Process implements Stage.
func (p Place) Process(in Set) Set {
	if p.Dir == "" || p.Dir == "." {
		return in
	}
	return Set{Judged: placed(p.Dir, in.Judged), Untouched: placed(p.Dir, in.Untouched)}
}

func placed(dir string, ds []diag.Diagnostic) []diag.Diagnostic {
	for i := range ds {
		ds[i].File = rootpath.RepoPath(dir, ds[i].File)
	}
	return ds
}

// Sort orders both lists as every output lists findings (diag.Less): by
// the final path, so last.
type Sort struct{}

// Name implements Stage.
func (Sort) Name() string { return "sort" }

// Process implements Stage.
func (Sort) Process(in Set) Set {
	diag.Sort(in.Judged)
	diag.Sort(in.Untouched)
	return in
}
