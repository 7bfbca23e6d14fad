package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestStepBreakEvenWorkedExample reproduces the pack's worked example:
// 500 content tokens, four slices, prefixes 8200, 840 and 430.
func TestStepBreakEvenWorkedExample(t *testing.T) {
	code, out, errOut := runCLI("step", "break-even", "--prefix", "8200", "--prefix", "840", "--prefix", "430", "--content", "500", "--slices", "4")
	want := "P=8200 C=500 k=4 required_hit_rate=0.739\nP=840 C=500 k=4 required_hit_rate=0.653\nP=430 C=500 k=4 required_hit_rate=0.581\n"
	if code != ExitOK || out != want {
		t.Fatalf("code %d\ngot:\n%s\nwant:\n%s\nstderr: %s", code, out, want, errOut)
	}
}

func TestStepBreakEvenJSONAndUsage(t *testing.T) {
	code, out, _ := runCLI("step", "break-even", "--prefix", "8200", "--content", "500", "--slices", "4", "--format", "json")
	if code != ExitOK || !strings.Contains(out, `"required_hit_rate": 0.739`) {
		t.Errorf("json: code %d, %s", code, out)
	}
	bad := [][]string{
		{"step", "break-even", "--content", "500"},
		{"step", "break-even", "--prefix", "x", "--content", "500"},
		{"step", "break-even", "--prefix", "-1", "--content", "500"},
		{"step", "break-even", "--prefix", "0", "--content", "0"},
		{"step", "break-even", "--prefix", "10", "--content", "5", "--slices", "0"},
		{"step"},
		{"step", "nope"},
	}
	for _, args := range bad {
		if code, _, _ := runCLI(args...); code != ExitUsage {
			t.Errorf("%v: code %d, want %d", args, code, ExitUsage)
		}
	}
}

type patchRecord struct {
	ReplyForm        string   `json:"reply_form"`
	Admitted         []string `json:"admitted"`
	ImmutableRefused []string `json:"immutable_refused"`
	Rejected         []struct {
		Field        string   `json:"field"`
		LegalOptions []string `json:"legal_options"`
	} `json:"rejected"`
	Reasks          int    `json:"reasks"`
	NextObservation string `json:"next_observation"`
}

func TestStepCheckPatch(t *testing.T) {
	kind := filepath.Join(recordsTestdata, "examples", "example.step-kind.json")
	packet := filepath.Join(recordsTestdata, "golden", "good-repair.json")
	tests := []struct {
		name     string
		replies  []string
		code     int
		form     string
		admitted []string
		refused  []string
		rejected []string
		reasks   int
		observe  string
	}{
		{"admitted", []string{`{"edit": "3: retry_limit = 5", "cause": "retry is 0"}`}, ExitOK, "schema_tool", []string{"edit", "cause"}, nil, nil, 0, "Patch admitted: edit, cause."},
		{"null deletes", []string{`{"cause": null}`}, ExitOK, "schema_tool", []string{"cause"}, nil, nil, 0, "Field cause was deleted."},
		{"unknown rejected", []string{`{"timeout_s": 30}`}, ExitFindings, "schema_tool", nil, nil, []string{"timeout_s"}, 0, "Legal fields: edit, cause."},
		{"immutable refused", []string{`{"task": "other"}`}, ExitFindings, "schema_tool", nil, []string{"task"}, nil, 0, "Field task is immutable"},
		{"fenced", []string{"Here is my patch:\n```json\n{\"edit\": \"2: x\"}\n```\n"}, ExitOK, "fenced_json", []string{"edit"}, nil, nil, 0, "Patch admitted: edit."},
		{"empty", []string{"  \n"}, ExitFindings, "empty_refused", nil, nil, nil, 1, "The reply was empty."},
		{"empty object", []string{"{}"}, ExitFindings, "empty_refused", nil, nil, nil, 1, "empty patch"},
		{"prose", []string{"I think the retry limit should be five."}, ExitFindings, "prose_refused", nil, nil, nil, 1, "Legal fields: edit, cause."},
		{"echo", []string{"@packet"}, ExitFindings, "echo_refused", nil, nil, nil, 1, "repeated the packet"},
		{"reask answered", []string{"no idea", `{"edit": "1: y"}`}, ExitOK, "schema_tool", []string{"edit"}, nil, nil, 1, "Patch admitted: edit."},
		{"same invalid twice", []string{"no idea", "no idea"}, ExitFindings, "prose_refused", nil, nil, nil, 1, "same invalid reply repeated"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"step", "check-patch", "--kind", kind, "--packet", packet, "--checked-at", "2026-10-30T02:11:00Z"}
			for i, r := range tt.replies {
				file := packet
				if r != "@packet" {
					file = writeTemp(t, "reply"+string(rune('0'+i))+".txt", r)
				}
				args = append(args, "--reply", file)
			}
			code, out, errOut := runCLI(args...)
			var got patchRecord
			if err := json.Unmarshal([]byte(out), &got); err != nil {
				t.Fatalf("code %d, %v: %s %s", code, err, out, errOut)
			}
			var rejected []string
			for _, r := range got.Rejected {
				rejected = append(rejected, r.Field)
				if len(r.LegalOptions) == 0 {
					t.Errorf("rejection of %s names no legal options", r.Field)
				}
			}
			if code != tt.code || got.ReplyForm != tt.form || !sameStrings(got.Admitted, tt.admitted) ||
				!sameStrings(got.ImmutableRefused, tt.refused) || !sameStrings(rejected, tt.rejected) ||
				got.Reasks != tt.reasks || !strings.Contains(got.NextObservation, tt.observe) {
				t.Errorf("code %d (want %d), got %+v", code, tt.code, got)
			}
		})
	}
}

func sameStrings(a, b []string) bool {
	if len(a) == 0 && len(b) == 0 {
		return true
	}
	return reflect.DeepEqual(a, b)
}

// TestStepCheckPatchRecordValidates runs the printed patch-check record
// back through its template schema and the patch-check suite.
func TestStepCheckPatchRecordValidates(t *testing.T) {
	kind := filepath.Join(recordsTestdata, "examples", "example.step-kind.json")
	packet := filepath.Join(recordsTestdata, "golden", "good-repair.json")
	reply := writeTemp(t, "r.json", `{"edit": "1: y", "timeout_s": 3, "task": "t"}`)
	_, out, _ := runCLI("step", "check-patch", "--kind", kind, "--packet", packet, "--reply", reply, "--checked-at", "2026-10-30T02:11:00Z")
	record := writeTemp(t, "patch-check.json", out)
	code, report, _ := runCLI("checks", "run", "--suite", "patch-check", "--schema", "template.patch-check", record)
	if code != ExitOK {
		t.Errorf("patch-check record does not pass its own checks (%d): %s\n%s", code, report, out)
	}
}

func TestStepCheckPatchUsage(t *testing.T) {
	kind := filepath.Join(recordsTestdata, "examples", "example.step-kind.json")
	packet := filepath.Join(recordsTestdata, "golden", "good-repair.json")
	otherKind := writeTemp(t, "k.yaml", strings.Replace(mustRead(t, kind), "repair-config-value", "other-kind", 1))
	badKind := writeTemp(t, "bad.json", `{"kind_id": 7}`)
	reply := writeTemp(t, "r.txt", "{}")
	tests := [][]string{
		{"step", "check-patch", "--kind", kind, "--packet", packet},
		{"step", "check-patch", "--kind", kind, "--reply", reply},
		{"step", "check-patch", "--kind", badKind, "--packet", packet, "--reply", reply},
		{"step", "check-patch", "--kind", otherKind, "--packet", packet, "--reply", reply},
		{"step", "check-patch", "--kind", kind, "--packet", packet, "--reply", reply, "--reply", reply, "--reply", reply},
		{"step", "check-patch", "--kind", kind, "--packet", packet, "--reply", "missing.txt"},
		{"step", "check-patch", "--kind", kind, "--packet", packet, "--reply", reply, "--checked-at", "yesterday"},
	}
	for _, args := range tests {
		if code, out, _ := runCLI(args...); code != ExitUsage {
			t.Errorf("%v: code %d, want %d: %s", args[2:], code, ExitUsage, out)
		}
	}
}

func mustRead(t *testing.T, file string) string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
