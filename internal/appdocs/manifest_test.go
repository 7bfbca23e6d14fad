package appdocs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// manifest is a GitHub App manifest, the fields GitHub's manifest flow
// takes; an unknown key fails the decode.
type manifest struct {
	Name           string `json:"name"`
	URL            string `json:"url"`
	Description    string `json:"description"`
	HookAttributes struct {
		URL    string `json:"url"`
		Active bool   `json:"active"`
	} `json:"hook_attributes"`
	RedirectURL        string            `json:"redirect_url"`
	CallbackURLs       []string          `json:"callback_urls"`
	SetupURL           string            `json:"setup_url"`
	Public             bool              `json:"public"`
	DefaultPermissions map[string]access `json:"default_permissions"`
	DefaultEvents      []string          `json:"default_events"`
}

func readManifest(t *testing.T) manifest {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "app", "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var m manifest
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("docs/app/manifest.json: %v", err)
	}
	return m
}

// neededPermissions is the least a GitHub App needs to make the calls
// marked app and subscribe to events: per permission the higher level
// any of them needs, and metadata read, which every App has.
func neededPermissions(endpoints []endpoint, events []string) map[string]access {
	need := map[string]access{"metadata": read}
	grant := func(p string, l access) {
		if p != "" && need[p] != write {
			need[p] = l
		}
	}
	for _, e := range endpoints {
		if e.app {
			grant(e.permission, e.level)
		}
	}
	for _, ev := range events {
		grant(eventPermission[ev], read)
	}
	return need
}

// permissionDiff lists, one line each, what granted gives beyond need
// and what it lacks.
func permissionDiff(granted, need map[string]access) []string {
	var diff []string
	for _, p := range slices.Sorted(maps.Keys(granted)) {
		if need[p] != granted[p] {
			diff = append(diff, fmt.Sprintf("grants %s: %s, needed: %q", p, granted[p], need[p]))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(need)) {
		if _, ok := granted[p]; !ok {
			diff = append(diff, fmt.Sprintf("lacks %s: %s", p, need[p]))
		}
	}
	return diff
}

// TestTheManifestGrantsExactlyWhatTheAppNeeds: every permission
// docs/app/manifest.json grants is one an App call or event needs, at the
// level it needs, and every needed one is granted; it subscribes to
// exactly the App's events and delivers to serve's POST /webhook. A
// planted extra grant and a planted missing one are each reported.
func TestTheManifestGrantsExactlyWhatTheAppNeeds(t *testing.T) {
	t.Parallel()
	m := readManifest(t)
	need := neededPermissions(adapterEndpoints, appbotEvents)
	if diff := permissionDiff(m.DefaultPermissions, need); len(diff) > 0 {
		t.Errorf("docs/app/manifest.json default_permissions:\n%s", strings.Join(diff, "\n"))
	}
	if got, want := slices.Sorted(slices.Values(m.DefaultEvents)), slices.Sorted(slices.Values(appbotEvents)); !slices.Equal(got, want) {
		t.Errorf("docs/app/manifest.json default_events %v, want the App's events %v", got, want)
	}
	if u, err := url.Parse(m.HookAttributes.URL); err != nil || u.Scheme != "https" || u.Path != "/webhook" || !m.HookAttributes.Active {
		t.Errorf("hook_attributes %+v: want an active https URL whose path is serve's /webhook", m.HookAttributes)
	}
	planted := map[string]map[string]access{
		"an extra grant":  withGrant(m.DefaultPermissions, "administration", write),
		"a raised grant":  withGrant(m.DefaultPermissions, "pull_requests", write),
		"a missing grant": withGrant(m.DefaultPermissions, "checks", ""),
		"a lowered grant": withGrant(m.DefaultPermissions, "contents", read),
	}
	for name, granted := range planted {
		if len(permissionDiff(granted, need)) == 0 {
			t.Errorf("%s went unreported: %v", name, granted)
		}
	}
}

// withGrant is granted with p at l, or without p when l is "".
func withGrant(granted map[string]access, p string, l access) map[string]access {
	out := maps.Clone(granted)
	if l == "" {
		delete(out, p)
	} else {
		out[p] = l
	}
	return out
}

// TestEveryEventsPermissionIsGranted: each App event's permission is in
// the table, so a new event cannot be subscribed to without saying what
// it needs.
func TestEveryEventsPermissionIsGranted(t *testing.T) {
	t.Parallel()
	for _, ev := range appbotEvents {
		if eventPermission[ev] == "" {
			t.Errorf("event %s: no permission in eventPermission", ev)
		}
	}
}

// openAPIOperation is the part of an operation the cross-check reads.
type openAPIOperation struct {
	OperationID string `json:"operationId"`
	XGitHub     struct {
		EnabledForGitHubApps bool   `json:"enabledForGitHubApps"`
		Category             string `json:"category"`
		Subcategory          string `json:"subcategory"`
	} `json:"x-github"`
}

// readOpenAPI is the description the fake GitHub enforces
// (internal/github/githubtest/testdata), a subset of GitHub's.
func readOpenAPI(t *testing.T) map[string]map[string]json.RawMessage {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "github", "githubtest", "testdata", "openapi-subset.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Paths map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("openapi-subset.json: %v", err)
	}
	return doc.Paths
}

// TestEndpointsAreGitHubsOperations: each endpoint of the table is an
// operation of the OpenAPI description the fake GitHub enforces, open to
// GitHub Apps when the App calls it; its permission is the one its
// OpenAPI category falls under, and its level is read for a GET, write
// otherwise.
func TestEndpointsAreGitHubsOperations(t *testing.T) {
	t.Parallel()
	paths := readOpenAPI(t)
	for _, e := range adapterEndpoints {
		t.Run(e.method+" "+e.path, func(t *testing.T) {
			t.Parallel()
			raw, ok := paths[e.path][strings.ToLower(e.method)]
			if !ok {
				t.Fatalf("%s %s (%s) is no operation of the OpenAPI description", e.method, e.path, e.call)
			}
			var op openAPIOperation
			if err := json.Unmarshal(raw, &op); err != nil {
				t.Fatal(err)
			}
			if e.app && !op.XGitHub.EnabledForGitHubApps {
				t.Errorf("%s: the App calls it, but GitHub does not enable it for GitHub Apps", op.OperationID)
			}
			perm, ok := categoryPermission[op.XGitHub.Category+"/"+op.XGitHub.Subcategory]
			if !ok {
				perm, ok = categoryPermission[op.XGitHub.Category]
			}
			if !ok || perm != e.permission {
				t.Errorf("%s: category %s/%s falls under %q (known %v), the table says %q", op.OperationID, op.XGitHub.Category, op.XGitHub.Subcategory, perm, ok, e.permission)
			}
			if want := map[bool]access{true: read, false: write}[e.method == "GET"]; e.level != want {
				t.Errorf("%s %s: level %s, want %s", e.method, e.path, e.level, want)
			}
		})
	}
}

// adapterCalls is every REST call internal/github's source makes: each
// go-github service method called as a.gh.Service.Method, and each path
// literal ("repos/…", "orgs/…") formatted for a raw request, with the
// query left off; with the file:line of its first use.
func adapterCalls(t *testing.T) map[string]string {
	t.Helper()
	dir := filepath.Join("..", "github")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	calls := map[string]string{}
	note := func(call string, pos token.Pos) {
		if _, ok := calls[call]; !ok {
			calls[call] = fset.Position(pos).String()
		}
	}
	for _, file := range files {
		if strings.HasSuffix(file, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, file, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if svc, ok := n.X.(*ast.SelectorExpr); ok && isClientField(svc.X) {
					note(svc.Sel.Name+"."+n.Sel.Name, n.Pos())
				}
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); err == nil && n.Kind == token.STRING && (strings.HasPrefix(s, "repos/") || strings.HasPrefix(s, "orgs/")) {
					note(strings.SplitN(s, "?", 2)[0], n.Pos())
				}
			}
			return true
		})
	}
	return calls
}

// isClientField reports whether x is a.gh: the adapter's go-github client.
func isClientField(x ast.Expr) bool {
	sel, ok := x.(*ast.SelectorExpr)
	return ok && sel.Sel.Name == "gh"
}

// TestEveryAdapterCallIsListed: every REST call in internal/github's
// source is a row of adapterEndpoints (so a new call cannot reach the App
// without a permission), and every row is still called (so none is
// granted for a call that is gone).
func TestEveryAdapterCallIsListed(t *testing.T) {
	t.Parallel()
	calls := adapterCalls(t)
	if len(calls) < 10 {
		t.Fatalf("found only %d calls in internal/github: %v; is the scan still reading the adapter?", len(calls), calls)
	}
	listed := map[string]bool{}
	for _, e := range adapterEndpoints {
		listed[e.call] = true
	}
	var missing, stale []string
	for call, at := range calls {
		if !listed[call] {
			missing = append(missing, at+": "+call)
		}
	}
	for call := range listed {
		if _, ok := calls[call]; !ok {
			stale = append(stale, call)
		}
	}
	sort.Strings(missing)
	sort.Strings(stale)
	if len(missing) > 0 {
		t.Errorf("calls with no row in adapterEndpoints (add the endpoint and the permission it needs):\n%s", strings.Join(missing, "\n"))
	}
	if len(stale) > 0 {
		t.Errorf("rows of adapterEndpoints the adapter no longer calls: %v", stale)
	}
}
