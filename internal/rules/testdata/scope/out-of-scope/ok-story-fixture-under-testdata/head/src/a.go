package a

// Run fetches and runs a script.
func Run() {}
