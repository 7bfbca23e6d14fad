package records

import (
	"fmt"
	"sort"
	"strings"

	"github.com/storygate/storygate/internal/diag"
)

// CheckRecord runs every check of s over one record and returns one
// diagnostic per failed check: the check's id as rule, its why in the
// message, positioned at the first offending value. A record holding none
// of the fields s reads gets the one records/unrelated finding instead:
// the checks' verdicts on it would rest on absence alone.
func CheckRecord(s *Suite, rec Record) []diag.Diagnostic {
	if d, ok := unrelated(s, rec); ok {
		return []diag.Diagnostic{d}
	}
	var out []diag.Diagnostic
	for _, c := range s.Checks {
		if fs := c.Rule.eval(rec.Root); len(fs) > 0 {
			out = append(out, checkDiag(c, rec.File, fs))
		}
	}
	return out
}

// FailedChecks returns the IDs of the checks of s that rec fails, in suite
// order.
func FailedChecks(s *Suite, rec Record) []string {
	var ids []string
	for _, c := range s.Checks {
		if len(c.Rule.eval(rec.Root)) > 0 {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

func checkDiag(c Check, file string, fs []finding) diag.Diagnostic {
	sort.SliceStable(fs, func(i, j int) bool {
		a, b := fs[i].pos, fs[j].pos
		return a.Line < b.Line || a.Line == b.Line && a.Column < b.Column
	})
	detail := fs[0].detail
	if len(fs) > 1 {
		detail += fmt.Sprintf("; %d more", len(fs)-1)
	}
	return diag.New(c.ID, c.Severity, file, fs[0].pos, "%s (%s)", strings.TrimSpace(c.Why), detail)
}

// CheckFile parses data, named file, and runs s over every record in it.
// Problems with the file itself come back as diagnostics too.
func CheckFile(s *Suite, file string, data []byte) []diag.Diagnostic {
	recs, out := Parse(file, data)
	for _, rec := range recs {
		out = append(out, CheckRecord(s, rec)...)
	}
	return out
}
