package pairtest

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// stepTimeout bounds one step, so that a hung step fails its test with
// the steps' log rather than the whole binary at its -timeout, with no
// log: the time left before the test binary's deadline, less a minute to
// report. It is a guard against hanging, never a speed limit: a fixed two
// minutes killed the host action's build from its checkout on a loaded
// 2-core machine (issue 29), which then looked like an action that writes
// no results.
func stepTimeout(t *testing.T) time.Duration {
	deadline, ok := t.Deadline()
	if !ok {
		return 30 * time.Minute
	}
	return max(time.Until(deadline)-time.Minute, time.Minute)
}

// storygateAction runs the storygate Docker action (docker/action.yml) as
// GitHub would: the image's entrypoint (the storygate binary built from
// this module) with the action's args, in the workspace, with the image's
// ENV (Dockerfile.release), every input as INPUT_<NAME> (with: over the
// action's defaults, expressions evaluated) on top of the job's and the
// step's environment.
func (r *runner) storygateAction(with, env map[string]string) (map[string]string, error) {
	r.t.Helper()
	meta := r.pair.tools.action
	inputs := r.actionInputs(meta.Inputs, with)
	args := r.actionArgs(meta.Runs.Args, inputs)
	stepEnv := r.stepEnv(env)
	maps.Copy(stepEnv, r.pair.tools.imageEnv)
	for name, v := range inputs {
		stepEnv["INPUT_"+strings.ToUpper(strings.ReplaceAll(name, " ", "_"))] = v.(string)
	}
	return r.exec(stepEnv, r.pair.tools.binary, args...)
}

// actionArgs evaluates runs.args with the inputs context.
func (r *runner) actionArgs(raw []string, inputs map[string]any) []string {
	r.t.Helper()
	ev := evaluator{contexts: maps.Clone(r.eval.contexts), failed: r.eval.failed}
	ev.contexts["inputs"] = inputs
	var args []string
	for _, a := range raw {
		v, err := ev.interpolate(a)
		if err != nil {
			r.t.Fatalf("docker/action.yml args: %v", err)
		}
		args = append(args, v)
	}
	return args
}

// runScript runs a run: step as GitHub's default bash shell does:
// bash --noprofile --norc -eo pipefail {0}, in the workspace.
func (r *runner) runScript(script string, env map[string]string) error {
	_, err := r.runBash(script, env)
	return err
}

// runBash runs script under bash as runScript says and returns the
// outputs it wrote.
func (r *runner) runBash(script string, env map[string]string) (map[string]string, error) {
	r.t.Helper()
	file, err := os.CreateTemp(r.temp, "script-*.sh")
	if err != nil {
		return nil, fmt.Errorf("write the script: %w", err)
	}
	defer file.Close()
	if _, err := file.WriteString(script); err != nil {
		return nil, fmt.Errorf("write the script: %w", err)
	}
	watch := r.watchArgv()
	stepEnv := r.stepEnv(env)
	stepEnv["PATH"] = watch.path(stepEnv["PATH"])
	outputs, err := r.exec(stepEnv, "bash", "--noprofile", "--norc", "-eo", "pipefail", file.Name())
	token, _ := toString(r.github["token"])
	if leaked := watch.credentials(token); len(leaked) > 0 {
		r.argvCredentials = append(r.argvCredentials, leaked...)
		if !r.pair.argvCredentialsExpected {
			r.t.Errorf("job %s: a run: step put the token on a command line:\n%s", r.jobName, strings.Join(leaked, "\n"))
		}
	}
	return outputs, err
}

// stepEnv is the job's environment, the step's env: and the step's own
// GITHUB_OUTPUT, GITHUB_STEP_SUMMARY and GITHUB_ENV files.
func (r *runner) stepEnv(env map[string]string) map[string]string {
	r.t.Helper()
	out := r.jobEnv()
	maps.Copy(out, env)
	for _, k := range []string{"GITHUB_OUTPUT", "GITHUB_STEP_SUMMARY", "GITHUB_ENV"} {
		f, err := os.CreateTemp(r.temp, strings.ToLower(k)+"-*")
		if err != nil {
			r.t.Fatal(err)
		}
		f.Close()
		out[k] = f.Name()
	}
	return out
}

// exec runs a step's process and returns the outputs it wrote; a non-zero
// exit is the step's failure.
func (r *runner) exec(env map[string]string, name string, args ...string) (map[string]string, error) {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), stepTimeout(r.t))
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Dir = r.workspace
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	sort.Strings(cmd.Env)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	start := time.Now()
	runErr := cmd.Run()
	fmt.Fprintf(&r.log, "== %s %s (%s)\n%s", filepath.Base(name), strings.Join(args, " "), time.Since(start).Round(time.Millisecond), out.String())
	if data, err := os.ReadFile(env["GITHUB_STEP_SUMMARY"]); err == nil {
		r.summary.Write(data)
	}
	if data, err := os.ReadFile(env["GITHUB_ENV"]); err != nil || len(data) > 0 {
		r.t.Fatalf("the harness does not carry GITHUB_ENV to later steps (%v, %q)", err, data)
	}
	outputs, err := readOutputs(env["GITHUB_OUTPUT"])
	if err != nil {
		r.t.Fatal(err)
	}
	if runErr != nil {
		return outputs, fmt.Errorf("%s: %w", filepath.Base(name), runErr)
	}
	return outputs, nil
}

// readOutputs parses a GITHUB_OUTPUT file: name=value lines and
// name<<DELIMITER … DELIMITER blocks.
func readOutputs(path string) (map[string]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read GITHUB_OUTPUT: %w", err)
	}
	out := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		line := sc.Text()
		if line == "" {
			continue
		}
		if name, delim, ok := strings.Cut(line, "<<"); ok && !strings.Contains(name, "=") {
			value, err := readDelimited(sc, delim)
			if err != nil {
				return nil, fmt.Errorf("GITHUB_OUTPUT %s: %w", name, err)
			}
			out[name] = value
			continue
		}
		name, value, ok := strings.Cut(line, "=")
		if !ok {
			return nil, fmt.Errorf("GITHUB_OUTPUT: line %q is neither name=value nor name<<DELIMITER", line)
		}
		out[name] = value
	}
	return out, sc.Err()
}

func readDelimited(sc *bufio.Scanner, delim string) (string, error) {
	var lines []string
	for sc.Scan() {
		if sc.Text() == delim {
			return strings.Join(lines, "\n"), nil
		}
		lines = append(lines, sc.Text())
	}
	return "", fmt.Errorf("no closing %s", delim)
}
