package storygen

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// domain is the area of a codebase a story works in.
type domain struct {
	name, noun, lang, convention string
	endpoint                     string
}

var domains = []domain{
	{"orders", "order", "go", "docs/conventions/go.md", "/orders"},
	{"invoices", "invoice", "go", "docs/conventions/go.md", "/invoices"},
	{"catalog", "product", "ts", "docs/conventions/typescript.md", "/products"},
	{"payments", "payment", "go", "docs/conventions/go.md", "/payments"},
	{"accounts", "account", "py", "docs/conventions/python.md", "/accounts"},
	{"sessions", "session", "ts", "docs/conventions/typescript.md", "/sessions"},
	{"search", "query", "py", "docs/conventions/python.md", "/search"},
	{"inventory", "stock item", "go", "docs/conventions/go.md", "/inventory"},
	{"shipping", "shipment", "py", "docs/conventions/python.md", "/shipments"},
	{"notifications", "notification", "ts", "docs/conventions/typescript.md", "/notifications"},
	{"reports", "report", "py", "docs/conventions/python.md", "/reports"},
	{"billing", "subscription", "go", "docs/conventions/go.md", "/subscriptions"},
}

var exts = map[string]string{"go": ".go", "ts": ".ts", "py": ".py"}

// write is the domain's scope.write.
func (d domain) write() []string { return []string{"src/" + d.name + "/", "tests/" + d.name + "/"} }

// files are source and test files inside the domain's scope.write.
func (d domain) files() []string {
	ext := exts[d.lang]
	out := make([]string, 0, len(fileStems)*2)
	for _, stem := range fileStems {
		out = append(out, "src/"+d.name+"/"+stem+ext)
	}
	for _, stem := range fileStems[:3] {
		test := "tests/" + d.name + "/" + stem + "_test" + ext
		out = append(out, test)
	}
	return out
}

// commands are the verification commands that fit the domain's language.
func (d domain) commands() []string {
	switch d.lang {
	case "go":
		return []string{"go test ./src/" + d.name + "/...", "./scripts/bench-" + d.name + ".sh", "go vet ./src/" + d.name + "/...", "make e2e-" + d.name}
	case "ts":
		return []string{"npm test --prefix src/" + d.name, "npm run lint --prefix src/" + d.name, "./scripts/bench-" + d.name + ".sh", "make e2e-" + d.name}
	}
	return []string{"pytest tests/" + d.name, "ruff check src/" + d.name, "./scripts/bench-" + d.name + ".sh", "make e2e-" + d.name}
}

var fileStems = []string{"handler", "validate", "store", "service", "cache", "client", "model"}

var tagWords = []string{"api", "performance", "reliability", "security", "ux", "data", "tech-debt"}

var titleVerbs = []string{"Reject malformed", "Cache", "Paginate", "Validate", "Retry failed", "Rate-limit",
	"Audit changes to", "Index", "Deduplicate", "Export", "Archive stale", "Encrypt", "Batch writes of", "Stream"}

var titleTails = []string{"", "", " on checkout", " for admins", " in the nightly job", " behind a flag",
	" across regions", " for large tenants", " in the public API"}

// title is a short imperative title.
func title(r *rand.Rand, d domain) string {
	return pick(r, titleVerbs) + " " + d.name + pick(r, titleTails)
}

var acLines = []string{
	"A malformed {noun} body is rejected with HTTP 400",
	"p95 latency of GET {endpoint} stays <= {n}ms under 200 rps",
	"Every {noun} change writes exactly one audit record",
	"Exporting {n} {noun} rows completes in under 30 s",
	"Duplicate {noun} submissions within 5 s create one record",
	"A {noun} lookup served from cache returns within {n}ms",
	"No {noun} endpoint returns HTTP 500 for client errors",
	"The {noun} list endpoint returns at most 100 items per page",
	"Stale {noun} records older than 90 days are archived nightly",
}

var passWhens = []string{
	"exit_code == 0",
	"exit_code == 0",
	`exit_code == 0 && stdout.contains("p95_ok")`,
	"exit_code == 0 && duration_ms < 600000",
	`exit_code == 0 && !stderr.contains("FAIL")`,
}

var goalOpeners = []string{
	"Today {noun} requests that fail validation reach the database layer and surface as HTTP 500.",
	"The {name} service answers GET {endpoint} with a p95 of roughly {n}ms, well over budget.",
	"Support tickets about {noun} handling have doubled this quarter.",
	"The {name} module has grown without tests around its edge cases.",
	"Operators cannot tell which {noun} changed, when, or by whom.",
}

var goalMiddles = []string{
	"Customers see opaque errors and retry, which multiplies load on the {name} store.",
	"On-call engineers spend hours each week tracing these failures by hand.",
	"The nightly jobs that read {name} data time out about once a week.",
	"Partners integrating with {endpoint} have asked for predictable behaviour.",
}

var goalClosers = []string{
	"After this story the {name} service rejects bad input early and says why.",
	"After this story {noun} reads stay fast under peak load and the budget holds.",
	"After this story every {noun} change is traceable and the nightly jobs finish.",
	"After this story the {name} behaviour is covered by tests and documented.",
}

var nonGoalLines = []string{
	"Changing the {noun} schema.",
	"Migrating historical {name} data.",
	"Redesigning the {name} UI.",
	"Supporting a second storage backend.",
}

var constraintLines = []string{
	"No new dependencies.",
	"Keep the public {endpoint} contract backward compatible.",
	"The change must ship behind a feature flag.",
	"Stay within the current database connection budget.",
	"No downtime during rollout.",
}

var planSummaries = []string{
	"Validate the {noun} body in the handler before it reaches the service.",
	"Put a read-through cache in front of the {name} store.",
	"Add an append-only audit table for {noun} changes.",
	"Split the {name} export into batches of {n} rows.",
	"Introduce an idempotency key for {noun} submissions.",
}

var planSteps = []string{
	"Add a validator for the {noun} body.",
	"Return HTTP 400 with the validation errors.",
	"Wire the cache into the {name} service constructor.",
	"Write table-driven tests for the {noun} edge cases.",
	"Add a benchmark for GET {endpoint}.",
	"Document the new behaviour in the {name} README.",
	"Record metrics for cache hits and misses.",
	"Backfill missing {noun} records in a one-off job.",
}

var assumptionLines = []string{
	"The JSON decoder is the only entry point for {noun} data.",
	"The {name} store tolerates an extra index.",
	"Clients already send a request id.",
	"Traffic to {endpoint} stays below 500 rps.",
}

var riskLines = []string{
	"Latency of validation on large {noun} bodies.",
	"Cache invalidation bugs serving stale {noun} data.",
	"Audit table growth.",
	"Lock contention on the {name} table during backfill.",
}

var iterSummaries = []string{
	"Added the validator and its tests.",
	"Moved validation out of the hot path.",
	"Introduced the cache with a 60 s TTL.",
	"Fixed the flaky {noun} test by seeding the clock.",
	"Reduced allocations in the {name} handler.",
	"Addressed the evaluator's feedback on error wrapping.",
}

var conventionSections = []string{"errors", "naming", "testing", "logging", "context"}

var violations = []string{"error not wrapped", "exported name without doc comment", "test without table",
	"log line without request id", "context not passed through"}

var concerns = []string{"latency", "correctness", "maintainability", "observability"}

var approaches = []string{"validates twice", "caches without TTL", "retries without backoff", "parses {noun} by hand"}

var qualityConcerns = []string{"p95 over budget", "stale reads possible", "hard to test", "no metrics"}

var feedbackLines = []string{
	"Validate the {noun} once at the edge.",
	"Wrap errors with context.",
	"Add a test for the empty {noun} case.",
	"Bound the cache size.",
	"Log the request id with every {name} error.",
}

var rationales = map[string][]string{
	"approve_plan":         {"The plan keeps {noun} validation at the edge.", "Small, testable steps.", "The risks are understood and bounded."},
	"reject_plan":          {"The plan changes the {noun} schema, which is a non-goal.", "Too broad for one story."},
	"block":                {"Waiting on the {name} team's capacity review."},
	"unblock_to_planning":  {"Capacity confirmed; replan with the new limits."},
	"accept_result":        {"All checks pass.", "Evidence is complete and every criterion holds."},
	"request_revision":     {"Latency budget missed.", "A verification failed; fix before review."},
	"escalate":             {"The evaluator could not run a check; needs a ruling."},
	"ruling_to_generating": {"Run the benchmark on the staging box and retry."},
	"mark_done":            {"Merged.", "Merged and deployed to production."},
}

// sentences fills n distinct templates from lines.
func sentences(r *rand.Rand, lines []string, d domain, n int) []string {
	picked := pickN(r, lines, n)
	out := make([]string, len(picked))
	for i, l := range picked {
		out[i] = fill(r, l, d)
	}
	return out
}

// fill expands {noun}, {name}, {endpoint} and {n} (a random number) in t.
func fill(r *rand.Rand, t string, d domain) string {
	if !strings.Contains(t, "{") {
		return t
	}
	t = strings.ReplaceAll(t, "{noun}", d.noun)
	t = strings.ReplaceAll(t, "{name}", d.name)
	t = strings.ReplaceAll(t, "{endpoint}", d.endpoint)
	for strings.Contains(t, "{n}") {
		t = strings.Replace(t, "{n}", strconv.Itoa(50*(1+r.IntN(20))), 1)
	}
	return t
}
