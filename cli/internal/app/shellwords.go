package app

import (
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// Reasons of a command line given as one string that parism will not split.
const (
	wordsEmpty      = "empty"        // nothing but blanks or comments
	wordsSyntax     = "syntax_error" // unbalanced quotes and the like
	wordsNeedsShell = "needs_shell"  // pipes, redirections, expansions, globs...
)

// wordsError says why a command string was refused; Reason is stable.
type wordsError struct {
	Reason  string
	Message string
}

func (e *wordsError) Error() string { return e.Message }

// splitCommandLine splits one command string into words with the shell's
// quoting rules (single and double quotes, backslash escapes) and nothing
// else: no variable, tilde, brace or glob expansion, no command
// substitution, and only one simple command. What a shell would have
// expanded or connected is refused rather than passed on literally, because
// running `ls *.go` with a literal "*.go" would silently answer a
// different question than the user asked.
func splitCommandLine(line string) ([]string, error) {
	f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(line), "")
	if err != nil {
		return nil, &wordsError{Reason: wordsSyntax, Message: fmt.Sprintf("cannot split %q into words: %v", line, err)}
	}
	needs := func(what string) error {
		return &wordsError{Reason: wordsNeedsShell, Message: fmt.Sprintf(
			"%q needs a shell (%s); parism runs one command without a shell: give the program and its arguments as plain words",
			line, what)}
	}
	switch len(f.Stmts) {
	case 0:
		return nil, &wordsError{Reason: wordsEmpty, Message: "empty command"}
	case 1:
	default:
		return nil, needs("more than one command: ; & or a newline")
	}
	st := f.Stmts[0]
	switch {
	case st.Background:
		return nil, needs("& runs it in the background")
	case st.Coprocess:
		return nil, needs("coproc")
	case st.Negated:
		return nil, needs("! negates the exit status")
	case len(st.Redirs) > 0:
		return nil, needs("a redirection: < > >> 2> <<")
	}
	call, ok := st.Cmd.(*syntax.CallExpr)
	switch {
	case st.Cmd == nil:
		return nil, &wordsError{Reason: wordsEmpty, Message: "empty command"}
	case !ok:
		return nil, needs(compoundName(st.Cmd))
	case len(call.Assigns) > 0:
		return nil, needs("a NAME=value assignment")
	case len(call.Args) == 0:
		return nil, &wordsError{Reason: wordsEmpty, Message: "empty command"}
	}
	words := make([]string, 0, len(call.Args))
	for _, w := range call.Args {
		if what := wordNeedsShell(w); what != "" {
			return nil, needs(what)
		}
		words = append(words, unquoteWord(w))
	}
	return words, nil
}

// compoundName names a command that is not a simple one, for the message.
func compoundName(c syntax.Command) string {
	switch c.(type) {
	case *syntax.BinaryCmd:
		return "a pipe | or a list && ||"
	case *syntax.Subshell:
		return "a subshell ( )"
	case *syntax.Block:
		return "a block { }"
	case *syntax.FuncDecl:
		return "a function definition"
	case *syntax.DeclClause:
		return "a declaration (export, local, declare...)"
	}
	return "a compound command (if, for, while, case, [[ ]], (( ))...)"
}

// wordNeedsShell returns what in w a shell would expand, or "" when w is
// made only of literal text and quotes.
func wordNeedsShell(w *syntax.Word) string {
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if what := litNeedsShell(p.Value, i == 0); what != "" {
				return what
			}
		case *syntax.SglQuoted:
			if p.Dollar {
				return "$'...' ANSI-C quoting"
			}
		case *syntax.DblQuoted:
			if p.Dollar {
				return `$"..." locale quoting`
			}
			for _, q := range p.Parts {
				if _, ok := q.(*syntax.Lit); !ok {
					return partName(q) + ` inside "..."`
				}
			}
		default:
			return partName(p)
		}
	}
	return ""
}

func partName(p syntax.WordPart) string {
	switch p.(type) {
	case *syntax.ParamExp:
		return "variable expansion $NAME"
	case *syntax.CmdSubst:
		return "command substitution $(...) or `...`"
	case *syntax.ArithmExp:
		return "arithmetic expansion $((...))"
	case *syntax.ProcSubst:
		return "process substitution <(...)"
	case *syntax.ExtGlob:
		return "an extended glob"
	}
	return "an expansion"
}

// litNeedsShell looks at an unquoted literal as the parser kept it
// (backslash escapes included) for the expansions the parser leaves to
// the expander: globs, a leading tilde and brace expansion.
func litNeedsShell(v string, first bool) string {
	if first && strings.HasPrefix(v, "~") {
		return "tilde expansion ~; write the path out"
	}
	braceOpen := false
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++ // an escaped character is literal
		case '*', '?', '[':
			return "a glob * ? [...]; quote the pattern to pass it literally"
		case '{':
			braceOpen = true
		case ',':
			if braceOpen {
				return "brace expansion {a,b}; quote it to pass it literally"
			}
		case '.':
			if braceOpen && i+1 < len(v) && v[i+1] == '.' {
				return "brace expansion {1..3}; quote it to pass it literally"
			}
		case '}':
			braceOpen = false
		}
	}
	return ""
}

// unquoteWord removes quotes and escapes from a word made only of
// literals and quotes (wordNeedsShell accepted it), as a shell does.
// Written out rather than left to mvdan.cc/sh/v3/expand, whose Literal
// keeps the backslashes of unquoted text for a later glob stage.
func unquoteWord(w *syntax.Word) string {
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			unescape(&b, p.Value, func(byte) bool { return true })
		case *syntax.SglQuoted:
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			for _, q := range p.Parts {
				// Inside double quotes a backslash escapes only $, `, ", itself
				// and a newline; before anything else it is itself.
				unescape(&b, q.(*syntax.Lit).Value, func(c byte) bool { return strings.IndexByte("$`\"\\\n", c) >= 0 })
			}
		}
	}
	return b.String()
}

// unescape writes s with each backslash that escapes a character (per
// escapes) removed; an escaped newline is a line continuation and goes too.
func unescape(b *strings.Builder, s string, escapes func(byte) bool) {
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && escapes(s[i+1]) {
			i++
			if s[i] != '\n' {
				b.WriteByte(s[i])
			}
			continue
		}
		b.WriteByte(s[i])
	}
}
