package rules

var frontmatterMissing = problemRule(&Rule{ID: "structure/frontmatter-missing", Need: NeedFile, Spec: "§2",
	Summary: "the file starts with a `---` YAML frontmatter block"})
