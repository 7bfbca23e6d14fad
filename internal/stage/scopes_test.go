package stage

import (
	"sort"
	"strings"
	"testing"
	"testing/fstest"
)

// forkScopes is a scopes directory named as the amadeus fork names its
// files: amadeus-<name>.md, the scope's name in the frontmatter.
var forkScopes = fstest.MapFS{
	"amadeus-refactor.md":        {Data: []byte("---\nname: refactor\ndepth: Minimal\n---\n\n# refactor scope\n")},
	"amadeus-amadeus-bugfix.md":  {Data: []byte("---\nname: amadeus-bugfix\nkeywords: []\n---\n\n# amadeus-bugfix scope\n")},
	"amadeus-legacy.md":          {Data: []byte("# a scope file without frontmatter\n")},
	"aidlc-enterprise.md":        {Data: []byte("# no frontmatter, the default prefix\n")},
	"README.md":                  {Data: []byte("---\nname: readme\n---\n")},
	"notes.txt":                  {Data: []byte("---\nname: notes\n---\n")},
	"amadeus-numbered.md":        {Data: []byte("---\nname: 2024\n---\n")},
	"amadeus-broken-yaml.md":     {Data: []byte("---\nname: [unclosed\n---\n")},
	"drafts/amadeus-nested.md":   {Data: []byte("---\nname: nested\n---\n")},
	"amadeus-renamed.md":         {Data: []byte("---\nname: renamed-scope\n---\n")},
	"other-frontmatter-named.md": {Data: []byte("---\nname: named-anywhere\n---\n")},
}

func TestScopeLoader(t *testing.T) {
	tests := []struct {
		prefix string
		want   string
	}{
		{"", "amadeus-bugfix enterprise named-anywhere refactor renamed-scope"},
		{"aidlc-", "amadeus-bugfix enterprise named-anywhere refactor renamed-scope"},
		{"amadeus-", "amadeus-bugfix broken-yaml legacy named-anywhere numbered refactor renamed-scope"},
	}
	for _, tt := range tests {
		t.Run("prefix "+tt.prefix, func(t *testing.T) {
			got, err := ScopeLoader(tt.prefix)(forkScopes)
			if err != nil {
				t.Fatal(err)
			}
			names := sortedKeys(got)
			sort.Strings(names)
			if strings.Join(names, " ") != tt.want {
				t.Errorf("scopes %v, want %s", names, tt.want)
			}
		})
	}
}

// TestForkScopeNamingResolves: with the fork's scopes directory, the
// fork's names resolve (by frontmatter, or by the configured prefix) and a
// really unknown scope is still reported.
func TestForkScopeNamingResolves(t *testing.T) {
	stageFile := edit("requires_stage: []", "requires_stage: []\nscopes: [refactor, amadeus-bugfix, legacy, enterprize]")
	tests := []struct {
		prefix  string
		unknown []string
	}{
		{"", []string{`"legacy"`, `"enterprize"`}},
		{"amadeus-", []string{`"enterprize"`}},
	}
	for _, tt := range tests {
		t.Run("prefix "+tt.prefix, func(t *testing.T) {
			s := loadFixture(t, fstest.MapFS{"inception/demo.md": {Data: []byte(stageFile)}})
			var err error
			if s.Scopes, err = ScopeLoader(tt.prefix)(forkScopes); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, d := range Check(s) {
				if d.Rule == "stage/unknown-scope" {
					got = append(got, d.Message)
				}
			}
			if len(got) != len(tt.unknown) {
				t.Fatalf("unknown-scope findings %q, want one each for %v", got, tt.unknown)
			}
			for i, name := range tt.unknown {
				if !strings.Contains(got[i], name) {
					t.Errorf("finding %q does not name %s", got[i], name)
				}
			}
		})
	}
}
