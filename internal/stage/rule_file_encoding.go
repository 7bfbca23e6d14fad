package stage

import "github.com/storygate/storygate/internal/diag"

const ruleFileEncoding = "stage/file-encoding"

// The parser reports this rule; it is registered for its metadata.
func init() {
	register(Rule{ID: ruleFileEncoding, Severity: diag.SeverityError,
		Summary: "the stage file is UTF-8 text of at most 1 MiB (not binary, no invalid UTF-8)"})
}
