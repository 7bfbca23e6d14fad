package passwhen

import (
	"errors"
	"testing"
	"unicode/utf8"
)

// FuzzPassWhen feeds arbitrary pass_when expressions and outcomes to the
// CEL predicate: compiling and evaluating never panic, a compile error
// points inside the expression, and evaluation is a pure function of the
// outcome (it runs under a cost limit, so it ends). The corpus lives in
// testdata/fuzz/FuzzPassWhen.
func FuzzPassWhen(f *testing.F) {
	for _, src := range []string{Default, "exit_code == 0 && stdout.contains(\"ok\")",
		"duration_ms < 5000 || stderr.matches('^warn')", "size(stdout) > 3", "exit_code ==", "stdout + 1", "[1,2].all(x, x > 0)"} {
		f.Add(src, int64(0), "ok\n", "")
	}
	f.Fuzz(func(t *testing.T, src string, exit int64, stdout, stderr string) {
		p, err := compile(src) // not Compile: its cache would grow with every input
		var ce *CompileError
		if errors.As(err, &ce) && (ce.Column < 0 || ce.Column > utf8.RuneCountInString(src)+1) {
			t.Fatalf("compile error at column %d of a %d-rune expression: %v", ce.Column, utf8.RuneCountInString(src), err)
		}
		if err != nil {
			return
		}
		o := Outcome{ExitCode: exit, Stdout: stdout, Stderr: stderr}
		first, err1 := p.Eval(o)
		second, err2 := p.Eval(o)
		if first != second || (err1 == nil) != (err2 == nil) {
			t.Fatalf("%q is not a function of the outcome: %v/%v, %v/%v", src, first, second, err1, err2)
		}
	})
}
