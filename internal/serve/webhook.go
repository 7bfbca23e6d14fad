package serve

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"os"
	"time"
)

// webhook answers POST /webhook: it refuses, before any handler sees the
// delivery, what GitHub did not send (a missing or wrong signature), what
// is larger than GitHub ever sends, and a client too slow to send it; it
// hands the rest to the Handler and answers by its outcome.
type webhook struct {
	secret  Secret
	limits  Limits
	handler Handler
	metrics *Metrics
	logger  *slog.Logger
	now     func() time.Time
	// base is the handlers' context: a delivery's handling does not end
	// when its client goes (GitHub stops waiting after 10 s), only when
	// the server gives up draining.
	base context.Context
}

// refusal is a request refused before any handler saw it.
type refusal struct {
	status int
	reason string
	err    error
}

// ServeHTTP checks the request in order (method, headers, signature
// header, size, body, signature) and delivers what passes.
func (wh *webhook) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	d, ref := wh.verified(w, r)
	if ref != nil {
		wh.refuse(w, r, d.ID, ref)
		return
	}
	wh.deliver(w, d)
}

// verified reads the delivery and checks it; the delivery's id is set as
// soon as its header is known, for the refusal's log line.
func (wh *webhook) verified(w http.ResponseWriter, r *http.Request) (Delivery, *refusal) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		return Delivery{}, &refusal{http.StatusMethodNotAllowed, "method", fmt.Errorf("method %s: deliveries are POSTed", r.Method)}
	}
	var d Delivery
	var err error
	if d.ID, d.Event, err = deliveryHeaders(r.Header); err != nil {
		return Delivery{}, &refusal{http.StatusBadRequest, "headers", err}
	}
	sum, err := ParseSignature(r.Header.Get("X-Hub-Signature-256"))
	if err != nil {
		return d, &refusal{http.StatusUnauthorized, "signature", err}
	}
	if ref := wh.checkContent(r); ref != nil {
		return d, ref
	}
	body, ref := wh.readBody(w, r)
	if ref != nil {
		return d, ref
	}
	if err := verifySignature(wh.secret, body, sum); err != nil {
		return d, &refusal{http.StatusUnauthorized, "signature", err}
	}
	d.Body, d.Received = body, wh.now()
	return d, nil
}

// checkContent refuses a body that is not JSON (an App's webhooks always
// are) or declares more bytes than the cap, before reading any of it.
func (wh *webhook) checkContent(r *http.Request) *refusal {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != "application/json" {
		return &refusal{http.StatusUnsupportedMediaType, "content_type", errors.New("the body is not application/json: set the App's webhook content type to JSON")}
	}
	if r.ContentLength > wh.limits.MaxBody {
		return &refusal{http.StatusRequestEntityTooLarge, "too_large", fmt.Errorf("Content-Length %d is over the %d-byte cap", r.ContentLength, wh.limits.MaxBody)}
	}
	return nil
}

// readBody reads at most the cap (http.MaxBytesReader stops the read
// there), within the server's read timeout.
func (wh *webhook) readBody(w http.ResponseWriter, r *http.Request) ([]byte, *refusal) {
	size := int64(64 << 10)
	if r.ContentLength > 0 {
		size = r.ContentLength
	}
	buf := bytes.NewBuffer(make([]byte, 0, min(size, wh.limits.MaxBody)+1))
	_, err := buf.ReadFrom(http.MaxBytesReader(w, r.Body, wh.limits.MaxBody))
	var tooLarge *http.MaxBytesError
	var netErr net.Error
	switch {
	case err == nil:
		return buf.Bytes(), nil
	case errors.As(err, &tooLarge):
		return nil, &refusal{http.StatusRequestEntityTooLarge, "too_large", fmt.Errorf("the body is over the %d-byte cap", wh.limits.MaxBody)}
	case errors.Is(err, os.ErrDeadlineExceeded) || (errors.As(err, &netErr) && netErr.Timeout()):
		return nil, &refusal{http.StatusRequestTimeout, "timeout", fmt.Errorf("the body did not arrive within the read timeout (%s)", wh.limits.ReadTimeout)}
	}
	return nil, &refusal{http.StatusBadRequest, "read", fmt.Errorf("read the body: %w", err)}
}

// refuse answers a refused request and logs why; nothing reaches GitHub.
func (wh *webhook) refuse(w http.ResponseWriter, r *http.Request, id string, ref *refusal) {
	wh.metrics.refuse(ref.reason)
	attrs := []any{"status", ref.status, "reason", ref.reason, "error", ref.err.Error(), "remote", r.RemoteAddr}
	if id != "" {
		attrs = append([]any{"delivery", id}, attrs...)
	}
	wh.logger.Warn("webhook refused", attrs...)
	if ref.status == http.StatusRequestEntityTooLarge || ref.status == http.StatusRequestTimeout {
		w.Header().Set("Connection", "close")
	}
	writeAnswer(w, ref.status, answer{Delivery: id, Refused: ref.reason})
}

// deliver hands d to the handler and answers by its outcome: 2xx for
// handled, ignored and duplicate; 500 for an error, so that GitHub may
// redeliver.
func (wh *webhook) deliver(w http.ResponseWriter, d Delivery) {
	log := wh.logger.With("delivery", d.ID, "event", d.Event)
	defer wh.metrics.track()()
	ctx, cancel := context.WithTimeout(withLogger(wh.base, log), wh.limits.HandlerTimeout)
	defer cancel()
	log.Info("delivery received", "bytes", len(d.Body))
	outcome, err := handle(ctx, wh.handler, d)
	elapsed := wh.now().Sub(d.Received)
	wh.metrics.delivered(d.Event, outcome, elapsed)
	status := outcomeStatus(outcome)
	if err != nil {
		log.Error("delivery failed", "outcome", outcome, "status", status, "duration", elapsed.Seconds(), "error", err.Error())
	} else {
		log.Info("delivery answered", "outcome", outcome, "status", status, "duration", elapsed.Seconds())
	}
	writeAnswer(w, status, answer{Delivery: d.ID, Outcome: string(outcome)})
}

// handle calls h, turning a panic, and an outcome that is none of the
// successful ones, into Failed with an error.
func handle(ctx context.Context, h Handler, d Delivery) (outcome Outcome, err error) {
	defer func() {
		if p := recover(); p != nil {
			outcome, err = Failed, fmt.Errorf("the handler panicked: %v", p)
		}
	}()
	outcome, err = h.Handle(ctx, d)
	switch {
	case err != nil:
		return Failed, err
	case outcome != Handled && outcome != Ignored && outcome != Duplicate:
		return Failed, fmt.Errorf("the handler returned the outcome %q without an error", outcome)
	}
	return outcome, nil
}

// outcomeStatus is the answer GitHub gets for an outcome.
func outcomeStatus(o Outcome) int {
	switch o {
	case Handled, Duplicate:
		return http.StatusOK
	case Ignored:
		return http.StatusAccepted
	}
	return http.StatusInternalServerError
}

// answer is the JSON body of every answer to /webhook; GitHub shows it in
// the App's delivery log. It never carries an error's text.
type answer struct {
	Delivery string `json:"delivery,omitempty"`
	Outcome  string `json:"outcome,omitempty"`
	Refused  string `json:"refused,omitempty"`
}

func writeAnswer(w http.ResponseWriter, status int, a answer) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(a)
}
