package rules

// Parse-level rules: the parser records these problems; the rules report them.

var notText = problemRule(&Rule{ID: "structure/not-text", Need: NeedFile, Spec: "§2",
	Summary: "the file is UTF-8 text (not binary, no NUL bytes, valid encoding)"})

var frontmatterMissing = problemRule(&Rule{ID: "structure/frontmatter-missing", Need: NeedFile, Spec: "§2",
	Summary: "the file starts with a `---` YAML frontmatter block"})

var frontmatterSyntax = problemRule(&Rule{ID: "structure/frontmatter-syntax", Need: NeedFile, Spec: "§2",
	Summary: "the frontmatter is valid YAML (report the YAML error's line)"})

// tooLarge and outsideRepository are decided while reading the file, before
// parsing; they are registered so docs and configuration know them.
var tooLarge = &Rule{ID: "structure/too-large", Need: NeedFile, Spec: "—",
	Summary: "the story file is at most 4 MiB; larger files are not parsed"}

var outsideRepository = &Rule{ID: "input/outside-repository", Need: NeedFile, Spec: "—",
	Summary: "a story path that is a symlink resolves inside the repository"}
