#!/usr/bin/env bash
# The GitHub App's handler under load (BenchmarkIssueCommentLoad, issue
# 26): 1,000 issue_comment deliveries across 50 repositories, two replicas,
# eight at a time, against the fake GitHub and git over smart HTTP on
# loopback; p50/p99 latency from a delivery to its answer on GitHub, peak
# heap, allocation per delivery, and a failure if any command lost or
# doubled its answer or reaction.
#   bench/appbot.sh [DELIVERIES]    (default 1000)
set -euo pipefail
cd "$(dirname "$0")/.."
export STORYGATE_LOAD_DELIVERIES=${1:-1000}
go test -run '^$' -bench 'BenchmarkIssueCommentLoad' -benchtime 1x -timeout 60m ./internal/appbot/
