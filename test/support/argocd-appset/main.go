// argocd-appset turns ApplicationSets into the Applications Argo CD v3.5.1's
// ApplicationSet controller would create, for tests. It runs Go's text/template
// with the function map of the upstream file
// ../shared/upstream/argo-cd-v3.5.1/applicationset/utils/utils.go: that file's
// init() is parsed at start-up and every `delete(sprigFuncMap, …)` and
// `sprigFuncMap[…] = …` in it is applied to sprig's GenericFuncMap, so a
// function ArgoCD removes or lacks (Helm's `required`, `include`, `tpl`) fails
// here as it fails there. The rest mirrors argoproj/argo-cd at v3.5.1:
//
//   - Render.Replace, RenderTemplateParams, RenderGeneratorParams
//     (applicationset/utils/utils.go): every string and map key of the template
//     rendered on its own; the resources finalizer unless preserveResourcesOnDeletion.
//
//   - Transform, flattenParameters (applicationset/generators/generator_spec_processor.go):
//     the post-selector on the flattened parameters.
//
//   - LabelSelectorAsSelector (applicationset/utils/selector.go): no limit on label values.
//
//   - GitGenerator.generateParamsFromGitFile (applicationset/generators/git.go):
//     the file's content via sigs.k8s.io/yaml plus path.{path,basename,filename,…,segments}.
//
//   - GitGenerator.filterApps, generateParamsFromApps (applicationset/generators/git.go)
//     over Service.GetGitDirectories (reposerver/repository/repository.go): the git
//     directories generator, hidden folders skipped as by default.
//
//   - ClusterGenerator.getClusterParameters, getSecretsByClusterName
//     (applicationset/generators/cluster.go): cluster Secrets selected by
//     secret-type=cluster plus the selector (strict label values), name, server,
//     project, metadata.labels/annotations; no in-cluster entry once a selector is set.
//
//   - MatrixGenerator.GenerateParams (applicationset/generators/matrix.go): the second
//     child interpolated with each parameter set of the first, merged with mergo.
//
//   - template.GenerateApplications (applicationset/controllers/template/template.go):
//     the namespace forced to the ApplicationSet's; a parameter set that fails to
//     render is skipped and its error kept. Reconcile and validateGeneratedApplications
//     (applicationset/controllers/applicationset_controller.go): after any such
//     error the controller creates and changes no Application (ErrorOccurred);
//     duplicate names and unknown destinations are per-Application errors.
//
//   - nativeGitClient.LsFiles (util/git/client.go): by default `git ls-files -- <pattern>`,
//     a pathspec where `*` and `?` also match `/` and a leading dot; with the controller's
//     --enable-new-git-file-globbing, doublestar's glob, where `*` stays within one folder.
//     Both are reproduced (input "newGitFileGlobbing").
//
// Differences, on the strict side: sprig is Debian's 3.2.3 (ArgoCD pins 3.3.0);
// `slugify` (gosimple/slug is not packaged) fails when called.
//
// Input on stdin: {"utilsGo": PATH, "files": {PATH: CONTENT}, "clusters":
// [{name, server, labels, annotations}], "applicationSets": [ApplicationSet]}.
// Output on stdout: {"results": [{"name", "applications": [...], "error", "appErrors"}]}.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"text/template"

	"github.com/Masterminds/sprig"
	"github.com/imdario/mergo"
	"sigs.k8s.io/yaml"
)

type cluster struct {
	Name        string            `json:"name"`
	Server      string            `json:"server"`
	Project     *string           `json:"project,omitempty"`
	Labels      map[string]string `json:"labels"`
	Annotations map[string]string `json:"annotations"`
}

type input struct {
	UtilsGo            string            `json:"utilsGo"`
	NewGitFileGlobbing bool              `json:"newGitFileGlobbing"`
	Files              map[string]string `json:"files"`
	Clusters           []cluster         `json:"clusters"`
	ApplicationSets    []map[string]any  `json:"applicationSets"`
}

type result struct {
	Name         string            `json:"name"`
	Applications []map[string]any  `json:"applications"`
	Error        string            `json:"error,omitempty"`
	AppErrors    map[string]string `json:"appErrors,omitempty"`
}

// Constants of pkg/apis/application/v1alpha1 and common/common.go at v3.5.1.
const (
	resourcesFinalizerName = "resources-finalizer.argocd.argoproj.io"
	inClusterServer        = "https://kubernetes.default.svc"
	secretTypeLabel        = "argocd.argoproj.io/secret-type"
	secretTypeCluster      = "cluster"
)

var baseTemplate *template.Template

// mirrored holds the harness's versions of the functions utils.go adds, by the
// identifier utils.go assigns (template_functions.go and utils.go at v3.5.1).
var mirrored = map[string]any{
	"SanitizeName":  sanitizeName,
	"SlugifyName":   func(args ...any) (string, error) { return "", errors.New("slugify is not reproduced by this harness") },
	"toYAML":        toYAML,
	"fromYAML":      fromYAML,
	"fromYAMLArray": fromYAMLArray,
}

// funcMapFromUpstream applies the deletions and additions of utils.go's init().
func funcMapFromUpstream(utilsGo string) (template.FuncMap, error) {
	file, err := parser.ParseFile(token.NewFileSet(), utilsGo, nil, 0)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", utilsGo, err)
	}
	funcs := sprig.GenericFuncMap()
	changes := 0
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Name.Name != "init" || fn.Recv != nil {
			continue
		}
		for _, stmt := range fn.Body.List {
			switch s := stmt.(type) {
			case *ast.ExprStmt:
				call, ok := s.X.(*ast.CallExpr)
				if !ok || fmt.Sprint(call.Fun) != "delete" || len(call.Args) != 2 || fmt.Sprint(call.Args[0]) != "sprigFuncMap" {
					continue
				}
				name, err := stringLiteral(call.Args[1])
				if err != nil {
					return nil, err
				}
				delete(funcs, name)
				changes++
			case *ast.AssignStmt:
				index, ok := s.Lhs[0].(*ast.IndexExpr)
				if !ok || fmt.Sprint(index.X) != "sprigFuncMap" {
					continue
				}
				name, err := stringLiteral(index.Index)
				if err != nil {
					return nil, err
				}
				impl, ok := mirrored[fmt.Sprint(s.Rhs[0])]
				if !ok {
					return nil, fmt.Errorf("utils.go adds %q as %v, which this harness does not mirror", name, s.Rhs[0])
				}
				funcs[name] = impl
				changes++
			}
		}
	}
	if changes == 0 {
		return nil, fmt.Errorf("no function map changes found in %s: the harness no longer matches the upstream file", utilsGo)
	}
	return funcs, nil
}

func stringLiteral(expr ast.Expr) (string, error) {
	lit, ok := expr.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", fmt.Errorf("expected a string literal in utils.go's init, found %v", expr)
	}
	return strconv.Unquote(lit.Value)
}

func parse(tmpl string, options []string) parsedTemplate {
	cloned, err := baseTemplate.Clone()
	if err != nil {
		return parsedTemplate{err: fmt.Errorf("failed to clone base template: %w", err)}
	}
	for _, option := range options {
		cloned = cloned.Option(option)
	}
	parsed, err := cloned.Parse(tmpl)
	if err != nil {
		return parsedTemplate{err: fmt.Errorf("failed to parse template %s: %w", tmpl, err)}
	}
	return parsedTemplate{template: parsed}
}

var invalidDNSNameChars = regexp.MustCompile("[^-a-z0-9.]")

func sanitizeName(name string) string {
	name = strings.ToLower(name)
	name = invalidDNSNameChars.ReplaceAllString(name, "-")
	if len(name) > 253 {
		name = name[:253]
	}
	return strings.Trim(name, "-.")
}

func toYAML(v any) (string, error) {
	data, err := yaml.Marshal(v)
	if err != nil {
		return "", err
	}
	return strings.TrimSuffix(string(data), "\n"), nil
}

func fromYAML(str string) (map[string]any, error) {
	m := map[string]any{}
	if err := yaml.Unmarshal([]byte(str), &m); err != nil {
		return nil, err
	}
	return m, nil
}

func fromYAMLArray(str string) ([]any, error) {
	a := []any{}
	if err := yaml.Unmarshal([]byte(str), &a); err != nil {
		return nil, err
	}
	return a, nil
}

type parsedTemplate struct {
	template *template.Template
	err      error
}

// parsedTemplates caches the parse of each (options, text): the same text parses
// the same way every time, and re-parsing made the M fleet take half a minute.
var parsedTemplates = map[string]parsedTemplate{}

// replace is Render.Replace with useGoTemplate: clone, options, parse, execute.
func replace(tmpl string, params map[string]any, options []string) (string, error) {
	cacheKey := strings.Join(options, "\x00") + "\x01" + tmpl
	cached, ok := parsedTemplates[cacheKey]
	if !ok {
		cached = parse(tmpl, options)
		parsedTemplates[cacheKey] = cached
	}
	if cached.err != nil {
		return "", cached.err
	}
	parsed := cached.template
	var out bytes.Buffer
	if err := parsed.Execute(&out, params); err != nil {
		return "", fmt.Errorf("failed to execute go template %s: %w", tmpl, err)
	}
	return out.String(), nil
}

// deeplyReplace renders every string value and every map key, as
// deeplyReplaceWithFilter does over the typed Application.
func deeplyReplace(value any, params map[string]any, options []string) (any, error) {
	switch v := value.(type) {
	case string:
		return replace(v, params, options)
	case []any:
		out := make([]any, len(v))
		for i, item := range v {
			rendered, err := deeplyReplace(item, params, options)
			if err != nil {
				return nil, err
			}
			out[i] = rendered
		}
		return out, nil
	case map[string]any:
		out := make(map[string]any, len(v))
		for key, item := range v {
			if item == nil {
				continue
			}
			rendered, err := deeplyReplace(item, params, options)
			if err != nil {
				return nil, err
			}
			renderedKey, err := replace(key, params, options)
			if err != nil {
				return nil, err
			}
			out[renderedKey] = rendered
		}
		return out, nil
	default:
		return v, nil
	}
}

// flatten is flatten.Flatten(…, "", DotStyle) with fmt's %v for leaves.
func flatten(prefix string, value any, out map[string]string) {
	switch v := value.(type) {
	case map[string]any:
		for key, item := range v {
			flatten(join(prefix, key), item, out)
		}
	case map[string]string:
		for key, item := range v {
			out[join(prefix, key)] = item
		}
	case []any:
		for i, item := range v {
			flatten(join(prefix, strconv.Itoa(i)), item, out)
		}
	default:
		out[prefix] = fmt.Sprintf("%v", v)
	}
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

var labelValue = regexp.MustCompile(`^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$`)

// selector is a metav1.LabelSelector; strictValues is metav1's validation of
// values (the cluster generator), off for the post-selector (utils/selector.go).
type selector struct {
	MatchLabels      map[string]string `json:"matchLabels"`
	MatchExpressions []struct {
		Key      string   `json:"key"`
		Operator string   `json:"operator"`
		Values   []string `json:"values"`
	} `json:"matchExpressions"`
}

func (s *selector) matches(labels map[string]string, strictValues bool) (bool, error) {
	if s == nil {
		return true, nil
	}
	for key, want := range s.MatchLabels {
		if strictValues && (len(want) > 63 || !labelValue.MatchString(want)) {
			return false, fmt.Errorf("values[0][%s]: Invalid value: %q: a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.'", key, want)
		}
		if got, ok := labels[key]; !ok || got != want {
			return false, nil
		}
	}
	for _, expr := range s.MatchExpressions {
		got, has := labels[expr.Key]
		in := false
		for _, value := range expr.Values {
			if strictValues && (len(value) > 63 || !labelValue.MatchString(value)) {
				return false, fmt.Errorf("invalid label value %q for key %s", value, expr.Key)
			}
			if has && got == value {
				in = true
			}
		}
		switch expr.Operator {
		case "In":
			if !in {
				return false, nil
			}
		case "NotIn":
			if in {
				return false, nil
			}
		case "Exists":
			if !has {
				return false, nil
			}
		case "DoesNotExist":
			if has {
				return false, nil
			}
		default:
			return false, fmt.Errorf("%q is not a valid label selector operator", expr.Operator)
		}
	}
	return true, nil
}

type engine struct {
	newGlobbing bool
	files       map[string]string
	clusters    []cluster
	options     []string
}

func decodeSelector(raw any) (*selector, error) {
	if raw == nil {
		return nil, nil
	}
	data, err := json.Marshal(raw)
	if err != nil {
		return nil, err
	}
	s := &selector{}
	return s, json.Unmarshal(data, s)
}

// transform generates a generator's parameter sets: interpolated with the
// parameters of an earlier matrix child when given, then post-selected.
func (e *engine) transform(generator map[string]any, matrixParams map[string]any) ([]map[string]any, error) {
	if len(matrixParams) != 0 {
		// RenderGeneratorParams: the whole generator rendered with the first child's parameters.
		rendered, err := deeplyReplace(generator, matrixParams, e.options)
		if err != nil {
			return nil, fmt.Errorf("failed to replace parameters in generator: %w", err)
		}
		generator = rendered.(map[string]any)
	}
	postSelector, err := decodeSelector(generator["selector"])
	if err != nil {
		return nil, err
	}
	var params []map[string]any
	switch {
	case generator["git"] != nil:
		params, err = e.gitFiles(generator["git"].(map[string]any))
	case generator["clusters"] != nil:
		params, err = e.clusterParams(generator["clusters"].(map[string]any))
	case generator["matrix"] != nil:
		params, err = e.matrix(generator["matrix"].(map[string]any))
	default:
		return nil, fmt.Errorf("generator %v is not reproduced by this harness", generator)
	}
	if err != nil {
		return nil, err
	}
	var kept []map[string]any
	for _, param := range params {
		flat := map[string]string{}
		flatten("", param, flat)
		ok, err := postSelector.matches(flat, false)
		if err != nil {
			return nil, fmt.Errorf("error parsing label selector: %w", err)
		}
		if ok {
			kept = append(kept, param)
		}
	}
	return kept, nil
}

func (e *engine) gitFiles(git map[string]any) ([]map[string]any, error) {
	if git["directories"] != nil {
		return e.gitDirectories(git["directories"].([]any))
	}
	files, _ := git["files"].([]any)
	matched := map[string]bool{}
	for _, raw := range files {
		spec := raw.(map[string]any)
		pattern, _ := spec["path"].(string)
		exclude, _ := spec["exclude"].(bool)
		matcher, err := filePattern(pattern, e.newGlobbing)
		if err != nil {
			return nil, fmt.Errorf("bad file pattern %q: %w", pattern, err)
		}
		for filePath := range e.files {
			ok := matcher.MatchString(filePath)
			if ok && exclude {
				delete(matched, filePath)
			} else if ok {
				matched[filePath] = true
			}
		}
	}
	var all []map[string]any
	for _, filePath := range sortedKeys(matched) {
		objects := []map[string]any{}
		single := map[string]any{}
		if err := yaml.Unmarshal([]byte(e.files[filePath]), &single); err == nil {
			objects = append(objects, single)
		} else if err := yaml.Unmarshal([]byte(e.files[filePath]), &objects); err != nil {
			return nil, fmt.Errorf("unable to process file '%s': unable to parse file: %w", filePath, err)
		}
		for _, object := range objects {
			params := map[string]any{}
			for key, value := range object {
				params[key] = value
			}
			dir := path.Dir(filePath)
			params["path"] = map[string]any{
				"path":               dir,
				"basename":           path.Base(dir),
				"filename":           path.Base(filePath),
				"basenameNormalized": sanitizeName(path.Base(dir)),
				"filenameNormalized": sanitizeName(path.Base(filePath)),
				"segments":           toAny(strings.Split(dir, "/")),
			}
			all = append(all, params)
		}
	}
	return all, nil
}

// gitDirectories mirrors the git directories generator: the repository's
// directories as Service.GetGitDirectories lists them (reposerver/repository/repository.go:
// every folder but the root, a hidden one skipped with all below it), kept by
// GitGenerator.filterApps (path.Match; an `exclude` match wins) and turned into
// path.{path,basename,basenameNormalized,segments} by generateParamsFromApps
// (applicationset/generators/git.go), in the walk's (lexical) order.
func (e *engine) gitDirectories(items []any) ([]map[string]any, error) {
	dirs := map[string]bool{}
	for filePath := range e.files {
		for dir := path.Dir(filePath); dir != "." && dir != "/"; dir = path.Dir(dir) {
			dirs[dir] = true
		}
	}
	var all []map[string]any
	for _, dir := range sortedKeys(dirs) {
		hidden := false
		for _, segment := range strings.Split(dir, "/") {
			hidden = hidden || strings.HasPrefix(segment, ".")
		}
		if hidden {
			continue
		}
		include, exclude := false, false
		for _, raw := range items {
			spec := raw.(map[string]any)
			pattern, _ := spec["path"].(string)
			excluded, _ := spec["exclude"].(bool)
			match, err := path.Match(pattern, dir)
			if err != nil {
				continue
			}
			include = include || (match && !excluded)
			exclude = exclude || (match && excluded)
		}
		if !include || exclude {
			continue
		}
		all = append(all, map[string]any{"path": map[string]any{
			"path":               dir,
			"basename":           path.Base(dir),
			"basenameNormalized": sanitizeName(path.Base(dir)),
			"segments":           toAny(strings.Split(dir, "/")),
		}})
	}
	return all, nil
}

// filePattern turns a git files pattern into the regular expression of the
// matching paths: git's wildmatch without WM_PATHNAME (`*`, `?` and classes
// also match `/`), or doublestar's (`**` crosses folders, `*` and `?` do not).
func filePattern(pattern string, newGlobbing bool) (*regexp.Regexp, error) {
	var out strings.Builder
	out.WriteString("^")
	any, one := ".*", "."
	if newGlobbing {
		any, one = "[^/]*", "[^/]"
	}
	for i := 0; i < len(pattern); i++ {
		switch c := pattern[i]; c {
		case '*':
			if newGlobbing && strings.HasPrefix(pattern[i:], "**") {
				out.WriteString(".*")
				i++
			} else {
				out.WriteString(any)
			}
		case '?':
			out.WriteString(one)
		case '[':
			end := strings.IndexByte(pattern[i+1:], ']')
			if end < 0 {
				return nil, errors.New("unterminated character class")
			}
			class := pattern[i+1 : i+1+end]
			if strings.HasPrefix(class, "!") {
				class = "^" + class[1:]
			}
			out.WriteString("[" + class + "]")
			i += end + 1
		case '\\':
			if i+1 < len(pattern) {
				i++
				out.WriteString(regexp.QuoteMeta(string(pattern[i])))
			}
		default:
			out.WriteString(regexp.QuoteMeta(string(c)))
		}
	}
	out.WriteString("$")
	return regexp.Compile(out.String())
}

// sortedKeys gives a map's keys in order: the controller sorts file paths, and
// sorted cluster names keep the output independent of map order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for key := range m {
		keys = append(keys, key)
	}
	sort.Strings(keys)
	return keys
}

func toAny(items []string) []any {
	out := make([]any, len(items))
	for i, item := range items {
		out[i] = item
	}
	return out
}

func (e *engine) clusterParams(clusters map[string]any) ([]map[string]any, error) {
	if clusters["values"] != nil || clusters["flatList"] != nil {
		return nil, errors.New("cluster generator values and flatList are not reproduced by this harness")
	}
	sel, err := decodeSelector(clusters["selector"])
	if err != nil {
		return nil, err
	}
	if sel == nil {
		sel = &selector{}
	}
	if len(sel.MatchLabels) == 0 && len(sel.MatchExpressions) == 0 {
		return nil, errors.New("a cluster generator without a selector also yields the in-cluster entry, which this harness does not reproduce")
	}
	byName := map[string]cluster{}
	for _, c := range e.clusters {
		labels := map[string]string{secretTypeLabel: secretTypeCluster}
		for k, v := range c.Labels {
			labels[k] = v
		}
		ok, err := sel.matches(labels, true)
		if err != nil {
			return nil, fmt.Errorf("error getting cluster secrets: error converting label selector: %w", err)
		}
		if ok {
			c.Labels = labels
			byName[c.Name] = c
		}
	}
	var out []map[string]any
	for _, name := range sortedKeys(byName) {
		c := byName[name]
		project := ""
		if c.Project != nil {
			project = *c.Project
		}
		meta := map[string]any{}
		if len(c.Annotations) > 0 {
			meta["annotations"] = c.Annotations
		}
		if len(c.Labels) > 0 {
			meta["labels"] = c.Labels
		}
		out = append(out, map[string]any{"name": c.Name, "nameNormalized": sanitizeName(c.Name), "server": c.Server, "project": project, "metadata": meta})
	}
	return out, nil
}

func (e *engine) matrix(matrix map[string]any) ([]map[string]any, error) {
	children, _ := matrix["generators"].([]any)
	if len(children) != 2 {
		return nil, fmt.Errorf("a matrix needs exactly two child generators, found %d", len(children))
	}
	first, err := e.transform(children[0].(map[string]any), nil)
	if err != nil {
		return nil, fmt.Errorf("error failed to get params for first generator in matrix generator: %w", err)
	}
	var out []map[string]any
	for _, a := range first {
		second, err := e.transform(children[1].(map[string]any), a)
		if err != nil {
			return nil, fmt.Errorf("failed to get params for second generator in the matrix generator: %w", err)
		}
		for _, b := range second {
			merged := map[string]any{}
			if err := mergo.Merge(&merged, b, mergo.WithOverride); err != nil {
				return nil, err
			}
			if err := mergo.Merge(&merged, a, mergo.WithOverride); err != nil {
				return nil, err
			}
			out = append(out, merged)
		}
	}
	return out, nil
}

func (e *engine) applications(appSet map[string]any) result {
	meta, _ := appSet["metadata"].(map[string]any)
	spec, _ := appSet["spec"].(map[string]any)
	res := result{Name: fmt.Sprint(meta["name"]), Applications: []map[string]any{}}
	if spec["goTemplate"] != true {
		res.Error = "only goTemplate ApplicationSets are reproduced by this harness"
		return res
	}
	if spec["templatePatch"] != nil {
		res.Error = "templatePatch is not reproduced by this harness"
		return res
	}
	e.options = nil
	if options, ok := spec["goTemplateOptions"].([]any); ok {
		for _, option := range options {
			e.options = append(e.options, fmt.Sprint(option))
		}
	}
	preserve := false
	if syncPolicy, ok := spec["syncPolicy"].(map[string]any); ok {
		preserve, _ = syncPolicy["preserveResourcesOnDeletion"].(bool)
	}
	tmpl, _ := spec["template"].(map[string]any)
	generators, _ := spec["generators"].([]any)
	for _, raw := range generators {
		params, err := e.transform(raw.(map[string]any), nil)
		if err != nil {
			if res.Error == "" {
				res.Error = err.Error()
			}
			continue
		}
		for _, param := range params {
			rendered, err := deeplyReplace(tmpl, param, e.options)
			if err != nil {
				if res.Error == "" {
					res.Error = err.Error()
				}
				continue
			}
			app := rendered.(map[string]any)
			appMeta, _ := app["metadata"].(map[string]any)
			if appMeta == nil {
				appMeta = map[string]any{}
			}
			if finalizers, _ := appMeta["finalizers"].([]any); !preserve && len(finalizers) == 0 {
				appMeta["finalizers"] = []any{resourcesFinalizerName}
			}
			appMeta["namespace"] = meta["namespace"]
			res.Applications = append(res.Applications, map[string]any{
				"apiVersion": "argoproj.io/v1alpha1",
				"kind":       "Application",
				"metadata":   appMeta,
				"spec":       app["spec"],
			})
		}
	}
	if res.Error != "" {
		res.Applications = []map[string]any{}
		return res
	}
	res.AppErrors = e.validate(res)
	return res
}

// validate is validateGeneratedApplications: duplicate names, unknown destinations.
func (e *engine) validate(res result) map[string]string {
	errs := map[string]string{}
	servers := map[string]bool{inClusterServer: true}
	for _, c := range e.clusters {
		servers[c.Server] = true
	}
	seen := map[string]bool{}
	for _, app := range res.Applications {
		name := fmt.Sprint(app["metadata"].(map[string]any)["name"])
		if seen[name] {
			errs[name] = fmt.Sprintf("ApplicationSet %s contains applications with duplicate name: %s", res.Name, name)
			continue
		}
		seen[name] = true
		spec, _ := app["spec"].(map[string]any)
		destination, _ := spec["destination"].(map[string]any)
		if server, _ := destination["server"].(string); !servers[server] {
			errs[name] = fmt.Sprintf("application destination spec is invalid: there are no clusters with this URL: %s", server)
		}
	}
	if len(errs) == 0 {
		return nil
	}
	return errs
}

func main() {
	var in input
	if err := json.NewDecoder(os.Stdin).Decode(&in); err != nil {
		fmt.Fprintln(os.Stderr, "reading input:", err)
		os.Exit(2)
	}
	funcs, err := funcMapFromUpstream(in.UtilsGo)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	baseTemplate = template.New("base").Funcs(funcs)
	e := &engine{newGlobbing: in.NewGitFileGlobbing, files: in.Files, clusters: in.Clusters}
	out := struct {
		Results []result `json:"results"`
	}{Results: []result{}}
	for _, appSet := range in.ApplicationSets {
		out.Results = append(out.Results, e.applications(appSet))
	}
	if err := json.NewEncoder(os.Stdout).Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "writing output:", err)
		os.Exit(2)
	}
}
