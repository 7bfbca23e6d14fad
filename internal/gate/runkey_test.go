package gate

import "testing"

// TestRunExternalID: the key names the gate and root, the run and its
// attempt, and the head, so two runs (or attempts, or heads) never share
// one, and a value with a space cannot forge another field.
func TestRunExternalID(t *testing.T) {
	for _, tt := range []struct {
		id   Identity
		run  Run
		head string
		want string
	}{
		{Identity{Stories, ""}, Run{ID: "99", Attempt: "1"}, "abc", "storygate/stories run=99.1 head=abc"},
		{Identity{Stories, ""}, Run{ID: "99", Attempt: "2"}, "abc", "storygate/stories run=99.2 head=abc"},
		{Identity{Stories, ""}, Run{ID: "99"}, "abc", "storygate/stories run=99.1 head=abc"},
		{Identity{Verify, "pkg-a"}, Run{ID: "7", Attempt: "3"}, "def", "storygate/verify@pkg-a run=7.3 head=def"},
		{Identity{Verify, "packages/b c"}, Run{ID: "7", Attempt: "1"}, "def", "storygate/verify@packages/b c run=7.1 head=def"},
		{Identity{Records, ""}, Run{}, "abc", "storygate/records head=abc"},
		{Identity{Records, ""}, Run{ID: "1 head=x", Attempt: "1"}, "abc", "storygate/records run=1_head=x.1 head=abc"},
	} {
		if got := tt.id.RunExternalID(tt.run, tt.head); got != tt.want {
			t.Errorf("%+v %+v %s: %q, want %q", tt.id, tt.run, tt.head, got, tt.want)
		}
	}
	seen := map[string]bool{}
	for _, run := range []Run{{ID: "1", Attempt: "1"}, {ID: "1", Attempt: "2"}, {ID: "2", Attempt: "1"}} {
		for _, head := range []string{"a", "b"} {
			key := Identity{Stories, ""}.RunExternalID(run, head)
			if seen[key] {
				t.Errorf("%q made twice", key)
			}
			seen[key] = true
		}
	}
}
