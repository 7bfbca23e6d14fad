// Command gen derives the small OpenAPI description the fake GitHub validates
// against: only the operations storygate calls, with every component they
// reference (transitively), and without the bulky examples. GitHub's full
// description is 13 MB; tests read only the subset this writes to testdata/.
//
// Usage (from internal/github/githubtest):
//
//	go run ./gen -spec ../../../../shared/github/api.github.com.openapi.json -out testdata/openapi-subset.json
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
)

// operation names one method on one path of GitHub's REST API.
type operation struct{ method, path string }

// operations is every call the go-github adapter makes. Keep it in step with
// internal/github/adapter*.go; the fake's tests fail when a handler has no
// matching operation here.
var operations = []operation{
	{"get", "/app"},
	{"post", "/app/installations/{installation_id}/access_tokens"},
	{"post", "/repos/{owner}/{repo}/check-runs"},
	{"patch", "/repos/{owner}/{repo}/check-runs/{check_run_id}"},
	{"get", "/repos/{owner}/{repo}/commits/{ref}/check-runs"},
	{"get", "/repos/{owner}/{repo}/commits"},
	{"get", "/repos/{owner}/{repo}/commits/{ref}"},
	{"get", "/repos/{owner}/{repo}/check-runs/{check_run_id}"},
	{"get", "/repos/{owner}/{repo}/issues/{issue_number}/comments"},
	{"post", "/repos/{owner}/{repo}/issues/{issue_number}/comments"},
	{"get", "/repos/{owner}/{repo}/issues/comments/{comment_id}"},
	{"patch", "/repos/{owner}/{repo}/issues/comments/{comment_id}"},
	{"delete", "/repos/{owner}/{repo}/issues/comments/{comment_id}"},
	{"post", "/repos/{owner}/{repo}/issues/comments/{comment_id}/reactions"},
	{"get", "/repos/{owner}/{repo}/collaborators/{username}/permission"},
	{"get", "/orgs/{org}/teams/{team_slug}/memberships/{username}"},
	{"get", "/repos/{owner}/{repo}/pulls/{pull_number}"},
	{"get", "/repos/{owner}/{repo}/contents/{path}"},
	{"put", "/repos/{owner}/{repo}/contents/{path}"},
	{"get", "/repos/{owner}/{repo}/issues"},
	{"post", "/repos/{owner}/{repo}/issues"},
	{"patch", "/repos/{owner}/{repo}/issues/{issue_number}"},
	{"get", "/repos/{owner}/{repo}/branches/{branch}/protection"},
	{"put", "/repos/{owner}/{repo}/branches/{branch}/protection"},
	{"patch", "/repos/{owner}/{repo}/branches/{branch}/protection/required_status_checks"},
	{"post", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches"},
	{"get", "/repos/{owner}/{repo}/actions/runs/{run_id}"},
	{"get", "/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs"},
	{"get", "/repos/{owner}/{repo}/activity"},
	{"get", "/user"},
	{"post", "/repos/{owner}/{repo}/git/refs"},
	{"delete", "/repos/{owner}/{repo}/git/refs/{ref}"},
	{"get", "/repos/{owner}/{repo}/actions/runs/{run_id}/artifacts"},
	{"get", "/repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}"},
}

func main() {
	specPath := flag.String("spec", "", "GitHub's full OpenAPI description (JSON)")
	outPath := flag.String("out", "testdata/openapi-subset.json", "where to write the subset")
	flag.Parse()
	if err := run(*specPath, *outPath); err != nil {
		fmt.Fprintln(os.Stderr, "gen:", err)
		os.Exit(1)
	}
}

func run(specPath, outPath string) error {
	raw, err := os.ReadFile(specPath)
	if err != nil {
		return fmt.Errorf("read spec: %w", err)
	}
	var spec map[string]any
	if err := json.Unmarshal(raw, &spec); err != nil {
		return fmt.Errorf("parse spec %s: %w", specPath, err)
	}
	subset, err := derive(spec)
	if err != nil {
		return err
	}
	out, err := json.MarshalIndent(subset, "", " ")
	if err != nil {
		return fmt.Errorf("encode subset: %w", err)
	}
	return os.WriteFile(outPath, append(out, '\n'), 0o644)
}

// derive builds the subset document: chosen paths, then components reached
// from them by $ref until no new reference appears.
func derive(spec map[string]any) (map[string]any, error) {
	paths, err := pickPaths(spec)
	if err != nil {
		return nil, err
	}
	components := mapAt(spec, "components")
	kept := map[string]map[string]any{}
	queue := collectRefs(paths)
	for len(queue) > 0 {
		ref := queue[0]
		queue = queue[1:]
		kind, name, err := splitRef(ref)
		if err != nil {
			return nil, err
		}
		if _, done := kept[kind][name]; done {
			continue
		}
		value, ok := mapAt(components, kind)[name]
		if !ok {
			return nil, fmt.Errorf("dangling reference %s", ref)
		}
		value = stripExamples(value)
		if kept[kind] == nil {
			kept[kind] = map[string]any{}
		}
		kept[kind][name] = value
		queue = append(queue, collectRefs(value)...)
	}
	return document(spec, paths, kept), nil
}

// pickPaths copies the listed operations (and path-level parameters).
func pickPaths(spec map[string]any) (map[string]any, error) {
	all := mapAt(spec, "paths")
	out := map[string]any{}
	for _, op := range operations {
		item := mapAt(all, op.path)
		body, ok := item[op.method]
		if !ok {
			return nil, fmt.Errorf("operation %s %s is not in the spec", strings.ToUpper(op.method), op.path)
		}
		dst, _ := out[op.path].(map[string]any)
		if dst == nil {
			dst = map[string]any{}
			if params, ok := item["parameters"]; ok {
				dst["parameters"] = params
			}
			out[op.path] = dst
		}
		dst[op.method] = stripExamples(body)
	}
	return out, nil
}

// document assembles the subset with the source's version and info, and
// without servers so routers match paths under any base URL.
func document(spec, paths map[string]any, kept map[string]map[string]any) map[string]any {
	components := map[string]any{}
	for kind, values := range kept {
		components[kind] = values
	}
	info := mapAt(spec, "info")
	info["description"] = "Subset of GitHub's REST API description used by storygate's fake GitHub. Generated by internal/github/githubtest/gen; do not edit."
	return map[string]any{
		"openapi":    spec["openapi"],
		"info":       info,
		"paths":      paths,
		"components": components,
	}
}

// collectRefs returns every "$ref" string inside v, sorted for determinism.
func collectRefs(v any) []string {
	seen := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch t := v.(type) {
		case map[string]any:
			if ref, ok := t["$ref"].(string); ok {
				seen[ref] = true
			}
			for _, child := range t {
				walk(child)
			}
		case []any:
			for _, child := range t {
				walk(child)
			}
		}
	}
	walk(v)
	refs := make([]string, 0, len(seen))
	for ref := range seen {
		refs = append(refs, ref)
	}
	sort.Strings(refs)
	return refs
}

// stripExamples drops "examples" maps (media-type examples, mostly large
// sample responses) which validation never reads. Schema "example" values
// stay: they are small and help a reader.
func stripExamples(v any) any { return strip(v, false) }

// strip does stripExamples' work; inProperties is true for a schema's
// "properties" map, whose keys are field names (a field may be called
// "examples") rather than keywords.
func strip(v any, inProperties bool) any {
	switch t := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, child := range t {
			if _, isMap := child.(map[string]any); k == "examples" && isMap && !inProperties {
				continue
			}
			out[k] = strip(child, k == "properties" && !inProperties)
		}
		return out
	case []any:
		out := make([]any, len(t))
		for i, child := range t {
			out[i] = strip(child, false)
		}
		return out
	}
	return v
}

// splitRef turns "#/components/schemas/x" into ("schemas", "x").
func splitRef(ref string) (kind, name string, err error) {
	parts := strings.Split(strings.TrimPrefix(ref, "#/components/"), "/")
	if !strings.HasPrefix(ref, "#/components/") || len(parts) != 2 {
		return "", "", fmt.Errorf("unsupported reference %q", ref)
	}
	return parts[0], parts[1], nil
}

// mapAt returns m[key] as a map, or an empty map.
func mapAt(m map[string]any, key string) map[string]any {
	child, _ := m[key].(map[string]any)
	if child == nil {
		return map[string]any{}
	}
	return child
}
