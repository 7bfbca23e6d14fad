package pairtest

import "testing"

// The shipped publish workflow's fetch step and the lines that hand git
// the token.
const (
	fetchStepName = "Fetch the pull request's head as git data (no checkout)"
	tokenExport   = "          export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=http.extraheader GIT_CONFIG_VALUE_0\n"
	tokenFetch    = `          git fetch --no-tags origin "$ref"` + "\n"
)

// TestFetchStepAuthenticatesWithoutACommandLine runs the shipped publish
// workflow against an origin served over HTTP that refuses requests
// without the job's token: its fetch step brings the pull request's head,
// so the header really reaches git through GIT_CONFIG_* variables, and no
// git command line of any run: step holds the token. The controls: the
// step without the variables is refused (the origin checks), and the
// form shipped before, git -c http.extraheader=…, authenticates too but
// is caught with the token on its command line (the watch sees it).
func TestFetchStepAuthenticatesWithoutACommandLine(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		edits []string
		// fetched: the fetch step succeeds; onArgv: the token is seen on a
		// command line; refused: the origin refused requests.
		fetched, onArgv, refused bool
	}{
		{name: "shipped", fetched: true},
		{name: "control: no GIT_CONFIG_* variables", edits: []string{tokenExport, ""}, refused: true},
		{name: "control: the token on git's command line", fetched: true, onArgv: true, edits: []string{tokenExport, "",
			tokenFetch, `          git -c "http.extraheader=$GIT_CONFIG_VALUE_0" fetch --no-tags origin "$ref"` + "\n"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			p := newPair(t)
			p.argvCredentialsExpected = tt.onArgv
			base, head := p.commitFixture(fixtureNamed(t, "scope/out-of-scope/ok"))
			// A fork: no branch of the repository brings the head with the checkout.
			out := p.run(base, head, scenario{fork: true, publishWorkflow: editedWorkflow(t, "storygate-publish.yml", tt.edits...)})
			fetch := stepOutcome(t, out.publish, shippedWorkflow("storygate-publish.yml"), func(s step) bool { return s.Name == fetchStepName })
			if got := fetch == "success"; got != tt.fetched {
				t.Errorf("the fetch step's outcome is %s, want success %v\n%s", fetch, tt.fetched, out.publish.log)
			}
			if got := len(out.publish.argvCredentials) > 0; got != tt.onArgv {
				t.Errorf("token on a command line: %v, want %v: %q", got, tt.onArgv, out.publish.argvCredentials)
			}
			if got := p.served.refusals() > 0; got != tt.refused {
				t.Errorf("the origin refused %d requests, want refusals %v", p.served.refusals(), tt.refused)
			}
			if tt.fetched && out.checks["storygate / stories"].Conclusion != "success" {
				t.Errorf("published stories %+v, want success\n%s", out.checks["storygate / stories"], out.publish.log)
			}
		})
	}
}

// stepOutcome is the outcome of the step of the workflow file at path
// is picks.
func stepOutcome(t *testing.T, res jobResult, path string, is func(step) bool) string {
	t.Helper()
	_, j := mustLoadWorkflow(t, path)
	for i, s := range j.Steps {
		if is(s) && i < len(res.outcomes) {
			return res.outcomes[i]
		}
	}
	t.Fatalf("%s has no such step that ran (%v)", path, res.outcomes)
	return ""
}
