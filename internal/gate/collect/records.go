package collect

import (
	"fmt"

	"github.com/storygate/storygate/checks"
	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/gitrepo"
	"github.com/storygate/storygate/internal/records"
	"github.com/storygate/storygate/internal/safefile"
)

// recordsGate runs the configured record-check suites over the record
// files the change created or modified.
func (r *run) recordsGate() error {
	runs, _ := r.selected(gate.Records)
	files := r.changedRecords()
	if !runs || len(r.cfg.Records) == 0 || (len(files) == 0 && r.opts.Gates == nil) {
		return nil
	}
	lib := records.Library{Repo: safefile.FS(r.root, r.root, records.MaxRecordBytes), Builtin: checks.FS}
	res, err := records.RunMappings(lib, mappings(r.cfg.Records), files)
	if err != nil {
		return fmt.Errorf("gate: records: %w", err)
	}
	c := diag.Count(res.Diagnostics)
	o := gate.Outcome{Checked: res.FilesChecked, Diagnostics: res.Diagnostics}
	r.add(gate.Records, o, fmt.Sprintf("%s, %s in %s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(res.FilesChecked, "record file")), "")
	return nil
}

// changedRecords lists created or modified files some mapping selects.
func (r *run) changedRecords() []string {
	var out []string
	for _, c := range r.inRoot {
		if c.Kind == gitrepo.Deleted {
			continue
		}
		for _, m := range r.cfg.Records {
			if records.MatchGlob(m.Glob, c.Path) {
				out = append(out, c.Path)
				break
			}
		}
	}
	return out
}

func mappings(cfg []config.RecordSuite) []records.SuiteMapping {
	out := make([]records.SuiteMapping, 0, len(cfg))
	for _, m := range cfg {
		out = append(out, records.SuiteMapping{Glob: m.Glob, Suite: m.Suite, Schema: m.Schema})
	}
	return out
}
