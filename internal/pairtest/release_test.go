package pairtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"os"
	"path"
	"runtime"
	"strings"
	"sync"
)

// release is a storygate release as host/install.sh downloads it: the
// archive of the binary built from this module, made once.
type release struct {
	once    sync.Once
	archive []byte
	err     error
}

// archiveOf packs the binary as the release archives do: storygate at the
// archive's top.
func archiveOf(binary string) ([]byte, error) {
	data, err := os.ReadFile(binary)
	if err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	var buf bytes.Buffer
	// Stored, not compressed: tar -xzf reads it all the same, and deflating
	// the binary in a -race test process takes minutes.
	gz, err := gzip.NewWriterLevel(&buf, gzip.NoCompression)
	if err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	tw := tar.NewWriter(gz)
	if err := tw.WriteHeader(&tar.Header{Name: "storygate", Mode: 0o755, Size: int64(len(data))}); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	if _, err := tw.Write(data); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	if err := gz.Close(); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	return buf.Bytes(), nil
}

// serveRelease answers install.sh's two downloads for any version:
// <version>/checksums.txt and <version>/storygate_<version>_linux_<arch>.tar.gz.
func (tb *toolbox) serveRelease(w http.ResponseWriter, req *http.Request) {
	tb.release.once.Do(func() { tb.release.archive, tb.release.err = archiveOf(tb.binary) })
	if tb.release.err != nil {
		http.Error(w, tb.release.err.Error(), http.StatusInternalServerError)
		return
	}
	version, file := path.Split(strings.TrimPrefix(req.URL.Path, "/"))
	name := fmt.Sprintf("storygate_%s_linux_%s.tar.gz", strings.TrimPrefix(strings.TrimSuffix(version, "/"), "v"), runtime.GOARCH)
	switch file {
	case "checksums.txt":
		sum := sha256.Sum256(tb.release.archive)
		fmt.Fprintf(w, "%s  %s\n", hex.EncodeToString(sum[:]), name)
	case name:
		_, _ = w.Write(tb.release.archive)
	default:
		http.NotFound(w, req)
	}
}
