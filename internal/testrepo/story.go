package testrepo

import "strings"

// contractStory is a short story: the frontmatter of a finished contract
// with one criterion and one verification command, and the title heading.
const contractStory = `---
schema: enso.story/v1
id: %ID%
title: Example
state: %STATE%
active_role: none
iteration: 1
max_iterations: 3
created_at: 2026-05-27T00:00:00Z
updated_at: 2026-05-27T00:00:00Z
scope:
  write:
    - src/
acceptance_criteria:
  - id: AC1
    text: It works
verification:
  - id: V1
    command: %CMD%
    pass_when: exit_code == 0
---

# %ID% Example
`

// ContractStory returns a short story file with the given id, state and
// verification command (YAML-quoted as needed by the caller): enough for
// the paths that read only the contract, such as reruns of verification.
// It is not a complete story; validate would report its missing sections.
func ContractStory(id, state, command string) string {
	return strings.NewReplacer("%ID%", id, "%STATE%", state, "%CMD%", command).Replace(contractStory)
}
