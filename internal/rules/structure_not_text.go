package rules

// notText is reported by the parser (see story.Parse); the rule reports it.
var notText = problemRule(&Rule{ID: "structure/not-text", Need: NeedFile, Spec: "§2",
	Summary: "the file is UTF-8 text (not binary, no NUL bytes, valid encoding)"})
