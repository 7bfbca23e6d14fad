package cli

import (
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// situation is one way to reach an example of the exit-code table: run
// returns the exit code and the output, which must name what the
// diagnostic is about (the file, flag, finding or cause).
type situation struct {
	name string
	run  func(t *testing.T) (code int, output, names string)
}

// exitSituations are the situations of every example in exitTable, keyed
// by the example's text.
func exitSituations() map[string][]situation {
	all := map[string][]situation{
		"a clean run":          cleanRunSituations(),
		"`--help`":             helpSituations(),
		"a failing gate":       {{"action --event-name local", failingGate}},
		"a refused transition": {{"transition onto a dependency not done", refusedTransition}},
		"a drifted story":      {{"verify: evidence says PASS, the command fails", driftedStory}},
		"git or I/O failing":   failingSituations(),
		"GitHub unreachable before `github.deadline` (the message names it; the next run repairs what was left)": {{"publish to a closed port", githubUnreachable}},
		stoppedExample: stoppedSituations(),
	}
	for example, list := range usageSituations() {
		all[example] = list
	}
	return all
}

// TestTheExitCodeTable runs every situation of every example in the
// table and expects the row's code, with the diagnostic naming what it
// is about; a situation of an example the table lacks is an error too.
func TestTheExitCodeTable(t *testing.T) {
	situations := exitSituations()
	for _, row := range exitTable() {
		for _, example := range row.examples {
			list, ok := situations[example]
			if !ok || len(list) == 0 {
				t.Errorf("exit %d example %q has no situation that exercises it", row.code, example)
			}
			delete(situations, example)
			for _, s := range list {
				t.Run(fmt.Sprintf("%d/%s/%s", row.code, example, s.name), func(t *testing.T) {
					code, out, names := s.run(t)
					if code != row.code || !strings.Contains(out, names) {
						t.Errorf("exit %d, want %d (%s) with output naming %q:\n%.2000s", code, row.code, row.meaning, names, out)
					}
				})
			}
		}
	}
	for example := range situations {
		t.Errorf("situations for %q, which exitTable does not list", example)
	}
}

// TestTheREADMEShowsTheExitCodeTable: README.md's table is exitTable's
// rendering; STORYGATE_UPDATE_README=1 rewrites it.
func TestTheREADMEShowsTheExitCodeTable(t *testing.T) {
	path := filepath.Join("..", "..", "README.md")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	readme := string(data)
	start, end, err := exitTableSpan(readme)
	if err != nil {
		t.Fatal(err)
	}
	want := exitTableMarkdown()
	if readme[start:end] == want {
		return
	}
	if os.Getenv("STORYGATE_UPDATE_README") == "1" {
		if err := os.WriteFile(path, []byte(readme[:start]+want+readme[end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's exit-code table is not exitTable (internal/cli/exit_table.go); change the Go table, then run\n"+
		"  STORYGATE_UPDATE_README=1 go test ./internal/cli -run TestTheREADMEShowsTheExitCodeTable\nREADME:\n%s\nexitTable:\n%s", readme[start:end], want)
}

// exitTableSpan is where the table under "### Exit codes" lies in readme:
// from its header row to the first line that is not a table row.
func exitTableSpan(readme string) (start, end int, err error) {
	heading := strings.Index(readme, "\n### Exit codes\n")
	if heading < 0 {
		return 0, 0, errors.New(`README.md has no "### Exit codes" section`)
	}
	start = strings.Index(readme[heading:], "\n|")
	if start < 0 {
		return 0, 0, errors.New(`README.md's "### Exit codes" section has no table`)
	}
	start += heading + 1
	end = start
	for end < len(readme) && readme[end] == '|' {
		next := strings.IndexByte(readme[end:], '\n')
		if next < 0 {
			return start, len(readme), nil
		}
		end += next + 1
	}
	return start, end, nil
}

// TestTheUsageTextNamesEveryExitCode: storygate's usage line is the
// table's too.
func TestTheUsageTextNamesEveryExitCode(t *testing.T) {
	code, _, errOut := run(t)
	if code != ExitUsage {
		t.Errorf("no command: exit %d, want %d", code, ExitUsage)
	}
	for _, row := range exitTable() {
		if want := fmt.Sprintf("%d %s", row.code, row.meaning); !strings.Contains(errOut, want) {
			t.Errorf("usage lacks %q:\n%s", want, errOut)
		}
	}
}

// sortedCommands are the commands' names, sorted.
func sortedCommands() []string { return slices.Sorted(maps.Keys(commands)) }

// subcommand is how a command's flags are reached: checks, stage and step
// take a subcommand first.
func subcommand(name string) []string {
	switch name {
	case "checks":
		return []string{"checks", "run"}
	case "stage":
		return []string{"stage", "validate"}
	case "step":
		return []string{"step", "check-patch"}
	}
	return []string{name}
}

func helpSituations() []situation {
	var out []situation
	for _, name := range sortedCommands() {
		out = append(out, situation{name, func(t *testing.T) (int, string, string) {
			code, stdout, stderr := run(t, append(subcommand(name), "--help")...)
			return code, stdout + stderr, "usage: storygate " + name
		}})
	}
	return out
}
