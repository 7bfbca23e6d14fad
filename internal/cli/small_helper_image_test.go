package cli

import (
	"slices"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
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
