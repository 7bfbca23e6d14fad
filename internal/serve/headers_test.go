package serve

import (
	"net/http"
	"strings"
	"testing"
)

// TestDeliveryHeaders: a GUID and a snake_case event pass; anything a
// log line or a metric label should not carry is refused.
func TestDeliveryHeaders(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		id, event string
		ok        bool
	}{
		{"72d3162e-cc78-11e3-81ab-4c9367dc0958", "issue_comment", true},
		{"", "issue_comment", false},
		{"72d3162e", "", false},
		{"72d3162e\r\nx", "push", false},
		{"72d3162e", "Issue_Comment", false},
		{"72d3162e", `push"}`, false},
		{strings.Repeat("a", maxHeaderToken+1), "push", false},
		{strings.Repeat("a", maxHeaderToken), strings.Repeat("a", maxHeaderToken), true},
	} {
		h := http.Header{}
		h.Set("X-GitHub-Delivery", c.id)
		h.Set("X-GitHub-Event", c.event)
		id, event, err := deliveryHeaders(h)
		if (err == nil) != c.ok || (c.ok && (id != c.id || event != c.event)) {
			t.Errorf("deliveryHeaders(%q, %q) = %q, %q, %v; want ok %v", c.id, c.event, id, event, err, c.ok)
		}
	}
}

// FuzzDeliveryHeaders: whatever the headers, an accepted id and event
// are short and hold only the bytes a log line and a label keep as they
// are.
func FuzzDeliveryHeaders(f *testing.F) {
	f.Add("72d3162e-cc78-11e3-81ab-4c9367dc0958", "issue_comment")
	f.Add("a\"b", "push\n")
	f.Fuzz(func(t *testing.T, id, event string) {
		h := http.Header{"X-Github-Delivery": {id}, "X-Github-Event": {event}}
		gotID, gotEvent, err := deliveryHeaders(h)
		if err != nil {
			return
		}
		if gotID != id || gotEvent != event || len(id) > maxHeaderToken || len(event) > maxHeaderToken ||
			strings.ContainsAny(id+event, "\"\\\n\r {}=,") {
			t.Fatalf("deliveryHeaders(%q, %q) accepted %q, %q", id, event, gotID, gotEvent)
		}
	})
}
