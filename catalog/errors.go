package catalog

import "fmt"

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
