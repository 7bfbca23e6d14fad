package cli

import (
	"encoding/json"
	"net"
	"slices"
	"strings"
	"testing"

	"github.com/storygate/storygate/internal/serve"
)

// instructions are a Dockerfile's instructions of its last stage (the
// image), keyword → the arguments of each, line continuations joined.
func instructions(t *testing.T, dockerfile string) map[string][]string {
	t.Helper()
	text := strings.ReplaceAll(dockerfile, "\\\n", " ")
	out := map[string][]string{}
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		keyword, args, _ := strings.Cut(line, " ")
		keyword = strings.ToUpper(keyword)
		if keyword == "FROM" {
			out = map[string][]string{}
		}
		out[keyword] = append(out[keyword], strings.TrimSpace(args))
	}
	return out
}

// execForm decodes an instruction's JSON (exec) form; shell form would
// run the binary under sh, where `docker run IMAGE serve` would not
// reach it as its arguments and SIGTERM would go to sh.
func execForm(t *testing.T, file, keyword string, got []string) []string {
	t.Helper()
	if len(got) != 1 {
		t.Fatalf("%s: %d %s instructions, want 1", file, len(got), keyword)
	}
	var argv []string
	if err := json.Unmarshal([]byte(got[0]), &argv); err != nil {
		t.Fatalf("%s: %s %s is not the exec form: %v", file, keyword, got[0], err)
	}
	return argv
}

// TestTheImageRunsBothModes (statically: no Docker daemon in tests): in
// both images the entrypoint is the binary itself, so `docker run IMAGE
// serve` runs `storygate serve` (a command Main knows) and SIGTERM
// reaches it; CMD keeps the action the default (docker/action.yml passes
// its command as the arguments); the server's default port is exposed.
func TestTheImageRunsBothModes(t *testing.T) {
	t.Parallel()
	_, port, err := net.SplitHostPort(serve.DefaultListen)
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{"Dockerfile", "Dockerfile.release"} {
		in := instructions(t, repoFile(t, file))
		entry := execForm(t, file, "ENTRYPOINT", in["ENTRYPOINT"])
		if !slices.Equal(entry, []string{"/usr/local/bin/storygate"}) {
			t.Errorf("%s: ENTRYPOINT %q, want the binary alone", file, entry)
		}
		if cmd := execForm(t, file, "CMD", in["CMD"]); !slices.Equal(cmd, []string{"action"}) {
			t.Errorf("%s: CMD %q, want [action]: the action mode is the default", file, cmd)
		}
		if !slices.ContainsFunc(in["COPY"], func(c string) bool { return strings.HasSuffix(c, " /usr/local/bin/storygate") }) {
			t.Errorf("%s: the image does not install the binary at the entrypoint", file)
		}
		if !slices.Contains(in["EXPOSE"], port) {
			t.Errorf("%s: EXPOSE %q, want the server's default port %s", file, in["EXPOSE"], port)
		}
	}
	for _, mode := range []string{"action", "serve"} {
		if _, ok := commands[mode]; !ok {
			t.Errorf("the image's %s mode runs `storygate %s`, which is not a command", mode, mode)
		}
	}
	if !strings.Contains(repoFile(t, ".goreleaser.yaml"), "dockerfile: Dockerfile.release") {
		t.Error(".goreleaser.yaml does not build the image from Dockerfile.release, the file checked here")
	}
}
