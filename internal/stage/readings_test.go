package stage

import (
	"strings"
	"testing"
	"testing/fstest"
)

// base is a valid stage; each reading below edits it.
const base = `---
slug: demo
phase: inception
execution: ALWAYS
condition: Always.
lead_agent: aidlc-product-agent
support_agents: []
mode: inline
produces:
  - requirements
consumes: []
requires_stage: []
inputs: none
outputs: requirements.md
---

# Demo

## Steps

1. Do the work.
`

func findings(t *testing.T, files map[string]string) string {
	t.Helper()
	fsys := fstest.MapFS{}
	for p, c := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(c)}
	}
	var lines []string
	for _, d := range Check(loadFixture(t, fsys)) {
		lines = append(lines, d.String())
	}
	return strings.Join(lines, "\n")
}

func edit(old, repl string) string {
	if !strings.Contains(base, old) {
		panic("edit: " + old)
	}
	return strings.Replace(base, old, repl, 1)
}

// TestSpecReadings pins how silent or ambiguous parts of the field reference
// are read (docs/stages.md, "How the rules read the spec").
func TestSpecReadings(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string // "" means: no findings
	}{
		{"null list reads as empty", map[string]string{"inception/demo.md": edit("support_agents: []", "support_agents:")}, ""},
		{"absent required list", map[string]string{"inception/demo.md": edit("requires_stage: []\n", "")}, `missing required field "requires_stage" [stage/required-field]`},
		{"unquoted boolean condition", map[string]string{"inception/demo.md": edit("condition: Always.", "condition: true")}, "condition must be a string, got a boolean [stage/field-type]"},
		{"empty condition accepted", map[string]string{"inception/demo.md": edit("condition: Always.", `condition: ""`)}, ""},
		{"unquoted float number", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nnumber: 2.50")}, ""},
		{"yes is not a boolean", map[string]string{"inception/demo.md": edit("consumes: []", "consumes:\n  - artifact: requirements\n    required: yes")},
			"consumes[0].required must be a boolean, got a string [stage/consumes-shape]"},
		{"bundle hint", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nbundle: ops")}, `unknown key "bundle": it was renamed; write plugin: for ownership`},
		{"review target optional", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nreviewer: aidlc-product-lead-agent\nreview_artifact: extra\noptional_produces: [extra]")},
			`review_artifact "extra" is in optional_produces; the review target must be a required produces entry`},
		{"review target kind coverage", map[string]string{"inception/demo.md": strings.NewReplacer("mode: inline", "mode: inline\nreviewer: aidlc-product-lead-agent\nreview_artifact: requirements\nproduces_kinds:\n  requirements: [service]", "  - requirements\n", "  - requirements\n  - summary\n").Replace(base)},
			`review_artifact "requirements" does not apply to unit kind "spec", on which required output "summary" applies`},
		{"review artifact without reviewer accepted", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nreview_artifact: requirements")}, ""},
		{"ars needs cost", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nars:\n  targets: []")}, "ars is missing cost (an integer 1..5, or null) [stage/ars]"},
		{"ars null cost", map[string]string{"inception/demo.md": edit("mode: inline", "mode: inline\nars:\n  targets: []\n  cost: null")}, ""},
		{"compartments case-insensitive", map[string]string{"inception/demo.md": edit("## Steps", "## steps")}, ""},
		{"readme is not a stage", map[string]string{"inception/README.md": "# Notes\n", "inception/demo.md": base}, ""},
		{"stage outside a phase directory", map[string]string{"misc/demo.md": base, "misc/notes.md": "# Notes\n"}, ""},
		{"for_each produced only downstream", map[string]string{
			"inception/demo.md":  edit("mode: inline", "mode: subagent\nfor_each: unit-of-work"),
			"inception/later.md": strings.NewReplacer("slug: demo", "slug: later", "requires_stage: []", "requires_stage: [demo]", "  - requirements", "  - unit-of-work").Replace(base)},
			`for_each names "unit-of-work", but only stages downstream of "demo" produce it [stage/for-each-producer]`},
		{"optional consume without producer accepted", map[string]string{"inception/demo.md": edit("consumes: []", "consumes:\n  - artifact: nowhere\n    required: false")}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := findings(t, tt.files)
			if (tt.want == "" && got != "") || !strings.Contains(got, tt.want) {
				t.Errorf("got:\n%s\nwant (containing): %s", got, tt.want)
			}
		})
	}
}
