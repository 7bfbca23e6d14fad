package stage

import "github.com/storygate/storygate/internal/diag"

func init() {
	register(Rule{ID: "stage/phase-directory", Severity: diag.SeverityWarning,
		Summary: "a stage inside a directory named after a phase declares that phase (warning)",
		file:    checkPhaseDirectory})
}

func checkPhaseDirectory(r *reporter, f *File) {
	v := f.Get("phase")
	if !isString(v) || phasePrefix(v.Value) < 0 || phasePrefix(f.DirName) < 0 || v.Value == f.DirName {
		return
	}
	r.at(f, v, "phase %q disagrees with the directory %s/ the file is in", v.Value, f.DirName)
}
