package sandbox

import "strings"

// secretNames are variables never passed to a command from the change under
// review: GitHub tokens and whatever the Actions runner injects. The
// runner's command files are in it too: a command that can append to
// GITHUB_ENV or GITHUB_OUTPUT sets variables and outputs of later steps
// (conclusion=success), so their paths are never handed over.
var secretNames = []string{"GITHUB_TOKEN", "GH_TOKEN", "GH_ENTERPRISE_TOKEN", "GITHUB_ENTERPRISE_TOKEN",
	"GITHUB_ENV", "GITHUB_PATH", "GITHUB_OUTPUT", "GITHUB_STATE", "GITHUB_STEP_SUMMARY"}

// secretPrefixes are families of variables stripped by prefix: the runner's
// own credentials (ACTIONS_RUNTIME_TOKEN, ACTIONS_ID_TOKEN_REQUEST_TOKEN...)
// and the action's inputs, which may carry a token or an app private key.
var secretPrefixes = []string{"ACTIONS_", "INPUT_"}

// IsSecret reports whether the variable name must not reach code from the
// change: a built-in secret name or prefix, or a name in extra (the
// configured verify.secret_env). Names in extra compare case-sensitively,
// as the kernel does; the built-in names also match in any case so that a
// lower-cased github_token is not a way around the rule.
func IsSecret(name string, extra []string) bool {
	upper := strings.ToUpper(name)
	for _, s := range secretNames {
		if upper == s {
			return true
		}
	}
	for _, p := range secretPrefixes {
		if strings.HasPrefix(upper, p) {
			return true
		}
	}
	for _, s := range extra {
		if name == s {
			return true
		}
	}
	return false
}

// tokenPrefixes begin every kind of GitHub token (personal, OAuth, user to
// server, server to server, refresh, fine-grained).
var tokenPrefixes = []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"}

// CarriesToken reports whether a variable's value holds a GitHub token,
// whatever the variable is called: a workflow that passes
// `${{ secrets.X }}` or an earlier step's GITHUB_ENV line under a name of
// its own (DEPLOY_TOKEN) would otherwise hand it to the command. Secrets
// of other shapes need their names in verify.secret_env.
func CarriesToken(value string) bool {
	for _, p := range tokenPrefixes {
		if strings.Contains(value, p) {
			return true
		}
	}
	return false
}
