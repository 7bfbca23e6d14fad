package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const recordsTestdata = "../records/testdata"

// runCLI runs storygate with args and returns the exit code and streams.
func runCLI(args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := Main(append([]string{"storygate"}, args...), strings.NewReader(""), &out, &errOut)
	return code, out.String(), errOut.String()
}

func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestChecksRunExitCodes(t *testing.T) {
	golden := func(id string) string { return filepath.Join(recordsTestdata, "golden", id+".json") }
	tests := []struct {
		name     string
		args     []string
		code     int
		contains string
	}{
		{"good packets pass", []string{"checks", "run", "--suite", "step-packet", golden("good-repair"), golden("good-observe")}, ExitOK, "no problems found in 2 files"},
		{"bad packet fails its check", []string{"checks", "run", "--suite", "step-packet", golden("bad-asks")}, ExitFindings, "[no-runtime-question]"},
		{"suite by file path", []string{"checks", "run", "--suite", "../../checks/step-packet.yaml", golden("bad-model-fetches")}, ExitFindings, "[fetched-by-runner]"},
		{"schema by name", []string{"checks", "run", "--suite", "step-packet", "--schema", "template.step-packet", golden("bad-unbounded")}, ExitFindings, "[records/schema]"},
		{"directory expands", []string{"checks", "run", "--suite", "step-packet", filepath.Join(recordsTestdata, "golden")}, ExitFindings, "in 14 files"},
		{"no subcommand", []string{"checks"}, ExitUsage, ""},
		{"no suite", []string{"checks", "run", golden("bad-asks")}, ExitUsage, ""},
		{"no files", []string{"checks", "run", "--suite", "step-packet"}, ExitUsage, ""},
		{"unknown suite", []string{"checks", "run", "--suite", "nope", golden("bad-asks")}, ExitUsage, ""},
		{"unknown schema", []string{"checks", "run", "--suite", "step-packet", "--schema", "nope", golden("bad-asks")}, ExitUsage, ""},
		{"missing record", []string{"checks", "run", "--suite", "step-packet", "does-not-exist.json"}, ExitUsage, ""},
		{"bad format", []string{"checks", "run", "--suite", "step-packet", "--format", "xml", golden("bad-asks")}, ExitUsage, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runCLI(tt.args...)
			if code != tt.code || !strings.Contains(out, tt.contains) {
				t.Errorf("code %d (want %d)\nstdout: %s\nstderr: %s", code, tt.code, out, errOut)
			}
		})
	}
}

// TestChecksRunBadInput feeds hostile records: each must give a positioned
// diagnostic and exit 1, never a panic.
func TestChecksRunBadInput(t *testing.T) {
	tests := []struct {
		name, file, content, rule, at string
	}{
		{"binary", "bin.json", "{\"a\":\x00}", "records/encoding", ":1:6:"},
		{"invalid utf8", "u.yaml", "a: \"\xff\"\n", "records/encoding", ":1:5:"},
		{"truncated json", "t.json", "{\"a\": [1, 2", "records/parse", ":1:"},
		{"yaml syntax", "s.yaml", "a: [1\nb: 2\n", "records/parse", ""},
		{"duplicate key", "d.json", "{\"ask\": false,\n \"ask\": true}", "records/duplicate-key", ":2:2:"},
		{"duplicate key at depth", "dd.json", "{\"steps\": [{\"ask\": false,\n   \"ask\": true}]}", "records/duplicate-key", ":2:4:"},
		{"alias bomb", "bomb.yaml", aliasBomb(), "records/parse", ":1:5:"}, // refused at its first anchor, before any expansion
		{"deep nesting", "deep.json", strings.Repeat("[", 5000) + strings.Repeat("]", 5000), "records/too-complex", ""},
		{"wrong types", "w.yaml", "grant: 7\nstate_slice: text\nprocedure_sha256: [1]\n", "state-slice-named", ":2:14:"},
		{"empty", "e.yaml", "", "records/empty", ":1:1:"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := writeTemp(t, tt.file, tt.content)
			code, out, errOut := runCLI("checks", "run", "--suite", "step-packet", p)
			if code != ExitFindings || !strings.Contains(out, "["+tt.rule+"]") || !strings.Contains(out, tt.at) {
				t.Errorf("code %d, want %d with %s at %q\nstdout: %s\nstderr: %s", code, ExitFindings, tt.rule, tt.at, out, errOut)
			}
		})
	}
}

func aliasBomb() string {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 10; i++ {
		prev := "*a" + string(rune('0'+i-1))
		b.WriteString("a" + string(rune('0'+i)) + ": &a" + string(rune('0'+i)) + " [" + strings.Repeat(prev+", ", 9) + prev + "]\n")
	}
	return b.String()
}

// TestChecksRunJSONGolden pins the json output for a known-bad packet.
func TestChecksRunJSONGolden(t *testing.T) {
	code, out, _ := runCLI("checks", "run", "--suite", "step-packet", "--format", "json", filepath.Join(recordsTestdata, "golden", "bad-transcript-smuggled.json"))
	var doc struct {
		Diagnostics []struct {
			Rule    string `json:"rule"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Message string `json:"message"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != ExitFindings {
		t.Fatalf("code %d, err %v: %s", code, err, out)
	}
	want := `The slice does not smuggle a transcript back in under another field name. (state_slice[3].value = "The transcript of the previous 12 steps, pasted in full." matches (?i)\b(transcript|conversation so far|previous steps)\b)`
	if len(doc.Diagnostics) != 1 || doc.Diagnostics[0].Rule != "no-transcript-in-slice" || doc.Diagnostics[0].Line != 20 || doc.Diagnostics[0].Message != want {
		t.Errorf("got %+v", doc.Diagnostics)
	}
}
