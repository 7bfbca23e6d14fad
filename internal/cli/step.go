package cli

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/storygate/storygate/internal/diag"
	"github.com/storygate/storygate/internal/findings"
	"github.com/storygate/storygate/internal/records"
	"github.com/storygate/storygate/internal/report"
)

const (
	stepSynopsis       = "step check-patch|break-even [flags]"
	checkPatchSynopsis = "step check-patch --kind KIND --packet PACKET --reply REPLY [--reply REASK_REPLY] [--checked-at TIME]"
	breakEvenSynopsis  = "step break-even --prefix P [--prefix P]... --content C --slices K [--format text|json]"
)

// runStep dispatches the atomic-step helpers.
func runStep(e env, args []string) int {
	if len(args) > 0 {
		switch args[0] {
		case "check-patch":
			return runCheckPatch(e, args[1:])
		case "break-even":
			return runBreakEven(e, args[1:])
		}
	}
	asked := len(args) > 0 && isHelp(args[0])
	w := e.stderr
	if asked {
		w = e.stdout
	}
	fmt.Fprintf(w, "usage: storygate %s\n  %s\n  %s\n\n'storygate step check-patch --help' and 'storygate step break-even --help' list their flags.\n",
		stepSynopsis, checkPatchSynopsis, breakEvenSynopsis)
	if asked {
		return ExitOK
	}
	return ExitUsage
}

// runCheckPatch admits or rejects each field of a step's reply and prints
// the patch-check record. Exit 0 when every field was admitted, 1 when a
// field or the reply was refused, 2 when the inputs are unusable.
func runCheckPatch(e env, args []string) int {
	fs := newFlagSet(e, "step check-patch", checkPatchSynopsis)
	kindFile := fs.String("kind", "", "step kind record (template.step-kind), JSON or YAML")
	packetFile := fs.String("packet", "", "the packet the step received (template.step-packet)")
	var replies multiFlag
	fs.Var(&replies, "reply", "the step's recorded reply; repeat once for its answer to the re-ask")
	checkedAt := fs.String("checked-at", "", "time to record as checked_at (RFC 3339; default now)")
	rest, code := parseFlags(fs, args)
	if code >= 0 {
		return code
	}
	if code := requireFlags(e, fs, "kind", "packet", "reply"); code >= 0 {
		return code
	}
	if len(replies) > 2 || len(rest) > 0 {
		fmt.Fprintln(e.stderr, "storygate step check-patch: give one or two --reply files and no other arguments")
		fs.Usage()
		return ExitUsage
	}
	in, code := patchInput(e, *kindFile, *packetFile, replies, *checkedAt)
	if code >= 0 {
		return code
	}
	return printPatchCheck(e, in)
}

func printPatchCheck(e env, in records.PatchInput) int {
	result, err := records.CheckPatch(in)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate step check-patch: %v\n", err)
		return ExitUsage
	}
	out, err := json.MarshalIndent(result, "", "  ")
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate step check-patch: %v\n", err)
		return ExitInternal
	}
	fmt.Fprintln(e.stdout, string(out))
	if !result.Clean() {
		return ExitFindings
	}
	return ExitOK
}

func patchInput(e env, kindFile, packetFile string, replyFiles []string, checkedAt string) (records.PatchInput, int) {
	var in records.PatchInput
	when, err := parseCheckedAt(checkedAt)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate step check-patch: %v\n", err)
		return in, ExitUsage
	}
	in.CheckedAt = when
	kind, _, code := readOneRecord(e, kindFile, "template.step-kind")
	if code >= 0 {
		return in, code
	}
	packet, packetText, code := readOneRecord(e, packetFile, "")
	if code >= 0 {
		return in, code
	}
	in.Kind, in.Packet, in.PacketText = kind, packet, packetText
	for _, f := range replyFiles {
		data, err := readCapped(f)
		if err != nil {
			fmt.Fprintf(e.stderr, "storygate step check-patch: reply %s: %v\n", f, err)
			return in, ExitUsage
		}
		in.Replies = append(in.Replies, string(data))
	}
	return in, -1
}

func parseCheckedAt(s string) (time.Time, error) {
	if s == "" {
		return time.Now(), nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return t, fmt.Errorf("--checked-at %q: %w", s, err)
	}
	return t, nil
}

// readOneRecord reads a file holding exactly one record, validating it
// against the named built-in schema when one is given. Problems print as
// diagnostics on stderr and give ExitUsage: the command cannot proceed.
func readOneRecord(e env, file, schemaName string) (*records.Value, string, int) {
	data, err := readCapped(file)
	if err != nil {
		fmt.Fprintf(e.stderr, "storygate step check-patch: %s: %v\n", file, err)
		return nil, "", ExitUsage
	}
	name := filepath.ToSlash(file)
	recs, problems := records.Parse(name, data)
	if len(problems) == 0 && len(recs) != 1 {
		problems = append(problems, diag.New(records.RuleParse, diag.SeverityError, name, diag.Pos{}, "the file holds %d records; one is needed", len(recs)))
	}
	if len(problems) == 0 && schemaName != "" {
		problems = validateBuiltin(schemaName, recs[0])
	}
	if len(problems) > 0 {
		_ = printReport(e.stderr, "text", report.Document{Tool: "step", Diagnostics: findings.New(findings.Options{}).Run(problems).Judged, FilesChecked: 1})
		return nil, "", ExitUsage
	}
	return recs[0].Root, string(data), -1
}

func validateBuiltin(schemaName string, rec records.Record) []diag.Diagnostic {
	schema, err := builtin.Schema(schemaName)
	if err != nil {
		return []diag.Diagnostic{diag.New(records.RuleSchema, diag.SeverityError, rec.File, diag.Pos{}, "%v", err)}
	}
	return schema.Validate(rec)
}

// int64List is a repeatable integer flag.
type int64List []int64

// String joins the values given, for the flag package.
func (l *int64List) String() string {
	parts := make([]string, len(*l))
	for i, v := range *l {
		parts[i] = strconv.FormatInt(v, 10)
	}
	return strings.Join(parts, ",")
}

// Set parses one integer, or several separated by commas.
func (l *int64List) Set(s string) error {
	for _, part := range strings.Split(s, ",") {
		v, err := strconv.ParseInt(strings.TrimSpace(part), 10, 64)
		if err != nil {
			return fmt.Errorf("%q is not a whole number of tokens", part)
		}
		*l = append(*l, v)
	}
	return nil
}
