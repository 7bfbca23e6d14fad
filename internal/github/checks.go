package github

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/inert"
)

// Limits GitHub places on check run output.
const (
	// MaxAnnotationsPerRequest is how many annotations one create or update
	// request may carry; the adapter sends the rest in later updates.
	MaxAnnotationsPerRequest = 50
	// MaxOutputBytes bounds a check run's summary and text each; GitHub
	// rejects 65,535 characters or more, and bytes are the safe measure.
	MaxOutputBytes = 65535
)

// CheckStatus is the lifecycle state of a check run.
type CheckStatus string

// The check run statuses.
const (
	StatusQueued     CheckStatus = "queued"
	StatusInProgress CheckStatus = "in_progress"
	StatusCompleted  CheckStatus = "completed"
)

// Conclusion is the verdict of a completed check run.
type Conclusion string

// The conclusions storygate uses. Every gate concludes, so a required check
// never hangs: neutral or skipped when there is nothing to check.
const (
	ConclusionSuccess        Conclusion = "success"
	ConclusionFailure        Conclusion = "failure"
	ConclusionNeutral        Conclusion = "neutral"
	ConclusionSkipped        Conclusion = "skipped"
	ConclusionActionRequired Conclusion = "action_required"
	ConclusionCancelled      Conclusion = "cancelled"
	ConclusionTimedOut       Conclusion = "timed_out"
)

// AnnotationLevel is how GitHub renders an annotation.
type AnnotationLevel string

// The annotation levels GitHub accepts.
const (
	LevelNotice  AnnotationLevel = "notice"
	LevelWarning AnnotationLevel = "warning"
	LevelFailure AnnotationLevel = "failure"
)

// Annotation marks lines of a file in a check run.
type Annotation struct {
	Path      string
	StartLine int
	EndLine   int
	// StartColumn and EndColumn are sent only for single-line annotations,
	// the only ones for which GitHub accepts them.
	StartColumn int
	EndColumn   int
	Level       AnnotationLevel
	Title       string
	Message     string
}

// CheckRun is one gate's check run. ID is zero until GitHub assigns one.
type CheckRun struct {
	ID         int64
	Name       string
	HeadSHA    string
	Status     CheckStatus
	Conclusion Conclusion
	DetailsURL string
	// ExternalID is the key a create whose answer was lost is found by:
	// unique to the run that writes it (gate.Identity.RunExternalID), or
	// another run's check run would be taken for this one's.
	ExternalID string
	StartedAt  time.Time
	// CompletedAt defaults to the time of the request when a conclusion is set.
	CompletedAt time.Time
	Output      CheckOutput
}

// CheckOutput is what a reviewer reads on the check run's page.
type CheckOutput struct {
	Title   string
	Summary string
	Text    string
	// FullResults tells where the untrimmed report lives (an artifact or a
	// results file); it is appended to summary or text when they are trimmed.
	FullResults string
	Annotations []Annotation
}

// AnnotationsFromDiagnostics converts findings to annotations: error becomes
// failure, warning stays warning, notice stays notice. The rule ID is the
// title so reviewers can look it up.
func AnnotationsFromDiagnostics(ds []diag.Diagnostic) []Annotation {
	out := make([]Annotation, 0, len(ds))
	for _, d := range ds {
		out = append(out, annotationFromDiagnostic(d))
	}
	return out
}

func annotationFromDiagnostic(d diag.Diagnostic) Annotation {
	line := max(d.Line, 1)
	a := Annotation{Path: d.File, StartLine: line, EndLine: line, Level: levelFor(d.Severity), Title: inert.Text(d.Rule), Message: inert.Text(d.Message)}
	if d.Column > 0 {
		a.StartColumn, a.EndColumn = d.Column, d.Column
	}
	return a
}

func levelFor(s diag.Severity) AnnotationLevel {
	switch s {
	case diag.SeverityError:
		return LevelFailure
	case diag.SeverityWarning:
		return LevelWarning
	default:
		return LevelNotice
	}
}

// TrimOutput cuts s to fit under limit bytes, ending on a line boundary where
// it can and on a UTF-8 boundary always, and appends a line saying so and
// where the full report is. s is returned unchanged when it fits.
func TrimOutput(s string, limit int, fullResults string) string {
	if len(s) < limit {
		return s
	}
	note := "\n\n… output truncated by storygate"
	if fullResults != "" {
		note += "; full results: " + fullResults
	}
	note += "\n"
	cut := max(limit-1-len(note), 0)
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	head := s[:cut]
	if nl := strings.LastIndexByte(head, '\n'); nl > len(head)/2 {
		head = head[:nl]
	}
	return head + note
}

// batches splits annotations into request-sized groups; none yields one empty
// group so that a check run is still created.
func batches(as []Annotation) [][]Annotation {
	var out [][]Annotation
	for len(as) > MaxAnnotationsPerRequest {
		out = append(out, as[:MaxAnnotationsPerRequest])
		as = as[MaxAnnotationsPerRequest:]
	}
	return append(out, as)
}
