package story

import (
	"encoding/binary"
	"errors"
)

// Packed is a slim story (see Slim) encoded into one byte slice.
//
// A batch run keeps the slim form of every story it has checked until the
// set rules run at the end. Held as stories, that is several objects full
// of pointers per story, which every collection of a 100,000-story run
// marks again (about 85 MB of the live heap); held packed, it is one
// pointer-free object per story that the collector never scans. The
// stories are unpacked once, when the set rules need them.
type Packed []byte

// errPacked reports a packed story that is not what Pack wrote.
var errPacked = errors.New("packed story is truncated or corrupt")

// Pack encodes what Slim keeps of s. Unpack of the result is equal to
// s.Slim(); s is only read.
func (s *Story) Pack() Packed {
	var w packWriter
	w.str(s.Path)
	w.uint(len(s.Problems))
	for _, p := range s.Problems {
		w.str(p.Rule)
		w.pos(p.Pos)
		w.str(p.Message)
	}
	fm := s.Front
	if fm == nil {
		w.uint(0)
		return w.buf
	}
	w.uint(1)
	w.int(fm.StartLine)
	w.int(fm.EndLine)
	w.int(fm.lineOffset)
	for _, k := range slimKeys {
		var at Pos
		if kv, ok := fm.Keys[k]; ok {
			at = fm.pos(kv.Key)
		}
		w.pos(at)
	}
	sc := &fm.Scope
	w.pos(sc.Pos)
	w.flags(sc.Set, sc.Null, sc.HasWrite, sc.HasExclude)
	lists := fm.slimLists()
	for _, l := range lists {
		w.listHeader(l)
	}
	// The values last, in eachSlimValue order: every scalar's length,
	// position and flags, then all their text.
	fm.eachSlimValue(w.scalar)
	fm.eachSlimValue(func(v *Scalar) { w.buf = append(w.buf, v.Value...) })
	return w.buf
}

// Unpack decodes a packed story into the slim story Pack was given: the
// same fields, laid out as Slim lays them out (three objects).
func (p Packed) Unpack() (*Story, error) {
	r := packReader{buf: p}
	path := r.str()
	var problems []Problem
	if n := r.count(); n > 0 {
		problems = make([]Problem, n)
		for i := range problems {
			problems[i] = Problem{Rule: r.str(), Pos: r.pos(), Message: r.str()}
		}
	}
	if r.uint() == 0 {
		if r.err != nil || r.off != len(r.buf) {
			return nil, errPacked
		}
		return &Story{Path: path, Problems: problems}, nil
	}
	both := &struct {
		story Story
		front Frontmatter
	}{}
	out, f := &both.story, &both.front
	out.Path, out.Problems, out.Front = path, problems, f
	f.Details = &noDetails
	f.StartLine, f.EndLine, f.lineOffset = r.int(), r.int(), r.int()
	for i := range f.slimKeyPos {
		f.slimKeyPos[i] = r.pos()
	}
	f.Scope.Pos = r.pos()
	f.Scope.Set, f.Scope.Null, f.Scope.HasWrite, f.Scope.HasExclude = r.flags()
	r.lists(f.slimLists())
	if err := r.values(f); err != nil {
		return nil, err
	}
	return out, nil
}

// packWriter appends the encoding: varints, and strings as a length and
// their bytes.
type packWriter struct{ buf []byte }

func (w *packWriter) uint(n int) { w.buf = binary.AppendUvarint(w.buf, uint64(n)) }
func (w *packWriter) int(n int)  { w.buf = binary.AppendVarint(w.buf, int64(n)) }

func (w *packWriter) pos(p Pos) {
	w.int(p.Line)
	w.int(p.Column)
}

func (w *packWriter) str(s string) {
	w.uint(len(s))
	w.buf = append(w.buf, s...)
}

func (w *packWriter) flags(bits ...bool) {
	var b byte
	for i, set := range bits {
		if set {
			b |= 1 << i
		}
	}
	w.buf = append(w.buf, b)
}

// scalar writes a value's length, position and flags; the text follows
// all of them.
func (w *packWriter) scalar(v *Scalar) {
	w.uint(len(v.Value))
	w.pos(v.Pos)
	w.flags(v.Set, v.Null)
}

// listHeader writes a list's position, flags and item count plus one: 0
// is a nil list, so an empty list comes back empty, not nil.
func (w *packWriter) listHeader(l *StringList) {
	w.pos(l.Pos)
	w.flags(l.Set, l.Null)
	if l.Items == nil {
		w.uint(0)
		return
	}
	w.uint(len(l.Items) + 1)
}

// packReader reads what packWriter wrote; the first failure sticks in err
// and every later read returns zero values.
type packReader struct {
	buf []byte
	off int
	err error
}

func (r *packReader) uint() int {
	n, size := binary.Uvarint(r.buf[r.off:])
	if size <= 0 || n > 1<<40 {
		r.fail()
		return 0
	}
	r.off += size
	return int(n)
}

func (r *packReader) int() int {
	n, size := binary.Varint(r.buf[r.off:])
	if size <= 0 {
		r.fail()
		return 0
	}
	r.off += size
	return int(n)
}

// count reads a length, which cannot exceed what is left of the input
// (every counted thing takes at least a byte).
func (r *packReader) count() int {
	n := r.uint()
	if n > len(r.buf)-r.off {
		r.fail()
		return 0
	}
	return n
}

func (r *packReader) fail() {
	if r.err == nil {
		r.err = errPacked
	}
	r.off = len(r.buf)
}

func (r *packReader) pos() Pos {
	line := r.int()
	return Pos{Line: line, Column: r.int()}
}

func (r *packReader) str() string {
	n := r.count()
	s := string(r.buf[r.off : r.off+n])
	r.off += n
	return s
}

func (r *packReader) flags() (a, b, c, d bool) {
	if r.off >= len(r.buf) {
		r.fail()
		return
	}
	f := r.buf[r.off]
	r.off++
	return f&1 != 0, f&2 != 0, f&4 != 0, f&8 != 0
}

// lists reads the kept lists' headers and gives them their items in one
// array, each list capped at its own items, as Slim does (detachLists).
func (r *packReader) lists(ls [4]*StringList) {
	var counts [4]int
	total := 0
	for i, l := range ls {
		l.Pos = r.pos()
		l.Set, l.Null, _, _ = r.flags()
		counts[i] = r.count()
		total += max(counts[i]-1, 0)
	}
	if r.err != nil {
		return
	}
	var items []Scalar
	if total > 0 {
		items = make([]Scalar, total)
	}
	from := 0
	for i, l := range ls {
		switch {
		case counts[i] == 0:
			l.Items = nil
		case total == 0:
			l.Items = []Scalar{}
		default:
			n := counts[i] - 1
			l.Items = items[from : from+n : from+n]
			from += n
		}
	}
}

// values reads every kept value's length, position and flags, then their
// text into one string that the values share (detachValues).
func (r *packReader) values(f *Frontmatter) error {
	var lens []int
	f.eachSlimValue(func(v *Scalar) {
		lens = append(lens, r.count())
		v.Pos = r.pos()
		v.Set, v.Null, _, _ = r.flags()
	})
	text := string(r.buf[r.off:])
	off := 0
	f.eachSlimValue(func(v *Scalar) {
		n := lens[0]
		lens = lens[1:]
		if off+n > len(text) {
			r.fail()
			return
		}
		v.Value, off = text[off:off+n], off+n
	})
	if r.err != nil || off != len(text) {
		return errPacked
	}
	return nil
}
