// Command chart-pin says what each engine does with a chart pin, by the
// calls each makes to github.com/Masterminds/semver/v3 (the library all three
// use, v3.4.0 in each go.mod; Debian's golang-github-masterminds-semver-dev
// here), so the tests check row_version_not_semver and
// row_chart_version_unresolvable against the engines' own rules:
//
//   - Kargo v1.11.2 pkg/helm/chart/oci_selector.go (Select): an OCI tag is a
//     discovered chart version only when StrictNewVersion accepts it, "_" read
//     as "+", and the version handed on is that reading (Original()).
//   - Argo CD v3.5.1 reposerver/repository/repository.go
//     (newHelmClientResolveRevision) and util/versions/{version,tags}.go
//     (IsVersion, MaxVersion): a targetRevision NewVersion accepts is pulled
//     as written; else a constraint NewConstraint accepts picks the highest
//     tag that satisfies it; else only a tag spelt exactly so.
//   - Helm v4.1.4 pkg/registry/client.go (ValidateReference, what `helm pull
//     oci://… --version` runs) and pkg/registry/tag.go
//     (GetTagMatchingVersionOrConstraint): the same order; and
//     pkg/chart/v2/metadata.go (Validate): a chart's version must be one
//     NewVersion accepts, so `helm push` (which tags by it) never makes
//     another tag.
//
// Input, on stdin: a JSON list of {"pin": "<chart pin>", "tags": ["<OCI
// tag>", …]}. Output, on stdout: a JSON list, one per request, in order:
// {"kargoDiscovers": bool, "helmChartVersion": bool, "argocd": "<tag or
// error>", "argocdOK": bool, "helm": "<tag or error>", "helmOK": bool}.
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/Masterminds/semver/v3"
)

type request struct {
	Pin  string   `json:"pin"`
	Tags []string `json:"tags"`
}

type answer struct {
	KargoDiscovers   bool   `json:"kargoDiscovers"`
	HelmChartVersion bool   `json:"helmChartVersion"`
	Argocd           string `json:"argocd"`
	ArgocdOK         bool   `json:"argocdOK"`
	Helm             string `json:"helm"`
	HelmOK           bool   `json:"helmOK"`
}

// argocdRevision mirrors util/versions/tags.go MaxVersion with no tag prefix,
// after IsVersion's shortcut in newHelmClientResolveRevision.
func argocdRevision(revision string, tags []string) (string, error) {
	if v, err := semver.NewVersion(revision); err == nil {
		return v.Original(), nil
	}
	constraints, err := semver.NewConstraint(revision)
	if err != nil {
		for _, tag := range tags {
			if tag == revision {
				return revision, nil
			}
		}
		return "", fmt.Errorf("failed to determine semver constraint: %w", err)
	}
	var max *semver.Version
	for _, tag := range tags {
		v, err := semver.NewVersion(tag)
		if err != nil {
			continue
		}
		if constraints.Check(v) && (max == nil || v.GreaterThan(max)) {
			max = v
		}
	}
	if max == nil {
		return "", fmt.Errorf("version matching constraint not found in %d tags", len(tags))
	}
	return max.Original(), nil
}

// helmTag mirrors pkg/registry/client.go ValidateReference's choice of tag
// and pkg/registry/tag.go GetTagMatchingVersionOrConstraint.
func helmTag(version string, tags []string) (string, error) {
	if _, err := semver.NewVersion(version); err == nil {
		return version, nil
	}
	for _, tag := range tags {
		if tag == version {
			return tag, nil
		}
	}
	constraint, err := semver.NewConstraint(version)
	if err != nil {
		return "", err
	}
	for _, tag := range tags {
		v, err := semver.NewVersion(tag)
		if err == nil && constraint.Check(v) {
			return tag, nil
		}
	}
	return "", fmt.Errorf("could not locate a version matching provided version string %s", version)
}

func has(tags []string, tag string) bool {
	for _, t := range tags {
		if t == tag {
			return true
		}
	}
	return false
}

func main() {
	var requests []request
	if err := json.NewDecoder(os.Stdin).Decode(&requests); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	answers := make([]answer, len(requests))
	for i, r := range requests {
		a := &answers[i]
		// Kargo reads a tag with "_" as "+" and hands on that version (Original()), so a Freight
		// carries a pin StrictNewVersion accepts as written, never one with "_".
		_, strictErr := semver.StrictNewVersion(r.Pin)
		a.KargoDiscovers = strictErr == nil
		_, chartErr := semver.NewVersion(r.Pin)
		a.HelmChartVersion = chartErr == nil
		if revision, err := argocdRevision(r.Pin, r.Tags); err != nil {
			a.Argocd = err.Error()
		} else {
			a.Argocd, a.ArgocdOK = revision, true
		}
		if !a.ArgocdOK {
			continue
		}
		// Argo CD hands its revision to `helm pull --version`; an OCI tag holds "_" for "+".
		if tag, err := helmTag(a.Argocd, r.Tags); err != nil {
			a.Helm = err.Error()
		} else {
			tag = strings.ReplaceAll(tag, "+", "_")
			a.Helm, a.HelmOK = tag, has(r.Tags, tag)
		}
	}
	if err := json.NewEncoder(os.Stdout).Encode(answers); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
}
