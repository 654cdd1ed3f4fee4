package catalog

import "testing"

var (
	kubectlFuzzArgs = [][]string{{"get", "pods"}, {"get", "pods", "-o", "wide"}, {"get", "events", "-A"}, {"get", "all"},
		{"get", "deployments"}, {"get", "pods", "-o", "name"}}
	dockerPsFuzzArgs     = [][]string{{"ps"}, {"ps", "-a", "--no-trunc"}, {"ps", "-s"}, {"ps", "-q"}}
	dockerStatsFuzzArgs  = [][]string{{"stats", "--no-stream"}}
	dockerImagesFuzzArgs = [][]string{{"images"}, {"images", "--digests"}, {"images", "-q"}}
	ghFuzzArgs           = [][]string{{"pr", "list"}}
	helmFuzzArgs         = [][]string{{"list"}, {"list", "-A", "--no-headers"}, {"list", "-q"}}
	terraformFuzzArgs    = [][]string{{"plan", "-no-color"}, {"plan"}}
)

func FuzzKubectlGet(f *testing.F) {
	seedGolden(f, "kubectl-get", kubectlFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseKubectlGet, raw, kubectlFuzzArgs, sel, spans)
	})
}

func FuzzDockerPs(f *testing.F) {
	seedGolden(f, "docker-ps", dockerPsFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDockerPs, raw, dockerPsFuzzArgs, sel, spans)
	})
}

func FuzzDockerStats(f *testing.F) {
	seedGolden(f, "docker-stats", dockerStatsFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDockerStats, raw, dockerStatsFuzzArgs, sel, spans)
	})
}

func FuzzDockerImages(f *testing.F) {
	seedGolden(f, "docker-images", dockerImagesFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseDockerImages, raw, dockerImagesFuzzArgs, sel, spans)
	})
}

func FuzzGhPrList(f *testing.F) {
	seedGolden(f, "gh-pr-list", ghFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseGhPrList, raw, ghFuzzArgs, sel, spans)
	})
}

func FuzzHelmList(f *testing.F) {
	seedGolden(f, "helm-list", helmFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseHelmList, raw, helmFuzzArgs, sel, spans)
	})
}

func FuzzTerraformPlan(f *testing.F) {
	seedGolden(f, "terraform-plan", terraformFuzzArgs)
	f.Fuzz(func(t *testing.T, raw string, sel uint8, spans bool) {
		fuzzParse(t, parseTerraformPlan, raw, terraformFuzzArgs, sel, spans)
	})
}
