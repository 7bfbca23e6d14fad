// Package report prints diagnostics in the formats of the CLI contract:
// text, json, sarif and github workflow commands. Printers only format: the
// findings come final out of the run's findings pipeline (internal/findings),
// with their severities, their paths (repository paths for sarif and
// github) and their order, and are printed as they are.
package report

import (
	"fmt"
	"io"
	"sort"

	"github.com/storygate/storygate/internal/diag"
)

// Formats lists the output formats every diagnostic-producing command accepts.
var Formats = []string{"text", "json", "sarif", "github"}

// RuleInfo describes a rule for formats that carry rule metadata (SARIF).
type RuleInfo struct {
	ID string
	// Summary is the one-line description, the alert's title.
	Summary string
	// Description is the full description; "" repeats Summary.
	Description string
	// HelpURI is where the rule is documented; "" is where the catalog
	// says (RuleDocsURI).
	HelpURI string
}

// Document is what a printer prints: the final findings of one run, as the
// findings pipeline gave them.
type Document struct {
	// Tool names the command that produced the findings, e.g. "validate".
	Tool        string
	Diagnostics []diag.Diagnostic
	// Untouched are the findings on stories the change did not touch
	// (validate --filter changed), which decide nothing: the text format
	// counts them in one line, json lists them apart, and sarif and github
	// leave them out, so that nothing annotates or alerts on them.
	Untouched []diag.Diagnostic
	// Category is where the findings' root is in its repository
	// (gitrepo.Repo.PathOf; "" or "." for the top, or no repository): it
	// names the code-scanning category (sarif automationDetails), so each
	// root's uploads keep their own alerts. The paths themselves were
	// placed by the findings pipeline (findings.Options.Place).
	Category string
	// FilesChecked counts the files the run examined.
	FilesChecked int
	// Rules holds metadata for the rules that may appear, keyed by ID.
	Rules map[string]RuleInfo
	// Version is the version of the storygate that found the diagnostics.
	Version string
	// Causes are the ends of failed commands' stderr, which the text
	// format prints under the findings (the other formats carry the
	// findings only; --out has the whole output).
	Causes []Cause
	// Paint colours the text format's lines by severity (finding lines,
	// and the summary by the worst); nil leaves them plain. The CLI sets
	// it for a terminal (progress.Palette.Severity).
	Paint func(diag.Severity, string) string
	// Results are verify's per-item outcomes, which the json format lists.
	Results []ItemResult
}

// Print writes doc to w in the named format.
func Print(w io.Writer, format string, doc Document) error {
	switch format {
	case "text", "":
		return printText(w, doc)
	case "json":
		return printJSON(w, doc)
	case "sarif":
		return printSARIF(w, doc)
	case "github":
		return printGitHub(w, doc)
	}
	return fmt.Errorf("unknown format %q (legal: text, json, sarif, github)", format)
}

// RepositoryPaths reports whether format names repository paths, which
// GitHub resolves against the repository's top (sarif, github): a run
// printing one composes its findings pipeline with the root's place.
func RepositoryPaths(format string) bool { return format == "sarif" || format == "github" }

// ValidFormat reports whether name is one of Formats.
func ValidFormat(name string) bool {
	for _, f := range Formats {
		if f == name {
			return true
		}
	}
	return false
}

func printText(w io.Writer, doc Document) error {
	paint := doc.Paint
	if paint == nil {
		paint = func(_ diag.Severity, s string) string { return s }
	}
	for _, d := range doc.Diagnostics {
		if _, err := fmt.Fprintln(w, paint(d.Severity, d.String())); err != nil {
			return fmt.Errorf("write text report: %w", err)
		}
	}
	if err := printCauses(w, doc.Causes); err != nil {
		return err
	}
	summary := Summary(doc)
	if worst, ok := worstSeverity(doc.Diagnostics); ok {
		summary = paint(worst, summary)
	}
	if _, err := fmt.Fprintln(w, summary); err != nil {
		return fmt.Errorf("write text report: %w", err)
	}
	if line := untouchedLine(doc.Untouched); line != "" {
		if _, err := fmt.Fprintln(w, line); err != nil {
			return fmt.Errorf("write text report: %w", err)
		}
	}
	return nil
}

// worstSeverity is the most severe of ds, if any.
func worstSeverity(ds []diag.Diagnostic) (diag.Severity, bool) {
	c := diag.Count(ds)
	switch {
	case c.Errors > 0:
		return diag.SeverityError, true
	case c.Warnings > 0:
		return diag.SeverityWarning, true
	case c.Notices > 0:
		return diag.SeverityNotice, true
	}
	return 0, false
}

// untouchedLine is the text format's one line about the findings set
// apart on untouched stories, or "" when there are none.
func untouchedLine(ds []diag.Diagnostic) string {
	if len(ds) == 0 {
		return ""
	}
	c := diag.Count(ds)
	return fmt.Sprintf("set apart: %s, %s, %s in %s the change did not touch (not judged; --filter all judges them)",
		plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(c.Notices, "notice"), plural(diag.FileCount(ds), "file"))
}

// Summary is the one-line closing summary of the text format.
func Summary(doc Document) string {
	c := diag.Count(doc.Diagnostics)
	files := plural(doc.FilesChecked, "file")
	if c == (diag.Counts{}) {
		return fmt.Sprintf("no problems found in %s", files)
	}
	return fmt.Sprintf("%s, %s, %s in %s", plural(c.Errors, "error"), plural(c.Warnings, "warning"), plural(c.Notices, "notice"), files)
}

func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// usedRules returns the IDs of the rules that occur in ds, sorted.
func usedRules(ds []diag.Diagnostic) []string {
	seen := map[string]bool{}
	var ids []string
	for _, d := range ds {
		if !seen[d.Rule] {
			seen[d.Rule] = true
			ids = append(ids, d.Rule)
		}
	}
	sort.Strings(ids)
	return ids
}
