#!/bin/sh
# Stand-in for the latency benchmark STORY-001's V2 runs: prints the marker
# its pass_when looks for.
echo "p95=140ms budget=200ms"
echo "p95_ok"
