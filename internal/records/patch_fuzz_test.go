package records

import (
	"encoding/json"
	"testing"
	"time"
)

// FuzzCheckPatch feeds arbitrary step kind, packet and reply text to the
// check that step check-patch runs: decoding and checking never panic, the
// record always encodes, and it admits only fields the reply wrote. Seeded
// with the real step kind and packet of testdata; the corpus lives in
// testdata/fuzz/FuzzCheckPatch.
func FuzzCheckPatch(f *testing.F) {
	kind := mustReadFile(f, "testdata/examples/example.step-kind.json")
	packet := mustReadFile(f, "testdata/golden/good-repair.json")
	for _, reply := range []string{`{"edit": "1: y", "timeout_s": 3, "task": "t"}`, "", "no idea", "```json\n{\"edit\": 1}\n```", `{"edit": "a", "edit": "b"}`} {
		f.Add(kind, packet, reply, "")
	}
	f.Fuzz(func(t *testing.T, kindData, packetData []byte, reply, reask string) {
		kinds, _ := Parse("kind.json", kindData)
		packets, _ := Parse("packet.json", packetData)
		if len(kinds) != 1 || len(packets) != 1 {
			return
		}
		in := PatchInput{Kind: kinds[0].Root, Packet: packets[0].Root, PacketText: string(packetData),
			Replies: []string{reply}, CheckedAt: time.Date(2026, 10, 30, 2, 11, 0, 0, time.UTC)}
		if reask != "" {
			in.Replies = append(in.Replies, reask)
		}
		res, err := CheckPatch(in)
		if err != nil {
			return
		}
		if _, err := json.Marshal(res); err != nil {
			t.Fatalf("patch-check record does not encode: %v", err)
		}
		written := map[string]bool{}
		for _, f := range res.FieldsWritten {
			written[f] = true
		}
		for _, f := range res.Admitted {
			if !written[f] {
				t.Fatalf("admitted %q, which the reply did not write (wrote %v)", f, res.FieldsWritten)
			}
		}
	})
}
