package git

import (
	"strings"

	"github.com/parism-go/parism/catalog"
	"github.com/parism-go/parism/catalog/internal/kit"
	"github.com/parism-go/parism/catalog/internal/lex"
)

// GitLsFilesResult is the parsed output of `git ls-files`.
type GitLsFilesResult struct {
	Files []GitLsFile `json:"files"`
}

// GitLsFile is one path git listed. -s and -u add the index entry's mode,
// object and stage; -t its status.
type GitLsFile struct {
	Path string `json:"path"`
	// Status (-t): cached, skip_worktree, unmerged, removed, modified,
	// killed, other, resolve_undo.
	Status string `json:"status,omitempty"`
	// AssumeUnchanged: -v printed the status letter in lower case
	// (git update-index --assume-unchanged).
	AssumeUnchanged bool   `json:"assume_unchanged,omitempty"`
	Mode            string `json:"mode,omitempty"`
	Object          string `json:"object,omitempty"`
	// Stage is 0 for a merged entry, 1 to 3 for the sides of a conflict.
	Stage *int64 `json:"stage,omitempty"`
}

// Flags checked against git-ls-files(1) of git 2.39 (builtin/ls-files.c:
// show_ce, show_dir_entry): they select which paths are listed, -s/-u add
// "mode object stage<TAB>", -t/-v a status letter and a space, -z ends
// records with NUL and stops the C quoting of paths.
var gitLsFilesDef = &catalog.Parser{
	ID:             "git-ls-files",
	Command:        "git",
	Subcommand:     "ls-files",
	Version:        "1",
	Format:         "git ls-files: paths (C-quoted or -z), with -s/-u the mode, object and stage, with -t/-v the status",
	Flags:          gitLsFilesFlags,
	MaxPositionals: -1,
	Alternatives: map[string][]string{
		"--eol": {}, "--debug": {"-s"}, "--format": {"-s"}, "--resolve-undo": {"-u"},
	},
	Result:    GitLsFilesResult{},
	RowsKey:   "files",
	KeyFields: []string{"path", "stage", "status"},
	Examples:  [][]string{{"ls-files"}, {"ls-files", "-s"}, {"ls-files", "-o", "--exclude-standard"}, {"ls-files", "-m"}},
	// One path per line; -z puts them all on one line, which counts too
	// few data lines, never too many.
	Table: &catalog.TableLines{},
	Parse: parseGitLsFiles,
}

var gitLsFilesFlags = gxFlags(catalog.Flags{
	"-c": catalog.Bool, "--cached": catalog.Bool, "-d": catalog.Bool, "--deleted": catalog.Bool, "-m": catalog.Bool, "--modified": catalog.Bool,
	"-o": catalog.Bool, "--others": catalog.Bool, "-i": catalog.Bool, "--ignored": catalog.Bool, "-s": catalog.Bool, "--stage": catalog.Bool,
	"-u": catalog.Bool, "--unmerged": catalog.Bool, "-k": catalog.Bool, "--killed": catalog.Bool, "-z": catalog.Bool, "-t": catalog.Bool, "-v": catalog.Bool,
	"--directory": catalog.Bool, "--no-empty-directory": catalog.Bool, "--exclude-standard": catalog.Bool,
	"-x": catalog.Value, "--exclude": catalog.Value, "-X": catalog.Value, "--exclude-from": catalog.Value, "--exclude-per-directory": catalog.Value,
	"--error-unmatch": catalog.Bool, "--full-name": catalog.Bool, "--recurse-submodules": catalog.Bool, "--abbrev": catalog.Optional,
	"--deduplicate": catalog.Bool, "--with-tree": catalog.Value, "--sparse": catalog.Bool,
})

func gitLsFilesParsers() []*catalog.Parser {
	return []*catalog.Parser{gitLsFilesDef}
}

var (
	glTFile   = catalog.SpanID("files/*")
	glfPath   = catalog.SpanID("path")
	glfStatus = catalog.SpanID("status")
	glfAssume = catalog.SpanID("assume_unchanged")
	glfMode   = catalog.SpanID("mode")
	glfObject = catalog.SpanID("object")
	glfStage  = catalog.SpanID("stage")
)

// glTags are the status letters of -t (ls-files.c: tag_cached "H " ...).
var glTags = map[byte]string{
	'H': "cached", 'S': "skip_worktree", 'M': "unmerged", 'R': "removed", 'C': "modified",
	'K': "killed", '?': "other", 'U': "resolve_undo",
}

func parseGitLsFiles(c *catalog.Context) (any, error) {
	scanned := c.Args.Items
	null := gxHas(scanned, "-z")
	tags := gxHas(scanned, "-t", "-v")
	others := gxHas(scanned, "-o", "--others", "-k", "--killed")
	stage := gxHas(scanned, "-s", "--stage", "-u", "--unmerged")
	res := &GitLsFilesResult{Files: make([]GitLsFile, 0, kit.RowCap(c))}
	rec := c.Rows(3)
	it := lex.Lines{Raw: c.Raw}
	if null {
		it.NUL = true
	}
	data, read := 0, 0
	for {
		r, start, ok := it.Next()
		if !ok {
			break
		}
		if r == "" || !null && lex.IsBlank(r) {
			continue
		}
		data++
		i := len(res.Files)
		mark := rec.Mark()
		rec.Begin(glTFile, i)
		var f GitLsFile
		at := 0
		if tags {
			if len(r) < 3 || r[1] != ' ' {
				c.Unread(start)
				continue
			}
			t := r[0]
			lower := t >= 'a' && t <= 'z'
			if lower {
				t -= 'a' - 'A'
			}
			st, ok := glTags[t]
			if !ok {
				c.Unread(start)
				continue
			}
			f.Status, f.AssumeUnchanged = st, lower
			rec.Field(glfStatus, start, start+1, catalog.TrStatusCode)
			if lower {
				rec.Field(glfAssume, start, start+1, catalog.TrMarker)
			}
			at = 2
		}
		if stage && !(tags && f.Status == "other" || tags && f.Status == "killed") {
			meta, _, ok := strings.Cut(r[at:], "\t")
			fs := strings.Split(meta, " ")
			switch {
			case ok && len(fs) == 3 && len(fs[0]) == 6 && lex.IsDigits(fs[0]) && gxHex(fs[1]) && len(fs[2]) == 1 && fs[2][0] >= '0' && fs[2][0] <= '3':
				f.Mode, f.Object, f.Stage = fs[0], fs[1], catalog.Intp(int64(fs[2][0]-'0'))
				ms := start + at
				rec.Field(glfMode, ms, ms+6, catalog.TrVerbatim)
				rec.Field(glfObject, ms+7, ms+7+len(fs[1]), catalog.TrVerbatim)
				rec.Field(glfStage, ms+8+len(fs[1]), ms+9+len(fs[1]), catalog.TrParseInt)
				at += len(meta) + 1
			case others && !tags:
				// an untracked path among the index entries: the path alone
			default:
				rec.Truncate(mark)
				c.Unread(start)
				continue
			}
		}
		p, tr := r[at:], catalog.TrVerbatim
		if !null {
			var ok bool
			if p, tr, ok = gxPath(p); !ok {
				rec.Truncate(mark)
				c.Unread(start)
				continue
			}
		}
		if p == "" {
			rec.Truncate(mark)
			c.Unread(start)
			continue
		}
		f.Path = p
		rec.Field(glfPath, start+at, start+len(r), tr)
		read++
		if c.Full(i) {
			rec.Truncate(mark)
			c.Omit(1)
			continue
		}
		res.Files = append(res.Files, f)
	}
	if data > 0 && read == 0 {
		return nil, gxNone("git ls-files")
	}
	rec.Finish()
	return res, nil
}
