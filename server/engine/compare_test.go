package engine

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

// TestCompareListings retains two real ls runs around real file changes
// and compares them.
func TestCompareListings(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s1")
	writeFile(t, filepath.Join(dir, "kept.txt"), "same")
	writeFile(t, filepath.Join(dir, "grows.txt"), "a")
	writeFile(t, filepath.Join(dir, "goes.txt"), "x")
	old := time.Date(2025, 1, 2, 3, 4, 0, 0, time.UTC)
	for _, n := range []string{"kept.txt", "grows.txt", "goes.txt"} {
		if err := os.Chtimes(filepath.Join(dir, n), old, old); err != nil {
			t.Fatal(err)
		}
	}
	base := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	writeFile(t, filepath.Join(dir, "grows.txt"), "abcdef")
	if err := os.Chtimes(filepath.Join(dir, "grows.txt"), old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(dir, "goes.txt")); err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(dir, "new.txt"), "n")
	cur := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	if !base.OK || !cur.OK || base.ResultID == "" || cur.ResultID == "" {
		t.Fatalf("runs: %s\n%s", mustMarshal(t, base), mustMarshal(t, cur))
	}
	names := func(rows []any) []string {
		var out []string
		for _, r := range rows {
			v, _ := lookupPath(r, "name")
			out = append(out, v.(string))
		}
		return out
	}

	c := e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
	if !c.OK || !c.Comparable || c.Identity == nil || c.Identity.Source != IdentityParser || !slices.Equal(c.Identity.Fields, []string{"name"}) {
		t.Fatalf("want comparable by name: %s", mustMarshal(t, c))
	}
	if got := names(c.Added); !slices.Equal(got, []string{"new.txt"}) {
		t.Errorf("added = %v", got)
	}
	if got := names(c.Removed); !slices.Equal(got, []string{"goes.txt"}) {
		t.Errorf("removed = %v", got)
	}
	if len(c.Changed) != 1 || c.Changed[0].Key.Vals[0] != "grows.txt" || c.Unchanged != 1 {
		t.Fatalf("changed = %s, unchanged %d", mustMarshal(t, c.Changed), c.Unchanged)
	}
	var size *FieldChange
	for i, f := range c.Changed[0].Fields {
		if f.Field == "size_bytes" {
			size = &c.Changed[0].Fields[i]
		}
	}
	if size == nil || mustMarshal(t, size.Before) != "1" || mustMarshal(t, size.After) != "6" {
		t.Errorf("size_bytes change = %+v", size)
	}
	if c.Partial != nil || c.Refusals != nil || c.Base.ArgvHash != ArgvHash("ls", []string{"-l"}) {
		t.Errorf("partial/refusals/argv: %s", mustMarshal(t, c))
	}

	// ignore_fields: the size and time changes go away.
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID,
		IgnoreFields: []string{"size_bytes", "modified_at", "nope"}})
	if len(c.Changed) != 0 || c.Unchanged != 2 || len(c.Warnings) != 1 || !strings.Contains(c.Warnings[0], `"nope"`) {
		t.Errorf("with ignore_fields: %s", mustMarshal(t, c))
	}

	// Another session may not read these results.
	other := e.CompareResults(WithOwner(context.Background(), "s2"), CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
	if other.OK || other.Failure == nil || other.Failure.Reason != ReasonResultNotFound {
		t.Errorf("other session: %s", mustMarshal(t, other))
	}

	// A different command line is refused, shown masked.
	secret := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l", "PASSWORD=hunter2"}, Retain: true})
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: secret.ResultID})
	if !c.OK || c.Comparable || c.Refusals == nil || c.Refusals.Reasons[0] != RefuseDifferentCommand {
		t.Fatalf("different argv: %s", mustMarshal(t, c))
	}
	if s := mustMarshal(t, c); strings.Contains(s, "hunter2") || !strings.Contains(s, "PASSWORD="+config.RedactionMask) {
		t.Errorf("argv not masked: %s", s)
	}

	// A run without retain is refused as not_retained.
	plain := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, ContractVersion: ContractNext})
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: plain.Review.ResultID})
	if c.OK || c.Failure == nil || c.Failure.Reason != ReasonNotRetained || !strings.HasPrefix(c.Failure.Message, "current_id: ") {
		t.Errorf("not retained: %s", mustMarshal(t, c))
	}
}

// TestCompareIncompleteWithholds cuts the current listing at
// max_output_bytes: the rows it lost are withheld, not reported as removed.
// (max_items no longer loses rows: the result keeps them all.)
func TestCompareIncompleteWithholds(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	paged, _ := newTestEngine(t, func(c *config.Config) { c.Guard.MaxItems = 2 })
	paged.store, paged.workdir = e.store, dir
	small, _ := newTestEngine(t, func(c *config.Config) { c.Guard.MaxOutputBytes = 110 })
	small.store, small.workdir = e.store, dir // one store, one directory
	ctx := WithOwner(context.Background(), "s")
	for _, n := range []string{"a", "b", "c", "d"} {
		writeFile(t, filepath.Join(dir, n), n)
	}
	base := e.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	// Paged at max_items 2, the retained result still holds all 4 rows.
	pg := paged.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	c := e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: pg.ResultID})
	if !c.OK || !c.Comparable || len(c.Removed) != 0 || c.Partial != nil || c.Unchanged != 4 {
		t.Fatalf("paged at max_items: want 4 unchanged and nothing withheld: %s", mustMarshal(t, c))
	}
	cur := small.Run(ctx, Request{Cmd: "ls", Args: []string{"-l"}, Retain: true})
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
	if !c.OK || !c.Comparable || len(c.Removed) != 0 || c.Partial == nil || len(c.Partial.Withheld) != 2 ||
		c.Partial.Withheld[0].Change != "removed" || !strings.Contains(strings.Join(c.Partial.WithheldReasons, " "), "current: source_incomplete") {
		t.Fatalf("want 2 withheld removals: %s", mustMarshal(t, c))
	}
	// Strict refuses instead.
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID, Strict: true})
	if !c.OK || c.Comparable || c.Refusals == nil || !slices.Contains(c.Refusals.Reasons, RefuseIncomplete) {
		t.Fatalf("strict: %s", mustMarshal(t, c))
	}
	// The other way round, rows only in the complete current are withheld additions.
	c = e.CompareResults(ctx, CompareRequest{BaseID: cur.ResultID, CurrentID: base.ResultID})
	if len(c.Added) != 0 || c.Partial == nil || len(c.Partial.Withheld) != 2 || c.Partial.Withheld[0].Change != "added" {
		t.Fatalf("incomplete base: %s", mustMarshal(t, c))
	}
}

// TestCompareGit compares git status runs: rows are identified by the
// repository's real path and the path in it, whichever directory of the
// repository the command ran from.
func TestCompareGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	e, dir := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	writeFile(t, filepath.Join(dir, "sub", "one.go"), "package a\n")
	writeFile(t, filepath.Join(dir, "top.txt"), "x\n")
	git("add", ".")
	git("commit", "-q", "-m", "init")
	writeFile(t, filepath.Join(dir, "sub", "one.go"), "package b\n")
	sub := filepath.Join(dir, "sub")

	for _, args := range [][]string{{"status", "--porcelain"}, {"status", "-s"}} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			base := e.Run(ctx, Request{Cmd: "git", Args: args, Retain: true})
			writeFile(t, filepath.Join(dir, "top.txt"), "changed "+args[1]+"\n")
			cur := e.Run(ctx, Request{Cmd: "git", Args: args, Cwd: sub, Retain: true})
			c := e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
			real, _ := filepath.EvalSymlinks(dir)
			if !c.OK || !c.Comparable || c.Identity.Source != IdentityGit || c.Identity.Scope != real {
				t.Fatalf("want comparable in %s: %s", real, mustMarshal(t, c))
			}
			wantAdded := 1
			if args[1] == "-s" {
				wantAdded = 0 // top.txt was already modified by the first subtest
			}
			if len(c.Removed) != 0 || len(c.Added) != wantAdded || c.Unchanged+len(c.Added) != 2 {
				t.Errorf("want sub/one.go unchanged across directories: %s", mustMarshal(t, c))
			}
		})
	}
	// Another repository is refused.
	other := t.TempDir()
	cmd := exec.Command("git", "init", "-q")
	cmd.Dir = other
	if err := cmd.Run(); err != nil {
		t.Fatal(err)
	}
	a := e.Run(ctx, Request{Cmd: "git", Args: []string{"status", "--porcelain"}, Retain: true})
	b := e.Run(ctx, Request{Cmd: "git", Args: []string{"status", "--porcelain"}, Cwd: other, Retain: true})
	c := e.CompareResults(ctx, CompareRequest{BaseID: a.ResultID, CurrentID: b.ResultID})
	if c.Comparable || c.Refusals == nil || !slices.Contains(c.Refusals.Reasons, RefuseDifferentRepo) {
		t.Errorf("other repository: %s", mustMarshal(t, c))
	}
}

// TestCompareGitStatusLong compares the default (long) git status, which
// has several arrays: every entry by section and path; array picks one.
func TestCompareGitStatusLong(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	e, dir := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s")
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@example.com"}, args...)...)
		cmd.Dir = dir
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q")
	for _, n := range []string{"a.txt", "b.txt", "c.txt"} {
		writeFile(t, filepath.Join(dir, n), n+"\n")
	}
	git("add", ".")
	git("commit", "-q", "-m", "init")
	writeFile(t, filepath.Join(dir, "a.txt"), "changed\n") // modified
	writeFile(t, filepath.Join(dir, "b.txt"), "changed\n")
	git("add", "b.txt")                                // staged
	writeFile(t, filepath.Join(dir, "new.txt"), "n\n") // untracked
	base := e.Run(ctx, Request{Cmd: "git", Args: []string{"status"}, Retain: true})

	git("add", "a.txt")                                              // a.txt: modified -> staged
	writeFile(t, filepath.Join(dir, "c.txt"), "changed\n")           // c.txt: modified
	if err := os.Remove(filepath.Join(dir, "new.txt")); err != nil { // no longer untracked
		t.Fatal(err)
	}
	cur := e.Run(ctx, Request{Cmd: "git", Args: []string{"status"}, Retain: true})
	if !base.OK || !cur.OK || base.Stdout.Parser != "git-status" {
		t.Fatalf("runs: %s\n%s", mustMarshal(t, base), mustMarshal(t, cur))
	}
	entries := func(rows []any) []string {
		var out []string
		for _, r := range rows {
			s, _ := lookupPath(r, SectionField)
			p, _ := lookupPath(r, "path")
			out = append(out, s.(string)+" "+p.(string))
		}
		slices.Sort(out)
		return out
	}
	c := e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
	if !c.OK || !c.Comparable || c.Identity.Source != IdentityGit || !slices.Equal(c.Identity.Fields, []string{SectionField, "path"}) {
		t.Fatalf("want comparable by section and path: %s", mustMarshal(t, c))
	}
	if got, want := entries(c.Added), []string{"modified c.txt", "staged a.txt"}; !slices.Equal(got, want) {
		t.Errorf("added = %q, want %q", got, want)
	}
	if got, want := entries(c.Removed), []string{"modified a.txt", "untracked new.txt"}; !slices.Equal(got, want) {
		t.Errorf("removed = %q, want %q", got, want)
	}
	if c.Unchanged != 1 || len(c.Changed) != 0 { // staged b.txt
		t.Errorf("unchanged %d, changed %s", c.Unchanged, mustMarshal(t, c.Changed))
	}

	// array chooses one array; its rows carry no section.
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID, Array: "staged"})
	if !c.OK || !c.Comparable || !slices.Equal(c.Identity.Fields, []string{"path"}) || len(c.Added) != 1 || len(c.Removed) != 0 || c.Unchanged != 1 {
		t.Fatalf("array staged: %s", mustMarshal(t, c))
	}
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID, Array: "untracked"})
	if !c.OK || !c.Comparable || len(c.Removed) != 1 || mustMarshal(t, c.Removed[0]) != `{"path":"new.txt"}` {
		t.Fatalf("array untracked: %s", mustMarshal(t, c))
	}
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID, Array: "nope"})
	if c.Comparable || c.Refusals == nil || !slices.Contains(c.Refusals.Reasons, RefuseNoRows) {
		t.Fatalf("array nope: %s", mustMarshal(t, c))
	}
}

// TestCompareRules checks identity and refusal rules on retained results
// built directly (kubectl needs a cluster, ps a changing process table).
func TestCompareRules(t *testing.T) {
	e, _ := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s")
	decode := func(s string) any {
		v, err := shaper.Decode([]byte(s))
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	n := 0
	put := func(r StoredResult) string {
		n++
		r.ID, r.Owner, r.Created = "r_"+strings.Repeat("0", 15)+string(rune('a'+n)), "s", time.Now()
		if r.Cmd == "" {
			r.Cmd = "docker"
		}
		if r.ArgvHash == "" {
			r.ArgvHash = ArgvHash(r.Cmd, r.Args)
		}
		if r.ParserID == "" {
			r.ParserID, r.ParserVersion = "docker-ps", "1"
		}
		if !r.ParseComplete && r.Warnings == nil {
			r.ParseComplete = true
		}
		r.SourceComplete = r.SourceComplete || r.Raw != "truncated"
		if err := e.store.Put(&r); err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	rowsA := decode(`{"containers":[{"id":"a1","name":"web","status":"up"},{"id":"b2","name":"db","status":"up"}]}`)
	rowsB := decode(`{"containers":[{"id":"a1","name":"web","status":"exited"},{"id":"c3","name":"cache","status":"up"}]}`)
	dup := decode(`{"containers":[{"id":"a1","name":"web"},{"id":"a1","name":"web2"}]}`)
	pods := func(uids ...string) any {
		var items []string
		for i, u := range uids {
			items = append(items, `{"kind":"Pod","metadata":{"namespace":"prod","name":"web","uid":"`+u+`"},"status":{"phase":"`+[]string{"Running", "Pending"}[i%2]+`"}}`)
		}
		return decode(`{"apiVersion":"v1","kind":"List","items":[` + strings.Join(items, ",") + `]}`)
	}
	kube := func(v any, scope string) StoredResult {
		return StoredResult{Cmd: "kubectl", Args: []string{"get", "pods", "-o", "json"}, ParserID: "json", Parsed: v, Scope: scope}
	}
	ps := decode(`{"processes":[{"pid":1,"user":"root","started":"Nov29","command":"init"}]}`)

	for _, tc := range []struct {
		name       string
		base, cur  StoredResult
		req        CompareRequest
		reason     string // a refusal
		failure    string // a failure reason
		added      int
		removed    int
		changed    int
		withheld   int
		identityBy string
	}{
		{name: "declared keys", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}},
			added: 1, removed: 1, changed: 1, identityBy: IdentityParser},
		{name: "caller keys", base: StoredResult{Parsed: rowsA}, cur: StoredResult{Parsed: rowsB}, req: CompareRequest{Keys: []string{"name"}},
			added: 1, removed: 1, changed: 1, identityBy: IdentityCaller},
		{name: "no identity", base: StoredResult{Parsed: rowsA}, cur: StoredResult{Parsed: rowsB}, reason: RefuseNoIdentity},
		{name: "unknown key", base: StoredResult{Parsed: rowsA}, cur: StoredResult{Parsed: rowsB}, req: CompareRequest{Keys: []string{"nope"}}, failure: ReasonUnknownField},
		{name: "duplicate identity", base: StoredResult{Parsed: dup, KeyFields: []string{"id"}}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}}, failure: ReasonDuplicateIdentity},
		{name: "different parser", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}}, cur: StoredResult{Parsed: rowsB, ParserID: "json", KeyFields: []string{"id"}}, reason: RefuseDifferentParser},
		{name: "different schema", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}}, cur: StoredResult{Parsed: rowsB, ParserID: "docker-ps", ParserVersion: "2", KeyFields: []string{"id"}}, reason: RefuseDifferentSchema},
		{name: "different cwd", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}, Cwd: "/a"}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}, Cwd: "/b"}, reason: RefuseDifferentCwd},
		{name: "not parsed", base: StoredResult{KeyFields: []string{"id"}}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}}, reason: RefuseNoRows},
		{name: "truncated base withholds additions", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}, Raw: "truncated"}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}},
			removed: 1, changed: 1, withheld: 1, identityBy: IdentityParser},
		{name: "environment names differ: warning", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}, EnvNames: []string{"HOME", "PATH"}}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}, EnvNames: []string{"PATH"}},
			added: 1, removed: 1, changed: 1, identityBy: IdentityParser},
		{name: "environment names differ: strict", base: StoredResult{Parsed: rowsA, KeyFields: []string{"id"}, EnvNames: []string{"HOME", "PATH"}}, cur: StoredResult{Parsed: rowsB, KeyFields: []string{"id"}, EnvNames: []string{"PATH"}},
			req: CompareRequest{Strict: true}, reason: RefuseDifferentEnv},
		{name: "ps: pids are reused", base: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps}, cur: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps}, reason: RefusePIDReuse},
		{name: "ps by pid and start time", base: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps}, cur: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps},
			req: CompareRequest{Keys: []string{"pid", "started"}}, identityBy: IdentityCaller},
		{name: "ps by pid and user", base: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps}, cur: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps},
			req: CompareRequest{Keys: []string{"pid", "user"}}, reason: RefusePIDReuse},
		{name: "ps with caller keys", base: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps}, cur: StoredResult{Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1", Parsed: ps},
			req: CompareRequest{Keys: []string{"command"}}, identityBy: IdentityCaller},
		{name: "kubectl json by uid", base: kube(pods("u1", "u2"), "prod-ctx"), cur: kube(pods("u2", "u3"), "prod-ctx"),
			added: 1, removed: 1, changed: 1, identityBy: IdentityKubernetes},
		{name: "kubectl other context", base: kube(pods("u1"), "prod-ctx"), cur: kube(pods("u1"), "dev-ctx"), reason: RefuseDifferentContext},
		{name: "kubectl table has no uid", base: StoredResult{Cmd: "kubectl", Args: []string{"get", "pods"}, ParserID: "kubectl-get", ParserVersion: "1", KeyFields: []string{"namespace", "kind", "name"},
			Parsed: decode(`{"items":[{"namespace":"prod","kind":"pod","name":"web"}]}`)},
			cur: StoredResult{Cmd: "kubectl", Args: []string{"get", "pods"}, ParserID: "kubectl-get", ParserVersion: "1", KeyFields: []string{"namespace", "kind", "name"},
				Parsed: decode(`{"items":[{"namespace":"prod","kind":"pod","name":"web"}]}`)}, reason: RefuseNoResourceUID},
	} {
		t.Run(tc.name, func(t *testing.T) {
			req := tc.req
			req.BaseID, req.CurrentID = put(tc.base), put(tc.cur)
			c := e.CompareResults(ctx, req)
			switch {
			case tc.failure != "":
				if c.OK || c.Comparable || c.Failure == nil || c.Failure.Reason != tc.failure {
					t.Fatalf("want failure %s: %s", tc.failure, mustMarshal(t, c))
				}
			case tc.reason != "":
				if !c.OK || c.Comparable || c.Refusals == nil || !slices.Contains(c.Refusals.Reasons, tc.reason) || len(c.Refusals.Details) == 0 {
					t.Fatalf("want refusal %q: %s", tc.reason, mustMarshal(t, c))
				}
			default:
				withheld := 0
				if c.Partial != nil {
					withheld = len(c.Partial.Withheld)
				}
				if !c.OK || !c.Comparable || len(c.Added) != tc.added || len(c.Removed) != tc.removed || len(c.Changed) != tc.changed ||
					withheld != tc.withheld || c.Identity.Source != tc.identityBy {
					t.Fatalf("got %s", mustMarshal(t, c))
				}
			}
		})
	}
}

// TestKubeContext reads the context kubectl would use, as recorded when a
// result is retained.
func TestKubeContext(t *testing.T) {
	e, dir := newTestEngine(t, nil)
	cfg := filepath.Join(dir, "kubeconfig")
	writeFile(t, cfg, "apiVersion: v1\nclusters: []\ncurrent-context: \"prod-eu\"\nkind: Config\n")
	e.env = []string{"HOME=/nonexistent", "KUBECONFIG=" + cfg + string(os.PathListSeparator) + "/other"}
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"get", "pods", "-o", "json"}, "prod-eu"},
		{[]string{"--context", "dev", "get", "pods"}, "dev"},
		{[]string{"get", "pods", "--context=stage", "--cluster", "c2"}, "stage --cluster=c2"},
		{[]string{"--kubeconfig", filepath.Join(dir, "missing"), "get", "pods"}, ""},
	} {
		if got := e.kubeContext(tc.args); got != tc.want {
			t.Errorf("kubeContext(%q) = %q, want %q", tc.args, got, tc.want)
		}
	}
}

// TestComparePSHint follows the pid reuse refusal's own advice on real ps
// runs, and checks that a duplicate identity with a long command line
// gives a short message.
func TestComparePSHint(t *testing.T) {
	if _, err := exec.LookPath("ps"); err != nil {
		t.Skip("ps not installed")
	}
	e, _ := newTestEngine(t, nil)
	ctx := WithOwner(context.Background(), "s")
	args := []string{"-eo", "pid,lstart,user,args"}
	base := e.Run(ctx, Request{Cmd: "ps", Args: args, Retain: true})
	cur := e.Run(ctx, Request{Cmd: "ps", Args: args, Retain: true})
	if !base.OK || !cur.OK || base.Stdout.Parser != "ps" {
		t.Fatalf("runs: %s\n%s", mustMarshal(t, base), mustMarshal(t, cur))
	}
	c := e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID})
	if c.Comparable || c.Refusals == nil || c.Refusals.Reasons[0] != RefusePIDReuse {
		t.Fatalf("want pid reuse: %s", mustMarshal(t, c))
	}
	msg := c.Refusals.Details[0].Message
	if !strings.Contains(msg, `["pid", "started"]`) || !strings.Contains(msg, strings.Join(args, " ")) {
		t.Fatalf("the hint names no working keys or no command: %s", msg)
	}
	c = e.CompareResults(ctx, CompareRequest{BaseID: base.ResultID, CurrentID: cur.ResultID, Keys: []string{"pid", "started"}})
	if !c.OK || !c.Comparable || c.Unchanged == 0 {
		t.Fatalf("keys from the hint: %s", mustMarshal(t, c))
	}

	long := strings.Repeat("x", 5000)
	put := func() string {
		r := &StoredResult{ID: newResultID(), Owner: "s", Cmd: "ps", Args: []string{"aux"}, ParserID: "ps", ParserVersion: "1",
			SourceComplete: true, ParseComplete: true, Created: time.Now(),
			Parsed: &shaper.Object{Keys: []string{"processes"}, Vals: []any{[]any{
				&shaper.Object{Keys: []string{"pid", "user", "command"}, Vals: []any{int64(1), "root", long}},
				&shaper.Object{Keys: []string{"pid", "user", "command"}, Vals: []any{int64(2), "root", long}},
			}}}}
		if err := e.store.Put(r); err != nil {
			t.Fatal(err)
		}
		return r.ID
	}
	c = e.CompareResults(ctx, CompareRequest{BaseID: put(), CurrentID: put(), Keys: []string{"command", "user"}})
	if c.Failure == nil || c.Failure.Reason != ReasonDuplicateIdentity {
		t.Fatalf("want duplicate_identity: %s", mustMarshal(t, c))
	}
	if n := len(c.Failure.Message) + len(c.Failure.Detail); n > 600 {
		t.Errorf("duplicate_identity message and detail are %d bytes: %s", n, mustMarshal(t, c.Failure))
	}
}
