package gate

import (
	"github.com/storygate/storygate/internal/rootpath"
)

// Paths in a run and paths on GitHub (docs/action.md, "A root inside its
// repository"): inside a run every path is relative to the root, as the
// stories and their policy write paths; GitHub resolves a file path
// against the repository's top. The results document is what everything
// published reads (check-run annotations, the comment and job summary
// with their links, SARIF, report-only workflow commands), so it names
// repository paths. Its findings come placed out of the run's findings
// pipeline (internal/findings, the place stage); the rest of the
// document, its stories and their revert verdicts, is rebased once, when
// it is finished (InRepository).

// InRepository makes every story and revert path of the finished
// document, relative to the root at dir in its repository
// (gitrepo.Repo.PathOf), a path from the repository's top, and records
// dir as Root. The findings are not its to move: the findings pipeline
// placed them. The document must have been built root-relative, and is
// rebased once: a document with a Root is left as it is. Slices are
// copied, never rewritten in place, since stories share their revert
// verdict's paths.
func (r *Results) InRepository(dir string) {
	if r.Root != "" || dir == "" || dir == "." {
		return
	}
	r.Root = dir
	for i := range r.Stories {
		s := &r.Stories[i]
		s.File = rootpath.RepoPath(dir, s.File)
		if s.Revert != nil {
			s.Revert = s.Revert.in(dir)
		}
	}
}

// in is a copy of the verdict with its paths rebased onto dir.
func (v *Revert) in(dir string) *Revert {
	out := *v
	out.Paths = nil
	for _, p := range v.Paths {
		out.Paths = append(out.Paths, rootpath.RepoPath(dir, p))
	}
	out.Decisions = nil
	for _, d := range v.Decisions {
		d.Path = rootpath.RepoPath(dir, d.Path)
		out.Decisions = append(out.Decisions, d)
	}
	out.Ruled = nil
	for _, r := range v.Ruled {
		r.Path = rootpath.RepoPath(dir, r.Path)
		out.Ruled = append(out.Ruled, r)
	}
	return &out
}
