package guard

import (
	"encoding/json"
	"maps"
	"slices"
	"strings"
	"testing"
)

// spellingFacts says, per command, which option spellings take a value in
// every level of its default policy (so "--x=v", "--x v" and "-xv" are the
// same argv), and which long spellings are refused everywhere (so a prefix
// of one is still refused).
type spellingFacts struct {
	value     map[string]bool // spelling -> takes a value everywhere
	refused   map[string]bool // long spelling -> refused everywhere
	allowed   map[string]bool // every allowed spelling
	separate  bool            // some level reads short values as the next argument
	shortEq   bool            // "-n=x" means x
	singleDsh bool
}

func factsFor(p CommandPolicy) *spellingFacts {
	f := &spellingFacts{value: map[string]bool{}, refused: map[string]bool{}, allowed: map[string]bool{}}
	seenNo := map[string]bool{}
	refusedNo := map[string]bool{}
	var walk func(CommandPolicy)
	walk = func(p CommandPolicy) {
		f.separate = f.separate || p.SeparateValues
		f.shortEq = f.shortEq || p.ShortEquals
		f.singleDsh = f.singleDsh || p.SingleDashLong
		for k, fl := range p.Flags {
			for _, n := range splitNames(k) {
				f.allowed[n] = true
				refusedNo[n] = true
				if fl.Arg != "" && !fl.Optional {
					f.value[n] = true
				} else {
					seenNo[n] = true
				}
			}
		}
		for k, r := range p.Refuse {
			for _, n := range splitNames(k) {
				if strings.HasPrefix(n, "--") {
					f.refused[n] = true
				}
				if r.Value {
					f.value[n] = true
				} else {
					seenNo[n] = true
				}
			}
		}
		for _, s := range p.Subcommands {
			walk(s)
		}
	}
	walk(p)
	for n := range seenNo {
		delete(f.value, n)
	}
	for n := range refusedNo {
		delete(f.refused, n)
	}
	return f
}

// respell returns argv with one argument re-spelled in an equivalent way,
// chosen by k, or nil when no re-spelling applies.
func respell(f *spellingFacts, args []string, k int) []string {
	if len(args) == 0 {
		return nil
	}
	for off := range len(args) {
		i := (k + off) % len(args)
		a := args[i]
		switch {
		case strings.HasPrefix(a, "--") && strings.Contains(a, "="):
			name, v, _ := strings.Cut(a, "=")
			if f.value[name] && k%2 == 0 {
				return slices.Concat(args[:i], []string{name, v}, args[i+1:])
			}
			if f.refused[name] && len(name) > 4 && !f.allowed[name[:len(name)-1]] {
				return slices.Concat(args[:i], []string{name[:len(name)-1] + "=" + v}, args[i+1:])
			}
		case strings.HasPrefix(a, "--") && i+1 < len(args) && f.value[a]:
			return slices.Concat(args[:i], []string{a + "=" + args[i+1]}, args[i+2:])
		case strings.HasPrefix(a, "--") && f.refused[a] && len(a) > 4 && !f.allowed[a[:len(a)-1]]:
			return slices.Concat(args[:i], []string{a[:len(a)-1]}, args[i+1:])
		case !f.singleDsh && len(a) == 2 && a[0] == '-' && a[1] != '-' && f.value[a] && i+1 < len(args) && args[i+1] != "":
			// ("-o" "" is not "-o": an empty attached value is none.)
			return slices.Concat(args[:i], []string{a + args[i+1]}, args[i+2:])
		case !f.singleDsh && !f.separate && len(a) > 2 && a[0] == '-' && a[1] != '-' && f.value[a[:2]]:
			v := a[2:]
			if f.shortEq && v[0] == '=' {
				v = v[1:]
			}
			return slices.Concat(args[:i], []string{a[:2], v}, args[i+1:])
		}
	}
	return nil
}

// FuzzRespell: a refused argv stays refused when one argument is merely
// re-spelled (--x=v / --x v / -xv / -x v, or a shorter prefix of a refused
// long option).
func FuzzRespell(f *testing.F) {
	root, proj := project(f)
	g := corpusGuard(f, root, proj)
	facts := map[string]*spellingFacts{}
	for cmd, p := range DefaultCommandPolicies() {
		facts[cmd] = factsFor(p)
	}
	lines, _ := readCorpus(f, "refused_corpus.txt")
	for _, line := range lines {
		var c struct{ Argv []string }
		must(f, json.Unmarshal([]byte(line), &c))
		for k := range 4 {
			f.Add(c.Argv[0], strings.Join(c.Argv[1:], "\n"), uint8(k))
		}
	}
	f.Fuzz(func(t *testing.T, cmd, argStr string, k uint8) {
		fc := facts[cmd]
		if fc == nil || len(argStr) > 4*maxFuzzLen {
			t.Skip()
		}
		var args []string
		if argStr != "" {
			args = strings.Split(argStr, "\n")
		}
		// The BuildOnly floor guesses, without arities, that a word after a
		// bare npm flag may be the command ("npm --prefix a": "a" abbreviates
		// "add"); that over-refusal is not a spelling the grammar reads.
		if d := g.Check(cmd, args, proj); d.Allowed || d.Detail == detailProfileBuildNeeded {
			t.Skip()
		}
		alt := respell(fc, args, int(k))
		if alt == nil {
			t.Skip()
		}
		if d := g.Check(cmd, alt, proj); d.Allowed {
			t.Fatalf("%s %q is refused but its re-spelling %q is allowed", cmd, args, alt)
		}
	})
}

// TestRespellCorpus runs the re-spelling check over the whole refused
// corpus deterministically, so it runs in every `go test`.
func TestRespellCorpus(t *testing.T) {
	root, proj := project(t)
	g := corpusGuard(t, root, proj)
	facts := map[string]*spellingFacts{}
	for _, cmd := range slices.Sorted(maps.Keys(DefaultCommandPolicies())) {
		facts[cmd] = factsFor(DefaultCommandPolicies()[cmd])
	}
	lines, nums := readCorpus(t, "refused_corpus.txt")
	tried := 0
	for n, line := range lines {
		var c struct{ Argv []string }
		must(t, json.Unmarshal([]byte(line), &c))
		fc := facts[c.Argv[0]]
		if fc == nil {
			continue
		}
		args := c.Argv[1:]
		for k := range 2 * len(args) {
			alt := respell(fc, args, k)
			if alt == nil {
				continue
			}
			tried++
			if d := g.Check(c.Argv[0], alt, proj); d.Allowed {
				t.Errorf("refused_corpus.txt:%d: %q refused but re-spelled %q allowed", nums[n], c.Argv, alt)
			}
		}
	}
	if tried < 100 {
		t.Errorf("only %d re-spellings tried", tried)
	}
}
