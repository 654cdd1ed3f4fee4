package shaper

// boxRows sets dst[i] to rows[i] as an interface. Putting a slice in an
// interface allocates a copy of its header, one small allocation per row.
// Building the interface values by hand (a type word and a pointer into
// one shared array of headers) was measured to save those allocations
// (about a tenth of shaping 10,000 rows), but it depends on the runtime's
// layout of interface values, the kind of internal detail that has broken
// libraries on new Go releases; the safe conversion is kept.
func boxRows(dst []any, rows [][]any) {
	for i := range rows {
		dst[i] = rows[i]
	}
}
