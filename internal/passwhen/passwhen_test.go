package passwhen

import "testing"

func TestCompileAndEval(t *testing.T) {
	cases := []struct {
		expr    string
		out     Outcome
		want    bool
		compile bool
	}{
		{"", Outcome{ExitCode: 0}, true, true},
		{"exit_code == 0", Outcome{ExitCode: 1}, false, true},
		{"exit_code == 0 && stdout.contains('ok')", Outcome{Stdout: "all ok"}, true, true},
		{"duration_ms < 100", Outcome{DurationMS: 500}, false, true},
		{"stderr == ''", Outcome{Stderr: "warn"}, false, true},
		{"exit_code ==", Outcome{}, false, false},
		{"exit_code", Outcome{}, false, false},
		{"status == 0", Outcome{}, false, false},
	}
	for _, c := range cases {
		p, err := Compile(c.expr)
		if (err == nil) != c.compile {
			t.Fatalf("Compile(%q) error = %v, want compile ok = %v", c.expr, err, c.compile)
		}
		if err != nil {
			continue
		}
		got, err := p.Eval(c.out)
		if err != nil || got != c.want {
			t.Errorf("Eval(%q, %+v) = %v, %v; want %v", c.expr, c.out, got, err, c.want)
		}
	}
}
