package pack

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"time"
)

// ScaffoldFile is one file of a new pack.
type ScaffoldFile struct {
	Path    string // relative to the pack directory
	Content string
	Mode    fs.FileMode
}

// Scaffold returns the files of a new pack named name of the given kind:
// a manifest, a parser, a schema and a placeholder fixture without
// reviewed_by, so `parism test` passes before anything real is written.
func Scaffold(name, kind string, now time.Time) ([]ScaffoldFile, error) {
	if !nameRE.MatchString(name) {
		return nil, fmt.Errorf("bad pack name %q: use 1-64 of a-z 0-9 . _ - starting with a letter or digit", name)
	}
	var files []ScaffoldFile
	var expected string
	raw := "alpha 1 first row\nbeta 2 second row\n"
	switch kind {
	case KindDeclarative:
		files = append(files, ScaffoldFile{ManifestFile, fmt.Sprintf(declarativeManifest, name, name), 0o644},
			ScaffoldFile{"schema.json", declarativeSchema, 0o644})
		expected = `{"rows":[{"name":"alpha","count":1,"note":"first row"},{"name":"beta","count":2,"note":"second row"}]}`
	case KindExec:
		files = append(files, ScaffoldFile{ManifestFile, fmt.Sprintf(execManifest, name, name), 0o644},
			ScaffoldFile{"schema.json", execSchema, 0o644},
			ScaffoldFile{"parse.sh", execScript, 0o755})
		expected = `{"lines":2}`
	default:
		return nil, fmt.Errorf("bad pack kind %q: want declarative or exec", kind)
	}
	f := &Fixture{
		FixtureVersion: FixtureVersion, Command: name, Args: []string{}, OS: "linux",
		CapturedAt: now.UTC().Truncate(time.Second), Raw: raw,
		Expected: &Expected{Parsed: json.RawMessage(expected),
			Note: "PLACEHOLDER, unreviewed: replace raw with a real output (parism capture), write the parsed document you expect, then add reviewed_by"},
	}
	b, err := Marshal(f)
	if err != nil {
		return nil, err
	}
	return append(files, ScaffoldFile{"fixtures/placeholder.json", string(b), 0o644}), nil
}

const declarativeManifest = `# Parser pack manifest: see docs/parser-packs.md and SPECIFICATION.md.
name = %q
kind = "declarative"
version = "1"
description = "TODO: what output this reads"
command = %q
# subcommand = "show"      # for multi-tool programs
max_positionals = 0         # -1: any number
header_lines = 0            # lines before the data (header mode reads names from the last)
# noise = "^Total "         # lines that are not data
rows_key = "rows"

# Flags the pack was verified for; any other flag is unsupported_format.
[flags]
# "-a" = "bool"
# "-n" = "value"

[declarative]
mode = "columns"            # columns | header | regex
columns = ["name", "count", "note"]   # the last column takes the rest of the line
# regex = '^(?P<key>\S+)\s+(?P<value>.*)$'

[[declarative.fields]]
name = "count"
type = "int"                # string int float bool bytes timestamp
`

const declarativeSchema = `{
  "type": "object",
  "required": ["rows"],
  "properties": {
    "rows": {
      "type": "array",
      "items": {
        "type": "object",
        "required": ["name", "count", "note"],
        "properties": {
          "name": {"type": "string"},
          "count": {"type": "integer"},
          "note": {"type": "string"}
        }
      }
    }
  }
}
`

const execManifest = `# Parser pack manifest: see docs/parser-packs.md and SPECIFICATION.md.
name = %q
kind = "exec"
version = "1"
description = "TODO: what output this reads"
command = %q
max_positionals = 0
rows_key = ""

[flags]
# "-a" = "bool"

[exec]
# Reads the raw output on stdin, the arguments as JSON in $PARISM_ARGS,
# writes one JSON value on stdout.
command = ["./parse.sh"]
`

const execSchema = `{
  "type": "object",
  "required": ["lines"],
  "properties": {
    "lines": {"type": "integer"}
  }
}
`

const execScript = `#!/bin/sh
# An exec parser: the command's output on stdin, its arguments as a JSON
# array in $PARISM_ARGS, one JSON value on stdout. To say the text is not
# what this parser reads, print
#   {"parse_error":{"reason":"unrecognized_output","message":"..."}}
# Anything on stderr goes to the server's log. Replace this with a real parser.
n=$(wc -l | tr -d ' ')
printf '{"lines":%s}\n' "$n"
`
