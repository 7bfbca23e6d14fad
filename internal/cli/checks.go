package cli

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/storygate/storygate/checks"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/records"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/version"
)

const checksSynopsis = "checks run --suite FILE [--schema NAME] [--config FILE] [--format text|json|sarif|github] FILE..."

// runChecks is "storygate checks run": a declarative suite (and optionally
// a JSON Schema) over record files.
func runChecks(e env, args []string) int {
	switch {
	case len(args) > 0 && isHelp(args[0]):
		args = []string{"run", "--help"} // run is the only subcommand: its flags are the help
	case len(args) == 0 || args[0] != "run":
		fmt.Fprintf(e.stderr, "usage: storygate %s\n", checksSynopsis)
		return ExitUsage
	}
	fs := newFlagSet(e, "checks run", checksSynopsis)
	suiteName := fs.String("suite", "", "suite file, or a built-in suite name such as step-packet; a record holding none of the fields it reads is records/unrelated")
	schemaName := fs.String("schema", "", "JSON Schema file, or a built-in template schema such as template.step-packet (never implied by --suite)")
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	cfgPath := fs.String("config", "", "configuration whose rules: severities apply (default .github/storygate.yml of the repository holding the first FILE, when it exists)")
	files, code := parseFlags(fs, args[1:])
	if code >= 0 {
		return code
	}
	if code := requireFlags(e, fs, "suite"); code >= 0 {
		return code
	}
	if len(files) == 0 || !report.ValidFormat(*format) {
		fmt.Fprintln(e.stderr, "storygate checks run: name at least one record FILE and a known --format (text, json, sarif, github)")
		fs.Usage()
		return ExitUsage
	}
	pipeline, code := severityPipeline(e, "checks run", files[0], *cfgPath)
	if code >= 0 {
		return code
	}
	return checkFiles(e, pipeline, *suiteName, *schemaName, *format, files)
}

func checkFiles(e env, pipeline *findings.Pipeline, suiteName, schemaName, format string, args []string) int {
	suite, schema, err := loadSuiteAndSchema(suiteName, schemaName)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate checks run: %v\n", err)
		return ExitUsage
	}
	files, code := expandRecordFiles(e, args)
	if code >= 0 {
		return code
	}
	var ds []diag.Diagnostic
	for _, f := range files {
		found, err := checkOneFile(suite, schema, f)
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate checks run: %v\n", err)
			return ExitUsage
		}
		ds = append(ds, found...)
	}
	doc := report.Document{Tool: "checks", Diagnostics: pipeline.Run(ds).Judged, FilesChecked: len(files), Rules: checkRules(suite)}
	if err := printReport(e.stdout, format, doc); err != nil {
		fmt.Fprintf(e.stderr, "storygate checks run: %v\n", err)
		return ExitInternal
	}
	if diag.Count(doc.Diagnostics).Errors > 0 {
		return ExitFindings
	}
	return ExitOK
}

// builtin finds the suites and schemas embedded from checks/.
var builtin = records.Library{Builtin: checks.FS}

// loadSuiteAndSchema reads the suite (and schema) from the named files on
// disk, or else from the built-in ones of that name.
func loadSuiteAndSchema(suiteName, schemaName string) (*records.Suite, *records.Schema, error) {
	suite, err := loadSuite(suiteName)
	if err != nil || schemaName == "" {
		return suite, nil, err
	}
	schema, err := loadSchema(schemaName)
	return suite, schema, err
}

func loadSuite(name string) (*records.Suite, error) {
	if !isFile(name) {
		return builtin.Suite(name)
	}
	data, err := readCapped(name)
	if err != nil {
		return nil, fmt.Errorf("suite %s: %w", name, err)
	}
	return records.ParseSuite(filepath.ToSlash(name), data)
}

func loadSchema(name string) (*records.Schema, error) {
	if !isFile(name) {
		return builtin.Schema(name)
	}
	data, err := readCapped(name)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return records.CompileSchema(filepath.Base(name), data)
}

func isFile(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// checkOneFile checks one record file. A file the file system will not let
// storygate read is the user's to fix, like a missing one: an error (exit
// 2), not a finding about the record.
func checkOneFile(suite *records.Suite, schema *records.Schema, file string) ([]diag.Diagnostic, error) {
	name := filepath.ToSlash(file)
	data, err := readCapped(file)
	switch {
	case errors.Is(err, safefile.ErrUnreadable):
		return nil, fmt.Errorf("cannot read the record: %w", err)
	case err != nil:
		return []diag.Diagnostic{records.ReadFinding(name, err)}, nil
	}
	return records.CheckData(suite, schema, name, data), nil
}

// expandRecordFiles checks that every argument exists and replaces each
// directory by the record files (.json, .jsonl, .ndjson, .yaml, .yml)
// under it, sorted.
func expandRecordFiles(e env, args []string) ([]string, int) {
	var files []string
	for _, a := range args {
		info, err := os.Stat(a)
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate checks run: %v\n", err)
			return nil, ExitUsage
		}
		if !info.IsDir() {
			files = append(files, a)
			continue
		}
		found, err := recordFilesUnder(a)
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate checks run: %v\n", err)
			return nil, readCode(err)
		}
		if len(found) == 0 {
			fmt.Fprintf(e.stderr, "storygate checks run: %s holds no record file (%s); it would check nothing\n", a, strings.Join(recordExtensions(), ", "))
			return nil, ExitUsage
		}
		files = append(files, found...)
	}
	return files, -1
}

// recordExtensions end the names of the record files a directory is
// walked for.
func recordExtensions() []string { return []string{".json", ".jsonl", ".ndjson", ".yaml", ".yml"} }

func recordFilesUnder(dir string) ([]string, error) {
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return fmt.Errorf("walk %s: %w", dir, safefile.Named(safefile.MarkUnreadable(err), dir))
		}
		if slices.Contains(recordExtensions(), strings.ToLower(filepath.Ext(p))) && d.Type().IsRegular() {
			out = append(out, p)
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// readCapped reads a regular file no larger than records.MaxRecordBytes,
// inside the repository that holds it.
func readCapped(file string) ([]byte, error) {
	return safefile.ReadFile(safefile.RepoRoot(filepath.Dir(file)), file, records.MaxRecordBytes)
}

// checkRules describes the catalog's rules (the record-file rules among
// them) and the suite's checks, which docs/records.md documents under
// Suites.
func checkRules(suite *records.Suite) map[string]report.RuleInfo {
	rules := report.CatalogRules()
	for _, c := range suite.Checks {
		rules[c.ID] = report.RuleInfo{ID: c.ID, Summary: c.Why, HelpURI: report.DocsURI("docs/records.md", "Suites", version.String())}
	}
	return rules
}
