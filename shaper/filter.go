package shaper

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"
)

// Limits of a filter expression.
const (
	filterMaxNodes = 256
	// filterMemory bounds what one row's evaluation may allocate, in the
	// VM's units (elements of ranges and of the arrays predicates walk), so
	// it bounds the work of nested loops too.
	filterMemory = 100_000
)

// filterTimeLimit bounds a whole filter stage, in wall time. expr cannot
// interrupt a running program, so the limit is checked between rows;
// filterMemory bounds a single row. A simple filter takes about 3 µs a
// row, 30 ms for 10,000 rows: the limit leaves room for a loaded machine.
var filterTimeLimit = 250 * time.Millisecond

// filterBuiltins are the functions a filter may call: pure ones, on the
// row's values. Left out: anything reading the clock or the time zone
// database (now, date, timezone, duration), reduce (its accumulator can
// double a string on every element), repeat (one call can allocate
// without bound), map (see filterStringBudget), encoders (toJSON, fromJSON, toBase64, fromBase64) and
// the rest of the collection builders.
var filterBuiltins = []string{
	"all", "none", "any", "one", "filter", "count", "sum",
	"find", "findIndex", "findLast", "findLastIndex",
	"len", "type", "abs", "ceil", "floor", "round", "int", "float",
	"trim", "trimPrefix", "trimSuffix", "upper", "lower", "split",
	"indexOf", "lastIndexOf", "hasPrefix", "hasSuffix",
	"max", "min", "mean", "median", "first", "last", "get", "keys", "values",
}

// filterStringBudget bounds the bytes of the strings replace, join and
// string make in one row's evaluation, all together: the VM's memory
// budget counts the elements of ranges and arrays, not the bytes string
// functions allocate, and three nested replace(name, "", "<4,000 bytes>"),
// one join(map(1..45000, name), "<700 KB>"), or 45,000 replace results of
// 0.5 MB each in one call asked for gigabytes and ended the server (out
// of memory is fatal in Go, no recover). A row's field is at most the
// command's output (100 KB by default); a filter needs no more. map is
// not available: it is the one function that keeps what an expression
// makes for every element, and any, all, none, one, count and filter say
// what a filter needs of a list.
const filterStringBudget = 1 << 20

// stringBudget is what is left of filterStringBudget in the evaluation
// under way; the filter's run resets it for each row.
type stringBudget struct{ left int }

func (b *stringBudget) take(fn string, size int) error {
	if size > b.left {
		return fmt.Errorf("%s would make a string of %d bytes, past the %d a filter's strings may take on one row", fn, size, filterStringBudget)
	}
	b.left -= size
	return nil
}

// sizedFuncs are the string makers of a filter, checked against b before
// they build their result (string only takes scalars: the text of a list
// would be as large as the list times its strings).
func sizedFuncs(b *stringBudget) []expr.Option {
	return []expr.Option{
		expr.Function("replace", func(args ...any) (any, error) {
			if len(args) != 3 {
				return nil, fmt.Errorf("replace takes 3 arguments (string, old, new), not %d", len(args))
			}
			str, ok1 := args[0].(string)
			old, ok2 := args[1].(string)
			repl, ok3 := args[2].(string)
			if !ok1 || !ok2 || !ok3 {
				return nil, errors.New("replace takes strings")
			}
			n := strings.Count(str, old) // for "" the number of runes plus one, as strings.Replace counts
			if err := b.take("replace", len(str)+n*(len(repl)-len(old))); err != nil {
				return nil, err
			}
			return strings.ReplaceAll(str, old, repl), nil
		}, new(func(string, string, string) string)),
		expr.Function("join", func(args ...any) (any, error) {
			if len(args) < 1 || len(args) > 2 {
				return nil, fmt.Errorf("join takes a list and a separator, not %d arguments", len(args))
			}
			sep := ""
			if len(args) == 2 {
				s, ok := args[1].(string)
				if !ok {
					return nil, errors.New("join's separator is a string")
				}
				sep = s
			}
			var parts []string
			switch l := args[0].(type) {
			case []string:
				parts = l
			case []any:
				parts = make([]string, len(l))
				for i, v := range l {
					s, ok := v.(string)
					if !ok {
						return nil, fmt.Errorf("join takes a list of strings, not of %T", v)
					}
					parts[i] = s
				}
			default:
				return nil, fmt.Errorf("join takes a list of strings, not %T", args[0])
			}
			size := 0
			for i, p := range parts {
				size += len(p)
				if i > 0 {
					size += len(sep)
				}
				if size > b.left {
					break // take refuses it
				}
			}
			if err := b.take("join", size); err != nil {
				return nil, err
			}
			return strings.Join(parts, sep), nil
		}),
		expr.Function("string", func(args ...any) (any, error) {
			if len(args) != 1 {
				return nil, fmt.Errorf("string takes 1 argument, not %d", len(args))
			}
			var s string
			switch v := args[0].(type) {
			case string:
				return v, nil
			case nil, bool, int, int64, float64:
				s = fmt.Sprintf("%v", v)
			default:
				return nil, fmt.Errorf("string takes a number, a boolean or a string, not %T", args[0])
			}
			if err := b.take("string", len(s)); err != nil {
				return nil, err
			}
			return s, nil
		}, new(func(any) string)),
	}
}

// sizedNames are the names of sizedFuncs, which the policy lets a filter
// call.
var sizedNames = []string{"replace", "join", "string"}

// filterProgram is a compiled filter and what it needs from a row.
type filterProgram struct {
	prog   *vm.Program
	fields map[string]fieldType // the fields it reads (all of them when it uses $env)
	// budget is what the program's string makers may still make on the
	// row being evaluated.
	budget *stringBudget
}

// fieldType is how a field's values are given to the expression.
type fieldType uint8

const (
	ftAny fieldType = iota
	ftString
	ftInt
	ftFloat
	ftBool
	ftMap
	ftArray
)

// policy walks the parsed expression before type checking: it records the
// identifiers read and refuses what filters may not use.
type policy struct {
	idents  map[string]bool
	refusal *file.Error
}

func (p *policy) refuse(n ast.Node, format string, args ...any) {
	if p.refusal == nil {
		p.refusal = &file.Error{Location: n.Location(), Message: fmt.Sprintf(format, args...)}
	}
}

func (p *policy) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.IdentifierNode:
		p.idents[n.Value] = true
	case *ast.BuiltinNode:
		if !slices.Contains(filterBuiltins, n.Name) {
			p.refuse(n, "function %s is not available in filters", n.Name)
		}
	case *ast.CallNode:
		name := "this call"
		if id, ok := n.Callee.(*ast.IdentifierNode); ok {
			name = id.Value
			if slices.Contains(sizedNames, name) {
				return
			}
		}
		p.refuse(n, "function %s is not available in filters", name)
	case *ast.VariableDeclaratorNode:
		p.refuse(n, "let is not available in filters")
	}
}

// compileFilter compiles src once against the fields of rows.
func compileFilter(src string, rows []any) (*filterProgram, error) {
	fts := inferFieldTypes(rows)
	env := types.Map{}
	for name, ft := range fts {
		env[name] = ft.exprType()
	}
	pol := &policy{idents: map[string]bool{}}
	opts := []expr.Option{
		expr.Env(env),
		expr.AsBool(),
		expr.MaxNodes(filterMaxNodes),
		expr.DisableAllBuiltins(),
		expr.Patch(pol),
	}
	for _, b := range filterBuiltins {
		opts = append(opts, expr.EnableBuiltin(b))
	}
	budget := &stringBudget{}
	opts = append(opts, sizedFuncs(budget)...)
	if len(fts) == 0 {
		// No rows to learn the fields from: any name may be a field.
		opts = append(opts, expr.AllowUndefinedVariables())
	}
	prog, err := expr.Compile(src, opts...)
	if pol.refusal != nil {
		err = pol.refusal.Bind(file.NewSource(src))
	}
	if err != nil {
		return nil, filterError(src, err, rows)
	}
	f := &filterProgram{prog: prog, fields: map[string]fieldType{}, budget: budget}
	for name := range pol.idents {
		if name == "$env" {
			f.fields = fts
			break
		}
		if ft, ok := fts[name]; ok {
			f.fields[name] = ft
		}
	}
	return f, nil
}

func filterError(src string, err error, rows []any) error {
	var fe *file.Error
	if !errors.As(err, &fe) {
		return errorf(ReasonInvalidFilter, "filter", "invalid filter: %v", err)
	}
	msg := fe.Message
	if strings.HasPrefix(msg, "unknown name ") {
		msg += "; fields: " + listNames(topFields(rows), 40)
	}
	if fe.Snippet == "" {
		fe = fe.Bind(file.NewSource(src))
	}
	return &Error{Reason: ReasonInvalidFilter, Field: "filter",
		Message: fmt.Sprintf("invalid filter at line %d, column %d: %s%s", fe.Line, fe.Column+1, msg, fe.Snippet)}
}

func topFields(rows []any) []string {
	var names []string
	for _, n := range fieldNames(rows) {
		if !strings.Contains(n, ".") {
			names = append(names, n)
		}
	}
	return names
}

// inferFieldTypes types each top-level field of the object rows from the
// values it holds (nulls aside): one kind gives that type, integers and
// other numbers together give float, anything mixed gives any.
func inferFieldTypes(rows []any) map[string]fieldType {
	type seen struct {
		k      kinds
		floats bool
	}
	acc := map[string]*seen{}
	for _, r := range rows {
		o, ok := r.(*Object)
		if !ok {
			continue
		}
		for i, k := range o.Keys {
			s := acc[k]
			if s == nil {
				s = &seen{}
				acc[k] = s
			}
			v := o.Vals[i]
			kind := kindOf(v)
			if kind == kNull {
				continue
			}
			s.k |= kind
			if kind == kNumber {
				if _, isInt := intValue(v); !isInt {
					s.floats = true
				}
			}
		}
	}
	out := make(map[string]fieldType, len(acc))
	for name, s := range acc {
		ft := ftAny
		switch s.k {
		case kString:
			ft = ftString
		case kNumber:
			ft = ftInt
			if s.floats {
				ft = ftFloat
			}
		case kBool:
			ft = ftBool
		case kObject:
			ft = ftMap
		case kArray:
			ft = ftArray
		}
		out[name] = ft
	}
	return out
}

func (ft fieldType) exprType() types.Type {
	switch ft {
	case ftString:
		return types.String
	case ftInt:
		return types.Int
	case ftFloat:
		return types.Float64
	case ftBool:
		return types.Bool
	case ftMap:
		return types.TypeOf(map[string]any{})
	case ftArray:
		return types.TypeOf([]any{})
	}
	return types.Any
}

func intValue(v any) (int, bool) {
	text, ok := numberText(v)
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseInt(text, 10, 64)
	return int(n), err == nil
}

// exprValue converts a generic value for the expression: numbers become
// int when integral (float64 under ftFloat), objects maps.
func exprValue(v any, ft fieldType) any {
	switch t := v.(type) {
	case *Object:
		m := make(map[string]any, len(t.Keys))
		for i, k := range t.Keys {
			m[k] = exprValue(t.Vals[i], ftAny)
		}
		return m
	case []any:
		out := make([]any, len(t))
		for i, el := range t {
			out[i] = exprValue(el, ftAny)
		}
		return out
	case nil, bool, string:
		return v
	}
	text, ok := numberText(v)
	if !ok {
		return v
	}
	if ft != ftFloat {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return int(n)
		}
	}
	f, _ := strconv.ParseFloat(text, 64)
	return f
}

// run keeps the rows for which the expression is true. A row on which the
// expression fails while reading a missing or null field does not match,
// as a comparison with nothing is not true; any other failure is the
// filter's error.
func (f *filterProgram) run(rows []any) ([]any, error) {
	machine := vm.VM{MemoryBudget: filterMemory}
	start := time.Now()
	out := rows[:0:0]
	env := make(map[string]any, len(f.fields))
	for i, r := range rows {
		if i > 0 && time.Since(start) > filterTimeLimit {
			return nil, errorf(ReasonInvalidFilter, "filter", "filter exceeded its time limit of %v after %d of %d rows", filterTimeLimit, i, len(rows))
		}
		clear(env)
		missing := false
		o, _ := r.(*Object)
		for name, ft := range f.fields {
			var v any
			if o != nil {
				v, _ = o.Get(name)
			}
			if v == nil {
				missing = true
				continue // absent from env: reads as nil
			}
			env[name] = exprValue(v, ft)
		}
		f.budget.left = filterStringBudget
		res, err := machine.Run(f.prog, env)
		if err != nil {
			if missing {
				continue
			}
			msg := err.Error()
			var fe *file.Error
			if errors.As(err, &fe) {
				msg = fmt.Sprintf("%s (column %d)%s", fe.Message, fe.Column+1, fe.Snippet)
			}
			return nil, errorf(ReasonInvalidFilter, "filter", "filter failed on row %d: %s", i, msg)
		}
		if b, _ := res.(bool); b {
			out = append(out, r)
		}
	}
	return out, nil
}
