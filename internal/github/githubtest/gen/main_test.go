package main

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

func TestDeriveKeepsOperationsAndReferencedComponentsOnly(t *testing.T) {
	spec := map[string]any{
		"openapi": "3.0.3",
		"info":    map[string]any{"title": "t", "version": "1"},
		"paths":   map[string]any{},
		"components": map[string]any{
			"schemas": map[string]any{
				"used":     map[string]any{"properties": map[string]any{"child": map[string]any{"$ref": "#/components/schemas/indirect"}, "examples": map[string]any{"type": "object"}}},
				"indirect": map[string]any{"type": "string"},
				"unused":   map[string]any{"type": "string"},
			},
		},
	}
	paths := spec["paths"].(map[string]any)
	for _, op := range operations {
		item, _ := paths[op.path].(map[string]any)
		if item == nil {
			item = map[string]any{}
			paths[op.path] = item
		}
		item[op.method] = map[string]any{"responses": map[string]any{"200": map[string]any{"content": map[string]any{"application/json": map[string]any{
			"schema":   map[string]any{"$ref": "#/components/schemas/used"},
			"examples": map[string]any{"big": map[string]any{"value": "…"}},
		}}}}}
	}
	paths["/not/used"] = map[string]any{"get": map[string]any{}}
	out, err := derive(spec)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := json.Marshal(out)
	s := string(raw)
	for _, want := range []string{`"indirect"`, `"used"`, `"examples":{"type":"object"}`} {
		if !strings.Contains(s, want) {
			t.Errorf("subset lacks %s", want)
		}
	}
	for _, unwanted := range []string{`"unused"`, `/not/used`, `"big"`} {
		if strings.Contains(s, unwanted) {
			t.Errorf("subset keeps %s", unwanted)
		}
	}
}

func TestCommittedSubsetHasEveryOperationAndIsSmall(t *testing.T) {
	raw, err := os.ReadFile("../testdata/openapi-subset.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) > 2<<20 {
		t.Errorf("subset is %d bytes, want under 2 MB", len(raw))
	}
	var doc struct {
		Paths map[string]map[string]any `json:"paths"`
	}
	if err := json.Unmarshal(raw, &doc); err != nil {
		t.Fatal(err)
	}
	for _, op := range operations {
		if _, ok := doc.Paths[op.path][op.method]; !ok {
			t.Errorf("%s %s missing: run go generate in internal/github/githubtest", op.method, op.path)
		}
	}
}
