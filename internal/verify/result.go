package verify

// Verdict is the rerun's judgement of one item.
type Verdict string

// The verdicts. Only VerdictPass passes; VerdictError means the item could
// not be judged (its pass_when does not compile, the shell did not start),
// which fails closed.
const (
	VerdictPass    Verdict = "pass"
	VerdictFail    Verdict = "fail"
	VerdictTimeout Verdict = "timeout"
	VerdictError   Verdict = "error"
)

// Result is one rerun item as recorded in the results document.
type Result struct {
	Story    string  `json:"story"`
	ID       string  `json:"id"`
	Line     int     `json:"line"`
	Column   int     `json:"column"`
	Command  string  `json:"command"`
	PassWhen string  `json:"pass_when"`
	Verdict  Verdict `json:"verdict"`
	ExitCode int     `json:"exit_code"`
	// DurationMS is the wall time of the run in milliseconds.
	DurationMS int64 `json:"duration_ms"`
	// TimeLimitMS is the limit the run had, in milliseconds.
	TimeLimitMS int64 `json:"time_limit_ms"`
	// ClaimedEvidence and ClaimedToolFinding are what the story says.
	ClaimedEvidence    *Claim `json:"claimed_evidence,omitempty"`
	ClaimedToolFinding *Claim `json:"claimed_tool_finding,omitempty"`
	StdoutTail         string `json:"stdout_tail"`
	StderrTail         string `json:"stderr_tail"`
	// StdoutDropped and StderrDropped count the bytes not kept in the tails.
	StdoutDropped int64 `json:"stdout_dropped_bytes"`
	StderrDropped int64 `json:"stderr_dropped_bytes"`
	// Error explains VerdictError.
	Error string `json:"error,omitempty"`
	// Sandboxed is true when the command ran in the sandbox; the
	// document's sandbox field says why not when it is false.
	Sandboxed bool `json:"sandboxed"`
}

// Passed reports whether the rerun met its pass_when.
func (r Result) Passed() bool { return r.Verdict == VerdictPass }
