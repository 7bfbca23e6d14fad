//go:build !unix

package cli

import "os"

// signalName is the signal's description where there are no signal names.
func signalName(sig os.Signal) string { return sig.String() }
