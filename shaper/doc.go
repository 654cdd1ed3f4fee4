// Package shaper reshapes parsed command output for the reader paying for
// it in tokens. It works on plain JSON-shaped data (the generic form:
// Generic, Decode, *Object) and depends on nothing else in Parism.
// Generic reads a Go value by reflection as encoding/json would write it;
// a type whose MarshalJSON writes a struct's fields and then more members
// can say so (Inliner) and be read without being encoded.
//
//   - Compact and Expand fold arrays of objects into {schema, rows} tables
//     and back, losslessly; constant fields, low-cardinality values and
//     shared prefixes and suffixes are written once (const, dict, affix).
//   - Apply filters and projects one top-level array with a Query: where
//     conditions, an expression filter, sort_by, limit and select, in that
//     order, and adds a _summary of the counts.
//   - Tokenizers count tokens: exactly for o200k_base and cl100k_base (the
//     counts of github.com/tiktoken-go/tokenizer, ten to twenty times faster
//     once warm), estimated (parism/approx, an upper bound on answers like
//     Parism's) or in bytes.
//   - Fit cuts rows to a token Budget, measured on the exact bytes of the
//     answer, and a Signer issues the cursors that continue it.
//
// # Filters
//
// Query.Filter is an expression in the language of
// github.com/expr-lang/expr that must be true for a row to stay, such as
// `size_bytes > 1e6 && name endsWith ".log"`. A row's top-level fields are
// its variables (with types inferred from the rows); nested fields read with
// dots; a field that is not an identifier reads as $env["%cpu"]. A missing
// or null field is nil, and a row on which the expression fails because of
// one does not match. Operators are all expr's (in, contains, startsWith,
// endsWith, matches, ..); functions are limited to pure ones on the row's
// values (len, lower, upper, trim, split, abs, min, max, int, float, string,
// all, any, filter, count, ...): nothing that reads the clock, the
// environment or the time zone database, and no let, reduce or repeat,
// which could grow memory without bound. An expression has at most 256
// nodes, each row's evaluation a memory budget, the whole filter a time
// limit; breaking one is an invalid_filter error, as is a syntax or type
// error, whose message points at the line and column.
//
// # Use in the server
//
// Before running a command: Budget.Check (budget_too_small,
// invalid_argument). After parsing: Generic, then Apply when the query is
// not zero (with WithFields adding the budget's required fields to a
// select). Under a budget: Fit with a render function that builds the whole
// envelope from a Page (rows, next offset for the cursor, budget report,
// omission), then Signer.Encode for the cursor, bound to the result id and
// QueryHash; fetch_result decodes it with Signer.Decode and calls Fit again
// from its offset. Every refusal is an *Error whose Reason the server
// reports as the failure reason.
package shaper
