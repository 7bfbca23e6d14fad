//go:build linux && cgo

package main

// early_linux.c holds the helper that runs before the Go runtime starts;
// the import below links it in. Built with cgo (the release builds it
// so, as a static executable), a command's helper is that C code alone;
// built without, main runs sandboxexec.Run.

import "C"
