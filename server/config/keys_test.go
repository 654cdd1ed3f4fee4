package config

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// foreign reports a type of another package (guard's command policies,
// a recursive tree the guard documents and validates itself).
func foreign(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.PkgPath() != "" && t.PkgPath() != reflect.TypeFor[fileConfig]().PkgPath()
}

// structKeys lists the dotted keys of the file struct: every leaf, and every
// map (whose keys are written "*").
func structKeys(prefix string, t reflect.Type) []string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		var out []string
		for f := range t.Fields() {
			out = append(out, structKeys(joinKey(prefix, tagName(f)), f.Type)...)
		}
		return out
	case reflect.Map:
		if foreign(t.Elem()) {
			return []string{prefix} // documented as one key (command_policies)
		}
		return append([]string{prefix}, structKeys(prefix+".*", t.Elem())...)
	}
	return []string{prefix}
}

func TestFileStructTagsAgree(t *testing.T) {
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Map {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || foreign(typ) {
			return
		}
		for f := range typ.Fields() {
			if j, tm := f.Tag.Get("json"), f.Tag.Get("toml"); j == "" || j != tm {
				t.Errorf("%s.%s: json tag %q, toml tag %q", typ.Name(), f.Name, j, tm)
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[fileConfig]())
}

func TestKeysMatchFileStruct(t *testing.T) {
	var documented []string
	for _, k := range Keys() {
		if slices.Contains(documented, k.Key) {
			t.Errorf("Keys(): %s listed twice", k.Key)
		}
		documented = append(documented, k.Key)
		if !slices.Contains([]string{"bool", "int", "string", "[]string", "map"}, k.Type) {
			t.Errorf("Keys(): %s has unknown type %q", k.Key, k.Type)
		}
		if k.Default == "" || k.Description == "" {
			t.Errorf("Keys(): %s lacks a default or a description", k.Key)
		}
	}
	fileKeys := structKeys("", reflect.TypeFor[fileConfig]())
	for _, k := range fileKeys {
		if !slices.Contains(documented, k) {
			t.Errorf("file key %s is missing from Keys()", k)
		}
	}
	for _, k := range documented {
		if !slices.Contains(fileKeys, k) {
			t.Errorf("Keys() lists %s, which the file struct lacks", k)
		}
	}
	for _, v := range envVars {
		if !slices.Contains(documented, v.key) {
			t.Errorf("%s sets %s, which Keys() lacks", v.name, v.key)
		}
	}
}

// sample is a valid value for a documented key.
func sample(k KeyDoc) any {
	switch k.Type {
	case "bool":
		return true
	case "int":
		return 7
	case "string":
		return k.Values[len(k.Values)-1]
	case "[]string":
		return []any{"x"}
	case "map":
		if k.Key == "guard.command_policies" {
			return map[string]any{"x": map[string]any{"positionals": map[string]any{"max": 1}}}
		}
		return map[string]any{"x": map[string]any{"blocked_flags": []any{"-x"}}}
	}
	panic(k.Type)
}

// TestEveryKeyIsAccepted writes each documented key alone into a JSON and
// a TOML file and loads it.
func TestEveryKeyIsAccepted(t *testing.T) {
	for _, k := range Keys() {
		doc := map[string]any{}
		node := doc
		parts := strings.Split(strings.ReplaceAll(k.Key, "*", "x"), ".")
		for _, p := range parts[:len(parts)-1] {
			child := map[string]any{}
			node[p] = child
			node = child
		}
		node[parts[len(parts)-1]] = sample(k)

		jsonDoc, err := json.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		tomlDoc, err := toml.Marshal(doc)
		if err != nil {
			t.Fatal(err)
		}
		for name, content := range map[string][]byte{"c.json": jsonDoc, "c.toml": tomlDoc} {
			path := writeFile(t, filepath.Join(t.TempDir(), name), string(content))
			if _, err := Load(LoadOptions{ConfigPath: path, Env: testEnv{}.lookup}); err != nil {
				t.Errorf("%s: %s rejected:\n%s\n%v", k.Key, name, content, err)
			}
		}
	}
}

func TestKeysEnv(t *testing.T) {
	for _, k := range Keys() {
		if k.Key == "guard.timeout_ms" && k.Env != "PARISM_TIMEOUT_MS" {
			t.Errorf("guard.timeout_ms Env = %q", k.Env)
		}
	}
}

// TestKeysDefaultsMatchDefault loads a file that sets every key to the
// default Keys() documents (where that default is JSON) and expects
// Default().
func TestKeysDefaultsMatchDefault(t *testing.T) {
	doc := map[string]any{}
	for _, k := range Keys() {
		if strings.Contains(k.Key, "*") {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(k.Default), &v); err != nil {
			if k.Key != "guard.secrets.output_patterns" && k.Key != "guard.command_policies" {
				t.Errorf("%s: default %q is not JSON", k.Key, k.Default)
			}
			continue
		}
		node := doc
		parts := strings.Split(k.Key, ".")
		for _, p := range parts[:len(parts)-1] {
			if node[p] == nil {
				node[p] = map[string]any{}
			}
			node = node[p].(map[string]any)
		}
		node[parts[len(parts)-1]] = v
	}
	content, _ := json.Marshal(doc)
	path := writeFile(t, filepath.Join(t.TempDir(), "c.json"), string(content))
	cfg, err := Load(LoadOptions{ConfigPath: path, Env: testEnv{}.lookup})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Sources = nil
	want := Default()
	if !reflect.DeepEqual(cfg, want) {
		t.Errorf("documented defaults:\n got %#v\nwant %#v", cfg, want)
	}
}

// TestConfigJSONRoundTrip: a Config encodes with the configuration keys
// (for describe), and that encoding loads back as the same Config.
func TestConfigJSONRoundTrip(t *testing.T) {
	want := Default()
	want.Guard.TimeoutMs = 1234
	want.Guard.AllowedPaths = []string{"/srv"}
	want.Parsers.ExternalIsolation = IsolationNone
	want.Telemetry.Enabled = true
	content, err := json.MarshalIndent(want, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := writeFile(t, filepath.Join(t.TempDir(), "c.json"), string(content))
	got, err := Load(LoadOptions{ConfigPath: path, Env: testEnv{}.lookup})
	if err != nil {
		t.Fatalf("%v\n%s", err, content)
	}
	got.Sources = nil
	want.Guard.Secrets.OutputPatternsSet = true
	if !reflect.DeepEqual(got, want) {
		t.Errorf("round trip:\n got %#v\nwant %#v", got, want)
	}
}
