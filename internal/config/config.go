// Package config loads .github/storygate.yml. Every key has a default that
// works for a repository following the spec; an unknown key is an error that
// names the legal keys.
package config

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/safefile"
	"github.com/storygate/storygate/internal/yamlerr"
	"github.com/storygate/storygate/internal/yamlstrict"
)

// DefaultPath is where the configuration lives, relative to the repository root.
const DefaultPath = ".github/storygate.yml"

// Config is the whole configuration.
type Config struct {
	// Stories are the globs (relative to the root, ** allowed) that find story files.
	Stories []string `yaml:"stories"`
	// Rules maps a rule ID to a severity (error, warning, notice) or off.
	Rules     map[string]string `yaml:"rules"`
	Revert    Revert            `yaml:"revert"`
	Verify    Verify            `yaml:"verify"`
	Approvers Approvers         `yaml:"approvers"`
	Stages    Stages            `yaml:"stages"`
	Records   []RecordSuite     `yaml:"records"`
	Discovery Discovery         `yaml:"discovery"`
	Gate      Gate              `yaml:"gate"`
	GitHub    GitHub            `yaml:"github"`
	// Path is the file the configuration was read from ("" for defaults).
	Path string `yaml:"-"`
	// rulePos is where each rule ID under rules: is written.
	rulePos map[string]position
}

// Revert configures the revert check.
type Revert struct {
	Governed []string `yaml:"governed"`
	Suite    string   `yaml:"suite"`
	// Granularity is auto (the default), set, file or hunk: what one
	// suite run decides (docs/revert-check.md).
	Granularity string `yaml:"granularity"`
	// MaxRuns bounds the suite runs of one check, the baseline included.
	MaxRuns int `yaml:"max_runs"`
}

// Verify configures verification reruns, and the sandbox every command
// from the change (verification items, the revert suite) runs in.
type Verify struct {
	Jobs      int           `yaml:"jobs"`
	Timeout   time.Duration `yaml:"timeout"`
	SecretEnv []string      `yaml:"secret_env"`
	// Sandbox is auto, required or off (docs/verify.md).
	Sandbox string `yaml:"sandbox"`
	// Network is none (default), loopback or full (network.go); the old
	// booleans true and false are read as full and none.
	Network string `yaml:"network"`
	// MemoryLimitMiB caps each command's address space; 0 means no cap.
	MemoryLimitMiB int64 `yaml:"memory_limit_mib"`
	// ProcessLimit caps the sandbox's processes; 0 means no cap.
	ProcessLimit int `yaml:"process_limit"`
	// Caches offers the runner's module and build caches to the sandbox,
	// each behind a private writable layer; on by default.
	Caches bool `yaml:"caches"`
	// TmpLimitMiB caps the size of each command's private /tmp; 0 means
	// no cap.
	TmpLimitMiB int64 `yaml:"tmp_limit_mib"`
	// FileLimitMiB caps the size of each file a command writes
	// (RLIMIT_FSIZE); 0 means no cap.
	FileLimitMiB int64 `yaml:"file_limit_mib"`
	// SandboxPaths are extra host paths the sandbox mounts read-only.
	SandboxPaths []string `yaml:"sandbox_paths"`
	// MaxImpacted caps how many stories the gate reruns because the change
	// reaches their scope.write without touching them (impacted stories,
	// docs/verify.md); the rest are left to the scheduled re-verification.
	// 0 reruns none of them.
	MaxImpacted int `yaml:"max_impacted"`
}

// Approvers says who may pass a human gate.
type Approvers struct {
	Permission string   `yaml:"permission"`
	Teams      []string `yaml:"teams"`
	Deny       []string `yaml:"deny"`
	// Recorder is the login of storygate's identity, whose decision
	// records alone count ("" means github-actions[bot], GITHUB_TOKEN's;
	// for a GitHub App "<slug>[bot]").
	Recorder string `yaml:"recorder"`
	// RecorderAppID, when set, also requires the records to be posted via
	// that GitHub App (performed_via_github_app.id).
	RecorderAppID int64 `yaml:"recorder_app_id"`
	// AllowAuthor lets the PR's author pass its human gates (policy-bot's
	// allow_author): for a solo maintainer whose agent pushes under their
	// own account. Off by default: with it on, whoever controls the
	// author's account approves its own work (docs/chatops.md).
	AllowAuthor bool `yaml:"allow_author"`
}

// Stages locates AI-DLC stage definitions.
type Stages struct {
	Paths  []string `yaml:"paths"`
	Agents string   `yaml:"agents"`
	Scopes string   `yaml:"scopes"`
	// ScopePrefix is the file-name prefix of a scope file without a
	// frontmatter name: (<prefix><name>.md); "" means aidlc-.
	ScopePrefix string `yaml:"scope_prefix"`
}

// Discovery says what becomes of a file discovery finds (a STORY-* name,
// a named file) that is not an execution story: a pre-v1 legacy file or
// the specification's own STORY-000 text (docs/stories.md).
type Discovery struct {
	// NonStory is notice (skipped, one structure/not-a-story notice), off
	// (skipped silently) or validate (validated as an execution story).
	NonStory string `yaml:"non_story"`
}

// Gate configures the PR gate (storygate action).
type Gate struct {
	// Filter is changed (judge the stories the change touched; findings on
	// the others are reported apart and decide nothing) or all (judge every
	// story), as reviewdog's -filter-mode (docs/configuration.md).
	Filter FilterMode `yaml:"filter"`
}

// Non-story modes of Discovery.NonStory.
const (
	NonStoryNotice   = "notice"
	NonStoryOff      = "off"
	NonStoryValidate = "validate"
)

// RecordSuite maps record files to a check suite.
type RecordSuite struct {
	Glob   string `yaml:"glob"`
	Suite  string `yaml:"suite"`
	Schema string `yaml:"schema"`
}

// Default returns the configuration used when no file exists.
func Default() *Config {
	return &Config{
		Stories: []string{"**/STORY-*.md", "stories/**/*.md"},
		Rules:   map[string]string{},
		Revert:  Revert{Governed: []string{"tests/"}, Granularity: GranularityAuto, MaxRuns: DefaultMaxRuns},
		Verify: Verify{Jobs: 4, Timeout: 10 * time.Minute, Sandbox: "auto", Network: NetworkNone, Caches: true,
			MemoryLimitMiB: 4096, ProcessLimit: 1024, TmpLimitMiB: DefaultTmpLimitMiB, FileLimitMiB: DefaultFileLimitMiB, MaxImpacted: DefaultMaxImpacted},
		Approvers: Approvers{Permission: "write"},
		Discovery: Discovery{NonStory: NonStoryNotice},
		Gate:      Gate{Filter: FilterChanged},
		GitHub:    GitHub{RequestTimeout: DefaultRequestTimeout, Deadline: DefaultDeadline},
	}
}

// Error is a configuration error with a position in the file.
type Error struct {
	File         string
	Line, Column int
	Message      string
}

// Error prints the file, the position when known, and the message.
func (e *Error) Error() string {
	if e.Line == 0 {
		return fmt.Sprintf("%s: %s", e.File, e.Message)
	}
	return fmt.Sprintf("%s:%d:%d: %s", e.File, e.Line, e.Column, e.Message)
}

// MaxFileBytes is the largest configuration file read: a configuration is
// a few hundred bytes, and a link to /dev/zero must not be read forever.
const MaxFileBytes = 1 << 20

// Load reads the configuration. With explicit == "" it reads DefaultPath
// under root when present and falls back to defaults; an explicit path must exist.
func Load(root, explicit string) (*Config, error) {
	path := explicit
	if path == "" {
		path = filepath.Join(root, DefaultPath)
	}
	data, err := ReadFile(root, explicit)
	if explicit == "" && errors.Is(err, fs.ErrNotExist) {
		return Default(), nil
	}
	if err != nil {
		return nil, ReadError(path, err)
	}
	cfg, err := Parse(path, data)
	if err != nil {
		return nil, err
	}
	return cfg, nil
}

// ReadFile reads the configuration file's bytes, refusing what every
// loader refuses (internal/safefile): the default path must resolve inside
// root; an explicit path, which the user named, may be anywhere; neither
// may be a FIFO, a device or over MaxFileBytes.
func ReadFile(root, explicit string) ([]byte, error) {
	if explicit != "" {
		return safefile.ReadPath(explicit, MaxFileBytes)
	}
	return safefile.ReadFile(root, filepath.Join(root, DefaultPath), MaxFileBytes)
}

// Parse decodes configuration bytes read from file.
func Parse(file string, data []byte) (*Config, error) {
	doc, err := yamlstrict.Decode(data)
	var v *yamlstrict.Violation
	switch {
	case errors.As(err, &v):
		return nil, &Error{File: file, Line: v.Line, Column: v.Column, Message: "configuration: " + v.Message}
	case err != nil:
		line, problem := yamlerr.Locate(data, err)
		return nil, &Error{File: file, Line: line, Column: 1, Message: "not valid YAML: " + problem}
	}
	cfg := Default()
	cfg.Path = file
	// An empty file, a lone "---" and an explicit null all hold no
	// settings: the defaults apply, as for an empty file.
	if len(doc.Content) == 0 || (doc.Content[0].Kind == yaml.ScalarNode && doc.Content[0].ShortTag() == "!!null") {
		return cfg, nil
	}
	root := doc.Content[0]
	if err := checkKeys(file, root, schema); err != nil {
		return nil, err
	}
	if err := root.Decode(cfg); err != nil {
		return nil, decodeError(file, root, err)
	}
	cfg.recordRuleKeys(root)
	return cfg, validate(file, root, cfg)
}

func validate(file string, root *yaml.Node, cfg *Config) error {
	for id, sev := range cfg.Rules {
		switch sev {
		case "off", "error", "warning", "notice":
		default:
			n := findKey(root, "rules", id)
			return &Error{File: file, Line: n.Line, Column: n.Column,
				Message: fmt.Sprintf("rule %q: severity %q is not one of off, error, warning, notice", id, sev)}
		}
	}
	if cfg.Verify.Jobs < 1 {
		n := findKey(root, "verify", "jobs")
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: "verify.jobs must be at least 1"}
	}
	if err := validateMaxImpacted(file, root, cfg.Verify); err != nil {
		return err
	}
	if err := normalizeNetwork(file, root, &cfg.Verify); err != nil {
		return err
	}
	if err := validateSandbox(file, root, cfg.Verify); err != nil {
		return err
	}
	if err := validateGlobs(file, root, cfg); err != nil {
		return err
	}
	if err := validateRevert(file, root, cfg.Revert); err != nil {
		return err
	}
	if err := validateDurations(file, root, cfg); err != nil {
		return err
	}
	if err := validateScopePrefix(file, root, cfg.Stages); err != nil {
		return err
	}
	switch cfg.Discovery.NonStory {
	case NonStoryNotice, NonStoryOff, NonStoryValidate:
	default:
		n := findKey(root, "discovery", "non_story")
		return &Error{File: file, Line: n.Line, Column: n.Column,
			Message: fmt.Sprintf("discovery.non_story %q is not one of notice, off, validate", cfg.Discovery.NonStory)}
	}
	if _, err := ParseFilterMode(string(cfg.Gate.Filter)); err != nil {
		n := findKey(root, "gate", "filter")
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: "gate.filter: " + err.Error()}
	}
	switch cfg.Approvers.Permission {
	case "read", "triage", "write", "maintain", "admin":
	default:
		n := findKey(root, "approvers", "permission")
		return &Error{File: file, Line: n.Line, Column: n.Column,
			Message: fmt.Sprintf("approvers.permission %q is not one of read, triage, write, maintain, admin", cfg.Approvers.Permission)}
	}
	return validateRecorder(file, root, cfg.Approvers)
}

// actionsAppID and actionsBot are GitHub Actions' app and the account a
// workflow's GITHUB_TOKEN posts as through it.
const (
	actionsAppID = 15368
	actionsBot   = "github-actions[bot]"
)

// validateRecorder refuses an identity no account has: an App pinned by
// id while the login is GITHUB_TOKEN's, which posts only through GitHub
// Actions, would leave every decision unverified and every write refused.
func validateRecorder(file string, root *yaml.Node, a Approvers) error {
	n := findKey(root, "approvers", "recorder_app_id")
	switch {
	case a.RecorderAppID < 0:
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: "approvers.recorder_app_id must not be negative"}
	case a.RecorderAppID != 0 && a.RecorderAppID != actionsAppID && (a.Recorder == "" || strings.EqualFold(a.Recorder, actionsBot)):
		return &Error{File: file, Line: n.Line, Column: n.Column, Message: fmt.Sprintf(
			"approvers.recorder_app_id %d pins storygate to a GitHub App, but approvers.recorder is %s, a workflow's GITHUB_TOKEN's account, which posts only through GitHub Actions: set approvers.recorder to the App's bot, \"<slug>[bot]\" (docs/chatops.md)",
			a.RecorderAppID, actionsBot)}
	}
	return nil
}

var typeErrorRE = regexp.MustCompile(`^line (\d+): (.*)$`)

// decodeError positions a yaml.v3 decoding error (a value of the wrong
// type, a repeated key) at the first key on the line it names.
func decodeError(file string, root *yaml.Node, err error) *Error {
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		if m := typeErrorRE.FindStringSubmatch(te.Errors[0]); m != nil {
			line, _ := strconv.Atoi(m[1])
			return &Error{File: file, Line: line, Column: firstColumn(root, line), Message: "invalid configuration: " + m[2]}
		}
	}
	return &Error{File: file, Line: root.Line, Column: root.Column, Message: fmt.Sprintf("invalid configuration: %v", err)}
}

// firstColumn returns the column of the first node under n on line, or 1.
func firstColumn(n *yaml.Node, line int) int {
	if n.Line == line && n.Kind != yaml.DocumentNode && n.Kind != yaml.MappingNode {
		return n.Column
	}
	for _, c := range n.Content {
		if col := firstColumn(c, line); col > 0 {
			return col
		}
	}
	if n.Line == line {
		return n.Column
	}
	return 0
}

// findKey returns the node of key inside the mapping at section, or root.
func findKey(root *yaml.Node, section, key string) *yaml.Node {
	k, _ := findEntry(root, section, key)
	return k
}

// findEntry returns the key and value nodes of section.key, or root twice.
func findEntry(root *yaml.Node, section, key string) (k, v *yaml.Node) {
	for i := 0; i+1 < len(root.Content); i += 2 {
		if root.Content[i].Value != section {
			continue
		}
		m := root.Content[i+1]
		for j := 0; j+1 < len(m.Content); j += 2 {
			if m.Content[j].Value == key {
				return m.Content[j], m.Content[j+1]
			}
		}
	}
	return root, root
}

// ReadError is the error for a configuration file that cannot be read,
// at the file, which it names once: a file system error of its own
// (lstat /path: …) would name it again.
func ReadError(file string, err error) *Error {
	if pe, ok := err.(*fs.PathError); ok {
		err = fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return &Error{File: file, Message: fmt.Sprintf("cannot read configuration: %v", err)}
}
