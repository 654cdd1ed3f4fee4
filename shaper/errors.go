package shaper

import (
	"errors"
	"fmt"
	"strings"
)

// Failure reasons carried by *Error. The server reports them as failures
// of kind config (and budget_* under the budget's own reasons).
const (
	ReasonUnknownField        = "unknown_field"
	ReasonTypeMismatch        = "type_mismatch"
	ReasonInvalidFilter       = "invalid_filter"
	ReasonAmbiguousArray      = "ambiguous_array"
	ReasonNoArray             = "no_array"
	ReasonInvalidArgument     = "invalid_argument"
	ReasonBudgetTooSmall      = "budget_too_small"
	ReasonBudgetUnsatisfiable = "budget_unsatisfiable"
	ReasonBudgetExceeded      = "budget_exceeded"
	ReasonCursorInvalid       = "cursor_invalid"
	ReasonCursorMismatch      = "cursor_mismatch"
)

// Error is a request the shaper refuses: Reason is one of the Reason
// constants, Field the argument or row field at fault (when there is one),
// Message a sentence for the agent that names it.
type Error struct {
	Reason  string `json:"reason"`
	Field   string `json:"field,omitempty"`
	Message string `json:"message"`
}

func (e *Error) Error() string { return e.Message }

// ReasonOf returns the Reason of an *Error in err's chain, or "".
func ReasonOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

func errorf(reason, field, format string, args ...any) *Error {
	return &Error{Reason: reason, Field: field, Message: fmt.Sprintf(format, args...)}
}

// listNames quotes names for a message, at most max of them.
func listNames(names []string, max int) string {
	var b strings.Builder
	for i, n := range names {
		if i == max {
			fmt.Fprintf(&b, ", and %d more", len(names)-max)
			break
		}
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(n)
	}
	if len(names) == 0 {
		return "(none)"
	}
	return b.String()
}
