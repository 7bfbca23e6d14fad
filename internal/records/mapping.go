package records

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/safefile"
)

// SuiteMapping maps record files to the suite (and optionally the schema)
// that checks them, as configured in .github/storygate.yml.
type SuiteMapping struct {
	// Glob selects record files by slash-separated path relative to the
	// repository root; "**" matches any number of directories.
	Glob string
	// Suite names a suite file in the repository, or a built-in suite such
	// as "step-packet".
	Suite string
	// Schema optionally names a JSON Schema file in the repository, or a
	// built-in template schema such as "template.step-packet".
	Schema string
}

// Library finds suites and schemas: first as files in Repo, then among
// the built-in ones in Builtin (the embedded checks directory).
type Library struct {
	Repo    fs.FS
	Builtin fs.FS
}

// Suite loads the suite called name.
func (l Library) Suite(name string) (*Suite, error) {
	if l.Repo != nil {
		if data, err := readLimited(l.Repo, cleanName(name)); err == nil {
			return ParseSuite(name, data)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("suite %q: %w", name, err)
		}
	}
	if l.Builtin != nil {
		base := strings.TrimSuffix(path.Base(cleanName(name)), ".yaml")
		if s, err := LoadSuiteFile(l.Builtin, base+".yaml"); err == nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("suite %q: no such file and no built-in suite of that name (built-in: %s)", name, strings.Join(l.builtinNames("*.yaml", ".yaml"), ", "))
}

// Schema loads the schema called name.
func (l Library) Schema(name string) (*Schema, error) {
	if l.Repo != nil {
		if data, err := readLimited(l.Repo, cleanName(name)); err == nil {
			return CompileSchema(path.Base(name), data)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("schema %q: %w", name, err)
		}
	}
	if l.Builtin != nil {
		if s, err := LoadSchema(l.Builtin, path.Base(cleanName(name))); err == nil {
			return s, nil
		}
	}
	return nil, fmt.Errorf("schema %q: no such file and no built-in schema of that name (built-in: %s)", name, strings.Join(l.builtinNames(SchemaDir+"/*.json", ".json"), ", "))
}

func (l Library) builtinNames(glob, ext string) []string {
	if l.Builtin == nil {
		return nil
	}
	matches, _ := fs.Glob(l.Builtin, glob)
	for i, m := range matches {
		matches[i] = strings.TrimSuffix(path.Base(m), ext)
	}
	return matches
}

// cleanName turns a user-given path into an fs.FS name.
func cleanName(name string) string {
	return strings.TrimPrefix(path.Clean("/"+strings.ReplaceAll(name, "\\", "/")), "/")
}

// readLimited reads a file, refusing ones over MaxRecordBytes.
func readLimited(fsys fs.FS, name string) ([]byte, error) {
	info, err := fs.Stat(fsys, name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", name)
	}
	if info.Size() > MaxRecordBytes {
		return nil, fmt.Errorf("%s is %d bytes; the limit is %d", name, info.Size(), MaxRecordBytes)
	}
	return fs.ReadFile(fsys, name)
}

// MappingResult is what running mappings found.
type MappingResult struct {
	Diagnostics []diag.Diagnostic
	// FilesChecked counts the files at least one mapping selected.
	FilesChecked int
}

// RunMappings runs every mapping over the files (slash paths relative to
// lib.Repo) its glob selects. A file selected by several mappings is
// checked by each. An error means a suite or schema could not be loaded,
// which is a configuration problem rather than a finding. The findings
// come in the order found, for the run's findings pipeline to order.
func RunMappings(lib Library, mappings []SuiteMapping, files []string) (MappingResult, error) {
	var res MappingResult
	selected := map[string]bool{}
	for _, m := range mappings {
		ds, n, err := runMapping(lib, m, files, selected)
		if err != nil {
			return res, fmt.Errorf("records mapping %q: %w", m.Glob, err)
		}
		res.Diagnostics = append(res.Diagnostics, ds...)
		res.FilesChecked += n
	}
	return res, nil
}

func runMapping(lib Library, m SuiteMapping, files []string, selected map[string]bool) ([]diag.Diagnostic, int, error) {
	suite, schema, err := lib.load(m)
	if err != nil {
		return nil, 0, err
	}
	var out []diag.Diagnostic
	newFiles := 0
	for _, f := range files {
		if !MatchGlob(m.Glob, f) {
			continue
		}
		if !selected[f] {
			selected[f], newFiles = true, newFiles+1
		}
		out = append(out, checkRepoFile(lib.Repo, f, suite, schema)...)
	}
	return out, newFiles, nil
}

func (l Library) load(m SuiteMapping) (*Suite, *Schema, error) {
	suite, err := l.Suite(m.Suite)
	if err != nil || m.Schema == "" {
		return suite, nil, err
	}
	schema, err := l.Schema(m.Schema)
	return suite, schema, err
}

func checkRepoFile(repo fs.FS, file string, suite *Suite, schema *Schema) []diag.Diagnostic {
	data, err := readLimited(repo, cleanName(file))
	if err != nil {
		return []diag.Diagnostic{ReadFinding(file, err)}
	}
	return CheckData(suite, schema, file, data)
}

// ReadFinding is the finding for a record file that could not be read,
// with the story loader's rules for what the loaders refuse
// (internal/safefile): a symlink leaving the repository is
// input/outside-repository, a file over the limit records/too-large,
// anything else records/read. A refused link's target is never read, so
// nothing of it is quoted.
func ReadFinding(file string, err error) diag.Diagnostic {
	if !safefile.Refused(err) {
		return diag.New(RuleRead, diag.SeverityError, file, diag.Pos{}, "cannot read the record: %v", err)
	}
	rule := RuleRead
	switch {
	case errors.Is(err, safefile.ErrOutside):
		rule = safefile.RuleOutsideRepository
	case errors.Is(err, safefile.ErrTooLarge):
		rule = RuleTooLarge
	}
	return diag.New(rule, diag.SeverityError, file, diag.Pos{}, "%s", safefile.Explain(err, "record", MaxRecordBytes))
}

// CheckData parses one file's data and runs the suite (and the schema, if
// any) over every record in it.
func CheckData(suite *Suite, schema *Schema, file string, data []byte) []diag.Diagnostic {
	recs, out := Parse(file, data)
	for _, rec := range recs {
		if schema != nil {
			out = append(out, schema.Validate(rec)...)
		}
		if suite != nil {
			out = append(out, CheckRecord(suite, rec)...)
		}
	}
	return out
}
