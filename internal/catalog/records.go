package catalog

import "github.com/storygate/storygate/internal/diag"

// recordsHelp is where the record-file rules are documented.
const recordsHelp, recordsHeading = "docs/records.md", "Hostile input"

// recordRules are the findings about record files themselves (package
// records), sorted by ID; the checks of a suite are the suite's own.
func recordRules() []Rule {
	rules := []Rule{
		{ID: "records/duplicate-key", Summary: "a mapping repeats a key, so readers disagree on its value"},
		{ID: "records/empty", Summary: "the record file holds no record"},
		{ID: "records/encoding", Summary: "the record file is not UTF-8 text"},
		{ID: "records/parse", Summary: "the record file is not valid JSON or YAML"},
		{ID: "records/read", Summary: "the record file could not be read"},
		{ID: "records/schema", Summary: "the record does not validate against its JSON Schema"},
		{ID: "records/too-complex", Summary: "the record nests too deeply or expands to too many values"},
		{ID: "records/too-large", Summary: "the record file is over the size limit"},
	}
	for i := range rules {
		rules[i].helpPage, rules[i].helpHeading = recordsHelp, recordsHeading
	}
	return ofEngine(EngineRecords, diag.SeverityError, rules)
}
