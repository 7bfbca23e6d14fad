package rules

import (
	"os"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/passwhen"
)

func TestPassWhenRewrite(t *testing.T) {
	cases := []struct{ in, want string }{
		{"all tests pass", "`exit_code == 0`"},
		{"p95 latency under 200ms", "`duration_ms < 200`"},
		{"suite passes within 2 minutes", "`exit_code == 0 && duration_ms <= 120000`"},
		{"finishes in less than 1.5 s", "`duration_ms < 1500`"},
		{`output contains "orders ok"`, "`stdout.contains(\"orders ok\")`"},
		{"exit_code = 0", "`exit_code == 0`"},
		{"exit_code = 0 && duration_ms <= 5", "`exit_code == 0 && duration_ms <= 5`"},
		{"the reviewer is happy", genericRewrite},
		{"", genericRewrite},
	}
	for _, c := range cases {
		got := passWhenRewrite(c.in)
		if got != c.want {
			t.Errorf("passWhenRewrite(%q) = %s, want %s", c.in, got, c.want)
		}
		if expr := strings.Trim(got, "`"); got != genericRewrite {
			if _, err := passwhen.Compile(expr); err != nil {
				t.Errorf("the rewrite of %q does not run: %v", c.in, err)
			}
		}
	}
}

// TestVerifyDocExamplesRun: every pass_when example in docs/verify.md
// compiles, so the documented language is the one the rerun accepts.
func TestVerifyDocExamplesRun(t *testing.T) {
	data, err := os.ReadFile("../../docs/verify.md")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(data), "\n") {
		expr, ok := strings.CutPrefix(line, "pass_when: ")
		if !ok {
			continue
		}
		n++
		if _, err := passwhen.Compile(expr); err != nil {
			t.Errorf("docs/verify.md example %q does not compile: %v", expr, err)
		}
	}
	if n < 3 {
		t.Errorf("found %d pass_when examples in docs/verify.md", n)
	}
}
