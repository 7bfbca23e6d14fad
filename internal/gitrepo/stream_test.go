package gitrepo

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/go-git/go-git/v5/plumbing"
)

// streamBlobs are the blob ids of paths at rev in dir, each repeated
// times times, with go-git's content for each.
func streamBlobs(t *testing.T, dir, rev string, paths []string, times int) (*Repo, []plumbing.Hash, map[plumbing.Hash]string) {
	t.Helper()
	r, c, files := filesAtRev(t, dir, rev)
	want := map[plumbing.Hash]string{}
	var ids []plumbing.Hash
	for _, p := range paths {
		data, _, err := r.ReadFile(c, p)
		if err != nil {
			t.Fatal(err)
		}
		h, _, err := files.Hash(p)
		if err != nil {
			t.Fatal(err)
		}
		want[h] = string(data)
	}
	for range times {
		for h := range want {
			ids = append(ids, h)
		}
	}
	return r, ids, want
}

// streamAll sends ids from one goroutine while receiving their answers
// in this one, and returns the answers, stopping at the first error.
func streamAll(s *Stream, ids []plumbing.Hash) ([][]byte, error) {
	sendErr := make(chan error, 1)
	go func() {
		for _, h := range ids {
			if err := s.Send(h); err != nil {
				sendErr <- err
				return
			}
		}
		sendErr <- nil
	}()
	var got [][]byte
	for _, h := range ids {
		data, err := s.Receive(h)
		if err != nil {
			<-sendErr
			return got, err
		}
		got = append(got, data)
	}
	return got, <-sendErr
}

// TestStreamReadsWhatGoGitReads streams both commits' blobs of a packed
// repository (deltas), each asked 60 times: more ids than a pipe holds
// are in flight before their answers are read, and every answer is
// go-git's content.
func TestStreamReadsWhatGoGitReads(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	gitRun(t, src, "gc", "-q")
	for _, rev := range []string{"HEAD~1", "HEAD"} {
		r, ids, want := streamBlobs(t, src, rev, paths, 60)
		s, err := r.OpenBatch("git").OpenStream()
		if err != nil {
			t.Fatal(err)
		}
		got, err := streamAll(s, ids)
		if err != nil {
			t.Fatalf("%s: %v", rev, err)
		}
		for i, h := range ids {
			if string(got[i]) != want[h] {
				t.Fatalf("%s: blob %s read as %q, go-git reads %q", rev, h, got[i], want[h])
			}
		}
		if err := s.Close(); err != nil {
			t.Error(err)
		}
	}
}

// TestStreamRefusesWhatIsNotTheBlobAsked gives a Stream "git"s that
// answer another object, cut the answer short, or name the object asked
// for with forged content: the first answer fails, and so does every call
// after it (the caller reads another way). The honest control is
// TestStreamReadsWhatGoGitReads.
func TestStreamRefusesWhatIsNotTheBlobAsked(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	for _, c := range []struct{ name, script string }{
		{"wrong object", "while read -r id; do printf '%s blob 3\\nabc\\n' 0000000000000000000000000000000000000000; done"},
		{"cut short", "read -r id; printf '%s blob 100\\nabc' \"$id\""},
		{"forged content", "while read -r id; do printf '%s blob 3\\nabc\\n' \"$id\"; done"},
	} {
		program := filepath.Join(t.TempDir(), "git")
		if err := os.WriteFile(program, []byte("#!/bin/sh\n"+c.script+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		r, ids, _ := streamBlobs(t, src, "HEAD", paths, 1)
		s, err := r.OpenBatch(program).OpenStream()
		if err != nil {
			t.Fatal(err)
		}
		got, err := streamAll(s, ids)
		if err == nil || len(got) != 0 {
			t.Errorf("%s: %d answers taken, error %v", c.name, len(got), err)
			_ = s.Close()
			continue
		}
		if _, err := s.Receive(ids[0]); err == nil {
			t.Errorf("%s: a Receive after the failure succeeded", c.name)
		}
		if err := s.Send(ids[0]); err == nil {
			t.Errorf("%s: a Send after the failure succeeded", c.name)
		}
		_ = s.Close()
	}
}

// TestStreamCloseEndsGit: Close ends git, also while a Receive waits for
// an answer to an id never sent, which then fails; calls after Close fail.
func TestStreamCloseEndsGit(t *testing.T) {
	t.Parallel()
	src, paths := batchRepo(t)
	r, ids, _ := streamBlobs(t, src, "HEAD", paths, 1)
	s, err := r.OpenBatch("git").OpenStream()
	if err != nil {
		t.Fatal(err)
	}
	waiting := make(chan error)
	go func() {
		_, err := s.Receive(ids[0])
		waiting <- err
	}()
	cmd := s.proc.cmd
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-waiting; err == nil {
		t.Error("the waiting Receive succeeded after Close")
	}
	if cmd.ProcessState == nil {
		t.Error("git was not waited for")
	}
	if err := s.Send(ids[0]); err == nil {
		t.Error("a Send after Close succeeded")
	}
	if _, err := r.OpenBatch("").OpenStream(); err == nil {
		t.Error("a stream with no git program opened")
	}
}
