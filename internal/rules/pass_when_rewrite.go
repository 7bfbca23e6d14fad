package rules

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/passwhen"
)

// A pass_when in prose (the spec author writes "all tests pass", "p95
// under 200ms") is rewritten into the CEL a rerun can decide, so the
// finding says what to write rather than only what is wrong
// (docs/verify.md, "The pass_when language").
var (
	// loneEquals is a single = where CEL needs ==.
	loneEquals = regexp.MustCompile(`([^=!<>])=([^=])`)
	succeeds   = regexp.MustCompile(`\b(pass|passes|passed|passing|succeed|succeeds|success|successful|green|no (errors|failures)|exits? (with )?(code |status )?0)\b`)
	faster     = regexp.MustCompile(`(under|below|less than|faster than|within|at most|no more than|<=|<|≤)\s*(\d+(?:\.\d+)?)\s*(ms|milliseconds?|s|secs?|seconds?|min|minutes?)\b`)
	quoted     = regexp.MustCompile("[\"'`“]([^\"'`”]{1,80})[\"'`”]")
)

// genericRewrite is the answer when nothing in the text says what to test.
const genericRewrite = "e.g. `exit_code == 0`, `duration_ms < 200` or `stdout.contains(\"PASS\")`"

// passWhenRewrite proposes a runnable pass_when for text: the expression
// with = made ==, when that compiles; else the success, time limit and
// quoted output the prose names, joined with &&; else genericRewrite.
func passWhenRewrite(text string) string {
	if fixed := loneEquals.ReplaceAllString(text, "$1==$2"); fixed != text {
		if _, err := passwhen.Compile(fixed); err == nil {
			return "`" + fixed + "`"
		}
	}
	lower := strings.ToLower(text)
	var parts []string
	if succeeds.MatchString(lower) {
		parts = append(parts, "exit_code == 0")
	}
	if m := faster.FindStringSubmatch(lower); m != nil {
		parts = append(parts, durationBound(m[1], m[2], m[3]))
	}
	if m := quoted.FindStringSubmatch(text); m != nil {
		parts = append(parts, "stdout.contains("+strconv.Quote(m[1])+")")
	}
	rewrite := strings.Join(parts, " && ")
	if _, err := passwhen.Compile(rewrite); len(parts) == 0 || err != nil {
		return genericRewrite
	}
	return "`" + rewrite + "`"
}

// durationBound is duration_ms compared with the amount in milliseconds.
func durationBound(word, amount, unit string) string {
	op := "<"
	switch word {
	case "within", "at most", "no more than", "<=", "≤":
		op = "<="
	}
	n, _ := strconv.ParseFloat(amount, 64) // the pattern allows only numbers
	switch {
	case strings.HasPrefix(unit, "ms") || strings.HasPrefix(unit, "milli"):
	case strings.HasPrefix(unit, "m"):
		n *= 60000
	default:
		n *= 1000
	}
	return fmt.Sprintf("duration_ms %s %d", op, int64(n))
}
