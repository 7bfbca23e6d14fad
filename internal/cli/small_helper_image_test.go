package cli

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/storygate/storygate/internal/testrepo"
)

// TestTheImagesHoldTheSmallHelperBesideStorygate: both images install the
// sandbox's small helper in storygate's directory, where storygate looks
// for it, and the release's image copies only binaries GoReleaser builds
// for Linux with a build ID the image's dockers_v2 entry names, so the
// build context has them.
func TestTheImagesHoldTheSmallHelperBesideStorygate(t *testing.T) {
	t.Parallel()
	var release struct {
		Builds []struct {
			ID, Binary string
			Goos       []string
		}
		Dockers []struct {
			IDs        []string `yaml:"ids"`
			Dockerfile string
		} `yaml:"dockers_v2"`
	}
	if err := yaml.Unmarshal([]byte(repoFile(t, ".goreleaser.yaml")), &release); err != nil {
		t.Fatal(err)
	}
	if len(release.Dockers) != 1 || release.Dockers[0].Dockerfile != "Dockerfile.release" {
		t.Fatalf("dockers_v2 = %+v, want the one image built from Dockerfile.release", release.Dockers)
	}
	inContext := map[string]bool{}
	for _, b := range release.Builds {
		if slices.Contains(release.Dockers[0].IDs, b.ID) && slices.Contains(b.Goos, "linux") {
			inContext[b.Binary] = true
		}
	}
	for _, file := range []string{"Dockerfile", "Dockerfile.release"} {
		copies := instructions(t, repoFile(t, file))["COPY"]
		if !slices.ContainsFunc(copies, func(c string) bool { return strings.HasSuffix(c, " /usr/local/bin/storygate-sandbox-exec") }) {
			t.Errorf("%s: the small helper is not installed beside /usr/local/bin/storygate", file)
		}
		if file != "Dockerfile.release" {
			continue
		}
		for _, c := range copies {
			src, _, _ := strings.Cut(c, " ")
			if name, ok := strings.CutPrefix(src, "${TARGETPLATFORM}/"); ok && !inContext[name] {
				t.Errorf("%s copies %s, which no GoReleaser build in the image's ids makes for Linux", file, name)
			}
		}
	}
}

// TestTheHelperIsBuiltAsTheReleaseBuildsIt: the tests' release-way build
// of the small helper (testrepo.ReleaseBuild) and bench/sandbox.sh use the
// cgo setting and linker flags .goreleaser.yaml gives it, and every C
// cross-compiler its CC template names is installed by release.yml, which
// builds every target.
func TestTheHelperIsBuiltAsTheReleaseBuildsIt(t *testing.T) {
	t.Parallel()
	var release struct {
		Builds []struct {
			ID, Main string
			Env      []string
			Ldflags  []string
		}
	}
	if err := yaml.Unmarshal([]byte(repoFile(t, ".goreleaser.yaml")), &release); err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(release.Builds, func(b struct {
		ID, Main string
		Env      []string
		Ldflags  []string
	}) bool {
		return "./"+strings.TrimPrefix(b.Main, "./") == testrepo.HelperPackage
	})
	if i < 0 {
		t.Fatalf(".goreleaser.yaml builds no %s", testrepo.HelperPackage)
	}
	b := release.Builds[i]
	if !slices.Contains(b.Env, "CGO_ENABLED=1") || !slices.Equal(b.Ldflags, []string{testrepo.HelperLDFlags}) {
		t.Errorf("the release builds the helper with env %q and ldflags %q, the tests with CGO_ENABLED=1 and %q", b.Env, b.Ldflags, testrepo.HelperLDFlags)
	}
	if bench := repoFile(t, "bench/sandbox.sh"); !strings.Contains(bench, "CGO_ENABLED=1 go build -trimpath -ldflags '"+testrepo.HelperLDFlags+"'") {
		t.Error("bench/sandbox.sh does not build the helper as the release does")
	}
	workflow := repoFile(t, ".github/workflows/release.yml")
	crosses := regexp.MustCompile(`([a-z0-9_]+-linux-gnu)-gcc`).FindAllStringSubmatch(strings.Join(b.Env, " "), -1)
	if len(crosses) == 0 {
		t.Errorf("the helper's env %q names no cross-compiler, yet release.yml builds arm64 on an amd64 runner", b.Env)
	}
	for _, m := range crosses {
		installed := regexp.MustCompile(`(?m)apt-get install .*\sgcc-` + regexp.QuoteMeta(m[1]) + `(\s|$)`).MatchString(workflow)
		if m[1] != "x86_64-linux-gnu" && !installed { // amd64 runners build amd64 natively
			t.Errorf("the helper's CC names %s, which release.yml does not install (gcc-%s)", m[0], m[1])
		}
	}
}
