package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"
	"unicode/utf8"

	slash "github.com/storygate/storygate/internal/command"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/lifecycle"
	"github.com/storygate/storygate/internal/lint"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/transition"
)

const transitionSynopsis = "transition --event EVENT --actor ROLE [--note TEXT] [--by NAME] [--at TIME] [--config FILE] [--root DIR] STORY"

// transitionFlags are the command's options.
type transitionFlags struct {
	event, actor, note, by, at, cfgPath, root string
}

func runTransition(e env, args []string) int {
	fs := newFlagSet(e, "transition", transitionSynopsis)
	var f transitionFlags
	fs.StringVar(&f.event, "event", "", "the event to apply (see the transition table)")
	fs.StringVar(&f.actor, "actor", "", "the role performing the move")
	fs.StringVar(&f.note, "note", "", "note for the Transition Log row (and a human decision's rationale)")
	fs.StringVar(&f.by, "by", "", "who decides a human move recorded locally (default $USER)")
	fs.StringVar(&f.at, "at", "", "time to record (RFC 3339; default now)")
	fs.StringVar(&f.cfgPath, "config", "", "configuration file (default .github/storygate.yml under the root)")
	fs.StringVar(&f.root, "root", "", "repository root (default: the git work tree containing the story)")
	paths, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if code := requireFlags(e, fs, "event", "actor"); code >= 0 {
		return code
	}
	req, path, code := transitionRequest(e, f, paths)
	if code >= 0 {
		return code
	}
	return applyTransition(e, f, path, req)
}

func transitionRequest(e env, f transitionFlags, paths []string) (transition.Request, string, int) {
	if len(paths) != 1 {
		fmt.Fprintf(e.stderr, "storygate transition: name exactly one STORY file, got %d\nusage: storygate %s\n", len(paths), transitionSynopsis)
		return transition.Request{}, "", ExitUsage
	}
	if !utf8.ValidString(f.note) {
		fmt.Fprintln(e.stderr, "storygate transition: --note is not valid UTF-8")
		return transition.Request{}, "", ExitUsage
	}
	when := time.Now().UTC()
	if f.at != "" {
		t, ok := story.ParseTime(f.at)
		if !ok {
			fmt.Fprintf(e.stderr, "storygate transition: --at %q is not a time (use 2026-05-27T10:00:00Z)\n", f.at)
			return transition.Request{}, "", ExitUsage
		}
		when = t
	}
	if !utf8.ValidString(f.by) {
		fmt.Fprintln(e.stderr, "storygate transition: --by is not valid UTF-8")
		return transition.Request{}, "", ExitUsage
	}
	return transition.Request{Event: lifecycle.Event(f.event), Actor: lifecycle.Role(f.actor), Note: f.note, At: when}, paths[0], -1
}

// storyFile is the story a transition edits: rel is its path in the
// repository (a link's own path), file the regular file written.
type storyFile struct {
	root, rel, file string
}

// locate resolves the story path: a symlink is followed to its target,
// which must lie inside the repository, so the move edits the story the
// link names and the link stays a link.
func locate(root, path string) (storyFile, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return storyFile{}, err
	}
	rel, err := lint.Rel(root, abs)
	if err != nil {
		return storyFile{}, err
	}
	file, regular, err := lint.ResolveStory(root, abs)
	if err != nil {
		return storyFile{}, err
	}
	if !regular {
		return storyFile{}, fmt.Errorf("%s is not a regular file; a story is a text file", path)
	}
	return storyFile{root: root, rel: rel, file: file}, nil
}

func applyTransition(e env, f transitionFlags, path string, req transition.Request) int {
	root, err := rootFor(f.root, []string{path})
	if err != nil {
		return usageError(e, "transition", err)
	}
	sf, err := locate(root, path)
	if err != nil {
		return usageError(e, "transition", err)
	}
	t, code := openTarget(e, "transition", target.Options{Root: sf.root, ConfigFile: f.cfgPath})
	if code >= 0 {
		return code
	}
	// Size before read: a 200 MB "story" is refused from its size alone,
	// with the finding validate gives it.
	src, err := safefile.ReadFile(sf.root, sf.file, story.MaxFileSize)
	var tooLarge *safefile.TooLargeError
	if errors.As(err, &tooLarge) {
		d := diag.New("structure/too-large", diag.SeverityError, sf.rel, diag.Pos{},
			"file is %d bytes; a story may be at most %d bytes", tooLarge.Size, story.MaxFileSize)
		fmt.Fprintf(e.stderr, "storygate transition: refused: the story is too large\n%s\n", d.String())
		return ExitFindings
	}
	if err != nil {
		return usageError(e, "transition", err)
	}
	req.Validate = sf.validator(t)
	return writeMove(e, sf, src, req, decider(f.by))
}

// validator judges a would-be result as validate would: every configured
// rule, set rules included, with the result in place of the file.
func (sf storyFile) validator(t *target.Target) func([]byte) ([]diag.Diagnostic, error) {
	return func(out []byte) ([]diag.Diagnostic, error) {
		res, err := lint.Run(lint.Options{Target: t, Paths: []string{filepath.Join(sf.root, filepath.FromSlash(sf.rel))},
			Slim: true, Overlay: map[string][]byte{sf.rel: out}})
		if err != nil {
			return nil, err
		}
		return findings.New(findings.Options{Config: t.Policy()}).Run(res.Diagnostics).Judged, nil
	}
}

func writeMove(e env, sf storyFile, src []byte, req transition.Request, by string) int {
	s := story.Parse(sf.rel, src)
	local := req.Actor == lifecycle.Human && transition.NeedsDecision(s, req.Event)
	var out []byte
	var err error
	if local {
		out, err = transition.Decide(s, localDecision(req, by))
	} else {
		out, err = transition.Apply(s, req)
	}
	var refusal *transition.Refusal
	if errors.As(err, &refusal) {
		fmt.Fprintf(e.stderr, "storygate transition: refused: %s\n", refusal.Message)
		for _, d := range refusal.Findings {
			fmt.Fprintln(e.stderr, d.String())
		}
		return ExitFindings
	}
	if err != nil {
		return failure(e, "transition", err)
	}
	if err := replaceFile(sf.file, out); err != nil {
		return failure(e, "transition", err)
	}
	fmt.Fprintf(e.stdout, "%s: %s by %s\n", sf.rel, req.Event, req.Actor)
	if local {
		fmt.Fprintf(e.stdout, "%s: recorded locally (**Source:** %s); on the pull request, type `%s %s` for storygate to record it\n",
			sf.rel, transition.LocalSource, slash.For(req.Event), storyIDOf(s))
	}
	return ExitOK
}

// localDecision is the human move req recorded on this machine: its
// Source says so (transition.LocalSource), never a comment.
func localDecision(req transition.Request, by string) transition.Decision {
	return transition.Decision{Event: req.Event, Rationale: req.Note, Source: transition.LocalSource, By: by, Date: req.At, At: req.At,
		Note: "recorded locally by " + by, Validate: req.Validate}
}

// decider is who a local decision names: --by, else $USER.
func decider(by string) string {
	if by == "" {
		by = os.Getenv("USER")
	}
	if by == "" {
		return "local user"
	}
	return by
}

func storyIDOf(s *story.Story) string {
	if s.Front != nil && s.Front.ID.Value != "" {
		return s.Front.ID.Value
	}
	return ""
}
