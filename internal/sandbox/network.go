package sandbox

// Network is verify.network: what network the sandbox's commands reach.
type Network string

// The network modes. None and Loopback both give the command a network
// namespace of its own whose only interface is its own loopback (bwrap
// brings it up, and an unprivileged command cannot take it down): nothing
// outside the sandbox is reachable, not the host's loopback services, not
// the metadata endpoint, not the internet. They differ in intent only
// today: None says the suite needs no sockets at all, Loopback that it
// listens and connects on 127.0.0.1 (a test server); docs/verify.md says
// so. Full keeps the host's network, with everything it reaches.
const (
	None     Network = "none"
	Loopback Network = "loopback"
	Full     Network = "full"
)

// Networks lists the legal values of verify.network.
var Networks = []Network{None, Loopback, Full}

// hostNetwork reports whether the command keeps the host's network.
func (p Policy) hostNetwork() bool { return p.Network == Full }

// networkSummary is the network part of Report.Summary.
func networkSummary(n Network) string {
	switch n {
	case Full:
		return "the host network"
	case Loopback:
		return "loopback only"
	}
	return "no network"
}
