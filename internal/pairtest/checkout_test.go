package pairtest

import (
	"fmt"
	"os/exec"
	"strconv"
	"strings"
)

// checkoutRef is what actions/checkout@v4 resolves its inputs to: a ref
// and a commit, either of which may be empty (input-helper.ts).
type checkoutRef struct{ ref, commit string }

// resolveCheckoutRef follows checkout's input rules: an empty ref is the
// event's GITHUB_REF and GITHUB_SHA; a 40-hex ref is a commit alone.
func (r *runner) resolveCheckoutRef(ref string) checkoutRef {
	switch {
	case ref == "":
		sha, _ := toString(r.github["sha"])
		ghRef, _ := toString(r.github["ref"])
		if ghRef != "" && !strings.HasPrefix(ghRef, "refs/") {
			ghRef = "refs/heads/" + ghRef
		}
		return checkoutRef{ref: ghRef, commit: sha}
	case isSHA(strings.ToLower(ref)):
		return checkoutRef{commit: strings.ToLower(ref)}
	}
	return checkoutRef{ref: ref}
}

// checkout emulates actions/checkout@v4 from the origin: git init in the
// workspace, origin (served over HTTP) as the remote, the fetch its
// fetch-depth asks for with the job's token,
// then the checkout (a branch as a local branch, anything else detached).
// persist-credentials leaves the auth header in the local config, as
// checkout does; false leaves none.
func (r *runner) checkout(with map[string]string) error {
	r.t.Helper()
	r.refuseUnknownInputs("actions/checkout@v4", with, "ref", "fetch-depth", "persist-credentials", "repository", "token")
	if repo, ok := with["repository"]; ok && !strings.EqualFold(repo, prRepo) {
		r.t.Fatalf("checkout of another repository %q", repo)
	}
	depth, err := strconv.Atoi(withDefault(with, "fetch-depth", "1"))
	if err != nil {
		return fmt.Errorf("fetch-depth: %w", err)
	}
	want := r.resolveCheckoutRef(with["ref"])
	if err := r.initWorkspace(withDefault(with, "persist-credentials", "true")); err != nil {
		return err
	}
	if err := r.fetchForCheckout(want, depth); err != nil {
		return err
	}
	return r.checkoutResolved(want)
}

func withDefault(with map[string]string, key, def string) string {
	if v, ok := with[key]; ok && v != "" {
		return v
	}
	return def
}

func (r *runner) gitIn(args ...string) error {
	_, err := git(r.workspace, r.home, args...)
	return err
}

func (r *runner) initWorkspace(persist string) error {
	if err := r.gitIn("init", "--quiet", r.workspace); err != nil {
		return err
	}
	if err := r.gitIn("remote", "add", "origin", r.pair.served.url); err != nil {
		return err
	}
	if persist == "true" {
		return r.gitIn("config", "--local", "http.https://github.com/.extraheader", "AUTHORIZATION: basic ***")
	}
	return nil
}

// fetchForCheckout fetches all branches and tags for fetch-depth 0 (plus
// a pull request ref's commit), else just the wanted commit or ref; then,
// as checkout does, the wanted commit itself when it is still missing.
func (r *runner) fetchForCheckout(want checkoutRef, depth int) error {
	base := []string{"-c", "protocol.version=2", "fetch", "--no-tags", "--prune", "--no-recurse-submodules", "--quiet"}
	if depth > 0 {
		base = append(base, "--depth="+strconv.Itoa(depth))
	}
	if err := r.fetchWithToken(append(append(base, "origin"), refSpecs(want, depth)...)...); err != nil {
		return err
	}
	if want.commit == "" || r.gitIn("cat-file", "-e", want.commit+"^{commit}") == nil {
		return nil
	}
	return r.fetchWithToken(append(base, "origin", want.commit)...)
}

// fetchWithToken runs git with the job's token as checkout sends it, never
// kept in the workspace's configuration.
func (r *runner) fetchWithToken(args ...string) error {
	cmd := exec.Command("git", args...)
	cmd.Dir, cmd.Env = r.workspace, r.pair.served.withToken(gitEnv(r.home))
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("git %s: %w\n%s", strings.Join(args, " "), err, out)
	}
	return nil
}

// refSpecs are checkout's refspecs (ref-helper.ts getRefSpecForAllHistory
// and getRefSpec).
func refSpecs(want checkoutRef, depth int) []string {
	if depth <= 0 {
		specs := []string{"+refs/heads/*:refs/remotes/origin/*", "+refs/tags/*:refs/tags/*"}
		if strings.HasPrefix(want.ref, "refs/pull/") && want.commit != "" {
			specs = append(specs, "+"+want.commit+":refs/remotes/pull/"+strings.TrimPrefix(want.ref, "refs/pull/"))
		}
		return specs
	}
	switch {
	case want.ref == "":
		return []string{want.commit}
	case strings.HasPrefix(want.ref, "refs/heads/"):
		return []string{"+" + want.ref + ":refs/remotes/origin/" + strings.TrimPrefix(want.ref, "refs/heads/")}
	case strings.HasPrefix(want.ref, "refs/"):
		return []string{"+" + want.ref + ":" + want.ref}
	}
	return []string{"+refs/heads/" + want.ref + "*:refs/remotes/origin/" + want.ref + "*", "+refs/tags/" + want.ref + "*:refs/tags/" + want.ref + "*"}
}

// checkoutResolved checks out what checkout's getCheckoutInfo picks: a
// branch as a local branch at its remote-tracking ref, a commit or any
// other ref detached.
func (r *runner) checkoutResolved(want checkoutRef) error {
	branch := strings.TrimPrefix(want.ref, "refs/heads/")
	if want.ref != "" && !strings.HasPrefix(branch, "refs/") {
		if r.gitIn("rev-parse", "--verify", "--quiet", "refs/remotes/origin/"+branch) == nil {
			return r.gitIn("checkout", "--quiet", "--force", "-B", branch, "refs/remotes/origin/"+branch)
		}
		if want.commit == "" {
			return r.gitIn("checkout", "--quiet", "--force", "--detach", "refs/tags/"+want.ref)
		}
	}
	if want.commit != "" {
		return r.gitIn("checkout", "--quiet", "--force", "--detach", want.commit)
	}
	return r.gitIn("checkout", "--quiet", "--force", "--detach", want.ref)
}
