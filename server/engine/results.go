package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/parism-go/parism/guard"
	"github.com/parism-go/parism/server/config"
	"github.com/parism-go/parism/shaper"
)

// retain keeps a run's result in the store and marks env with its id. It
// reports whether the result was kept; one over the per-result limit is
// not, and env says so in a warning (the run still answers).
func (e *Engine) retain(ctx context.Context, env *Envelope, out outcome, req Request, argv *guard.Argv, id string) bool {
	rec := e.record(env, out, req, argv, id)
	rec.Owner = ownerOf(ctx)
	env.ResultID = id
	kept := false
	env.Retained = &kept
	if err := e.store.Put(rec); err != nil {
		w := fmt.Sprintf("%s: the result (%d bytes) is larger than results.max_result_bytes and was not retained; fetch_result, explain_result and compare_results will refuse %s",
			ReasonResultTooLarge, rec.size, id)
		env.Warnings = append(env.Warnings, w)
		if env.Review != nil {
			env.Review.Warnings = append(env.Review.Warnings, w)
		}
		return false
	}
	kept = true
	if env.Review != nil {
		env.Review.Retained = true // the stored answer shares this review
	}
	// The stored answer carries the same marks as the one sent.
	rec.base.ResultID, rec.base.Retained = id, &kept
	return true
}

// record builds what the store keeps of a run.
func (e *Engine) record(env *Envelope, out outcome, req Request, argv *guard.Argv, id string) *StoredResult {
	pr := out.parse
	rec := &StoredResult{
		ID: id, Cmd: req.Cmd, Args: MaskArgs(req.Args), ArgvHash: ArgvHash(req.Cmd, req.Args),
		Cwd: env.Cwd, Created: time.Now(), Raw: out.raw, Spans: pr.Evidence,
		SourceComplete: env.Truncation == nil || env.Truncation.Stdout == nil,
		ParseComplete:  pr.Found() && pr.Err == nil && len(pr.UnreadLines) == 0 && pr.RowsOmitted == 0,
		Query:          out.shaped.query, Budget: req.Budget,
		base: *env, shaped: out.shaped,
	}
	if pr.Parser != nil {
		rec.ParserID, rec.ParserVersion, rec.KeyFields = pr.Parser.ID, pr.Parser.Version, pr.Parser.KeyFields
		rec.SchemaVersion = pr.Parser.SchemaVersion()
		rec.RowsKey = pr.Parser.RowsKey
	} else if pr.Passthrough {
		rec.ParserID = "json"
	}
	// The review's reasons (source_incomplete, parse_incomplete: ...) and
	// the parser's warnings: compare_results repeats why rows may be missing.
	rec.Warnings = e.review(env, out, id, shaping{}).Warnings
	rec.EnvNames = envNames(e.env)
	e.recordScope(rec, argv)
	rec.base.Omission = append([]Omission(nil), env.Omission...)
	size := len(out.raw) + 512 + 48*pr.Evidence.Len()
	if g := out.shaped.generic; g != nil {
		// Paged at max_items: value holds the same rows, counted once.
		rec.Parsed = g
		if b, err := Marshal(g); err == nil {
			size += len(b)
		}
	} else if pr.Value != nil {
		if g, err := shaper.Generic(pr.Value); err == nil {
			rec.Parsed = g
			if b, err := Marshal(g); err == nil {
				size += len(b)
			}
		}
	}
	if out.shaped.queried && out.shaped.value != nil && out.shaped.generic == nil {
		if b, err := Marshal(out.shaped.value); err == nil {
			size += len(b)
		}
	}
	rec.size = size
	return rec
}

// FetchResult returns a page of a retained result: the rows from cursor on,
// under the query and budget of the run that kept it, without running the
// command again. Without a cursor it returns the first page (the whole
// answer when the run had no budget). Every refusal is a failure in the
// envelope: result_not_found, result_expired, result_evicted, not_retained,
// cursor_invalid, cursor_mismatch.
func (e *Engine) FetchResult(ctx context.Context, id, cursor string) *Envelope {
	rec, f := e.lookup(ctx, id)
	if f != nil {
		return &Envelope{Args: []string{}, Failure: f}
	}
	env := rec.base
	env.Omission = append([]Omission(nil), rec.base.Omission...)
	// A result with more rows than guard.max_items is paged by them, as
	// run answered its first page.
	sh := rec.shaped
	items := rec.Budget == nil && overItems(&env, &sh, rec.RowsKey, e.cfg.Guard.MaxItems)
	offset := 0
	if cursor != "" {
		if rec.Budget == nil && !items {
			return refusal(rec, &Failure{Kind: KindConfig, Reason: ReasonCursorInvalid,
				Message: "result " + id + " was not paged by a budget or guard.max_items, so it has no cursors: call fetch_result without one"})
		}
		c, err := e.signer.Decode(cursor, id, queryHash(rec.shaped))
		if err != nil {
			return refusal(rec, shaperFailure(err))
		}
		offset = c.Offset
	}
	if rec.Budget != nil {
		tok, err := rec.Budget.Check()
		if err != nil {
			return refusal(rec, shaperFailure(err))
		}
		e.fitBudget(&env, rec.shaped, rec.KeyFields, *rec.Budget, tok, id, true, offset)
	}
	if items {
		e.itemsPage(&env, sh, id, true, offset, e.cfg.Guard.MaxItems)
	}
	return &env
}

// refusal is an answer about a stored result that was refused.
func refusal(rec *StoredResult, f *Failure) *Envelope {
	return &Envelope{Cmd: rec.Cmd, Args: nonNil(rec.Args), Cwd: rec.Cwd, ResultID: rec.ID, Failure: f}
}

// ArgvHash identifies a command line without showing it: "sha256:" and
// the hex digest of cmd and args, each followed by a NUL.
func ArgvHash(cmd string, args []string) string {
	h := sha256.New()
	for _, s := range append([]string{cmd}, args...) {
		h.Write([]byte(s))
		h.Write([]byte{0})
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil))
}

var (
	maskOnce     sync.Once
	maskPatterns []*regexp.Regexp
)

// secretName reports whether a flag or variable name looks like it holds
// a secret (the default env patterns, and KEY).
func secretName(name string) bool {
	up := strings.ToUpper(name)
	for _, p := range append(config.DefaultEnvPatterns(), "KEY", "AUTH") {
		if strings.Contains(up, p) {
			return true
		}
	}
	return false
}

// MaskArgs returns args with secret-looking values replaced by
// config.RedactionMask: values of flags named like secrets (--token=x,
// --password x, NAME_SECRET=x) and anything the default output patterns
// match (API keys, tokens, JWTs).
func MaskArgs(args []string) []string {
	maskOnce.Do(func() { maskPatterns, _ = config.CompileOutputPatterns(config.DefaultOutputPatterns()) })
	out := make([]string, len(args))
	maskNext := false
	for i, a := range args {
		switch {
		case maskNext:
			out[i] = config.RedactionMask
			maskNext = false
			continue
		case strings.HasPrefix(a, "-") && strings.Contains(a, "="):
			name, _, _ := strings.Cut(a, "=")
			if secretName(name) {
				out[i] = name + "=" + config.RedactionMask
				continue
			}
		case strings.HasPrefix(a, "-"):
			maskNext = secretName(a)
		case strings.Contains(a, "="):
			name, _, _ := strings.Cut(a, "=")
			if secretName(name) {
				out[i] = name + "=" + config.RedactionMask
				continue
			}
		}
		out[i] = config.Redact(a, maskPatterns)
	}
	return out
}
