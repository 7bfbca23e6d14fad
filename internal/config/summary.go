package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Summary says in one sentence what the configuration decides that an
// adopting repository most needs to know: where the stories are, what the
// revert check governs and runs, and who may pass a human gate. It is read
// by people (the note of a change that adds the configuration), never
// parsed back.
func (c *Config) Summary() string {
	suite := "no revert suite set, so the revert check cannot run"
	if c.Revert.Suite != "" {
		suite = "the revert suite " + strconv.Quote(c.Revert.Suite)
	}
	return fmt.Sprintf("stories in %s; test edits under %s checked with %s; human gates passed by %s",
		quotedList(c.Stories), quotedList(c.Revert.Governed), suite, c.Approvers.Who())
}

func quotedList(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = strconv.Quote(s)
	}
	return strings.Join(q, ", ")
}
