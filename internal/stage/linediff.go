package stage

import (
	"fmt"
	"strings"
)

// maxDiffCells bounds the LCS table; past it the changed middle is shown as
// one replaced block, which is still a correct (if coarse) diff.
const maxDiffCells = 16 << 20

type editOp struct {
	kind byte // ' ', '-', '+'
	text string
}

// UnifiedDiff returns a unified diff of a and b, or "" when they are equal.
func UnifiedDiff(aName, bName string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	ops := editScript(diffLines(a), diffLines(b))
	var sb strings.Builder
	fmt.Fprintf(&sb, "--- %s\n+++ %s\n", aName, bName)
	writeHunks(&sb, ops, 3)
	return sb.String()
}

func diffLines(b []byte) []string {
	s := strings.TrimSuffix(string(b), "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// editScript trims the common prefix and suffix, then aligns the middle by
// longest common subsequence.
func editScript(a, b []string) []editOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []editOp
	for _, l := range a[:pre] {
		ops = append(ops, editOp{' ', l})
	}
	ops = append(ops, lcsOps(a[pre:len(a)-suf], b[pre:len(b)-suf])...)
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, editOp{' ', l})
	}
	return ops
}

func lcsOps(a, b []string) []editOp {
	if (len(a)+1)*(len(b)+1) > maxDiffCells {
		return replaceOps(a, b)
	}
	t := make([][]int, len(a)+1)
	for i := range t {
		t[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				t[i][j] = t[i+1][j+1] + 1
			} else {
				t[i][j] = max(t[i+1][j], t[i][j+1])
			}
		}
	}
	return walkLCS(t, a, b)
}

func walkLCS(t [][]int, a, b []string) []editOp {
	var ops []editOp
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			ops = append(ops, editOp{' ', a[i]})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || t[i+1][j] >= t[i][j+1]):
			ops = append(ops, editOp{'-', a[i]}) // deletions first, as diff(1) prints
			i++
		default:
			ops = append(ops, editOp{'+', b[j]})
			j++
		}
	}
	return ops
}

func replaceOps(a, b []string) []editOp {
	var ops []editOp
	for _, l := range a {
		ops = append(ops, editOp{'-', l})
	}
	for _, l := range b {
		ops = append(ops, editOp{'+', l})
	}
	return ops
}

// writeHunks prints the changed ops with ctx lines of context around them.
func writeHunks(sb *strings.Builder, ops []editOp, ctx int) {
	for start := 0; start < len(ops); {
		first := nextChange(ops, start)
		if first < 0 {
			return
		}
		lo := max(first-ctx, start)
		hi := hunkEnd(ops, first, ctx)
		writeHunk(sb, ops, lo, hi)
		start = hi
	}
}

func nextChange(ops []editOp, from int) int {
	for i := from; i < len(ops); i++ {
		if ops[i].kind != ' ' {
			return i
		}
	}
	return -1
}

// hunkEnd extends a hunk while the next change is within 2*ctx lines.
func hunkEnd(ops []editOp, i, ctx int) int {
	last := i
	for j := i; j < len(ops) && j <= last+2*ctx; j++ {
		if ops[j].kind != ' ' {
			last = j
		}
	}
	return min(last+ctx+1, len(ops))
}

func writeHunk(sb *strings.Builder, ops []editOp, lo, hi int) {
	aStart, bStart := 1, 1
	for _, op := range ops[:lo] {
		if op.kind != '+' {
			aStart++
		}
		if op.kind != '-' {
			bStart++
		}
	}
	aLen, bLen := 0, 0
	for _, op := range ops[lo:hi] {
		if op.kind != '+' {
			aLen++
		}
		if op.kind != '-' {
			bLen++
		}
	}
	fmt.Fprintf(sb, "@@ -%d,%d +%d,%d @@\n", aStart, aLen, bStart, bLen)
	for _, op := range ops[lo:hi] {
		fmt.Fprintf(sb, "%c%s\n", op.kind, op.text)
	}
}
