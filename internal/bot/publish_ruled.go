package bot

import (
	"context"
	"fmt"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/revert"
	"github.com/storygate/storygate/internal/rootpath"
)

// checkRuled re-checks, with publish's own reads of GitHub and git, every
// human ruling the document's revert-check gate counts (its revert/ruled
// notices): deciding a ruling needs no execution, so publish never takes
// it from the unprivileged run's word. A ruling that does not hold fails
// the gate closed, naming the path and why.
func (d decisionRun) checkRuled(ctx context.Context, res *gate.Results) error {
	check := d.rulingCheck()
	for i, g := range res.Gates {
		if g.Name != gate.RevertCheck || check == nil {
			continue
		}
		var paths []string
		for _, dg := range g.Diagnostics {
			if rel, inside := rootpath.InDir(d.t.Place(), dg.File); dg.Rule == revert.RuleRuled && inside {
				paths = append(paths, rel)
			}
		}
		if len(paths) == 0 {
			continue
		}
		got, err := check(ctx, paths)
		if err != nil {
			return fmt.Errorf("re-check the human rulings on the revert check: %w", err)
		}
		var problems []string
		for _, p := range paths {
			switch r := got[p]; {
			case r.Holds():
			case r.Why != "":
				problems = append(problems, p+": "+r.Why)
			default:
				problems = append(problems, p+": storygate recorded no ruling on it")
			}
		}
		if len(problems) > 0 {
			problem := "the document counts human rulings that do not hold (" + strings.Join(problems, "; ") + ")"
			res.Gates[i].Conclusion = gate.Failure
			res.Gates[i].Title = gate.CleanShort("failing closed: " + problem)
			res.Gates[i].Detail = gate.CleanText("_Publish fails this gate closed: " + inert.Text(problem) + "._\n\n" + g.Detail)
		}
	}
	return nil
}
