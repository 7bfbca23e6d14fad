package report

import (
	"fmt"
	"net/url"
	"regexp"
	"strings"

	"github.com/storygate/storygate/internal/gate"
	"github.com/storygate/storygate/internal/inert"
)

// links builds the comment's links from the event: files at the head
// commit, and the checks of the pull request (or of the commit). Each is
// "" when the event does not say enough, and then the comment shows plain
// text rather than a link that may point somewhere else.
type links struct {
	// blob is "<server>/<owner>/<repo>/blob/<sha>/".
	blob string
	// checks lists the check runs of the pull request or commit.
	checks string
}

var (
	repoShape = regexp.MustCompile(`^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$`)
	shaShape  = regexp.MustCompile(`^[0-9a-f]{40}([0-9a-f]{24})?$`)
)

// defaultServer is where repositories live when the run does not say.
const defaultServer = "https://github.com"

func linksOf(ev gate.Event) links {
	if !repoShape.MatchString(ev.Repository) || strings.Contains(ev.Repository, "..") {
		return links{}
	}
	repo := serverOf(ev) + "/" + ev.Repository
	var l links
	if shaShape.MatchString(ev.HeadSHA) {
		l.blob = repo + "/blob/" + ev.HeadSHA + "/"
		l.checks = repo + "/commit/" + ev.HeadSHA + "/checks"
	}
	if ev.PullRequest > 0 {
		l.checks = fmt.Sprintf("%s/pull/%d/checks", repo, ev.PullRequest)
	}
	return l
}

// serverOf is the GitHub server of the run (GitHub Enterprise Server has its
// own host): the origin of the run URL when that URL is one of the
// repository's workflow runs, else github.com.
func serverOf(ev gate.Event) string {
	u, err := url.Parse(ev.RunURL)
	if err != nil || u.Scheme != "https" || u.Host == "" || u.User != nil ||
		!strings.HasPrefix(u.Path, "/"+ev.Repository+"/actions/runs/") {
		return defaultServer
	}
	return "https://" + u.Host
}

// file renders path as code, linked to the file at the head commit.
func (l links) file(path string) string {
	text := inert.Code(path)
	if l.blob == "" || !linkablePath(path) {
		return text
	}
	return "[" + text + "](" + l.blob + linkTarget(sarifURI(path)) + ")"
}

// line renders text linked to line n of path at the head commit.
func (l links) line(path string, n int, text string) string {
	if l.blob == "" || n < 1 || !linkablePath(path) {
		return text
	}
	return fmt.Sprintf("[%s](%s%s#L%d)", text, l.blob, linkTarget(sarifURI(path)), n)
}

// checksText names the check runs, linked when their page is known.
func (l links) checksText() string {
	if l.checks == "" {
		return "the check runs"
	}
	return "[the check runs](" + l.checks + ")"
}

// linkablePath refuses paths that would leave the repository's tree in a
// URL (absolute, dot segments); the results document already refuses
// them, and a comment rendered from an unchecked document must not link
// them either.
func linkablePath(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") {
		return false
	}
	for _, seg := range strings.Split(p, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return false
		}
	}
	return true
}
