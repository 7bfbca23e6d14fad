package config

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

// The values of verify.network (docs/verify.md): none (the default) and
// loopback give the command a network namespace of its own, full keeps the
// host's network.
const (
	NetworkNone     = "none"
	NetworkLoopback = "loopback"
	NetworkFull     = "full"
)

// normalizeNetwork checks verify.network and spells the boolean it was
// before (true kept the host network, false did not) as the mode it meant,
// so that an existing configuration keeps its behaviour: true is full and
// false none. A quoted "true" is a string, not the old boolean, and is
// refused like any other unknown value.
func normalizeNetwork(file string, root *yaml.Node, v *Verify) error {
	k, n := findEntry(root, "verify", "network")
	if n != root && n.Kind == yaml.ScalarNode && n.ShortTag() == "!!bool" {
		v.Network = NetworkNone
		if n.Value == "true" {
			v.Network = NetworkFull
		}
		return nil
	}
	switch v.Network {
	case NetworkNone, NetworkLoopback, NetworkFull:
		return nil
	}
	return &Error{File: file, Line: k.Line, Column: k.Column,
		Message: fmt.Sprintf("verify.network %q is not one of none, loopback, full (true and false, its old values, mean full and none)", v.Network)}
}
