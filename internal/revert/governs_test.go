package revert

import (
	"context"
	"errors"
	"os"
	"sync/atomic"
	"testing"

	"github.com/storygate/storygate/internal/rundir"
	"github.com/storygate/storygate/internal/sandbox"
	"github.com/storygate/storygate/internal/verify"
)

// TestNothingGovernedStartsNothing: a change that edits no governed file
// (a source edit, a granted test edit) is not_needed, and the check
// probes no sandbox and makes no clone; Governs says so beforehand. The
// control: a governed edit probes the sandbox (its LookPath is asked)
// and decides.
func TestNothingGovernedStartsNothing(t *testing.T) {
	edit := shProject["tests/test_greet.sh"] + "[ \"$(greet)\" = \"hello \" ] || exit 1\n"
	for _, tc := range []struct {
		name    string
		ch      change
		granted []string
		want    bool
	}{
		{"a source edit", change{write: map[string]string{"src/greet.sh": shProject["src/greet.sh"] + "# note\n"}}, nil, false},
		{"a granted test edit", change{write: map[string]string{"tests/test_greet.sh": edit}}, []string{"tests/test_greet.sh"}, false},
		{"control: a governed test edit", change{write: map[string]string{"tests/test_greet.sh": edit}}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := build(t, shProject, tc.ch)
			t.Setenv("TMPDIR", t.TempDir()) // after the repository: what the check makes lands here
			var looked atomic.Int32
			sb := sandbox.New(context.Background(), sandbox.Policy{Mode: sandbox.Auto, LookPath: func(string) (string, error) {
				looked.Add(1)
				return "", errors.New("not here")
			}})
			opt := Options{Repo: h.repo, Base: h.base, Head: h.head, Governed: []string{"tests/"}, Granted: tc.granted,
				Suite: "./tests/run.sh", Env: verify.CleanEnv(os.Environ(), nil), Sandbox: sb}
			governs, err := Governs(opt)
			if err != nil || governs != tc.want {
				t.Fatalf("Governs = %v, %v; want %v", governs, err, tc.want)
			}
			res, err := Check(context.Background(), opt)
			if err != nil {
				t.Fatal(err)
			}
			if res.Decided != tc.want || (looked.Load() > 0) != tc.want {
				t.Errorf("decided %v, sandbox looked up %d times; want both %v", res.Decided, looked.Load(), tc.want)
			}
			if removed := rundir.Sweep(); len(removed) != 0 {
				t.Errorf("the check left %q behind", removed)
			}
			if entries, _ := os.ReadDir(os.TempDir()); !tc.want && len(entries) != 0 {
				t.Errorf("the check made %d temporary entries when nothing is governed", len(entries))
			}
		})
	}
}
