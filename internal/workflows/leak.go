package workflows

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// The rules Leaks reports.
const (
	// RulePersistCredentials: a checkout keeps the token in .git/config.
	RulePersistCredentials = "workflow/persist-credentials"
	// RulePermissions: no top-level permissions, or top-level write.
	RulePermissions = "workflow/permissions"
	// RulePermissionWhy: a job's write grant has no comment saying why.
	RulePermissionWhy = "workflow/permission-why"
	// RulePRCodeWithWrite: a job that can write runs code from the pull
	// request.
	RulePRCodeWithWrite = "workflow/pr-code-with-write"
)

// prCodeTriggers are the events whose default checkout is the pull
// request's code (pull_request's merge commit, a merge queue's group).
var prCodeTriggers = []string{"pull_request", "merge_group"}

// prRef matches a checkout ref or a script naming the pull request's code.
var prRef = regexp.MustCompile(`github\.event\.pull_request|github\.head_ref|refs/pull/|\.head\.(sha|ref)|head_sha|pull_request\.head`)

// prCheckoutScript matches shell that checks pull request code out.
var prCheckoutScript = regexp.MustCompile(`gh pr checkout|git (checkout|switch|worktree add)\b`)

// Leaks finds what in a workflow can give code from a pull request a
// write token or a credential: checkouts that persist the token, missing
// or broad permissions, write grants without a reason, and jobs that can
// write and run the pull request's code (a local action `uses: ./`, a
// checkout of the pull request's head, the default checkout of a
// pull_request or merge_group run, a script that checks the head out).
func Leaks(f File) ([]Finding, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(f.Content, &doc); err != nil {
		return nil, fmt.Errorf("%s: %w", f.Path, err)
	}
	if len(doc.Content) == 0 || doc.Content[0].Kind != yaml.MappingNode {
		return nil, fmt.Errorf("%s: not a workflow", f.Path)
	}
	w := workflow{file: f, root: doc.Content[0]}
	w.checkTopPermissions()
	triggers := w.triggers()
	if jobs := value(w.root, "jobs"); jobs != nil {
		for i := 0; i+1 < len(jobs.Content); i += 2 {
			w.checkJob(jobs.Content[i], jobs.Content[i+1], triggers)
		}
	}
	return w.found, nil
}

type workflow struct {
	file  File
	root  *yaml.Node
	found []Finding
}

func (w *workflow) add(n *yaml.Node, rule, format string, args ...any) {
	w.found = append(w.found, Finding{Path: w.file.Path, Line: w.file.Line + n.Line, Column: n.Column, Message: fmt.Sprintf(format, args...), Rule: rule})
}

func (w *workflow) checkTopPermissions() {
	perms := value(w.root, "permissions")
	switch {
	case perms == nil:
		w.add(w.root, RulePermissions, "no top-level permissions: every job gets the repository's default token; set permissions: {} and grant per job")
	case grantsWrite(perms):
		w.add(perms, RulePermissions, "top-level permissions grant write to every job; set permissions: {} (or read) and grant write per job, with a comment saying why")
	}
}

// triggers are the workflow's event names.
func (w *workflow) triggers() []string {
	on := value(w.root, "on")
	if on == nil {
		return nil
	}
	switch on.Kind {
	case yaml.ScalarNode:
		return []string{on.Value}
	case yaml.SequenceNode:
		var out []string
		for _, n := range on.Content {
			out = append(out, n.Value)
		}
		return out
	case yaml.MappingNode:
		var out []string
		for i := 0; i < len(on.Content); i += 2 {
			out = append(out, on.Content[i].Value)
		}
		return out
	}
	return nil
}

func (w *workflow) checkJob(name, job *yaml.Node, triggers []string) {
	perms := value(job, "permissions")
	if perms == nil {
		perms = value(w.root, "permissions")
	}
	canWrite := perms == nil || grantsWrite(perms)
	if jp := value(job, "permissions"); jp != nil && jp.Kind == yaml.MappingNode {
		for i := 0; i+1 < len(jp.Content); i += 2 {
			if jp.Content[i+1].Value == "write" && jp.Content[i+1].LineComment == "" && jp.Content[i].LineComment == "" {
				w.add(jp.Content[i], RulePermissionWhy, "job %s grants %s: write without a comment saying why", name.Value, jp.Content[i].Value)
			}
		}
	}
	steps := value(job, "steps")
	if steps == nil {
		return
	}
	readsOnly := onlyReadsTheCheckout(steps)
	for _, step := range steps.Content {
		w.checkStep(name.Value, step, canWrite, readsOnly, triggers)
	}
}

// readingActions are the actions that read a checkout's files without
// executing any: upload-sarif hashes the lines its results point at (its
// own partial fingerprints), download-artifact writes next to them.
var readingActions = []string{"github/codeql-action/upload-sarif@", "actions/download-artifact@"}

// onlyReadsTheCheckout reports whether a job checks out only for reading
// actions: every step a checkout or a reading action (at least one), no
// script. Such a job runs nothing it checked out, so a write token next
// to the pull request's code is not handed to it (the code-scanning
// upload checks the scanned commit out for upload-sarif).
func onlyReadsTheCheckout(steps *yaml.Node) bool {
	readers := 0
	for _, step := range steps.Content {
		uses := value(step, "uses")
		switch {
		case value(step, "run") != nil || uses == nil:
			return false
		case slices.ContainsFunc(readingActions, func(p string) bool { return strings.HasPrefix(uses.Value, p) }):
			readers++
		case !isCheckout(uses.Value):
			return false
		}
	}
	return readers > 0
}

func (w *workflow) checkStep(job string, step *yaml.Node, canWrite, readsOnly bool, triggers []string) {
	uses := value(step, "uses")
	if uses != nil && isCheckout(uses.Value) {
		w.checkCheckout(job, step, uses, canWrite && !readsOnly, triggers)
	}
	w.checkCommandLine(job, step)
	if uses != nil {
		w.checkUpload(job, step, uses)
	}
	if !canWrite {
		return
	}
	w.checkRepoCode(job, step, triggers)
	if uses != nil && strings.HasPrefix(uses.Value, "./") {
		w.add(uses, RulePRCodeWithWrite, "job %s can write and runs the local action %s, which is the checked-out code: use a pinned owner/repo@ref", job, uses.Value)
	}
	if run := value(step, "run"); run != nil && prCheckoutScript.MatchString(run.Value) && prRef.MatchString(run.Value) {
		w.add(run, RulePRCodeWithWrite, "job %s can write and its script checks out the pull request's code", job)
	}
}

func (w *workflow) checkCheckout(job string, step, uses *yaml.Node, canWrite bool, triggers []string) {
	with := value(step, "with")
	if persist := value(with, "persist-credentials"); persist == nil || persist.Value != "false" {
		w.add(uses, RulePersistCredentials, "job %s checks out without persist-credentials: false, leaving the token in .git/config", job)
	}
	if !canWrite {
		return
	}
	ref := value(with, "ref")
	switch {
	case ref != nil && prRef.MatchString(ref.Value):
		w.add(ref, RulePRCodeWithWrite, "job %s can write and checks out the pull request's code (ref %s)", job, ref.Value)
	case ref == nil && anyOf(triggers, prCodeTriggers):
		w.add(uses, RulePRCodeWithWrite, "job %s can write and checks out the pull request's code (the default ref of %s)", job, strings.Join(triggers, ", "))
	}
}

func isCheckout(uses string) bool {
	return uses == "actions/checkout" || strings.HasPrefix(uses, "actions/checkout@")
}

// grantsWrite reports whether a permissions value grants any write.
func grantsWrite(perms *yaml.Node) bool {
	switch perms.Kind {
	case yaml.ScalarNode:
		return perms.Value == "write-all"
	case yaml.MappingNode:
		for i := 1; i < len(perms.Content); i += 2 {
			if perms.Content[i].Value == "write" {
				return true
			}
		}
	}
	return false
}

// value is the value of key in mapping n, or nil.
func value(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

func anyOf(have, want []string) bool {
	for _, h := range have {
		for _, w := range want {
			if h == w {
				return true
			}
		}
	}
	return false
}
