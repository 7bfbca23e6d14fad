package pairtest

import (
	"encoding/base64"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// argvWatch puts a git on a run: step's PATH that records every command
// line it is started with, then runs the real git: what any other process
// of the job could read in /proc/<pid>/cmdline while the step runs. The
// harness then looks for the job's token in what it recorded.
type argvWatch struct {
	dir string
	log string
}

// watchArgv writes the recording git under the runner's temp directory.
func (r *runner) watchArgv() argvWatch {
	r.t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		r.t.Fatal(err)
	}
	w := argvWatch{dir: filepath.Join(r.temp, "argv-watch"), log: filepath.Join(r.temp, "argv-watch.log")}
	script := fmt.Sprintf("#!/bin/bash\nprintf '%%s\\n' \"git $*\" >>%q\nexec %q \"$@\"\n", w.log, real)
	if err := os.MkdirAll(w.dir, 0o755); err != nil {
		r.t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(w.dir, "git"), []byte(script), 0o755); err != nil {
		r.t.Fatal(err)
	}
	return w
}

// path is PATH with the recording git first.
func (w argvWatch) path(path string) string { return w.dir + string(os.PathListSeparator) + path }

// credentials returns the recorded command lines that hold the token, raw
// or as the basic-auth value, and clears the record.
func (w argvWatch) credentials(token string) []string {
	data, err := os.ReadFile(w.log)
	if err != nil {
		return nil
	}
	_ = os.Remove(w.log)
	encoded := base64.StdEncoding.EncodeToString([]byte("x-access-token:" + token))
	var found []string
	for _, line := range strings.Split(string(data), "\n") {
		if strings.Contains(line, token) || strings.Contains(line, encoded) {
			found = append(found, line)
		}
	}
	return found
}
