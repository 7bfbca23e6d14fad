package cli

import (
	"fmt"
	"strings"
)

// exitRow is one row of the exit-code table of the CLI contract: a code,
// what it means, and the situations that give it. README.md's "### Exit
// codes" table is rendered from exitTable, and a test runs every example
// and compares the README with the rendering (exit_table_test.go), so
// the table says what the commands do.
type exitRow struct {
	code     int
	meaning  string
	examples []string
}

// stoppedExample is the table's example of a stopped run.
const stoppedExample = "SIGINT or SIGTERM, as a cancelled job sends (`stopped by SIGTERM`: its commands ended, its clones removed; see [docs/verify.md](docs/verify.md#stopping-a-run-signals-and-kills))"

// serveConfigExample is the table's example of a wrong server
// configuration.
const serveConfigExample = "an invalid `storygate serve` configuration (every problem named: `--app-id \"x\"`, a key that is not PEM)"

// exitTable is the contract, one row per exit code.
func exitTable() []exitRow {
	return []exitRow{
		{ExitOK, "nothing at error severity", []string{"a clean run", "`--help`"}},
		{ExitFindings, "findings at error severity", []string{"a failing gate", "a refused transition", "a drifted story"}},
		{ExitUsage, "usage or configuration error", []string{
			"an unknown flag",
			"a file named on the command line that is missing, unreadable or a directory",
			"a directory named for stories, stages or records that holds none",
			"an empty argument, or a path longer than the system allows",
			"an invalid `.github/storygate.yml` (positioned: `verify.timeout: -5s`)",
			"a refused results document",
			serveConfigExample,
		}},
		{ExitInternal, "storygate itself failed, or was stopped", []string{
			"git or I/O failing",
			"GitHub unreachable before `github.deadline` (the message names it; the next run repairs what was left)",
			stoppedExample,
		}},
	}
}

// exitTableMarkdown is the table as README.md shows it.
func exitTableMarkdown() string {
	var b strings.Builder
	b.WriteString("| Code | Meaning | For example |\n|------|---------|-------------|\n")
	for _, r := range exitTable() {
		fmt.Fprintf(&b, "| `%d` | %s | %s |\n", r.code, r.meaning, strings.Join(r.examples, "; "))
	}
	return b.String()
}

// exitSummary is the table in one line, for the usage text.
func exitSummary() string {
	parts := make([]string, 0, 4)
	for _, r := range exitTable() {
		parts = append(parts, fmt.Sprintf("%d %s", r.code, r.meaning))
	}
	return "exit codes: " + strings.Join(parts, ", ")
}
