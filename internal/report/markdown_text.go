package report

import (
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

// escaper neutralises text from the change under review: HTML, table
// pipes, and @mentions (a zero-width space after @ keeps GitHub from
// notifying whoever a story names).
var escaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", "|", "\\|", "@", "@\u200b",
	"\r", " ", "\n", " ", "`", "'", "*", "\\*", "_", "\\_", "[", "\\[", "]", "\\]")

// escapeText makes s plain inline Markdown text.
func escapeText(s string) string { return escaper.Replace(s) }

// cell makes s safe inside a table cell.
func cell(s string) string { return escapeText(s) }

// codeText makes s safe inside a single-backtick code span in a table:
// backticks would end the span and pipes the cell.
var codeEscaper = strings.NewReplacer("`", "'", "|", "\\|", "\r", " ", "\n", " ")

func codeText(s string) string { return codeEscaper.Replace(s) }

func icon(c gate.Conclusion) string {
	switch c {
	case gate.Success:
		return "✅"
	case gate.Failure:
		return "❌"
	case gate.ActionRequired:
		return "✋"
	case gate.Neutral:
		return "⚪"
	}
	return "⏭️"
}

func phrase(c gate.Conclusion) string {
	switch c {
	case gate.Success:
		return "all gates pass"
	case gate.Failure:
		return "changes needed"
	case gate.ActionRequired:
		return "waiting for a human decision"
	case gate.Neutral:
		return "nothing to check"
	}
	return "skipped"
}

func severityIcon(s diag.Severity) string {
	switch s {
	case diag.SeverityError:
		return "❌"
	case diag.SeverityWarning:
		return "⚠️"
	}
	return "ℹ️"
}

func verdictIcon(v string) string {
	switch v {
	case "pass", "permitted":
		return "✅"
	case "escalate":
		return "✋"
	case "not_needed":
		return "⚪"
	}
	return "❌"
}

func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

func orUnknown(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func storyWord(n int) string {
	if n == 1 {
		return "story"
	}
	return "stories"
}

// linkTarget keeps a URL from ending its Markdown link early.
func linkTarget(u string) string {
	return strings.NewReplacer(" ", "%20", "(", "%28", ")", "%29", "<", "%3C", ">", "%3E").Replace(u)
}
