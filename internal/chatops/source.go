package chatops

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/storygate/storygate/internal/story"
)

// Source is the comment a Decision entry names as its **Source:**.
type Source struct {
	// Repo is "owner/name" as written in the URL.
	Repo      string
	PR        int
	CommentID int64
}

// sourceRE reads https://<host>/<owner>/<repo>/pull/<n>#issuecomment-<id>
// (GHES hosts included).
var sourceRE = regexp.MustCompile(`^https://[^/\s]+/([^/\s]+/[^/\s]+)/pull/([0-9]+)#issuecomment-([0-9]+)$`)

// ParseSource reads a **Source:** value.
func ParseSource(value string) (Source, bool) {
	m := sourceRE.FindStringSubmatch(strings.TrimSpace(story.Clean(value)))
	if m == nil {
		return Source{}, false
	}
	pr, err1 := strconv.Atoi(m[2])
	id, err2 := strconv.ParseInt(m[3], 10, 64)
	if err1 != nil || err2 != nil {
		return Source{}, false
	}
	return Source{Repo: m[1], PR: pr, CommentID: id}, true
}

// RecordedFrom reports whether s already holds a decision taken in the
// comment commentID: what makes a replayed event record nothing.
func RecordedFrom(s *story.Story, commentID int64) bool {
	for _, d := range s.Decisions() {
		f, ok := d.Field("Source")
		if !ok {
			continue
		}
		if src, ok := ParseSource(f.Value); ok && src.CommentID == commentID {
			return true
		}
	}
	return false
}
