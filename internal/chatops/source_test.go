package chatops

import "testing"

func TestParseSource(t *testing.T) {
	src, ok := ParseSource("https://ghes.example.com/o/r/pull/12#issuecomment-345")
	if !ok || src != (Source{Repo: "o/r", PR: 12, CommentID: 345}) {
		t.Errorf("got %+v %v", src, ok)
	}
	for _, bad := range []string{"https://github.com/o/r/issues/12#issuecomment-3", "http://github.com/o/r/pull/1#issuecomment-3", "see comment"} {
		if _, ok := ParseSource(bad); ok {
			t.Errorf("%q parsed as a source", bad)
		}
	}
}
