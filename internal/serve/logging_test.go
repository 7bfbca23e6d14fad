package serve

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"
)

// leaks names the secret or a line of the key's PEM found in text.
func leaks(text string, key Secret) []string {
	var found []string
	if strings.Contains(text, string(testSecret)) {
		found = append(found, "the webhook secret")
	}
	for _, line := range strings.Split(string(key), "\n") {
		if len(line) > 16 && !strings.HasPrefix(line, "-----") && strings.Contains(text, line) {
			found = append(found, "a line of the private key")
			break
		}
	}
	return found
}

// TestLogsCarryTheDeliveryIDAndNeverTheSecrets: every line of a
// delivery, the handler's own included, is JSON carrying the delivery's
// id; refusals carry the id they claimed; no line carries the webhook
// secret or the private key, even when a handler fails and a forger
// sends the secret itself as the signature.
func TestLogsCarryTheDeliveryIDAndNeverTheSecrets(t *testing.T) {
	t.Parallel()
	h := &recorder{log: "handler was here", err: errors.New("GitHub answered 502")}
	r := start(t, h, Limits{}, nil)
	body := payload(t, "issue_comment.created.1")
	const good, forged = "0f6a5c1e-7777-11ef-8000-000000000001", "0f6a5c1e-7777-11ef-8000-000000000002"
	send(t, delivery(t, r.url, "issue_comment", good, body, Sign(testSecret, body)))
	send(t, delivery(t, r.url, "issue_comment", forged, body, "sha256="+string(testSecret)))
	r.stop()
	<-r.done
	r.done <- nil

	perDelivery := map[string][]string{}
	sc := bufio.NewScanner(strings.NewReader(r.logs.String()))
	for sc.Scan() {
		var line map[string]any
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatalf("not a JSON log line: %q", sc.Text())
		}
		msg, _ := line["msg"].(string)
		id, _ := line["delivery"].(string)
		if strings.Contains(msg, "delivery") || strings.Contains(msg, "webhook") || msg == h.log {
			if id == "" {
				t.Errorf("a delivery's line without its id: %s", sc.Text())
			}
			perDelivery[id] = append(perDelivery[id], msg)
		}
	}
	want := map[string][]string{good: {"delivery received", h.log, "delivery failed"}, forged: {"webhook refused"}}
	if fmt.Sprint(perDelivery) != fmt.Sprint(want) {
		t.Errorf("lines by delivery: %v, want %v", perDelivery, want)
	}
	if found := leaks(r.logs.String(), testKey(t)); len(found) > 0 {
		t.Errorf("the log carries %v:\n%s", found, r.logs.String())
	}
	if found := leaks(r.logs.String()+"sha256=", testKey(t)); len(found) != 0 {
		t.Fatal("control of leaks: a log without the secret was taken for a leak")
	}
	if found := leaks(string(testSecret), testKey(t)); len(found) != 1 {
		t.Error("control of leaks: the secret itself was not found")
	}
}

// TestSecretsNeverPrint: a Config printed with every verb, logged with
// slog or marshalled to JSON shows neither the secret nor the key.
func TestSecretsNeverPrint(t *testing.T) {
	t.Parallel()
	cfg := Config{Listen: ":8080", App: Credentials{AppID: 1, PrivateKey: testKey(t)}, WebhookSecret: testSecret}
	var b strings.Builder
	for _, verb := range []string{"%v", "%+v", "%#v", "%s", "%x", "%X", "%q", "%d"} {
		fmt.Fprintf(&b, verb+"\n", cfg)
		fmt.Fprintf(&b, verb+"\n", cfg.WebhookSecret)
	}
	slog.New(slog.NewJSONHandler(&b, nil)).Info("config", "cfg", cfg, "secret", cfg.WebhookSecret, "key", cfg.App.PrivateKey)
	data, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	b.Write(data)
	if found := leaks(b.String(), testKey(t)); len(found) > 0 {
		t.Errorf("printing the configuration shows %v:\n%s", found, b.String())
	}
	if !strings.Contains(b.String(), redacted) {
		t.Errorf("the configuration printed without the redaction mark:\n%s", b.String())
	}
}
