// Package progress is how the CLI talks to a person at a terminal: whether
// a stream is a terminal, whether to colour (NO_COLOR, FORCE_COLOR,
// --color), the palette that paints severities and outcomes, and the
// progress lines a long run writes on stderr (a live line on a terminal,
// plain lines elsewhere). The CLI decides which streams and flags; this
// package only formats.
package progress

import (
	"fmt"
	"io"
	"os"

	"github.com/storygate/storygate/internal/diag"
)

// Terminal reports whether w is a terminal: an *os.File on a character
// device. No ioctl: /dev/null is a character device too and so counts,
// which only means colour or a live line nobody sees.
func Terminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// The --color modes.
const (
	ColorAuto   = "auto"
	ColorAlways = "always"
	ColorNever  = "never"
)

// ColorModes lists the legal --color values.
var ColorModes = []string{ColorAuto, ColorAlways, ColorNever}

// UseColor decides whether a stream gets colour: never and always say so;
// auto colours a terminal unless NO_COLOR is set to anything but "" (the
// no-color.org convention) or TERM is dumb, and FORCE_COLOR (set, not "0")
// colours even what is not a terminal. getenv reads the environment.
func UseColor(mode string, terminal bool, getenv func(string) string) (bool, error) {
	switch mode {
	case ColorNever:
		return false, nil
	case ColorAlways:
		return true, nil
	case ColorAuto, "":
	default:
		return false, fmt.Errorf("unknown --color %q (legal: auto, always, never)", mode)
	}
	if getenv("NO_COLOR") != "" {
		return false, nil
	}
	if f := getenv("FORCE_COLOR"); f != "" && f != "0" {
		return true, nil
	}
	return terminal && getenv("TERM") != "dumb", nil
}

// ANSI SGR sequences of the palette.
const (
	red    = "\x1b[31m"
	yellow = "\x1b[33m"
	cyan   = "\x1b[36m"
	green  = "\x1b[32m"
	bold   = "\x1b[1m"
	reset  = "\x1b[0m"
)

// Palette paints text when On; the zero Palette leaves it as it is.
type Palette struct{ On bool }

func (p Palette) paint(code, s string) string {
	if !p.On || s == "" {
		return s
	}
	return code + s + reset
}

// Severity paints a line of the text report by its finding's severity:
// errors red, warnings yellow, notices cyan.
func (p Palette) Severity(sev diag.Severity, s string) string {
	switch sev {
	case diag.SeverityError:
		return p.paint(red, s)
	case diag.SeverityWarning:
		return p.paint(yellow, s)
	}
	return p.paint(cyan, s)
}

// Outcome paints an outcome: green when it passed, red when not.
func (p Palette) Outcome(ok bool, s string) string {
	if ok {
		return p.paint(green, s)
	}
	return p.paint(red, s)
}

// Bold paints a heading.
func (p Palette) Bold(s string) string { return p.paint(bold, s) }
