package bot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantedToken is the credential planted everywhere a runner keeps one;
// it has a GitHub token's shape, so no filter by name is what keeps it
// out.
const plantedToken = "ghs_PLANTEDplantedPLANTEDplanted0001"

// snoopScript is a verification command that looks for credentials
// where a runner keeps them and prints what it finds to stderr, whose
// end the comment shows; it fails, so that it does.
const snoopScript = `{
  echo SNOOP-RAN
  cat .git/config "$GITHUB_WORKSPACE/.git/config" "$GITHUB_ENV" "$RUNNER_TEMP"/*.txt "$HOME/.git-credentials"
  env
} >&2 2>&1
exit 1
`

// TestPlantedRunnerTokensNeverReachWhatThePRShows: a token planted in the
// checkout's .git/config (as actions/checkout persists it), in an earlier
// step's GITHUB_ENV file, in a file under RUNNER_TEMP, in the home's
// git credentials and in the environment under an innocent name is found
// in nothing the pull request shows when the command runs sandboxed: not
// the gate run's output, the results document, the published comment or
// any check run. The control runs the same command where no sandbox can
// start: the snoop finds the token, so the test would see a leak.
func TestPlantedRunnerTokensNeverReachWhatThePRShows(t *testing.T) {
	t.Parallel()
	for _, c := range sandboxCases() {
		t.Run(c.name, func(t *testing.T) {
			c.skipWithoutSandbox(t)
			h := impactedHarness(t, map[string]string{"stories/STORY-001.md": strings.Replace(checkedStory(t), "scripts/check.sh", "scripts/snoop.sh", 1),
				"scripts/snoop.sh": snoopScript}, map[string]string{"src/orders/x.go": "package orders // faster\n"})
			h.lookPath = c.lookPath
			plantTokens(t, h)
			gateOut, comment := twoPhase(t, h)
			if !strings.Contains(comment, "SNOOP-RAN") {
				t.Fatalf("the snooping command's stderr is not in the comment, so nothing is shown either way:\n%s", comment)
			}
			doc, err := os.ReadFile(h.results)
			if err != nil {
				t.Fatal(err)
			}
			surfaces := map[string]string{"the gate's output": gateOut, "the results document": string(doc), "the comment": comment}
			for _, r := range h.fake.CheckRuns() {
				surfaces["check run "+r.Name] = r.Title + r.Summary + r.Text
			}
			leaked := false
			for where, text := range surfaces {
				if strings.Contains(text, plantedToken) {
					leaked = true
					if !c.warned {
						t.Errorf("the planted token reached %s", where)
					}
				}
			}
			if c.warned && !leaked {
				t.Errorf("control: unsandboxed, the snoop did not find the planted token, so the test cannot see a leak")
			}
		})
	}
}

// plantTokens puts plantedToken where a runner keeps credentials.
func plantTokens(t *testing.T, h *harness) {
	t.Helper()
	home := filepath.Join(h.tmp, "home")
	files := map[string]string{
		filepath.Join(h.tmp, "github_env"):      "DEPLOY_KEY=" + plantedToken + "\n",
		filepath.Join(h.tmp, "runner-file.txt"): "token " + plantedToken + "\n",
		filepath.Join(home, ".git-credentials"): "https://x-access-token:" + plantedToken + "@github.com\n",
	}
	for p, body := range files {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	config := filepath.Join(h.repo.Root, ".git", "config")
	f, err := os.OpenFile(config, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := f.WriteString("[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic " + plantedToken + "\n"); err != nil {
		t.Fatal(err)
	}
	h.env["GITHUB_ENV"] = filepath.Join(h.tmp, "github_env")
	h.env["HOME"] = home
	h.env["INNOCENT_NAME"] = plantedToken
}
