package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"testing"
)

// childArgsEnv, set to a JSON list of arguments, makes the test binary
// run storygate with them and exit with its code (runChild): a child
// process can hold privileges the test process does not give up.
const childArgsEnv = "STORYGATE_CLI_TEST_CHILD_ARGS"

// TestMain runs the tests, or storygate itself when childArgsEnv is set.
func TestMain(m *testing.M) {
	if encoded, ok := os.LookupEnv(childArgsEnv); ok {
		os.Exit(childMain(encoded))
	}
	code := m.Run()
	removeBuiltBinary()
	os.Exit(code)
}

func childMain(encoded string) int {
	var args []string
	if err := json.Unmarshal([]byte(encoded), &args); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", childArgsEnv, err)
		return 125
	}
	return Main(append([]string{"storygate"}, args...), os.Stdin, os.Stdout, os.Stderr)
}
