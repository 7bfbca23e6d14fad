package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/golden"
)

// uiMain runs storygate with an injected ui: which streams are terminals,
// the environment it reads, and no silent delay, so the progress of even
// a quick run shows and the test need not wait a second.
func uiMain(tty bool, env map[string]string, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	u := ui{terminal: func(io.Writer) bool { return tty }, getenv: func(k string) string { return env[k] }, delay: -1}
	code := mainWith(env0(&out, &errOut, u), append([]string{"storygate"}, args...))
	return code, out.String(), errOut.String()
}

func env0(stdout, stderr io.Writer, u ui) env {
	return env{stdin: strings.NewReader(""), stdout: stdout, stderr: stderr, ui: u}
}

// goldenFile compares got with testdata/name, rewriting it under -update.
func goldenFile(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), got, *update)
}

// TestVerifyProgressAndColour: verify prints each item as it starts and
// finishes on stderr (a live line on a terminal, plain lines elsewhere)
// and colours its text report on a terminal unless NO_COLOR is set;
// --quiet prints no progress (--format json: TestVerifyJSONListsEachItem;
// FORCE_COLOR and --color never: progress's TestUseColor and
// TestValidateColoursATerminal, as each verify run here costs seconds).
// Outputs are golden files.
func TestVerifyProgressAndColour(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", "exit 0"}, {"V2", "echo boom >&2; exit 1"}}, nil)})
	tests := []struct {
		name     string
		tty      bool
		env      map[string]string
		extra    []string
		progress bool
	}{
		{"verify-pipe", false, nil, nil, true},
		{"verify-tty", true, nil, nil, true},
		{"verify-tty-no-color", true, map[string]string{"NO_COLOR": "1"}, nil, true},
		{"verify-quiet", true, nil, []string{"--quiet"}, false},
	}
	for _, tt := range tests {
		args := append([]string{"verify", "--root", dir, "--jobs", "1"}, tt.extra...)
		code, stdout, stderr := uiMain(tt.tty, tt.env, args...)
		if code != ExitFindings {
			t.Fatalf("%s: exit %d, stderr %s", tt.name, code, stderr)
		}
		progress := progressLines(stderr)
		if (progress != "") != tt.progress {
			t.Errorf("%s: progress %q, want some: %v", tt.name, progress, tt.progress)
		}
		goldenFile(t, tt.name+".stdout.golden", stdout)
		goldenFile(t, tt.name+".stderr.golden", progress)
	}
}

// progressLines keeps the progress verify wrote on stderr, without the
// lines about the sandbox, which depend on the machine (a machine without
// bubblewrap is warned that commands ran unsandboxed).
func progressLines(stderr string) string {
	var keep []string
	for _, l := range strings.SplitAfter(stderr, "\n") {
		if strings.HasPrefix(l, "storygate ") { // a message, such as the sandbox warning
			continue
		}
		if strings.Contains(l, "verify:") || strings.Contains(l, "\x1b[K") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "")
}

// TestVerifyJSONListsEachItem: --format json carries one result per item
// rerun, with its verdict, exit code and the end of a failure's stderr,
// and stderr has no progress (a program reads the JSON; a person does not
// watch it).
func TestVerifyJSONListsEachItem(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": verifyStory("STORY-001", "evaluating",
		[][2]string{{"V1", "exit 0"}, {"V2", "echo boom >&2; exit 1"}}, nil)})
	code, stdout, stderr := uiMain(true, nil, "verify", "--root", dir, "--format", "json")
	if code != ExitFindings || progressLines(stderr) != "" {
		t.Fatalf("exit %d, progress %q", code, progressLines(stderr))
	}
	var doc struct {
		Results []struct {
			Story, ID, Verdict, Cause string
			ExitCode                  int `json:"exit_code"`
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not JSON: %v\n%s", err, stdout)
	}
	got := fmt.Sprintf("%+v", doc.Results)
	want := "[{Story:stories/STORY-001.md ID:V1 Verdict:pass Cause: ExitCode:0} {Story:stories/STORY-001.md ID:V2 Verdict:fail Cause:boom ExitCode:1}]"
	if got != want {
		t.Errorf("results %s\nwant     %s", got, want)
	}
}

// TestAnUnknownColorIsAUsageError: --color takes auto, always or never.
func TestAnUnknownColorIsAUsageError(t *testing.T) {
	t.Parallel()
	code, out, errOut := runCLI("verify", "--color", "sometimes")
	if code != ExitUsage || out != "" || !strings.Contains(errOut, `unknown --color "sometimes" (legal: auto, always, never)`) {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

// TestValidateColoursATerminal: validate's text report is coloured by
// severity on a terminal, plain on a pipe, with NO_COLOR, with --color
// never and in the other formats; --color always colours a pipe.
func TestValidateColoursATerminal(t *testing.T) {
	dir := vRepo(t, map[string]string{"stories/STORY-001.md": "---\nschema: enso.story/v1\nid: STORY-001\n---\n"})
	tests := []struct {
		name  string
		tty   bool
		env   map[string]string
		extra []string
		color bool
	}{
		{"terminal", true, nil, nil, true},
		{"pipe", false, nil, nil, false},
		{"NO_COLOR", true, map[string]string{"NO_COLOR": "1"}, nil, false},
		{"never", true, nil, []string{"--color", "never"}, false},
		{"always on a pipe", false, nil, []string{"--color", "always"}, true},
		{"json", true, nil, []string{"--format", "json"}, false},
		{"github", true, nil, []string{"--format", "github"}, false},
	}
	for _, tt := range tests {
		code, stdout, stderr := uiMain(tt.tty, tt.env, append([]string{"validate", "--root", dir}, tt.extra...)...)
		if code != ExitFindings {
			t.Fatalf("%s: exit %d: %s", tt.name, code, stderr)
		}
		if got := strings.Contains(stdout, "\x1b[31m"); got != tt.color {
			t.Errorf("%s: coloured %v, want %v:\n%q", tt.name, got, tt.color, stdout)
		}
	}
}
