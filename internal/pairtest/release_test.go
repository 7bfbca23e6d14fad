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
	"path/filepath"
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

// archiveOf packs the binary as the release's Linux archives do:
// storygate and, beside it, the small sandbox helper built next to it, at
// the archive's top.
func archiveOf(binary string) ([]byte, error) {
	var buf bytes.Buffer
	// Stored, not compressed: tar -xzf reads it all the same, and deflating
	// the binary in a -race test process takes minutes.
	gz, err := gzip.NewWriterLevel(&buf, gzip.NoCompression)
	if err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	tw := tar.NewWriter(gz)
	for _, file := range []string{binary, filepath.Join(filepath.Dir(binary), "storygate-sandbox-exec")} {
		if err := addToArchive(tw, file); err != nil {
			return nil, err
		}
	}
	if err := tw.Close(); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	if err := gz.Close(); err != nil {
		return nil, fmt.Errorf("release archive: %w", err)
	}
	return buf.Bytes(), nil
}

// addToArchive writes file at the archive's top, executable.
func addToArchive(tw *tar.Writer, file string) error {
	data, err := os.ReadFile(file)
	if err != nil {
		return fmt.Errorf("release archive: %w", err)
	}
	if err := tw.WriteHeader(&tar.Header{Name: filepath.Base(file), Mode: 0o755, Size: int64(len(data))}); err != nil {
		return fmt.Errorf("release archive: %w", err)
	}
	if _, err := tw.Write(data); err != nil {
		return fmt.Errorf("release archive: %w", err)
	}
	return nil
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

// releaseMode is how the release server answers a pair's host action.
type releaseMode int

const (
	// releaseServed serves the release: checksums.txt and the archive.
	releaseServed releaseMode = iota
	// releaseAbsent answers 404 to everything, as GitHub does for a tag
	// with no release: install.sh builds from the action's checkout.
	releaseAbsent
	// releaseTampered serves checksums.txt as released and an archive with
	// one byte changed: install.sh must refuse it.
	releaseTampered
)

// answerCounts counts the release server's answers by HTTP status.
type answerCounts struct {
	mu       sync.Mutex
	byStatus map[int]int
}

func (a *answerCounts) add(status int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byStatus == nil {
		a.byStatus = map[int]int{}
	}
	a.byStatus[status]++
}

// count is how many answers had status.
func (a *answerCounts) count(status int) int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.byStatus[status]
}

// releaseHandler answers install.sh as p.release says, counting answers.
func (p *pair) releaseHandler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		switch p.release {
		case releaseAbsent:
			http.NotFound(rec, req)
		case releaseTampered:
			p.tools.serveRelease(&tamperingWriter{ResponseWriter: rec, tamper: strings.HasSuffix(req.URL.Path, ".tar.gz")}, req)
		default:
			p.tools.serveRelease(rec, req)
		}
		p.releaseAnswers.add(rec.status)
	})
}

// statusRecorder remembers the status written.
type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// tamperingWriter changes the last byte of what it writes when tamper is
// set: the archive, not the checksums.txt that names the honest one.
type tamperingWriter struct {
	http.ResponseWriter
	tamper bool
}

func (t *tamperingWriter) Write(b []byte) (int, error) {
	if !t.tamper || len(b) == 0 {
		return t.ResponseWriter.Write(b)
	}
	changed := bytes.Clone(b)
	changed[len(changed)-1] ^= 0xff
	return t.ResponseWriter.Write(changed)
}
