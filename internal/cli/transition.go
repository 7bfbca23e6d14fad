package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/storygate/storygate/internal/story"
	"github.com/storygate/storygate/internal/transition"
)

const transitionSynopsis = "transition --event EVENT --actor ROLE [--note TEXT] [--at TIME] STORY"

func runTransition(e env, args []string) int {
	fs := newFlagSet(e, "transition", transitionSynopsis)
	event := fs.String("event", "", "the event to apply (see the transition table)")
	actor := fs.String("actor", "", "the role performing the move")
	note := fs.String("note", "", "note for the Transition Log row")
	at := fs.String("at", "", "time to record (RFC 3339; default now)")
	paths, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	req, path, code := transitionRequest(e, *event, *actor, *note, *at, paths)
	if code >= 0 {
		return code
	}
	return applyTransition(e, path, req)
}

func transitionRequest(e env, event, actor, note, at string, paths []string) (transition.Request, string, int) {
	if event == "" || actor == "" || len(paths) != 1 {
		fmt.Fprintf(e.stderr, "usage: storygate %s\n", transitionSynopsis)
		return transition.Request{}, "", ExitUsage
	}
	when := time.Now().UTC()
	if at != "" {
		t, ok := story.ParseTime(at)
		if !ok {
			fmt.Fprintf(e.stderr, "storygate transition: --at %q is not a time (use 2026-05-27T10:00:00Z)\n", at)
			return transition.Request{}, "", ExitUsage
		}
		when = t
	}
	return transition.Request{Event: event, Actor: actor, Note: note, At: when}, paths[0], -1
}

func applyTransition(e env, path string, req transition.Request) int {
	src, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate transition: %v\n", err)
		return ExitUsage
	}
	out, err := transition.Apply(story.Parse(filepath.ToSlash(path), src), req)
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
	if err := replaceFile(path, out); err != nil {
		return failure(e, "transition", err)
	}
	fmt.Fprintf(e.stdout, "%s: %s by %s\n", path, req.Event, req.Actor)
	return ExitOK
}
