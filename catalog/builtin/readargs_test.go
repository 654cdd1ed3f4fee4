package builtin

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/parism-go/parism/catalog"
)

// TestReadArgsAgreesWithFlags reads, for every built-in parser, every
// argument list of its Examples and of its golden cases the way the
// registry does (Parser.ReadArgs) and, where CheckArgs accepts it, checks
// that the reading is the one the parser's Flags declare: every argument
// is accounted for once (the subcommand token, a flag or a cluster of
// them, a flag's separate value, an operand, "--"), a Value flag has its
// value, a Bool flag none, an Optional flag's value is attached, and the
// operands are the arguments left in order. A parser whose Flags say Value
// for a flag it reads as optional (or the reverse) fails here on its
// examples, as would a reader that loses or swallows an operand.
func TestReadArgsAgreesWithFlags(t *testing.T) {
	type use struct {
		p    *catalog.Parser
		args []string
		from string
	}
	var uses []use
	for _, p := range Default().Parsers() {
		for _, ex := range p.Examples {
			uses = append(uses, use{p, ex, "example"})
		}
	}
	for _, gc := range loadGolden(t) {
		uses = append(uses, use{findParser(t, gc.parser), gc.spec.Args, gc.path})
	}
	checked := 0
	for _, u := range uses {
		oses := u.p.OS
		if len(oses) == 0 {
			oses = []catalog.OS{catalog.Linux}
		}
		a := u.p.ReadArgs(slices.Clone(u.args))
		if u.p.CheckArgs(a, oses[0]) != nil {
			continue // refused: nothing is read from it
		}
		checked++
		if err := readingAgrees(u.p, a); err != nil {
			t.Errorf("%s %q (%s): %v", u.p.ID, u.args, u.from, err)
		}
	}
	t.Logf("%d argument lists of %d uses checked", checked, len(uses))
	if checked < 200 {
		t.Fatalf("only %d argument lists accepted and checked", checked)
	}
}

// readingAgrees checks one reading against p's Flags.
func readingAgrees(p *catalog.Parser, a catalog.Args) error {
	if !slices.Equal(a.List, slices.Concat(a.Rest()[:max(a.SubIndex, 0)], subToken(a), a.Rest()[max(a.SubIndex, 0):])) {
		return fmt.Errorf("Rest %q with the subcommand at %d is not List %q", a.Rest(), a.SubIndex, a.List)
	}
	if p.Subcommand != "" {
		if sub, _ := catalog.Subcommand(p.Command, a.List); sub == p.Subcommand && a.Sub != sub {
			return fmt.Errorf("subcommand %q not found (got %q)", sub, a.Sub)
		}
	}
	rest := a.Rest()
	seen := make([]int, len(rest)) // how many readings claim each argument
	flagAt := map[int]bool{}       // arguments holding flags already read
	var ops []string
	ended := false
	for _, it := range a.Items {
		if it.Index < 0 || it.Index >= len(rest) {
			return fmt.Errorf("item %+v outside the arguments", it)
		}
		if it.Flag == "" {
			if rest[it.Index] != it.Pos {
				return fmt.Errorf("operand %q at %d is %q", it.Pos, it.Index, rest[it.Index])
			}
			if it.Index > 0 && rest[it.Index-1] == "--" && !ended {
				ended = true
				seen[it.Index-1]++
			}
			seen[it.Index]++
			ops = append(ops, it.Pos)
			continue
		}
		k, declared := p.Flags[it.Flag]
		if !declared {
			return fmt.Errorf("flag %s accepted but not declared", it.Flag)
		}
		tok := rest[it.Index]
		switch {
		case strings.HasPrefix(tok, "-"):
		case p.PlusOptions && strings.HasPrefix(tok, "+") && strings.HasPrefix(it.Flag, "+"):
		case p.Slash && strings.HasPrefix(tok, "/") && strings.HasPrefix(it.Flag, "/"):
		default:
			return fmt.Errorf("flag %s read from %q", it.Flag, tok)
		}
		switch {
		case it.Flag == "-#":
		case it.Index < a.SubIndex && it.HasValue && !it.Attached:
			// a global option before the subcommand, read as Subcommand
			// skips it (git -C DIR): its value is the next argument
		case k == catalog.Value && !it.HasValue && it.Index != len(rest)-1:
			return fmt.Errorf("%s takes a value and got none from %q", it.Flag, tok)
		case k == catalog.Bool && it.HasValue && !p.GoFlags:
			return fmt.Errorf("%s takes no value and got %q", it.Flag, it.Value)
		case k == catalog.Optional && it.HasValue && !it.Attached:
			return fmt.Errorf("%s takes its value attached only and got the next argument %q", it.Flag, it.Value)
		}
		if it.HasValue && !it.Attached {
			if it.Index+1 >= len(rest) || rest[it.Index+1] != it.Value {
				return fmt.Errorf("%s's separate value %q is not the next argument", it.Flag, it.Value)
			}
			seen[it.Index+1]++
		}
		cluster := len(tok) > 2 && tok[1] != '-' && !p.GoFlags
		switch {
		case !flagAt[it.Index]:
			flagAt[it.Index] = true
			seen[it.Index]++
		case !cluster:
			return fmt.Errorf("two flags read from %q", tok)
		}
	}
	for i, n := range seen {
		if rest[i] == "--" && n == 0 && !ended && !slices.Contains(ops, "--") {
			ended = true
			continue // "--" before no operand
		}
		if n != 1 {
			return fmt.Errorf("argument %d %q is read %d times", i, rest[i], n)
		}
	}
	if got := a.Operands(); !slices.Equal(got, ops) {
		return fmt.Errorf("Operands %q, items %q", got, ops)
	}
	return nil
}

func subToken(a catalog.Args) []string {
	if a.SubIndex < 0 {
		return nil
	}
	return []string{a.Sub}
}
