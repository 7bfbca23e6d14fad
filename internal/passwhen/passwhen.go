// Package passwhen compiles and evaluates pass_when, the CEL predicate a
// verification item is judged by (docs/verify.md, "The pass_when
// language"). It is apart from verify, which runs the commands, so the
// lint rules that check a pass_when compiles do not link the executor and
// its sandbox.
package passwhen

import (
	"fmt"
	"strings"
	"sync"

	"github.com/google/cel-go/cel"
)

// Default is the predicate used when pass_when is empty.
const Default = "exit_code == 0"

// costLimit bounds how much work one predicate evaluation may do, so a
// hostile pass_when (e.g. a huge string repeat) cannot hang the gate.
const costLimit = 1_000_000

// Outcome is what a predicate sees of one command run.
type Outcome struct {
	ExitCode   int64
	DurationMS int64
	Stdout     string
	Stderr     string
}

// Predicate is a compiled pass_when expression.
type Predicate struct {
	Source string
	prg    cel.Program
}

var (
	envOnce sync.Once
	celEnv  *cel.Env
	envErr  error
	cache   sync.Map // source → *Predicate or error
)

func environment() (*cel.Env, error) {
	envOnce.Do(func() {
		celEnv, envErr = cel.NewEnv(
			cel.Variable("exit_code", cel.IntType),
			cel.Variable("duration_ms", cel.IntType),
			cel.Variable("stdout", cel.StringType),
			cel.Variable("stderr", cel.StringType),
		)
	})
	return celEnv, envErr
}

// Compile compiles a pass_when expression; it must be a boolean expression
// over exit_code, duration_ms, stdout and stderr. Results are cached by
// source, since most stories share a handful of predicates.
func Compile(source string) (*Predicate, error) {
	if strings.TrimSpace(source) == "" {
		source = Default
	}
	if v, ok := cache.Load(source); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*Predicate), nil
	}
	p, err := compile(source)
	if err != nil {
		cache.Store(source, err)
		return nil, err
	}
	cache.Store(source, p)
	return p, nil
}

func compile(source string) (*Predicate, error) {
	env, err := environment()
	if err != nil {
		return nil, fmt.Errorf("build CEL environment: %w", err)
	}
	ast, iss := env.Compile(source)
	if iss != nil && iss.Err() != nil {
		return nil, compileError(iss)
	}
	if ast.OutputType() != cel.BoolType {
		return nil, fmt.Errorf("pass_when must be a boolean expression, this one is %s", ast.OutputType())
	}
	prg, err := env.Program(ast, cel.CostLimit(costLimit))
	if err != nil {
		return nil, fmt.Errorf("prepare pass_when: %w", err)
	}
	return &Predicate{Source: source, prg: prg}, nil
}

// Eval decides whether the outcome passes.
func (p *Predicate) Eval(o Outcome) (bool, error) {
	val, _, err := p.prg.Eval(map[string]any{
		"exit_code": o.ExitCode, "duration_ms": o.DurationMS, "stdout": o.Stdout, "stderr": o.Stderr,
	})
	if err != nil {
		return false, fmt.Errorf("evaluate pass_when %q: %w", p.Source, err)
	}
	b, ok := val.Value().(bool)
	if !ok {
		return false, fmt.Errorf("evaluate pass_when %q: result is %T, not bool", p.Source, val.Value())
	}
	return b, nil
}

// CompileError is a pass_when that does not compile; Column is 1-based
// within the expression (0 when unknown).
type CompileError struct {
	Column  int
	Message string
}

// Error says which pass_when failed to compile and why.
func (e *CompileError) Error() string {
	if e.Column > 0 {
		return fmt.Sprintf("column %d: %s", e.Column, e.Message)
	}
	return e.Message
}

// compileError keeps the first CEL error, without its source excerpt.
func compileError(iss *cel.Issues) error {
	errs := iss.Errors()
	if len(errs) == 0 {
		return &CompileError{Message: strings.ReplaceAll(iss.Err().Error(), "\n", " ")}
	}
	first := errs[0]
	col := 0
	if loc := first.Location; loc != nil && loc.Column() >= 0 {
		col = loc.Column() + 1
	}
	return &CompileError{Column: col, Message: first.Message}
}
