package appbot

import (
	"archive/zip"
	"bytes"
	"testing"
)

func zipOf(t testing.TB, files map[string]string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, content := range files {
		f, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(content)); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// FuzzUnpackResults feeds arbitrary archives to the artifact reader (the
// archive comes from the unprivileged gate job): it never panics, never
// returns more than its cap, and what it returns is the archive's
// results.json, byte for byte, as archive/zip reads it.
func FuzzUnpackResults(f *testing.F) {
	f.Add(zipOf(f, map[string]string{"results.json": `{"schema":"storygate/results"}`}))
	f.Add(zipOf(f, map[string]string{"other.txt": "x", "dir/results.json": "{}"}))
	f.Add([]byte("PK\x03\x04 not a zip"))
	f.Fuzz(func(t *testing.T, archive []byte) {
		got, err := unpackResults(archive)
		if err != nil {
			return
		}
		if len(got) > maxArtifact {
			t.Fatalf("%d bytes, over the cap", len(got))
		}
		if got == nil {
			return
		}
		zr, zerr := zip.NewReader(bytes.NewReader(archive), int64(len(archive)))
		if zerr != nil {
			t.Fatalf("returned %d bytes from an archive zip cannot read: %v", len(got), zerr)
		}
		for _, file := range zr.File {
			if file.Name == resultsFile {
				return
			}
		}
		t.Fatal("returned a document from an archive without results.json")
	})
}

// TestUnpackResultsTakesOnlyResultsJSON: the document is the archive's
// top-level results.json; one in a directory, another file, no archive
// (no artifact) or a broken archive give none or an error.
func TestUnpackResultsTakesOnlyResultsJSON(t *testing.T) {
	t.Parallel()
	cases := []struct {
		name    string
		archive []byte
		want    string
		wantErr bool
	}{
		{"results.json", zipOf(t, map[string]string{"results.json": "doc", "x.sarif": "s"}), "doc", false},
		{"in a directory", zipOf(t, map[string]string{"dir/results.json": "doc"}), "", false},
		{"no artifact", nil, "", false},
		{"not a zip", []byte("garbage"), "", true},
	}
	for _, tc := range cases {
		got, err := unpackResults(tc.archive)
		if string(got) != tc.want || (err != nil) != tc.wantErr {
			t.Errorf("%s: %q, %v", tc.name, got, err)
		}
	}
}
