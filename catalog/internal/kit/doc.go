// Package kit holds what several parser packages share beyond the readers
// of internal/lex: readers that record the span of what they read as they
// read it (Text, Int, Float, Scaled, Size, FirstLine, UptimeLine), result parts
// several programs print (LsPermissions, LsDevice, UptimeResult, DvField
// and MarshalInline for unknown columns), and argument helpers. A helper goes
// here only when two or more parser packages use it; a reader that needs
// no Context goes to internal/lex.
package kit
