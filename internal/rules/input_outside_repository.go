package rules

// outsideRepository is decided while reading the file, before parsing
// (internal/lint); it is registered so documentation and configuration know it.
var outsideRepository = &Rule{ID: "input/outside-repository", Need: NeedFile, Spec: "—",
	Summary: "a story path that is a symlink resolves inside the repository"}
