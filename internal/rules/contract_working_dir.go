package rules

import (
	"github.com/storygate/storygate/internal/catalog"
	"github.com/storygate/storygate/internal/workdir"
)

// WorkingDir is contract/working-dir. This rule checks what is written (an
// absolute path, a `..` that climbs out); package lint also reports, under
// the same ID, a working_dir whose symlinks lead out of the repository,
// which only the files on disk can tell (workdir.Resolve answers both,
// and the rerun asks it again in the tree it runs in).
var WorkingDir = &Rule{Rule: catalog.Must("contract/working-dir"),
	CheckFile: func(p *Pass) {
		fm := front(p)
		if fm == nil {
			return
		}
		for _, v := range fm.Verification.Items {
			if !v.WorkingDir.Set {
				continue
			}
			if _, err := workdir.Clean(v.WorkingDir.Value); err != nil {
				p.Report(v.WorkingDir.Pos, "working_dir of %s: %v", idOr(v.ID.Value), err)
			}
		}
	}}
