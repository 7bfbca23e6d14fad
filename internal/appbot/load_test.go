package appbot_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/appbot"
	"github.com/storygate/storygate/internal/chatops"
	"github.com/storygate/storygate/internal/github/githubtest"
	"github.com/storygate/storygate/internal/serve"
)

// syncedCheckouts gives a repository's origin GitHub's contents-API
// commits before each clone (syncing and cloning one at a time per
// repository), as GitHub's own repository always holds them.
type syncedCheckouts struct {
	w     *world
	inner appbot.Checkouts
	mu    sync.Map // full name → *sync.Mutex
}

func (s *syncedCheckouts) Checkout(ctx context.Context, c appbot.Checkout) error {
	m, _ := s.mu.LoadOrStore(c.Repo.FullName(), &sync.Mutex{})
	mu := m.(*sync.Mutex)
	mu.Lock()
	defer mu.Unlock()
	s.w.sync(c.Repo.FullName())
	return s.inner.Checkout(ctx, c)
}

// BenchmarkIssueCommentLoad is issue 26's load test: 1,000 issue_comment
// deliveries (STORYGATE_LOAD_DELIVERIES) across 50 repositories (20 slash
// commands on each one's pull request, the first deciding, the rest
// refused as the story has moved on or the branch moved under them),
// signed and posted to two replicas (each the real webhook server in front
// of a handler), eight deliveries at a time, against the fake
// GitHub and git over smart HTTP on loopback. It reports the p50 and p99
// latency from a delivery to its answer on GitHub (the receipt or reply,
// then the reaction and the dispatch), the peak heap in use, the memory
// the process took from the OS (the fake GitHub's included), and fails unless every
// comment got exactly one reaction and one answer (nothing lost or
// doubled). bench/appbot.sh runs it; bench/README.md has the figures.
func BenchmarkIssueCommentLoad(b *testing.B) {
	total := 1000
	if s := os.Getenv("STORYGATE_LOAD_DELIVERIES"); s != "" {
		total, _ = strconv.Atoi(s)
	}
	const repos, workers = 50, 8
	for range b.N {
		b.StopTimer()
		w := newWorld(b)
		var deliveries []serve.Delivery
		var names []string
		for i := range repos {
			full := fmt.Sprintf("acme/service-%02d", i)
			w.addRepo(full)
			names = append(names, full)
		}
		for i := range total {
			full := names[i%repos]
			deliveries = append(deliveries, w.comment(full, reviewer, fmt.Sprintf("/approve-plan STORY-002 review %d", i)))
		}
		checkouts := &syncedCheckouts{w: w, inner: appbot.GitCheckouts{BaseURL: w.origin.url, Env: gitEnv(w.t)}}
		replicas := []*appbot.Handler{w.handler(func(d *appbot.Deps) { d.Checkouts = checkouts }), w.handler(func(d *appbot.Deps) { d.Checkouts = checkouts })}
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		b.StartTimer()
		latencies, peak := runLoad(b, serveReplicas(b, replicas), deliveries, workers)
		b.StopTimer()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		checkNothingLostOrDoubled(b, w, names, total)
		slices.Sort(latencies)
		b.ReportMetric(ms(latencies[len(latencies)/2]), "p50-ms")
		b.ReportMetric(ms(latencies[len(latencies)*99/100]), "p99-ms")
		b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MiB")
		b.ReportMetric(float64(after.Sys)/(1<<20), "sys-MiB")
		b.ReportMetric(float64(after.TotalAlloc-before.TotalAlloc)/float64(total)/(1<<10), "alloc-KiB/delivery")
	}
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// loadSecret is the webhook secret the load test's servers check.
var loadSecret = []byte("the load test's webhook secret")

// serveReplicas puts each handler behind a webhook server of its own on
// loopback, as replicas behind a load balancer are, and returns their
// /webhook URLs; the servers stop when the benchmark ends.
func serveReplicas(b *testing.B, replicas []*appbot.Handler) []string {
	var urls []string
	for _, h := range replicas {
		urls = append(urls, serveWebhook(b, h, loadSecret, serve.Limits{}))
	}
	return urls
}

// serveWebhook runs the real webhook server in front of h on loopback,
// checking signatures with secret, until the test ends; its /webhook URL.
func serveWebhook(t testing.TB, h serve.Handler, secret []byte, limits serve.Limits) string {
	t.Helper()
	srv, err := serve.New(serve.Config{App: serve.Credentials{AppID: appID}, WebhookSecret: secret, Limits: limits},
		serve.Deps{Handler: h, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	go func() { _ = srv.Serve(ctx, ln) }()
	return "http://" + ln.Addr().String() + "/webhook"
}

// postSigned posts d to url as GitHub does (its headers, the body signed
// with loadSecret) and returns the status.
func postSigned(url string, d serve.Delivery) (int, error) {
	return postDelivery(url, d, d.Body, serve.Sign(loadSecret, d.Body))
}

// postDelivery posts body as delivery d, with signature as its
// X-Hub-Signature-256, and returns the status.
func postDelivery(url string, d serve.Delivery, body []byte, signature string) (int, error) {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-GitHub-Event", d.Event)
	req.Header.Set("X-GitHub-Delivery", d.ID)
	req.Header.Set("X-Hub-Signature-256", signature)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	resp.Body.Close()
	return resp.StatusCode, nil
}

// runLoad posts the deliveries, signed, to the replicas' servers, workers
// at a time, and returns each one's latency (from the POST to its
// answer, which the server gives once the handler is done) and the
// highest heap in use seen.
func runLoad(b *testing.B, replicas []string, deliveries []serve.Delivery, workers int) ([]time.Duration, uint64) {
	jobs := make(chan int)
	latencies := make([]time.Duration, len(deliveries))
	var mu sync.Mutex
	var peak uint64
	var wg sync.WaitGroup
	for worker := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				start := time.Now()
				code, err := postSigned(replicas[(i+worker)%len(replicas)], deliveries[i])
				latencies[i] = time.Since(start)
				if err != nil || code != http.StatusOK {
					b.Errorf("delivery %d: HTTP %d, %v", i, code, err)
				}
				if i%50 == 0 {
					var m runtime.MemStats
					runtime.ReadMemStats(&m)
					mu.Lock()
					peak = max(peak, m.HeapInuse)
					mu.Unlock()
				}
			}
		}()
	}
	for i := range deliveries {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	return latencies, peak
}

// checkNothingLostOrDoubled: every command got exactly one reaction and
// the App posted exactly one answer per command on each pull request, one
// of them the receipt of the one decision.
func checkNothingLostOrDoubled(b *testing.B, w *world, names []string, total int) {
	answers, commands := 0, 0
	for _, full := range names {
		receipts := 0
		for _, c := range w.fake.Comments(full, prNumber) {
			switch {
			case c.Author == reviewer:
				commands++
				if len(c.Reactions) != 1 {
					b.Errorf("%s comment %d: reactions %v", full, c.ID, c.Reactions)
				}
			case c.Author == githubtest.AppBot(appID) && c.App == appID:
				answers++
				if _, ok := chatops.ParseReceipt(c.Body); ok {
					receipts++
				}
			}
		}
		if receipts != 1 {
			b.Errorf("%s: %d receipts, want 1", full, receipts)
		}
	}
	if commands != total || answers != total {
		b.Errorf("%d commands, %d answers by the App; want %d each", commands, answers, total)
	}
}
