// Command kargo-yaml-update runs Kargo v1.11.2's SetValuesInBytes (the function
// behind the yaml-update promotion step, pkg/yaml/yaml.go) on each request read
// from stdin, so the tests check rows against the upstream code itself.
//
// Input, on stdin: a JSON list of {"content": "<file text>", "updates":
// [{"key": "pin.chart", "value": <any JSON value>}]}. Values are decoded as
// Kargo decodes a step's config (encoding/json into `any`: a JSON string stays
// a string, a number becomes a float64). Output, on stdout: a JSON list, one
// {"output": "<new text>"} or {"error": "<message>"} per request, in order.
//
// Built by test/support/kargo-yaml-update.ts in a throwaway module whose
// github.com/akuity/kargo/pkg/{yaml,sjson} link to the upstream files in
// ../shared/upstream/kargo-v1.11.2, unmodified.
package main

import (
	"encoding/json"
	"fmt"
	"os"

	kargoyaml "github.com/akuity/kargo/pkg/yaml"
)

type update struct {
	Key   string `json:"key"`
	Value any    `json:"value"`
}

type request struct {
	Content string   `json:"content"`
	Updates []update `json:"updates"`
}

type result struct {
	Output *string `json:"output,omitempty"`
	Error  *string `json:"error,omitempty"`
}

func main() {
	var requests []request
	if err := json.NewDecoder(os.Stdin).Decode(&requests); err != nil {
		fmt.Fprintf(os.Stderr, "reading the requests: %v\n", err)
		os.Exit(2)
	}
	results := make([]result, len(requests))
	for i, req := range requests {
		updates := make([]kargoyaml.Update, len(req.Updates))
		for j, u := range req.Updates {
			updates[j] = kargoyaml.Update{Key: u.Key, Value: u.Value}
		}
		out, err := kargoyaml.SetValuesInBytes([]byte(req.Content), updates)
		if err != nil {
			message := err.Error()
			results[i].Error = &message
			continue
		}
		text := string(out)
		results[i].Output = &text
	}
	if err := json.NewEncoder(os.Stdout).Encode(results); err != nil {
		fmt.Fprintf(os.Stderr, "writing the results: %v\n", err)
		os.Exit(2)
	}
}
