package yamlfast_test

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/storygate/storygate/bench/storygen"
	"github.com/storygate/storygate/internal/yamlfast"
	"github.com/storygate/storygate/internal/yamlstrict"
)

// agree fails the test when Decode accepts src but its tree differs from
// yaml.v3's; it reports whether Decode accepted.
func agree(t *testing.T, src string) bool {
	t.Helper()
	got, ok := yamlfast.Decode([]byte(src))
	if !ok {
		return false
	}
	// The reference is yaml.v3 under the strict-input policy: the fast path
	// must refuse everything yamlstrict refuses (anchors, aliases, merge
	// keys, tags, a second document, YAML 1.1 line breaks), so both paths
	// refuse it the same way.
	want, err := yamlstrict.Decode([]byte(src))
	if err != nil {
		t.Fatalf("fast path accepted what yaml.v3 or the strict policy rejects (%v):\n%s", err, src)
	}
	// reflect.DeepEqual is cmp.Diff's verdict on these trees (exported
	// fields, no Equal methods) at a fraction of its cost under -race;
	// cmp.Diff then says how they differ.
	if !reflect.DeepEqual(want, got) {
		t.Fatalf("tree differs from yaml.v3 (-yaml.v3 +fast):\n%s\ninput:\n%s", cmp.Diff(want, got), src)
	}
	return true
}

func TestDecodeAgreesWithYAMLv3(t *testing.T) {
	cases := map[string]string{
		"scalars":         "a: 1\nb: x y\nc: 2026-05-27T00:00:00Z\nd: 2026-05-27\ne: true\nf: NULL\ng: ~\nh: yes\ni: ./run.sh\nj: 0\n",
		"quoted":          "a: \"x: y\"\nb: 'it is'\nc: \"\"\nd: '  padded  '\n",
		"null values":     "a:\nb:   \nc: 1\nd:\n",
		"nested mapping":  "scope:\n  write:\n    - src/\n  read:\n    - docs/\n  exclude:\n    - .git/\n",
		"compact seq":     "write:\n- a\n- b\nread: c\n",
		"seq of mappings": "ac:\n  - id: AC1\n    text: one\n  -   id: AC2\n      text: two\nv: x\n",
		"flow":            "tags: [a, b c , d]\nempty: []\nspaced: [ ]\n",
		"indented root":   "  a: b\n  c:\n    - d\n",
		"blank lines":     "\n\na: b\n\n\nc: d\n\n",
		"plain punctuation": "cmd: go test ./... -run 'TestX' && echo \"ok\"\n" +
			"when: exit_code == 0 && stdout.contains(\"x\")\nurl: http://x/y:z\nk-e_y: v\n",
		"key words":        "true: 1\nnull: 2\nyes: 3\n",
		"no final newline": "a: b",
		"dash in value":    "title: a - b\n",
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			if !agree(t, src) {
				t.Fatalf("fast path refused a plain-subset input:\n%s", src)
			}
		})
	}
}

func TestDecodeRefusesOutsideSubset(t *testing.T) {
	cases := map[string]string{
		"comment":            "a: b # c\n",
		"anchor":             "a: &x b\nc: *x\n",
		"tag":                "a: !!str 1\n",
		"literal block":      "a: |\n  b\n",
		"folded block":       "a: >\n  b\n",
		"multi-line plain":   "a: b\n  c\n",
		"escape":             "a: \"b\\nc\"\n",
		"doubled quote":      "a: 'it''s'\n",
		"open quote":         "a: \"b\n  c\"\n",
		"flow mapping":       "a: {b: c}\n",
		"nested flow":        "a: [b, [c]]\n",
		"trailing comma":     "a: [b,]\n",
		"quoted flow item":   "a: [\"b\"]\n",
		"key mark in flow":   "a: [y?]\n", // yaml.v3 ends the plain scalar at '?' and fails
		"comment in flow":    "a: [b #c]\n",
		"tab":                "a:\tb\n",
		"non-ascii":          "a: caf\u00e9\n",
		"float":              "a: 1.5\n",
		"octal":              "a: 012\n",
		"negative":           "a: -1\n",
		"dot float":          "a: .5\n",
		"inf":                "a: .inf\n",
		"colon in value":     "a: b: c\n",
		"trailing colon":     "a: b:\n",
		"bad indent":         "a:\n    b: c\n  d: e\n",
		"root sequence":      "- a\n- b\n",
		"root scalar":        "just text\n",
		"empty":              "\n\n",
		"empty item":         "a:\n  -\n  - b\n",
		"nested dash":        "a:\n  - - b\n",
		"quoted key":         "\"a\": b\n",
		"space before colon": "a : b\n",
		"document marker":    "a: b\n---\nc: d\n",
		"directive":          "%YAML 1.2\na: b\n",
		"too deep":           strings.Repeat("a:\n", 1) + deep(40),
	}
	for name, src := range cases {
		t.Run(name, func(t *testing.T) {
			if n, ok := yamlfast.Decode([]byte(src)); ok {
				t.Fatalf("fast path accepted %q, want a refusal so yaml.v3 decides; got %+v", src, n)
			}
		})
	}
}

// deep returns a mapping nested n levels.
func deep(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		b.WriteString(strings.Repeat(" ", i) + "a:\n")
	}
	return b.String()
}

// TestDecodeTakesStoryFrontmatter holds the fast path to the stories it is
// for: the generated benchmark corpus and the spec template must all be
// accepted, and every fixture it accepts must agree with yaml.v3.
func TestDecodeTakesStoryFrontmatter(t *testing.T) {
	for _, f := range storygen.Corpus(storygen.Options{N: 300, Seed: 3}) {
		if !agree(t, string(storygen.Frontmatter(f.Data))) {
			t.Fatalf("%s: generated frontmatter refused:\n%s", f.Name, storygen.Frontmatter(f.Data))
		}
	}
	tmpl, err := os.ReadFile("../story/testdata/template.md")
	if err != nil {
		t.Fatal(err)
	}
	if !agree(t, string(storygen.Frontmatter(tmpl))) {
		t.Fatal("the spec template's frontmatter is refused")
	}
	accepted := 0
	for _, path := range fixtures(t) {
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if fm := storygen.Frontmatter(src); fm != nil && agree(t, string(fm)) {
			accepted++
		}
	}
	if accepted < 50 {
		t.Fatalf("fast path accepted only %d fixture frontmatters", accepted)
	}
}

// fixtures lists the repository's story fixtures.
func fixtures(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, root := range []string{"../rules/testdata", "../../testdata", "../../examples"} {
		err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(p, ".md") {
				out = append(out, p)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// FuzzDecodeAgreesWithYAMLv3 mutates frontmatter: whatever the fast path
// accepts must decode to yaml.v3's tree.
func FuzzDecodeAgreesWithYAMLv3(f *testing.F) {
	for _, file := range storygen.Corpus(storygen.Options{N: 5, Seed: 1}) {
		f.Add(string(storygen.Frontmatter(file.Data)))
	}
	f.Add("a:\n- b\n- c: [d, e]\n  f: 'g'\nh:\n")
	for _, strict := range []string{
		"a: &x 1\nb: *x\n", "scope:\n  <<: {write: [x]}\n", "<<: {a: b}\n", "a: !!str 1\n", "a: ! 1\n", "a: [!t x]\n",
		"a: 1\n---\nb: 2\n", "a: 1\n...\n", "a: 1\rb: 2\r", "a: 1\r\nb: 2\n", "a: x\u0085b: 2\n", "a: x\u2028y\n",
	} {
		f.Add(strict)
	}
	f.Fuzz(func(t *testing.T, src string) {
		agree(t, src)
	})
}

// TestDecodeAgreesOnGeneratedDocuments builds thousands of small documents
// from pieces at the edge of the subset (indents, dashes, odd keys,
// numbers, quotes, flow sequences, indicators) and holds every one the fast
// path accepts to yaml.v3's tree. Byte-level fuzzing seldom keeps a document
// inside the subset; this walks its borders on purpose.
func TestDecodeAgreesOnGeneratedDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	accepted := 0
	const docs = 30000
	for range docs {
		if agree(t, generated(rng)) {
			accepted++
		}
	}
	t.Logf("accepted %d of %d", accepted, docs)
	if accepted < docs/20 {
		t.Fatalf("only %d of %d generated documents were accepted; the generator no longer exercises the fast path", accepted, docs)
	}
}

var (
	genKeys   = []string{"a", "b", "id", "true", "null", "y", "k-1", "_x", "1a", "TRUE", "~", "-k", "a b", "<<", "&a k", "!t k", "*a", "---", "..."}
	genSeps   = []string{": ", ":", " : ", ":  ", ":x "}
	genValues = []string{"", "x", "x y", "1", "0", "2026-01-02", "2026-01-02T03:04:05Z", "'q'", "\"d\"", "[a, b]", "[]",
		"01", "1.5", "-1", "123456789012345678901", "2026-13-01", "2026-1-2 3:4:5", "'q''r'", "\"a\\n\"", "\"open", "[ ]", "[a,]", "[a, [b]]", "[a: b]", "[ 'a' ]", "~", "~/x", ".x", ".5", ".inf", "./run",
		"true", "True", "tRue", "yes", "a:b", "a: b", "a:", "http://x", "(x)", "$X", "x'y", "x\"y", "-", "- x",
		"- a: b", "|", ">", "&a x", "*a", "!t x", "{a: b}", "?", "%", "@", "`", "x  ", "  ", "<<", "0x1F", "1_000", "1e3",
		"!!str x", "! x", "&a [x]", "x\ry", "x\u0085y", "[&a x]", "[*a]", "[!t x]", "[y?]", "[a?b]", "[? a]", "[a #b]"}
)

// generated returns one random document: a well-formed block mapping of
// random depth and width, then, one time in three, one line mangled.
func generated(rng *rand.Rand) string {
	var lines []string
	genMapping(rng, &lines, []int{0, 0, 2}[rng.IntN(3)], 0)
	if rng.IntN(3) == 0 {
		i := rng.IntN(len(lines))
		switch rng.IntN(3) {
		case 0:
			lines[i] = " " + lines[i]
		case 1:
			lines[i] = strings.TrimPrefix(lines[i], " ")
		default:
			lines[i] += genValue(rng)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// genValue picks a value, half the time one the fast path takes.
func genValue(rng *rand.Rand) string {
	if rng.IntN(2) == 0 {
		return genValues[rng.IntN(11)]
	}
	return genValues[rng.IntN(len(genValues))]
}

// genMapping appends a block mapping at indent; depth bounds nesting.
func genMapping(rng *rand.Rand, lines *[]string, indent, depth int) {
	pad := strings.Repeat(" ", indent)
	for range 1 + rng.IntN(4) {
		key := genKeys[rng.IntN(len(genKeys))]
		if rng.IntN(3) > 0 {
			key = genKeys[rng.IntN(3)]
		}
		sep := ": "
		if rng.IntN(8) == 0 {
			sep = genSeps[rng.IntN(len(genSeps))]
		}
		switch r := rng.IntN(6); {
		case r < 3 || depth > 3:
			*lines = append(*lines, pad+key+sep+genValue(rng))
		case r == 3:
			*lines = append(*lines, pad+key+":")
			genMapping(rng, lines, indent+[]int{2, 1, 4}[rng.IntN(3)], depth+1)
		default:
			*lines = append(*lines, pad+key+":")
			genSequence(rng, lines, indent+[]int{2, 0, 4}[rng.IntN(3)], depth+1)
		}
		if rng.IntN(10) == 0 {
			*lines = append(*lines, "")
		}
	}
}

// genSequence appends a block sequence with dashes at indent.
func genSequence(rng *rand.Rand, lines *[]string, indent, depth int) {
	pad := strings.Repeat(" ", indent)
	for range 1 + rng.IntN(3) {
		if rng.IntN(2) == 0 || depth > 3 {
			*lines = append(*lines, pad+"- "+genValue(rng))
			continue
		}
		var item []string
		genMapping(rng, &item, indent+2, depth+1)
		item[0] = pad + "- " + strings.TrimLeft(item[0], " ")
		*lines = append(*lines, item...)
	}
}
