package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/storygate/storygate/internal/config"
	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/report"
	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/stage"
)

const stageUsage = `usage: storygate stage <subcommand> [flags] [DIR]

subcommands:
  validate [--agents DIR] [--scopes DIR] [--scope-prefix P] [--config FILE] [--format text|json|sarif|github] [DIR]
  compile  [--check] [--out FILE] [--agents DIR] [--scopes DIR] [--scope-prefix P] [--config FILE] [DIR]

DIR holds the stage files (<phase>/<slug>.md); it defaults to ".".
Without --agents/--scopes, DIR/agents or DIR/../agents (and scopes) are used
when they exist; otherwise agents (scopes) are not resolved. A scope file
names the scope of its frontmatter name:, else it is <P><name>.md (P is
aidlc- unless --scope-prefix says otherwise). The rules: severities of the
configuration (--config, else .github/storygate.yml of the repository
holding DIR when it exists) apply, as in the PR gate: a stage/* rule turned
down to a warning, or off, no longer keeps the graph from compiling.`

func runStage(e env, args []string) int {
	if len(args) == 0 {
		fmt.Fprintln(e.stderr, stageUsage)
		return ExitUsage
	}
	switch args[0] {
	case "validate":
		return runStageValidate(e, args[1:])
	case "compile":
		return runStageCompile(e, args[1:])
	}
	if isHelp(args[0]) {
		fmt.Fprintln(e.stdout, stageUsage)
		return ExitOK
	}
	fmt.Fprintf(e.stderr, "storygate stage: unknown subcommand %q\n%s\n", args[0], stageUsage)
	return ExitUsage
}

// stageInputs are the flags both subcommands share.
type stageInputs struct {
	agents, scopes, scopePrefix string
	config                      string
	dir                         string
}

func (in *stageInputs) register(fs interface {
	StringVar(p *string, name, value, usage string)
}) {
	fs.StringVar(&in.agents, "agents", "", "agents directory (*.md, one per agent)")
	fs.StringVar(&in.scopes, "scopes", "", "scopes directory (each *.md names the scope of its frontmatter name:, else <prefix><name>.md)")
	fs.StringVar(&in.scopePrefix, "scope-prefix", stage.DefaultScopePrefix, "prefix of scope file names (a fork's amadeus-)")
	fs.StringVar(&in.config, "config", "", "configuration whose rules: severities apply (default .github/storygate.yml of the repository holding DIR, when it exists)")
}

// setDir takes the optional DIR positional argument.
func (in *stageInputs) setDir(e env, positional []string) int {
	switch len(positional) {
	case 0:
		in.dir = "."
	case 1:
		in.dir = positional[0]
	default:
		fmt.Fprintf(e.stderr, "storygate stage: expected at most one DIR, got %d arguments\n", len(positional))
		return ExitUsage
	}
	return -1
}

func runStageValidate(e env, args []string) int {
	fs := newFlagSet(e, "stage validate", "stage validate [--agents DIR] [--scopes DIR] [--scope-prefix P] [--config FILE] [--format text|json|sarif|github] [DIR]")
	var in stageInputs
	in.register(fs)
	format := fs.String("format", "text", "output format: text, json, sarif or github")
	positional, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if !report.ValidFormat(*format) {
		fmt.Fprintf(e.stderr, "storygate stage validate: unknown format %q (legal: text, json, sarif, github)\n", *format)
		return ExitUsage
	}
	if code := in.setDir(e, positional); code >= 0 {
		return code
	}
	set, pipeline, code := loadStageSet(e, in)
	if code >= 0 {
		return code
	}
	doc := stageDocument(pipeline, "stage validate", stage.Check(set), len(set.Files))
	if err := printReport(e.stdout, *format, doc); err != nil {
		fmt.Fprintf(e.stderr, "storygate stage validate: %v\n", err)
		return ExitInternal
	}
	return exitFor(doc.Diagnostics)
}

func exitFor(ds []diag.Diagnostic) int {
	if diag.Count(ds).Errors > 0 {
		return ExitFindings
	}
	return ExitOK
}

// stageDocument is the report of a stage command: its findings, final out
// of the command's pipeline (the configuration's severities), and the
// stage rules' metadata.
func stageDocument(p *findings.Pipeline, tool string, ds []diag.Diagnostic, files int) report.Document {
	return report.Document{Tool: tool, Diagnostics: p.Run(ds).Judged, FilesChecked: files, Rules: report.CatalogRules()}
}

// stagePipeline is a stage command's findings pipeline (severityPipeline).
func stagePipeline(e env, in stageInputs) (*findings.Pipeline, int) {
	return severityPipeline(e, "stage", in.dir, in.config)
}

// loadStageSet reads the stage files, the agent and scope rosters, and the
// configuration whose severities judge them.
func loadStageSet(e env, in stageInputs) (*stage.Set, *findings.Pipeline, int) {
	if code := requireDir(e, "stage directory", in.dir); code >= 0 {
		return nil, nil, code
	}
	pipeline, code := stagePipeline(e, in)
	if code >= 0 {
		return nil, nil, code
	}
	set, code := loadStageFiles(e, in)
	return set, pipeline, code
}

// loadStageFiles reads the stage files and the agent and scope rosters.
func loadStageFiles(e env, in stageInputs) (*stage.Set, int) {
	if !config.ValidScopePrefix(in.scopePrefix) {
		fmt.Fprintf(e.stderr, "storygate stage: --scope-prefix %q is not a file-name prefix like aidlc- or amadeus- (lowercase letters, digits and hyphens, ending in -)\n", in.scopePrefix)
		return nil, ExitUsage
	}
	set, err := stage.LoadStages(safefile.FS(safefile.RepoRoot(in.dir), in.dir, stage.MaxFileSize), filepath.ToSlash(in.dir))
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate stage: %v\n", err)
		return nil, readCode(err)
	}
	if len(set.Files) == 0 { // a mistyped DIR must not pass with nothing checked
		fmt.Fprintf(e.stderr, "storygate stage: no stage files (<phase>/<slug>.md) under %s; it would check nothing\n", in.dir)
		return nil, ExitUsage
	}
	var code int
	if set.Agents, code = loadRoster(e, in.dir, in.agents, "agents", stage.LoadAgents); code >= 0 {
		return nil, code
	}
	if set.Scopes, code = loadRoster(e, in.dir, in.scopes, "scopes", stage.ScopeLoader(in.scopePrefix)); code >= 0 {
		return nil, code
	}
	return set, -1
}

type rosterLoader func(fs.FS) (map[string]bool, error)

// loadRoster reads the named roster directory, or discovers DIR/<what> or
// DIR/../<what> when no flag names one. A nil roster means "not checked".
func loadRoster(e env, dir, flagDir, what string, load rosterLoader) (map[string]bool, int) {
	if flagDir == "" {
		flagDir = discoverRoster(dir, what)
		if flagDir == "" {
			return nil, -1
		}
	} else if code := requireDir(e, what+" directory", flagDir); code >= 0 {
		return nil, code
	}
	// Through safefile, as the stage files: a scope file's frontmatter names
	// its scope, and a link out of the repository is never read.
	roster, err := load(safefile.FS(safefile.RepoRoot(flagDir), flagDir, stage.MaxFileSize))
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate stage: %v\n", err)
		return nil, readCode(safefile.MarkUnreadable(err))
	}
	return roster, -1
}

func discoverRoster(dir, what string) string {
	candidates := []string{filepath.Join(dir, what)}
	if filepath.Clean(dir) != "." {
		candidates = append(candidates, filepath.Join(dir, "..", what))
	}
	for _, c := range candidates {
		if st, err := os.Stat(c); err == nil && st.IsDir() {
			return c
		}
	}
	return ""
}

func requireDir(e env, what, dir string) int {
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		fmt.Fprintf(e.stderr, "storygate stage: %s %s does not exist\n", what, dir)
		return ExitUsage
	case err != nil:
		fmt.Fprintf(e.stderr, "storygate stage: %v\n", err)
		return readCode(safefile.MarkUnreadable(err))
	case !st.IsDir():
		fmt.Fprintf(e.stderr, "storygate stage: %s %s is not a directory\n", what, dir)
		return ExitUsage
	}
	return -1
}

func runStageCompile(e env, args []string) int {
	fs := newFlagSet(e, "stage compile", "stage compile [--check] [--out FILE] [--agents DIR] [--scopes DIR] [--scope-prefix P] [--config FILE] [DIR]")
	var in stageInputs
	in.register(fs)
	check := fs.Bool("check", false, "compile twice and compare the bytes, and compare with --out when it is given; write nothing")
	out := fs.String("out", "", "write the graph to FILE instead of stdout (with --check: the file to compare with)")
	positional, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if code := in.setDir(e, positional); code >= 0 {
		return code
	}
	if *out != "" && !*check {
		// Before compiling: a missing directory is the user's to fix, and
		// the error must name it, not the temporary file written there.
		if code := requireDir(e, "--out directory", filepath.Dir(*out)); code >= 0 {
			return code
		}
	}
	first, code := compileOnce(e, in)
	if code >= 0 {
		return code
	}
	if *check {
		return checkCompile(e, in, first, *out)
	}
	return writeGraph(e, first, *out)
}

// compileOnce loads, checks and compiles the set, printing its findings to
// stderr. It returns the graph bytes, or an exit code.
func compileOnce(e env, in stageInputs) ([]byte, int) {
	set, pipeline, code := loadStageSet(e, in)
	if code >= 0 {
		return nil, code
	}
	g, ds := stage.CompileJudged(set, pipeline.Severities)
	if doc := stageDocument(pipeline, "stage compile", ds, len(set.Files)); len(doc.Diagnostics) > 0 {
		if err := printReport(e.stderr, "text", doc); err != nil {
			return nil, ExitInternal
		}
	}
	if g == nil {
		fmt.Fprintln(e.stderr, "storygate stage compile: errors found; no graph written")
		return nil, ExitFindings
	}
	data, err := stage.Marshal(g)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate stage compile: %v\n", err)
		return nil, ExitInternal
	}
	return data, -1
}

func checkCompile(e env, in stageInputs, first []byte, against string) int {
	second, code := compileOnce(env{stdin: e.stdin, stdout: e.stdout, stderr: io.Discard}, in)
	if code >= 0 {
		return code
	}
	if d := stage.UnifiedDiff("first compile", "second compile", first, second); d != "" {
		fmt.Fprintf(e.stdout, "stage graph is not deterministic: two compiles differ\n%s", d)
		return ExitFindings
	}
	if against == "" {
		fmt.Fprintln(e.stdout, "stage graph: two compiles are byte-identical")
		return ExitOK
	}
	return compareWithFile(e, first, against)
}

// maxCompiledBytes bounds the compiled graph read back for --check: stage
// graphs are kilobytes; a link to /dev/zero must not be read forever.
const maxCompiledBytes = 64 << 20

func compareWithFile(e env, compiled []byte, path string) int {
	existing, err := safefile.ReadPath(path, maxCompiledBytes)
	if errors.Is(err, fs.ErrNotExist) {
		fmt.Fprintf(e.stdout, "%s does not exist; run storygate stage compile --out %s\n", path, path)
		return ExitFindings
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate stage compile: read %s: %v\n", path, err)
		return ExitInternal
	}
	if d := stage.UnifiedDiff(path, "compiled", existing, compiled); d != "" {
		fmt.Fprintf(e.stdout, "%s is out of date; run storygate stage compile --out %s\n%s", path, path, d)
		return ExitFindings
	}
	fmt.Fprintf(e.stdout, "%s is up to date\n", path)
	return ExitOK
}

func writeGraph(e env, data []byte, path string) int {
	if path == "" {
		if _, err := io.Copy(e.stdout, bytes.NewReader(data)); err != nil {
			fmt.Fprintf(e.stderr, "storygate stage compile: write graph: %v\n", err)
			return ExitInternal
		}
		return ExitOK
	}
	if err := replaceFile(path, data); err != nil {
		fmt.Fprintf(e.stderr, "storygate stage compile: %v\n", err)
		return readCode(safefile.MarkUnreadable(err)) // a directory not writable is the user's to fix
	}
	return ExitOK
}
