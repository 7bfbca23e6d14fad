package serve

import (
	"errors"
	"fmt"
	"net/http"
)

// maxHeaderToken bounds the X-GitHub-Delivery and X-GitHub-Event values:
// GitHub's are a GUID and an event name.
const maxHeaderToken = 64

// deliveryHeaders are the delivery's id and event, checked to be what
// GitHub sends (a GUID, a snake_case name), since both are logged and
// counted before the handler decides anything.
func deliveryHeaders(h http.Header) (id, event string, err error) {
	id, event = h.Get("X-GitHub-Delivery"), h.Get("X-GitHub-Event")
	var errs []error
	if !token(id, isDeliveryByte) {
		errs = append(errs, fmt.Errorf("X-GitHub-Delivery: want GitHub's delivery id (a GUID), got %d bytes", len(id)))
	}
	if !token(event, isEventByte) {
		errs = append(errs, fmt.Errorf("X-GitHub-Event: want an event name such as issue_comment, got %d bytes", len(event)))
	}
	if len(errs) > 0 {
		return "", "", errors.Join(errs...)
	}
	return id, event, nil
}

// token reports whether v is 1 to maxHeaderToken bytes, each allowed.
func token(v string, allowed func(byte) bool) bool {
	if v == "" || len(v) > maxHeaderToken {
		return false
	}
	for i := range len(v) {
		if !allowed(v[i]) {
			return false
		}
	}
	return true
}

func isDeliveryByte(c byte) bool {
	return c == '-' || ('0' <= c && c <= '9') || ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z')
}

func isEventByte(c byte) bool { return c == '_' || ('a' <= c && c <= 'z') }
