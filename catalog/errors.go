package catalog

import (
	"fmt"
)

// Reason is a stable code saying why parsing produced no structure.
type Reason string

const (
	// ReasonUnsupportedFormat: the arguments ask for an output form the
	// parser was not verified for; it refuses rather than guess.
	ReasonUnsupportedFormat Reason = "unsupported_format"
	// ReasonUnrecognizedOutput: there were data lines but no value was read.
	ReasonUnrecognizedOutput Reason = "unrecognized_output"
	// ReasonParserException: the parser failed (a bug, recovered).
	ReasonParserException Reason = "parser_exception"
	// ReasonSchemaViolation: the output did not validate against the schema.
	ReasonSchemaViolation Reason = "schema_violation"
)

// Hint proposes arguments that yield the same information in a form the
// parser does read.
type Hint struct {
	Args []string `json:"args"`
}

// ParseError is the parse_error of an envelope.
type ParseError struct {
	Reason  Reason `json:"reason"`
	Message string `json:"message"`
	Hint    *Hint  `json:"hint,omitempty"`

	// badFlag, when set, is the flag the core refused; Hint.Args then holds
	// only the replacement flags and Registry.Parse completes them into a
	// whole argument list.
	badFlag string
}

func (e *ParseError) Error() string { return string(e.Reason) + ": " + e.Message }

// Unsupported builds an unsupported_format error with an optional hint.
func Unsupported(hint []string, format string, a ...any) *ParseError {
	e := &ParseError{Reason: ReasonUnsupportedFormat, Message: fmt.Sprintf(format, a...)}
	if hint != nil {
		e.Hint = &Hint{Args: hint}
	}
	return e
}

// Unrecognized builds an unrecognized_output error.
func Unrecognized(format string, a ...any) *ParseError {
	return &ParseError{Reason: ReasonUnrecognizedOutput, Message: fmt.Sprintf(format, a...)}
}

// UnsupportedFlag builds an unsupported_format error for one refused flag
// (as given, e.g. "-F" or "--color") with the flags that replace it; the
// registry completes the hint into the whole argument list.
func UnsupportedFlag(flag string, replacement []string, format string, a ...any) *ParseError {
	e := Unsupported(replacement, format, a...)
	if replacement != nil {
		e.badFlag = flag
	}
	return e
}
