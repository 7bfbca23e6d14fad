package catalog

import "github.com/storygate/storygate/internal/diag"

// recordsHelp is where the record-file rules are documented; the unrelated
// record has a section of its own, being about the suite, not hostility.
const (
	recordsHelp, recordsHeading = "docs/records.md", "Hostile input"
	unrelatedHeading            = "Records a suite cannot read"
)

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
		{ID: "records/unrelated", Summary: "the record holds none of the fields its suite reads, so no check could judge it"},
	}
	for i := range rules {
		rules[i].helpPage, rules[i].helpHeading = recordsHelp, recordsHeading
		if rules[i].ID == "records/unrelated" {
			rules[i].helpHeading = unrelatedHeading
		}
	}
	return ofEngine(EngineRecords, diag.SeverityError, rules)
}
