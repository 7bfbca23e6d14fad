// Package stage validates AI-DLC stage definitions (YAML frontmatter plus the
// ## Steps / ## Sensors / ## Learn body) and compiles a stage set into the
// deterministic stage-graph.json the AI-DLC engine loads.
//
// The flow is parse (parse.go, body.go) → load a set (load.go) → run the
// rules (rule.go; the explicit list in rule_list.go, one rule_*.go file per
// check; what each rule is, is its internal/catalog entry) → compile
// (graph.go, order.go). Rules only find; printing is left to
// internal/report.
package stage
