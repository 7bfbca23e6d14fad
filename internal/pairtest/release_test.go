package pairtest

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
)

// release is a storygate release as host/install.sh downloads it: the
// archive of the binary built from this module, written once into dir
// with its checksums.txt line and a tampered copy, so that each download
// is served from a file (sendfile) rather than copied through the -race
// test process.
type release struct {
	dir  string
	once sync.Once
	// archive and tampered are the files served; sum is the honest
	// archive's SHA-256 in hex, as checksums.txt lists it.
	archive, tampered, sum string
	err                    error
}

// prepare writes the archive, its tampered copy (the last byte changed)
// and the checksum, once.
func (rel *release) prepare(binary string) error {
	rel.once.Do(func() { rel.err = rel.write(binary) })
	return rel.err
}

func (rel *release) write(binary string) error {
	data, err := archiveOf(binary)
	if err != nil {
		return err
	}
	sum := sha256.Sum256(data)
	rel.sum = hex.EncodeToString(sum[:])
	rel.archive, rel.tampered = filepath.Join(rel.dir, "release.tar.gz"), filepath.Join(rel.dir, "tampered.tar.gz")
	if err := os.WriteFile(rel.archive, data, 0o644); err != nil {
		return fmt.Errorf("release archive: %w", err)
	}
	data[len(data)-1] ^= 0xff
	if err := os.WriteFile(rel.tampered, data, 0o644); err != nil {
		return fmt.Errorf("release archive: %w", err)
	}
	return nil
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
// <version>/checksums.txt and <version>/storygate_<version>_linux_<arch>.tar.gz,
// the archive as released or, when tampered, with its last byte changed
// (checksums.txt still names the honest one).
func (tb *toolbox) serveRelease(w http.ResponseWriter, req *http.Request, tampered bool) {
	if err := tb.release.prepare(tb.binary); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	version, file := path.Split(strings.TrimPrefix(req.URL.Path, "/"))
	name := fmt.Sprintf("storygate_%s_linux_%s.tar.gz", strings.TrimPrefix(strings.TrimSuffix(version, "/"), "v"), runtime.GOARCH)
	switch file {
	case "checksums.txt":
		fmt.Fprintf(w, "%s  %s\n", tb.release.sum, name)
	case name:
		archive := tb.release.archive
		if tampered {
			archive = tb.release.tampered
		}
		// A file with its length: net/http copies it to the connection
		// with sendfile.
		http.ServeFile(w, req, archive)
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
		if p.release == releaseAbsent {
			http.NotFound(rec, req)
		} else {
			p.tools.serveRelease(rec, req, p.release == releaseTampered)
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

// ReadFrom hands a file being served to the connection's own ReadFrom
// (sendfile), which the embedded interface would hide.
func (s *statusRecorder) ReadFrom(r io.Reader) (int64, error) {
	return io.Copy(s.ResponseWriter, r)
}
