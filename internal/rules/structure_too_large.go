package rules

// tooLarge is decided while reading the file, before parsing (internal/lint);
// it is registered so documentation and configuration know it.
var tooLarge = &Rule{ID: "structure/too-large", Need: NeedFile, Spec: "—",
	Summary: "the story file is at most 4 MiB; larger files are not parsed"}
