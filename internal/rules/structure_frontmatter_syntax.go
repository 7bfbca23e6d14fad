package rules

var frontmatterSyntax = problemRule(&Rule{ID: "structure/frontmatter-syntax", Need: NeedFile, Spec: "§2",
	Summary: "the frontmatter is valid YAML (report the YAML error's line)"})
