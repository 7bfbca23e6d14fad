package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/progress"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/target"
	"github.com/storygate/storygate/internal/verify"
)

const verifySynopsis = "verify [--base REV] [--jobs N] [--timeout DUR] [--shard I/N] [--format text|json|sarif|github] [--out FILE] [--quiet] [--color auto|always|never] [--config FILE] [--root DIR] [PATH...]"

// verifyFlags are the parsed flags of verify.
type verifyFlags struct {
	base, cfgPath, format, out, root, shard string
	jobs                                    int
	timeout                                 time.Duration
	output                                  outputFlags
}

func runVerify(e env, args []string) int {
	fs := newFlagSet(e, "verify", verifySynopsis)
	var f verifyFlags
	fs.StringVar(&f.base, "base", "", "verify the stories changed since this revision that are at evaluating or later")
	fs.IntVar(&f.jobs, "jobs", 0, "commands run at once (default verify.jobs, 4)")
	fs.DurationVar(&f.timeout, "timeout", 0, "time limit per command (default verify.timeout, 10m)")
	fs.StringVar(&f.shard, "shard", "", "run only shard I of N of the verification items, e.g. 2/4")
	fs.StringVar(&f.format, "format", "text", "output format: text, json, sarif or github")
	fs.StringVar(&f.out, "out", "", "write the results document (JSON) to this file")
	fs.StringVar(&f.cfgPath, "config", "", "configuration file (default .github/storygate.yml under the root)")
	fs.StringVar(&f.root, "root", "", "repository root (default: the git work tree containing the first PATH, else the one containing the current directory)")
	f.output.register(fs)
	paths, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	return verifyWith(e, f, paths)
}

func verifyWith(e env, f verifyFlags, paths []string) int {
	shard, code := verifyUsage(e, f)
	if code >= 0 {
		return code
	}
	root, err := rootFor(f.root, paths)
	if err != nil {
		return usageError(e, "verify", err)
	}
	t, code := openTarget(e, "verify", target.Options{Root: root, ConfigFile: f.cfgPath, Base: f.base})
	if code >= 0 {
		return code
	}
	cfg := t.Policy()
	place := placeFor(f.format, t.Place())
	stories, err := selectStories(t, absPaths(paths))
	if err != nil {
		return failure(e, "verify", err)
	}
	opt := verifyOptions(root, f, cfg)
	if opt.Sandbox, opt.Source, err = isolate(e, "verify", t); err != nil {
		return failure(e, "verify", err)
	}
	opt.Progress = f.output.reporter(e, f.format, "verify")
	doc := runStories(e.ctx, root, stories, shard, opt)
	report := opt.Sandbox.Report()
	doc.Sandbox = &report
	ds := doc.Diagnostics
	if shard == nil || shard.Index == 1 { // every shard loads every story: one reports them
		ds = append(unreadable(stories), ds...)
	}
	// The document (--out) names paths relative to the root whatever the
	// format, as merge-results reads shards back: its findings pass the
	// pipeline without a place, and the printed report places them.
	doc.SetDiagnostics(findings.New(findings.Options{Config: cfg}).Run(ds).Judged)
	return finishVerify(e, f, doc, place)
}

// verifyUsage checks the flags that need no repository.
func verifyUsage(e env, f verifyFlags) (*verify.Shard, int) {
	if !report.ValidFormat(f.format) {
		fmt.Fprintf(e.stderr, "storygate verify: unknown format %q (legal: text, json, sarif, github)\n", f.format)
		return nil, ExitUsage
	}
	if code := f.output.check(e, "verify"); code >= 0 {
		return nil, code
	}
	if f.jobs < 0 || f.timeout < 0 {
		fmt.Fprintln(e.stderr, "storygate verify: --jobs and --timeout must not be negative")
		return nil, ExitUsage
	}
	if f.shard == "" {
		return nil, -1
	}
	s, err := verify.ParseShard(f.shard)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate verify: %v\n", err)
		return nil, ExitUsage
	}
	return &s, -1
}

// verifyOptions merges flags over configuration. The environment is this
// process's minus every token: the commands come from the change under
// review.
func verifyOptions(root string, f verifyFlags, cfg *config.Config) verify.Options {
	opt := verify.Options{Dir: root, Jobs: cfg.Verify.Jobs, Timeout: cfg.Verify.Timeout,
		Env: verify.CleanEnv(os.Environ(), cfg.Verify.SecretEnv), Governed: cfg.Revert.Governed}
	if f.jobs > 0 {
		opt.Jobs = f.jobs
	}
	if f.timeout > 0 {
		opt.Timeout = f.timeout
	}
	return opt
}

// runStories reruns the items of the loaded stories (of one shard, if set).
func runStories(ctx context.Context, root string, stories []loadedStory, shard *verify.Shard, opt verify.Options) verify.Document {
	var items []verify.Item
	var names []string
	for _, s := range stories {
		names = append(names, s.Path)
		items = append(items, verify.ItemsOf(s.Story)...)
	}
	if shard != nil {
		items = shard.Select(items)
	}
	if p, ok := opt.Progress.(*progress.Reporter); ok {
		p.Begin(len(items))
		defer p.End()
	}
	return verify.NewDocument(names, verify.Execute(ctx, items, opt), shard)
}

// finishVerify writes the document and prints its findings, placed where
// their root is in its repository (place, for the formats that name
// repository paths); the document's findings are final but for that.
func finishVerify(e env, f verifyFlags, doc verify.Document, place string) int {
	if f.out != "" {
		if err := writeJSONFile(f.out, doc.Write); err != nil {
			fmt.Fprintf(e.stderr, "storygate verify: %v\n", err)
			return ExitInternal
		}
	}
	placed := findings.New(findings.Options{Place: place}).Run(doc.Diagnostics).Judged
	rep := report.Document{Tool: "verify", Diagnostics: placed, Category: place, FilesChecked: len(doc.Stories), Rules: report.CatalogRules(),
		Causes: causesOf(doc.Results), Results: itemResults(doc.Results)}
	if err := f.output.printReport(e, f.format, rep); err != nil {
		fmt.Fprintf(e.stderr, "storygate verify: %v\n", err)
		return ExitInternal
	}
	return findingsCode(doc.Diagnostics)
}

// writeJSONFile writes a document through write into path, creating its
// directory; the file appears only once it is complete.
func writeJSONFile(path string, write func(w io.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".storygate-*.json")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer os.Remove(tmp.Name())
	err = write(tmp)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

// itemResults are the per-item outcomes verify's JSON lists.
func itemResults(results []verify.Result) []report.ItemResult {
	out := make([]report.ItemResult, 0, len(results))
	for _, r := range results {
		out = append(out, report.ItemResult{Story: r.Story, ID: r.ID, Line: r.Line, Command: r.Command, Verdict: string(r.Verdict),
			ExitCode: r.ExitCode, DurationMS: r.DurationMS, Error: r.Error, Cause: verify.Cause(r)})
	}
	return out
}

// causesOf are the ends of the failed reruns' stderr, for the text
// format: why each failed, without --out. Their paths are the results'
// own, relative to the root as the text format's findings are.
func causesOf(results []verify.Result) []report.Cause {
	var out []report.Cause
	for _, r := range results {
		if c := verify.Cause(r); c != "" {
			out = append(out, report.Cause{File: r.Story, Line: r.Line, ID: r.ID, Stderr: c})
		}
	}
	return out
}
