package chatops

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"slices"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"

	"github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/github"
	"github.com/storygate/storygate/internal/target"
)

// Ruling is the record storygate leaves when it records a human ruling on
// the revert check (`/allow-test-edit PATH… -- rationale`): a reply by
// storygate's own identity carrying this as a hidden marker, exactly as a
// Receipt is left for a decision. It binds the ruling to the edits it
// ruled on: the paths' versions at the merge base and at the head the
// commenter saw, by their digest (EditsDigest). The gate counts a ruling
// only with this record, re-checks the comment it names, and recomputes
// the digest at the gated head (package hitl).
type Ruling struct {
	// Paths are the repository paths ruled on, sorted, each once.
	Paths []string `json:"paths"`
	// Source is the id of the comment that ruled.
	Source int64 `json:"source"`
	// Base is the merge base the edits are read from, Head the commit the
	// commenter saw (by GitHub's push records).
	Base string `json:"base"`
	Head string `json:"head"`
	// Digest is EditsDigest of Paths from Base to Head.
	Digest string `json:"digest"`
}

const rulingOpen = "<!-- storygate:ruling "

// Marker renders the ruling as a hidden HTML comment (JSON escapes < and
// >, so no value ends it early).
func (r Ruling) Marker() string {
	enc, _ := json.Marshal(r)
	return rulingOpen + string(enc) + receiptClose
}

// Reply is the comment storygate posts as the ruling's record.
func (r Ruling) Reply(login string) string {
	quoted := make([]string, len(r.Paths))
	for i, p := range r.Paths {
		quoted[i] = "`" + p + "`"
	}
	return fmt.Sprintf("%s\n@%s ruled on the revert check: %s permitted as edited from %s to %s; any later change to these files makes the ruling stale and needs a new `/%s`.\n\n%s\n",
		ReplyMarker, login, strings.Join(quoted, ", "), r.Base, r.Head, command.AllowTestEdit, r.Marker())
}

// ParseRuling reads the ruling a comment body is: ok only when the whole
// body is Ruling.Reply's rendering of plain values (rulingProblem).
func ParseRuling(body string) (Ruling, bool) {
	var r Ruling
	login, ok := readRecordReply(body, rulingOpen, &r)
	if !ok || rulingProblem(login, r) != "" || r.Reply(login) != body {
		return Ruling{}, false
	}
	return r, true
}

// rulingProblem says which of a ruling's values is not plain, "" when all
// are; it never quotes them.
func rulingProblem(login string, r Ruling) string {
	switch {
	case !loginRE.MatchString(login):
		return "the commenter's login is not a plain GitHub login"
	case len(r.Paths) == 0 || !slices.IsSorted(r.Paths) || len(slices.Compact(slices.Clone(r.Paths))) != len(r.Paths):
		return "the ruling names no path, or names one twice"
	case slices.ContainsFunc(r.Paths, func(p string) bool { return !plainPath(p) }):
		return "a path holds characters other than letters, digits, '.', '_', '-' and '/', or a '.' or '..' segment, so storygate cannot record a ruling on it"
	case r.Source <= 0 || !commitRE.MatchString(r.Base) || !commitRE.MatchString(r.Head) || !digestRE.MatchString(r.Digest):
		return "the record's comment id, commits or digest are malformed"
	}
	return ""
}

func plainPath(p string) bool {
	return plainPathRE.MatchString(p) && path.Clean(p) == p && !slices.Contains(strings.Split(p, "/"), "..") && !slices.Contains(strings.Split(p, "/"), ".")
}

// RulingPaths are the paths of an /allow-test-edit command as a ruling
// records them (sorted, each once), or why the command rules on nothing.
func RulingPaths(cmd command.Command) ([]string, string) {
	switch {
	case len(cmd.Paths) == 0:
		return nil, fmt.Sprintf("name the files it rules on: `%s`", command.RevertRuling([]string{"tests/a_test.go"}))
	case strings.TrimSpace(cmd.Rationale) == "":
		return nil, fmt.Sprintf("a ruling says why: put the rationale after %s (`%s`)", "`"+command.RulingSeparator+"`", command.RevertRuling(cmd.Paths))
	}
	paths := slices.Clone(cmd.Paths)
	slices.Sort(paths)
	paths = slices.Compact(paths)
	for _, p := range paths {
		if !plainPath(p) {
			return nil, "a path it names is not a plain repository path (letters, digits, '.', '_', '-' and '/', no '.' or '..' segment)"
		}
	}
	return paths, ""
}

// Rulings lists the ruling records the recorder posted on a pull request,
// unedited, in the order GitHub lists them.
func Rulings(ctx context.Context, l github.Ledger, repo github.Repo, pr int, r Recorder) ([]Ruling, error) {
	comments, err := l.ListComments(ctx, repo, pr)
	if err != nil {
		return nil, fmt.Errorf("read storygate's ruling records: %w", err)
	}
	var out []Ruling
	for _, c := range comments {
		if !r.Authored(c) || c.Edited() {
			continue
		}
		if rl, ok := ParseRuling(c.Body); ok {
			out = append(out, rl)
		}
	}
	return out, nil
}

// EditsDigest is the digest of exactly the edits to paths (repository
// paths) from base to head: each path with its blob at both commits
// ("-" where absent), so any later change to one of those files, or to
// its version at the merge base, changes it, and a change to any other
// file does not.
func EditsDigest(t *target.Target, base, head string, paths []string) (string, error) {
	b, err := t.Object(base)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	h, err := t.Object(head)
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	sum := sha256.New()
	for _, p := range slices.Sorted(slices.Values(paths)) {
		from, err := blobAt(b, p)
		if err != nil {
			return "", err
		}
		to, err := blobAt(h, p)
		if err != nil {
			return "", err
		}
		fmt.Fprintf(sum, "%s\x00%s\x00%s\n", p, from, to)
	}
	return "sha256:" + hex.EncodeToString(sum.Sum(nil)), nil
}

// Edited reports whether path differs between base and head.
func Edited(t *target.Target, base, head, path string) (bool, error) {
	b, err := t.Object(base)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	h, err := t.Object(head)
	if err != nil {
		return false, fmt.Errorf("%w: %w", ErrNotInHistory, err)
	}
	from, err := blobAt(b, path)
	if err != nil {
		return false, err
	}
	to, err := blobAt(h, path)
	return from != to, err
}

// blobAt is path's blob id at c, "-" when c has no such file.
func blobAt(c *object.Commit, p string) (string, error) {
	f, err := c.File(p)
	if errors.Is(err, object.ErrFileNotFound) || errors.Is(err, object.ErrDirectoryNotFound) {
		return "-", nil
	}
	if err != nil {
		return "", fmt.Errorf("read %s at %s: %w", p, c.Hash, err)
	}
	return f.Mode.String() + " " + f.Hash.String(), nil
}
