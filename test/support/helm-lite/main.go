// helm-lite renders a Helm chart's templates the way `helm template` does, for
// tests on machines without Helm: Go's text/template with the sprig function
// library (the engine Helm uses), plus Helm's own include, tpl, toYaml,
// fromYaml and required; values.yaml deep-merged with each --values file;
// .Release, .Chart and .Template as Helm fills them; missing keys read as
// empty, as in `helm template` without --strict.
//
// It proves that the templates parse and execute and what they print for given
// values. It does not load chart dependencies, .Capabilities, lookup or
// values.schema.json (the tests check the schema with Ajv).
//
// Usage: helm-lite CHART_DIR [--values FILE]... [--release NAME] [--namespace NS]
// Prints a JSON object {template path: rendered text} on stdout; exits 1 with
// the template error on stderr.
package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/template"

	sprig "github.com/Masterminds/sprig"
	yaml "gopkg.in/yaml.v3"
)

func readYAML(file string) (map[string]interface{}, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	if err := yaml.Unmarshal(data, &out); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return out, nil
}

// merge coalesces src over dst: maps merge key by key, a null deletes, anything else replaces.
func merge(dst, src map[string]interface{}) map[string]interface{} {
	for key, value := range src {
		if value == nil {
			delete(dst, key)
			continue
		}
		srcMap, srcIsMap := value.(map[string]interface{})
		dstMap, dstIsMap := dst[key].(map[string]interface{})
		if srcIsMap && dstIsMap {
			dst[key] = merge(dstMap, srcMap)
		} else {
			dst[key] = value
		}
	}
	return dst
}

func toYAML(value interface{}) string {
	var buf bytes.Buffer
	encoder := yaml.NewEncoder(&buf)
	encoder.SetIndent(2)
	if err := encoder.Encode(value); err != nil {
		return ""
	}
	return strings.TrimSuffix(buf.String(), "\n")
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: helm-lite CHART_DIR [--values FILE]... [--release NAME] [--namespace NS]")
		os.Exit(2)
	}
	chartDir := os.Args[1]
	release, namespace := "release-name", "default"
	var valueFiles []string
	for i := 2; i < len(os.Args); i++ {
		switch os.Args[i] {
		case "--values":
			i++
			valueFiles = append(valueFiles, os.Args[i])
		case "--release":
			i++
			release = os.Args[i]
		case "--namespace":
			i++
			namespace = os.Args[i]
		default:
			fmt.Fprintf(os.Stderr, "unknown argument %s\n", os.Args[i])
			os.Exit(2)
		}
	}
	if err := run(chartDir, valueFiles, release, namespace); err != nil {
		fmt.Fprintln(os.Stderr, err.Error())
		os.Exit(1)
	}
}

func run(chartDir string, valueFiles []string, release, namespace string) error {
	chart, err := readYAML(filepath.Join(chartDir, "Chart.yaml"))
	if err != nil {
		return err
	}
	values, err := readYAML(filepath.Join(chartDir, "values.yaml"))
	if err != nil {
		return err
	}
	for _, file := range valueFiles {
		user, err := readYAML(file)
		if err != nil {
			return err
		}
		values = merge(values, user)
	}
	chartData := map[string]interface{}{}
	for key, value := range chart {
		chartData[strings.ToUpper(key[:1])+key[1:]] = value
	}

	root := template.New("gotpl").Option("missingkey=zero")
	funcs := sprig.TxtFuncMap()
	funcs["toYaml"] = toYAML
	funcs["fromYaml"] = func(text string) map[string]interface{} {
		out := map[string]interface{}{}
		if err := yaml.Unmarshal([]byte(text), &out); err != nil {
			out["Error"] = err.Error()
		}
		return out
	}
	funcs["required"] = func(message string, value interface{}) (interface{}, error) {
		if value == nil {
			return nil, fmt.Errorf("%s", message)
		}
		if text, ok := value.(string); ok && text == "" {
			return nil, fmt.Errorf("%s", message)
		}
		return value, nil
	}
	funcs["include"] = func(name string, data interface{}) (string, error) {
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	funcs["tpl"] = func(text string, data interface{}) (string, error) {
		t, err := root.Clone()
		if err != nil {
			return "", err
		}
		t, err = t.New("tpl").Parse(text)
		if err != nil {
			return "", err
		}
		var buf bytes.Buffer
		if err := t.Execute(&buf, data); err != nil {
			return "", err
		}
		return buf.String(), nil
	}
	root.Funcs(funcs)

	var names []string
	err = filepath.Walk(filepath.Join(chartDir, "templates"), func(file string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		relative, _ := filepath.Rel(chartDir, file)
		text, err := os.ReadFile(file)
		if err != nil {
			return err
		}
		if _, err := root.New(relative).Parse(string(text)); err != nil {
			return err
		}
		names = append(names, relative)
		return nil
	})
	if err != nil {
		return err
	}
	sort.Strings(names)
	rendered := map[string]string{}
	for _, name := range names {
		if strings.HasPrefix(filepath.Base(name), "_") {
			continue
		}
		data := map[string]interface{}{
			"Values":   values,
			"Chart":    chartData,
			"Release":  map[string]interface{}{"Name": release, "Namespace": namespace, "Service": "Helm", "IsInstall": true, "IsUpgrade": false, "Revision": 1},
			"Template": map[string]interface{}{"Name": name, "BasePath": "templates"},
		}
		var buf bytes.Buffer
		if err := root.ExecuteTemplate(&buf, name, data); err != nil {
			return err
		}
		rendered[name] = strings.ReplaceAll(buf.String(), "<no value>", "")
	}
	return json.NewEncoder(os.Stdout).Encode(rendered)
}
