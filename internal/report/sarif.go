package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/inert"
	"github.com/storygate/storygate/internal/version"
)

// The SARIF 2.1.0 subset code scanning reads.
type sarifLog struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []sarifRun `json:"runs"`
}

type sarifRun struct {
	Tool sarifTool `json:"tool"`
	// AutomationDetails names the analysis: code scanning keeps one set of
	// alerts per category, so each storygate command gets its own.
	AutomationDetails sarifAutomation `json:"automationDetails"`
	Results           []sarifResult   `json:"results"`
	// ColumnKind says how columns count: storygate counts characters (code
	// points), while SARIF's default is UTF-16 code units.
	ColumnKind string `json:"columnKind"`
}

type sarifTool struct {
	Driver sarifDriver `json:"driver"`
}

type sarifDriver struct {
	Name            string      `json:"name"`
	Version         string      `json:"version,omitempty"`
	SemanticVersion string      `json:"semanticVersion,omitempty"`
	InformationURI  string      `json:"informationUri"`
	Rules           []sarifRule `json:"rules"`
}

type sarifAutomation struct {
	ID string `json:"id"`
}

type sarifMessage struct {
	Text string `json:"text"`
}

type sarifResult struct {
	RuleID    string          `json:"ruleId"`
	RuleIndex int             `json:"ruleIndex"`
	Level     string          `json:"level"`
	Message   sarifMessage    `json:"message"`
	Locations []sarifLocation `json:"locations"`
	// PartialFingerprints identify the finding across runs (fingerprints).
	PartialFingerprints map[string]string `json:"partialFingerprints"`
}

type sarifLocation struct {
	PhysicalLocation sarifPhysical `json:"physicalLocation"`
}

type sarifPhysical struct {
	ArtifactLocation sarifArtifact `json:"artifactLocation"`
	Region           sarifRegion   `json:"region"`
}

type sarifArtifact struct {
	URI string `json:"uri"`
}

type sarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn"`
}

func printSARIF(w io.Writer, doc Document) error {
	ver := doc.Version
	if ver == "" {
		ver = version.String()
	}
	ids := usedRules(doc.Diagnostics)
	index := map[string]int{}
	driver := sarifDriver{Name: "storygate", Version: ver, SemanticVersion: semantic(ver), InformationURI: projectURI, Rules: []sarifRule{}}
	run := sarifRun{Tool: sarifTool{Driver: driver}, AutomationDetails: sarifAutomation{ID: automationID(doc.Tool, doc.Category)},
		Results: []sarifResult{}, ColumnKind: "unicodeCodePoints"}
	for i, id := range ids {
		index[id] = i
		run.Tool.Driver.Rules = append(run.Tool.Driver.Rules, ruleOf(id, doc.Rules[id], ver))
	}
	prints := fingerprints(doc.Diagnostics)
	for i, d := range doc.Diagnostics {
		run.Results = append(run.Results, sarifResult{
			RuleID: d.Rule, RuleIndex: index[d.Rule], Level: sarifLevel(d.Severity),
			Message:             sarifMessage{inert.Text(d.Message)},
			Locations:           []sarifLocation{{sarifPhysical{sarifArtifact{sarifURI(d.File)}, sarifRegion{d.Line, d.Column}}}},
			PartialFingerprints: map[string]string{fingerprintKey: prints[i]},
		})
	}
	log := sarifLog{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(log); err != nil {
		return fmt.Errorf("write sarif report: %w", err)
	}
	return nil
}

// sarifURI turns a repository-relative path into the relative URI reference
// SARIF's artifactLocation.uri must be (RFC 3986): each segment
// percent-encoded as UTF-8, '/' kept between segments. Only unreserved
// characters and sub-delimiters stay as they are; ':' is encoded too, so a
// first segment such as "a:b.md" cannot be read as a URI scheme.
func sarifURI(path string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(path); i++ {
		c := path[i]
		if c == '/' || isURIChar(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(hex[c>>4])
		b.WriteByte(hex[c&15])
	}
	return b.String()
}

// isURIChar reports whether c may stand unencoded in a path segment:
// unreserved characters, sub-delimiters and '@' (pchar without ':').
func isURIChar(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-._~!$&'()*+,;=@", c) >= 0
}

func sarifLevel(s diag.Severity) string {
	switch s {
	case diag.SeverityError:
		return "error"
	case diag.SeverityWarning:
		return "warning"
	}
	return "note"
}
