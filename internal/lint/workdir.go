package lint

import (
	"errors"
	"path/filepath"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/rules"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/workdir"
)

// workingDirLinks reports, as contract/working-dir, the verification items
// whose working_dir is well written (the rule checks that) but leads out
// of the repository through a symlink on disk. Only a story read from disk
// is checked: an overlay's directories are those of the work tree anyway.
func workingDirLinks(root string, s *story.Story, active []*rules.Rule) []diag.Diagnostic {
	if s.Front == nil || !isActive(active, rules.WorkingDir) {
		return nil
	}
	var out []diag.Diagnostic
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	for _, v := range s.Front.Verification.Items {
		if !v.WorkingDir.Set {
			continue
		}
		if _, err := workdir.Clean(v.WorkingDir.Value); err != nil {
			continue // the rule reports what is written
		}
		if _, err := workdir.Resolve(abs, v.WorkingDir.Value); errors.Is(err, workdir.ErrOutside) {
			id := v.ID.Value
			if id == "" {
				id = "this item"
			}
			out = append(out, diag.New(rules.WorkingDir.ID, rules.WorkingDir.Severity, s.Path, v.WorkingDir.Pos, "working_dir of %s: %v", id, err))
		}
	}
	return out
}

func isActive(active []*rules.Rule, r *rules.Rule) bool {
	for _, a := range active {
		if a == r {
			return true
		}
	}
	return false
}
