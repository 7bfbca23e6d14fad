package progress

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/golden"
)

var update = flag.Bool("update", false, "rewrite golden files")

// fakeTimer is an injected After: the test fires the delay by hand.
type fakeTimer struct {
	f       func()
	stopped bool
}

func (ft *fakeTimer) after(_ time.Duration, f func()) func() bool {
	ft.f = f
	return func() bool { ft.stopped = true; return true }
}

// run plays one verify run through a Reporter: two items start, the delay
// passes, the first passes, a third starts, the second fails, the third
// passes; fire says whether the delay passes at all.
func run(t *testing.T, terminal, color, fire bool) string {
	t.Helper()
	var out bytes.Buffer
	ft := &fakeTimer{}
	r := New(&out, Options{Task: "verify", Terminal: terminal, Palette: Palette{On: color}, Delay: DefaultDelay, After: ft.after})
	r.Begin(3)
	r.Start("stories/STORY-001.md#V1")
	r.Start("stories/STORY-001.md#V2")
	if fire {
		ft.f()
	}
	r.Done("stories/STORY-001.md#V1", true, "passed")
	r.Start("stories/STORY-002.md#V1")
	r.Done("stories/STORY-001.md#V2", false, "failed: exit 1")
	r.Done("stories/STORY-002.md#V1", true, "passed")
	r.End()
	if !ft.stopped {
		t.Error("End did not stop the delay's timer")
	}
	return out.String()
}

func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	golden.Check(t, filepath.Join("testdata", name), got, *update)
}

// TestProgressGolden: a terminal gets one live line redrawn in place with
// each finished item printed above it, and the line erased at the end;
// anything else (a pipe, a CI log) gets plain lines; colour only when
// asked. Each output is a golden file.
func TestProgressGolden(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name            string
		terminal, color bool
	}{
		{"plain.golden", false, false},
		{"plain-color.golden", false, true},
		{"terminal.golden", true, false},
		{"terminal-color.golden", true, true},
	} {
		got := run(t, tc.terminal, tc.color, true)
		checkGolden(t, tc.name, got)
		if hasEscape := strings.Contains(got, "\x1b["); hasEscape != (tc.terminal || tc.color) {
			t.Errorf("%s: escape sequences %v, want %v: %q", tc.name, hasEscape, tc.terminal || tc.color, got)
		}
		if tc.terminal && !strings.HasSuffix(got, "\r\x1b[K") {
			t.Errorf("%s: the live line is not erased at the end: %q", tc.name, got)
		}
	}
}

// TestAQuickRunPrintsNothing: a run that ends within the delay prints no
// progress, on a terminal or not.
func TestAQuickRunPrintsNothing(t *testing.T) {
	t.Parallel()
	for _, terminal := range []bool{false, true} {
		if got := run(t, terminal, true, false); got != "" {
			t.Errorf("terminal %v: a run within the delay printed %q", terminal, got)
		}
	}
}

// TestTheDefaultDelayByStream: by default a terminal's live line shows
// from the start, with no timer (a quick run's line is erased at the
// end), and plain lines wait for DefaultDelay.
func TestTheDefaultDelayByStream(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		terminal  bool
		wantTimer time.Duration
		want      string
	}{
		{true, 0, "\r\x1b[Kverify: 0 of 1 done\r\x1b[K"},
		{false, DefaultDelay, ""},
	} {
		var out bytes.Buffer
		var asked time.Duration
		after := func(d time.Duration, f func()) func() bool { asked = d; return func() bool { return true } }
		r := New(&out, Options{Task: "verify", Terminal: tc.terminal, After: after})
		r.Begin(1)
		r.End()
		if asked != tc.wantTimer || out.String() != tc.want {
			t.Errorf("terminal %v: timer %v, printed %q; want %v and %q", tc.terminal, asked, out.String(), tc.wantTimer, tc.want)
		}
	}
}

// TestWhatFinishedInTheDelayIsPrintedWhenItEnds: the items that finished
// while the run was silent are printed, each with the count it finished
// at, as soon as the delay passes, before where the run stands; nothing of
// a run that ended within the delay is printed.
func TestWhatFinishedInTheDelayIsPrintedWhenItEnds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name     string
		terminal bool
		want     string
	}{
		{"plain", false, "gate: ✗ stories 3 errors (1 of 3 done)\ngate: ✓ verify passed (2 of 3 done)\ngate: 2 of 3 done, running revert-check\n"},
		{"terminal", true, "\r\x1b[K✗ stories 3 errors\n\r\x1b[K✓ verify passed\n\r\x1b[Kgate: 2 of 3 done, running revert-check"},
	} {
		var out bytes.Buffer
		ft := &fakeTimer{}
		r := New(&out, Options{Task: "gate", Terminal: tc.terminal, Delay: DefaultDelay, After: ft.after})
		r.Begin(3)
		r.Done("stories", false, "3 errors")
		r.Done("verify", true, "passed")
		r.Start("revert-check")
		if out.Len() != 0 {
			t.Fatalf("%s: printed within the delay: %q", tc.name, out.String())
		}
		ft.f()
		if out.String() != tc.want {
			t.Errorf("%s: when the delay passed:\n%q\nwant\n%q", tc.name, out.String(), tc.want)
		}
	}
}

// TestNilReporterIsSilent: --quiet and the JSON formats get a nil
// Reporter, whose methods do nothing.
func TestNilReporterIsSilent(t *testing.T) {
	t.Parallel()
	var r *Reporter
	r.Begin(1)
	r.Start("x")
	r.Done("x", true, "passed")
	r.End()
}

// TestNoDelayPrintsFromTheStart: a negative delay shows the run at once.
func TestNoDelayPrintsFromTheStart(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	r := New(&out, Options{Task: "gate", Delay: -1})
	r.Begin(0)
	r.Done("stories", true, "3 stories judged")
	r.End()
	want := "gate: 0 done\ngate: ✓ stories 3 stories judged (1 done)\ngate: finished, 1 done\n"
	if out.String() != want {
		t.Errorf("got %q, want %q", out.String(), want)
	}
}

// TestTheLiveLineNeverWraps: many running items are cut to the width.
func TestTheLiveLineNeverWraps(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	r := New(&out, Options{Task: "verify", Terminal: true, Delay: -1})
	r.Begin(20)
	for _, id := range strings.Fields("a b c d e f g h i j k l m n o p q r s t") {
		r.Start("stories/STORY-0001.md#" + id)
	}
	last := out.String()[strings.LastIndex(out.String(), "\r\x1b[K")+len("\r\x1b[K"):]
	if n := len([]rune(last)); n > lineWidth || !strings.HasSuffix(last, "…") {
		t.Errorf("live line of %d characters: %q", n, last)
	}
}

// TestUseColor: the modes, NO_COLOR, FORCE_COLOR and TERM=dumb.
func TestUseColor(t *testing.T) {
	t.Parallel()
	tests := []struct {
		mode     string
		terminal bool
		env      map[string]string
		want     bool
	}{
		{"auto", true, nil, true},
		{"auto", false, nil, false},
		{"", true, nil, true},
		{"auto", true, map[string]string{"NO_COLOR": "1"}, false},
		{"auto", true, map[string]string{"NO_COLOR": ""}, true},
		{"auto", false, map[string]string{"FORCE_COLOR": "1"}, true},
		{"auto", false, map[string]string{"FORCE_COLOR": "0"}, false},
		{"auto", true, map[string]string{"NO_COLOR": "1", "FORCE_COLOR": "1"}, false},
		{"auto", true, map[string]string{"TERM": "dumb"}, false},
		{"always", false, map[string]string{"NO_COLOR": "1"}, true},
		{"never", true, map[string]string{"FORCE_COLOR": "1"}, false},
	}
	for _, tt := range tests {
		got, err := UseColor(tt.mode, tt.terminal, func(k string) string { return tt.env[k] })
		if err != nil || got != tt.want {
			t.Errorf("%q terminal %v env %v: %v, %v; want %v", tt.mode, tt.terminal, tt.env, got, err, tt.want)
		}
	}
	if _, err := UseColor("sometimes", true, func(string) string { return "" }); err == nil || !strings.Contains(err.Error(), "legal: auto, always, never") {
		t.Errorf("an unknown mode: %v", err)
	}
}

// TestPalette: severities and outcomes in colour, or untouched when off.
func TestPalette(t *testing.T) {
	t.Parallel()
	on, off := Palette{On: true}, Palette{}
	tests := []struct{ got, want string }{
		{on.Severity(diag.SeverityError, "e"), "\x1b[31me\x1b[0m"},
		{on.Severity(diag.SeverityWarning, "w"), "\x1b[33mw\x1b[0m"},
		{on.Severity(diag.SeverityNotice, "n"), "\x1b[36mn\x1b[0m"},
		{on.Outcome(true, "ok"), "\x1b[32mok\x1b[0m"},
		{on.Outcome(false, "no"), "\x1b[31mno\x1b[0m"},
		{off.Severity(diag.SeverityError, "e"), "e"},
		{off.Outcome(true, "ok"), "ok"},
		{on.Bold(""), ""},
	}
	for i, tt := range tests {
		if tt.got != tt.want {
			t.Errorf("%d: %q, want %q", i, tt.got, tt.want)
		}
	}
}

// TestTerminal: a pipe and a buffer are no terminal; /dev/tty, when this
// process has one, is.
func TestTerminal(t *testing.T) {
	t.Parallel()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if Terminal(w) || Terminal(&bytes.Buffer{}) || Terminal((*os.File)(nil)) {
		t.Error("a pipe, a buffer or a nil file counted as a terminal")
	}
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		t.Skipf("no controlling terminal to check the positive case: %v", err)
	}
	defer tty.Close()
	if !Terminal(tty) {
		t.Error("/dev/tty is not a terminal")
	}
}

// TestInterleavedMessagesKeepTheLiveLineWhole: on a terminal a message
// written through Interleaved erases the live line first and redraws it
// after; plain lines pass through as written; a nil Reporter returns the
// stream itself.
func TestInterleavedMessagesKeepTheLiveLineWhole(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	r := New(&out, Options{Task: "gate", Terminal: true, Delay: -1})
	r.Begin(0)
	w := r.Interleaved(&out)
	if _, err := w.Write([]byte("storygate action: results written\n")); err != nil {
		t.Fatal(err)
	}
	r.End()
	want := "\r\x1b[Kgate: 0 done\r\x1b[Kstorygate action: results written\n\r\x1b[Kgate: 0 done\r\x1b[K"
	if out.String() != want {
		t.Errorf("got %q\nwant %q", out.String(), want)
	}
	var plain bytes.Buffer
	if _, err := New(&plain, Options{}).Interleaved(&plain).Write([]byte("a message\n")); err != nil || plain.String() != "a message\n" {
		t.Errorf("plain: %q, %v", plain.String(), err)
	}
	var nilReporter *Reporter
	if got := nilReporter.Interleaved(&plain); got != &plain {
		t.Error("a nil Reporter changed the stream")
	}
}

// TestInterleavedWritesAreSerializedWithTheTimer: the delay's timer
// prints from its own goroutine while the run's messages go through
// Interleaved to the same stream; the two never write at once (the race
// detector would see it in the buffer), and neither line is cut.
func TestInterleavedWritesAreSerializedWithTheTimer(t *testing.T) {
	t.Parallel()
	var out bytes.Buffer
	ft := &fakeTimer{}
	r := New(&out, Options{Task: "gate", Delay: DefaultDelay, After: ft.after})
	r.Begin(0)
	r.Done("stories", false, "3 errors")
	w := r.Interleaved(&out)
	fired := make(chan struct{})
	go func() { ft.f(); close(fired) }()
	if _, err := w.Write([]byte("storygate action: a message\n")); err != nil {
		t.Fatal(err)
	}
	<-fired
	r.End()
	lines := strings.Split(out.String(), "\n")
	slices.Sort(lines)
	want := []string{"", "gate: 1 done", "gate: finished, 1 done", "gate: ✗ stories 3 errors (1 done)", "storygate action: a message"}
	if !slices.Equal(lines, want) {
		t.Errorf("lines %q\nwant  %q", lines, want)
	}
}
