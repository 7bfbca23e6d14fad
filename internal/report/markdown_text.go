package report

import (
	"strings"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/gate"
)

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
	case "pass", "permitted", "ruled":
		return "✅"
	case "escalate":
		return "✋"
	case "not_needed", "no_suite":
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
